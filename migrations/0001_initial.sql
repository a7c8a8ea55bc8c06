-- Tengen's initial schema. Times are Unix milliseconds (UTC); NULL means
-- "none". Seats are indexed like engine.Side: first (moves first: black in
-- Gomoku, red in Xiangqi) and second. A seat is a Discord user or an AI level
-- 1..10; an open challenge may leave the second seat empty.

-- Every Discord user the bot has seen, with the display name it last saw.
CREATE TABLE players (
	user_id    TEXT PRIMARY KEY CHECK (user_id <> ''),
	name       TEXT NOT NULL DEFAULT '',
	updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Games and challenges (a challenge is a game row with status 'challenge'
-- whose deadline is its expiry).
CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	kind        TEXT NOT NULL CHECK (kind IN ('gomoku', 'xiangqi')),
	rules       TEXT NOT NULL CHECK (rules <> ''),
	size        INTEGER NOT NULL CHECK (size > 0),
	guild_id    TEXT NOT NULL DEFAULT '',
	channel_id  TEXT NOT NULL DEFAULT '',
	message_id  TEXT NOT NULL DEFAULT '',
	first_user  TEXT REFERENCES players (user_id),
	first_ai    INTEGER NOT NULL DEFAULT 0 CHECK (first_ai BETWEEN 0 AND 10),
	second_user TEXT REFERENCES players (user_id),
	second_ai   INTEGER NOT NULL DEFAULT 0 CHECK (second_ai BETWEEN 0 AND 10),
	challenger  INTEGER NOT NULL DEFAULT 0 CHECK (challenger IN (0, 1)),
	rated       INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
	status      TEXT NOT NULL CHECK (status IN ('challenge', 'active', 'finished', 'declined', 'expired', 'abandoned')),
	result      TEXT NOT NULL DEFAULT '' CHECK (result IN ('', 'first', 'second', 'draw')),
	reason      TEXT NOT NULL DEFAULT '',
	moves       TEXT NOT NULL DEFAULT '',
	request     TEXT NOT NULL DEFAULT '' CHECK (request IN ('', 'undo', 'draw', 'rematch')),
	request_by  INTEGER NOT NULL DEFAULT 0 CHECK (request_by IN (0, 1)),
	request_at  INTEGER,
	deadline    INTEGER,
	remind_at   INTEGER,
	ai_undos    INTEGER NOT NULL DEFAULT 0 CHECK (ai_undos >= 0),
	created_at  INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL,
	finished_at INTEGER,
	version     INTEGER NOT NULL DEFAULT 1,
	CHECK (first_user IS NULL OR first_ai = 0),
	CHECK (second_user IS NULL OR second_ai = 0),
	CHECK (status = 'challenge' OR ((first_user IS NOT NULL OR first_ai > 0) AND (second_user IS NOT NULL OR second_ai > 0))),
	CHECK ((status = 'finished') = (result <> ''))
);

-- Recovery after a restart and the deadline sweep only look at live games.
CREATE INDEX games_live ON games (deadline) WHERE status IN ('challenge', 'active');
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active' AND remind_at IS NOT NULL;
-- Head-to-head records and a user's open challenges.
CREATE INDEX games_first ON games (first_user, second_user);
CREATE INDEX games_second ON games (second_user, first_user);

-- Win/loss/draw record of a player per game kind, against people
-- (opponent_ai = 0) and against each AI level (1..10), with the current
-- streak (+n: n wins in a row, -n: n losses in a row, 0 after a draw) and the
-- longest winning streak.
CREATE TABLE records (
	user_id     TEXT NOT NULL REFERENCES players (user_id),
	kind        TEXT NOT NULL,
	opponent_ai INTEGER NOT NULL CHECK (opponent_ai BETWEEN 0 AND 10),
	wins        INTEGER NOT NULL DEFAULT 0,
	losses      INTEGER NOT NULL DEFAULT 0,
	draws       INTEGER NOT NULL DEFAULT 0,
	streak      INTEGER NOT NULL DEFAULT 0,
	best_streak INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (user_id, kind, opponent_ai)
) WITHOUT ROWID;

-- Glicko-2 rating per player and game kind, from rated games between people
-- only. rated_at is the time of the last rated game: the deviation grows
-- with the idle time since then. wins/losses/draws count rated games.
CREATE TABLE ratings (
	user_id    TEXT NOT NULL REFERENCES players (user_id),
	kind       TEXT NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	wins       INTEGER NOT NULL DEFAULT 0,
	losses     INTEGER NOT NULL DEFAULT 0,
	draws      INTEGER NOT NULL DEFAULT 0,
	rated_at   INTEGER NOT NULL,
	PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- The leaderboard walks this index in rating order; it covers every column
-- the qualification test reads, so no table lookups are needed to filter.
CREATE INDEX ratings_board ON ratings (kind, rating DESC, user_id, games, rd, volatility, rated_at);

-- Players who have played at least one rated game in a guild, per kind: the
-- members of that guild's leaderboard.
CREATE TABLE guild_players (
	guild_id TEXT NOT NULL,
	kind     TEXT NOT NULL,
	user_id  TEXT NOT NULL REFERENCES players (user_id),
	PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;

-- Per-guild settings, as text key/value pairs, for features to come.
CREATE TABLE guild_settings (
	guild_id   TEXT NOT NULL,
	key        TEXT NOT NULL,
	value      TEXT NOT NULL,
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;
