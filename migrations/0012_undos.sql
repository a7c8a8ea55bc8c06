-- Undos between people are counted per player and game, and capped by the
-- server's setting as it was when the game was created: undos_first and
-- undos_second count the undos each side had accepted; undo_cap is how many
-- each may have, 0 for no limit and -1 for none.
ALTER TABLE games ADD COLUMN undos_first INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN undos_second INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN undo_cap INTEGER NOT NULL DEFAULT 0;
