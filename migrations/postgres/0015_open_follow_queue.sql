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
	game_id    BIGINT NOT NULL REFERENCES games (id),
	user_id    TEXT COLLATE "C" NOT NULL CHECK (user_id <> ''),
	created_at BIGINT NOT NULL,
	told_at    BIGINT,
	PRIMARY KEY (game_id, user_id)
);
CREATE INDEX followers_untold ON followers (game_id) WHERE told_at IS NULL;

-- The /play queue: one entry per user, waiting to be paired with a player
-- of similar rating who asks for the same game in the same channel.
-- time_control is the time control asked for ('' for the default);
-- rating is the player's when they joined; an entry past expires_at is
-- ignored, and deleted by the next join.
CREATE TABLE play_queue (
	user_id      TEXT COLLATE "C" PRIMARY KEY CHECK (user_id <> ''),
	name         TEXT NOT NULL DEFAULT '',
	guild_id     TEXT NOT NULL DEFAULT '',
	channel_id   TEXT NOT NULL CHECK (channel_id <> ''),
	kind         TEXT NOT NULL CHECK (kind IN ('gomoku', 'xiangqi')),
	rules        TEXT NOT NULL,
	size         INTEGER NOT NULL,
	time_control TEXT NOT NULL DEFAULT '',
	rating       DOUBLE PRECISION NOT NULL,
	joined_at    BIGINT NOT NULL,
	expires_at   BIGINT NOT NULL
);
CREATE INDEX play_queue_channel ON play_queue (channel_id, kind, rules, size, time_control, joined_at);
CREATE INDEX play_queue_guild ON play_queue (guild_id, kind, rules, size, time_control);
