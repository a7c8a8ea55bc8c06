-- Guild leaderboards from an index: looking up each member's rating costs
-- several milliseconds for a guild of a thousand players, so guild_players
-- mirrors the leaderboard columns of the member's ratings row (the store
-- updates both in the same transaction) and an index orders each guild's
-- qualifying members by rating.
ALTER TABLE guild_players ADD COLUMN rating REAL NOT NULL DEFAULT 0;
ALTER TABLE guild_players ADD COLUMN board_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_players ADD COLUMN on_board INTEGER NOT NULL DEFAULT 0 CHECK (on_board IN (0, 1));

UPDATE guild_players SET (rating, board_until, on_board) = (
	SELECT r.rating, r.board_until, r.on_board FROM ratings r
	WHERE r.user_id = guild_players.user_id AND r.kind = guild_players.kind
) WHERE EXISTS (
	SELECT 1 FROM ratings r WHERE r.user_id = guild_players.user_id AND r.kind = guild_players.kind
);

CREATE INDEX guild_players_board ON guild_players (guild_id, kind, rating DESC, user_id, board_until) WHERE on_board = 1;
CREATE INDEX guild_players_user ON guild_players (user_id, kind);
