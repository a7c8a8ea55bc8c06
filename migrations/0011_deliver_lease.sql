-- The delivery of a game's posts is made by one process at a time:
-- deliver_lease is the time (Unix milliseconds) until which a process
-- holds it, NULL when none does. A process that dies lets it lapse.
ALTER TABLE games ADD COLUMN deliver_lease INTEGER;
