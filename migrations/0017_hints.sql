-- hints is how many hints the person has left in a game against the AI:
-- the server's setting (or games.ai_hints) when the game is created, one
-- fewer with each hint.
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
