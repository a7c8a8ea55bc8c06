-- Puzzles found in finished games (match.FindPuzzles): a position where the
-- solver wins by force with one first move only at that speed. record is
-- the position as the game's stored text; line the solution, moves
-- separated by spaces; a position is kept once.
CREATE TABLE puzzles (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    record      TEXT NOT NULL,
    solver      INTEGER NOT NULL,
    theme       TEXT NOT NULL,
    plies       INTEGER NOT NULL,
    line        TEXT NOT NULL,
    game_id     BIGINT REFERENCES games (id),
    ply         INTEGER NOT NULL,
    created_at  BIGINT NOT NULL,
    UNIQUE (kind, record)
);
