-- hints counts the hints the person asked the engine for in a game against
-- the AI (capped by games.ai_hints).
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
