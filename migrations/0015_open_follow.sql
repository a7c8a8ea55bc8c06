-- Open challenges: a challenge whose second seat stays empty until someone
-- accepts it may admit only players rated within a range (the rating in
-- the game's kind when they accept): min_rating and max_rating, 0 for no
-- bound. Set when the challenge is created, never changed.
ALTER TABLE games ADD COLUMN min_rating INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN max_rating INTEGER NOT NULL DEFAULT 0;

-- /games lists the live games of a server.
CREATE INDEX games_guild_live ON games (guild_id, id) WHERE status IN ('challenge', 'active');

-- Who follows a game to be told its result: told_at is when they were told
-- (NULL while the game is live, or until the bot has told them).
CREATE TABLE followers (
	game_id    INTEGER NOT NULL REFERENCES games (id),
	user_id    TEXT NOT NULL CHECK (user_id <> ''),
	created_at INTEGER NOT NULL,
	told_at    INTEGER,
	PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX followers_untold ON followers (game_id) WHERE told_at IS NULL;
