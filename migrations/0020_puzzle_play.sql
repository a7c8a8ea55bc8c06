-- Solving puzzles (match.Solve): each puzzle's Glicko-2 rating, each
-- player's puzzle rating and streak per kind, every attempt, and the daily
-- puzzle of each day and kind. A new puzzle's rating is seeded from its
-- theme and length by the code that keeps it; 1500 is for puzzles kept
-- before this migration.
ALTER TABLE puzzles ADD COLUMN rating REAL NOT NULL DEFAULT 1500;
ALTER TABLE puzzles ADD COLUMN rd REAL NOT NULL DEFAULT 350;
ALTER TABLE puzzles ADD COLUMN volatility REAL NOT NULL DEFAULT 0.06;
ALTER TABLE puzzles ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE puzzles ADD COLUMN solves INTEGER NOT NULL DEFAULT 0;

CREATE TABLE puzzle_players (
    user_id     TEXT NOT NULL,
    kind        TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    solved      INTEGER NOT NULL,
    failed      INTEGER NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- One row per try: played is the moves made since the puzzle's position
-- (the solver's and the replies), line the solution from there as the
-- engine sees it; finished_at is NULL while the try goes on (one at a time
-- per user). daily is the day (YYYY-MM-DD, UTC) of a daily puzzle's try,
-- '' for the others; guild_id where it was started ('' outside servers).
-- rated: the user's first try of this puzzle, the one that moves ratings.
CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT NOT NULL,
    puzzle_id     BIGINT NOT NULL REFERENCES puzzles (id),
    daily         TEXT NOT NULL,
    guild_id      TEXT NOT NULL,
    rated         INTEGER NOT NULL,
    played        TEXT NOT NULL,
    line          TEXT NOT NULL,
    started_at    BIGINT NOT NULL,
    finished_at   BIGINT,
    solved        INTEGER NOT NULL DEFAULT 0,
    rating_before REAL,
    rating_after  REAL
);
CREATE UNIQUE INDEX puzzle_attempts_active ON puzzle_attempts (user_id) WHERE finished_at IS NULL;
CREATE INDEX puzzle_attempts_user ON puzzle_attempts (user_id, puzzle_id);
CREATE INDEX puzzle_attempts_daily ON puzzle_attempts (daily, guild_id) WHERE daily <> '';

CREATE TABLE daily_puzzles (
    day       TEXT NOT NULL,
    kind      TEXT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (day, kind)
);
