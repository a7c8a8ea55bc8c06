-- Tick without reading every live game: the expired undo and draw requests
-- and the games with an AI seat each get a partial index holding only the
-- live games concerned, so finding them no longer costs a read (and an
-- engine replay) of every game in progress.
CREATE INDEX games_request ON games (request_at) WHERE status IN ('challenge', 'active') AND request_at IS NOT NULL;
CREATE INDEX games_ai ON games (id) WHERE status = 'active' AND (first_ai > 0 OR second_ai > 0);
