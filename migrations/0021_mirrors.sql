-- Games paired across servers (/play): the two players cannot see each
-- other's channel, so the game is shown in both. The game lives in the
-- joiner's channel (games.channel_id); its mirror is the waiting player's
-- channel in the other server: user_id is the player who plays there,
-- locale the language of that server's messages, board_post and
-- prompt_post the mirror's latest board and open prompt (posts of the same
-- game, in that channel), kept by the transaction that changes the game.
-- thread_parent is, when the mirror's server gives each game a thread of
-- its own, the channel the mirror's thread was started in (channel_id is
-- then the thread), as games.thread_parent is for the game's own side.
CREATE TABLE game_mirrors (
	game_id     INTEGER PRIMARY KEY REFERENCES games (id),
	guild_id    TEXT NOT NULL CHECK (guild_id <> ''),
	channel_id  TEXT NOT NULL CHECK (channel_id <> ''),
	user_id     TEXT NOT NULL CHECK (user_id <> ''),
	locale      TEXT NOT NULL DEFAULT '',
	board_post  INTEGER,
	prompt_post INTEGER,
	thread_parent TEXT NOT NULL DEFAULT ''
);
-- /games scope:here lists a server's mirrored games too.
CREATE INDEX game_mirrors_guild ON game_mirrors (guild_id);

-- A queue entry says what a player of another server needs to show it:
-- the language of its server's messages (locale), whether its server
-- installed Tengen and allowed games across servers when the player
-- joined (across: 1; the server's setting is read again when pairing),
-- and whether its games are rated (rated: both servers must agree).
ALTER TABLE play_queue ADD COLUMN locale TEXT NOT NULL DEFAULT '';
ALTER TABLE play_queue ADD COLUMN across INTEGER NOT NULL DEFAULT 0;
ALTER TABLE play_queue ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX play_queue_across ON play_queue (kind, rules, size, time_control, joined_at) WHERE across = 1;
