-- The AI turn of a game is computed by one process at a time: ai_lease is
-- the time (Unix milliseconds) until which a process holds it, NULL when
-- none does. A process that dies lets it lapse, and another takes the turn.
ALTER TABLE games ADD COLUMN ai_lease BIGINT;
