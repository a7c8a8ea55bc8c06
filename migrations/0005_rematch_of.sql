-- A rematch offer (a challenge whose request is 'rematch') and the game it
-- becomes link to the game they are a rematch of; NULL for other games.
-- The lifecycle finds a game's pending offer through the unique index,
-- which also keeps it to one: two players asking at once from two processes
-- cannot both open an offer.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);

CREATE UNIQUE INDEX games_rematch_offer ON games (rematch_of) WHERE status = 'challenge' AND rematch_of IS NOT NULL;
