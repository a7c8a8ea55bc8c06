-- Leaderboards in a few milliseconds over 100,000 players: counting the
-- qualifying players (and those above the caller) row by row costs tens of
-- milliseconds, so the store keeps, per game kind, the number of qualifying
-- players in each 4-point rating bucket.
--
-- A player qualifies while now < board_until: the store computes board_until
-- from the rated-game count, the deviation and the idle growth of the
-- deviation (0 = never qualifies). on_board = 1 marks the rows counted in
-- board_buckets; rows whose board_until has passed stay counted until the
-- next sweep, and readers subtract them (they are few, found by
-- ratings_stale).
ALTER TABLE ratings ADD COLUMN board_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN on_board INTEGER NOT NULL DEFAULT 0 CHECK (on_board IN (0, 1));

DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (kind, rating DESC, user_id, board_until) WHERE on_board = 1;
CREATE INDEX ratings_stale ON ratings (kind, board_until) WHERE on_board = 1;

CREATE TABLE board_buckets (
	kind    TEXT NOT NULL,
	bucket  INTEGER NOT NULL, -- floor(rating / 4)
	players INTEGER NOT NULL CHECK (players >= 0),
	PRIMARY KEY (kind, bucket)
) WITHOUT ROWID;

-- The qualification rules board_until was computed with; when the program
-- starts with different ones, the store recomputes every board_until.
CREATE TABLE board_params (
	id        INTEGER PRIMARY KEY CHECK (id = 1),
	min_games INTEGER NOT NULL,
	max_rd    REAL NOT NULL,
	period_ms INTEGER NOT NULL
);
