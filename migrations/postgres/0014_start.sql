-- A game may start from an imported position or move list (/import):
-- start_ply is how many of its moves were imported, which an undo never
-- takes back; 0 for a game played from the usual start. Imported games are
-- unrated.
ALTER TABLE games ADD COLUMN start_ply INTEGER NOT NULL DEFAULT 0;
