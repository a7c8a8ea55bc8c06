-- Time controls: time_control is the game's control as the lifecycle
-- writes it ("3+2" minutes+seconds per move, "3d" days per move, '' for
-- the default correspondence timeout); clock_first and clock_second are the
-- milliseconds each side had left when the turn of the side to move began,
-- at turn_start (milliseconds since the epoch; NULL without a live clock).
-- The deadline stays the moment the flag of the side to move falls.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock_first INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_second INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_start INTEGER;
