-- Posts: the Discord messages Tengen shows for each game (its board, the
-- challenge, request prompts, notices) and what each of them should show.
-- The game lifecycle plans them in the same transaction that changes the
-- game, which makes this table a transactional outbox: a post whose want
-- differs from what Discord was last seen to show (shown) is waiting for
-- delivery, and the bot's deliverer makes Discord match it, then records
-- shown = want. A restart finds the waiting posts through posts_due.
--
-- A post created through an interaction (its initial response, or a
-- follow-up) keeps the interaction's id and token: until respond_by only
-- that interaction's handler may create the message, and until token_until
-- the message is edited through the token (an interaction webhook, with a
-- rate-limit bucket of its own) rather than with the bot token. A prompt
-- (and a rematch offer's challenge) keeps the request it is about, which
-- outlives the game's own request field.
CREATE TABLE posts (
	id             INTEGER PRIMARY KEY,
	game_id        INTEGER NOT NULL REFERENCES games (id),
	kind           TEXT NOT NULL CHECK (kind IN ('board', 'challenge', 'prompt', 'notice')),
	channel_id     TEXT NOT NULL,
	message_id     TEXT NOT NULL DEFAULT '',
	interaction_id TEXT NOT NULL DEFAULT '',
	token          TEXT NOT NULL DEFAULT '',
	token_until    INTEGER,
	respond_by     INTEGER,
	followup       INTEGER NOT NULL DEFAULT 0 CHECK (followup IN (0, 1)),
	ping           TEXT NOT NULL DEFAULT '',
	request        TEXT NOT NULL DEFAULT '' CHECK (request IN ('', 'undo', 'draw', 'rematch')),
	request_by     INTEGER NOT NULL DEFAULT 0 CHECK (request_by IN (0, 1)),
	version        INTEGER NOT NULL,
	want           TEXT NOT NULL CHECK (want <> ''),
	shown          TEXT NOT NULL DEFAULT '',
	created_at     INTEGER NOT NULL
);
CREATE INDEX posts_due ON posts (game_id) WHERE shown <> want;
CREATE INDEX posts_game ON posts (game_id);

-- The game's current board (or challenge) and the prompt of its pending
-- request; the locale of its public messages (the server's, or the
-- player's in a direct message), and what the app may do in its channel
-- (app_permissions, as last seen in an interaction; NULL when unknown).
ALTER TABLE games ADD COLUMN board_post INTEGER REFERENCES posts (id);
ALTER TABLE games ADD COLUMN prompt_post INTEGER REFERENCES posts (id);
ALTER TABLE games ADD COLUMN locale TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN app_permissions INTEGER;

-- Boards and prompts posted before this migration become posts that
-- Discord already shows ('migrated'); the next change of their game
-- plans what they should show now.
INSERT INTO posts (game_id, kind, channel_id, message_id, version, want, shown, created_at)
	SELECT id, CASE WHEN status IN ('challenge', 'declined', 'expired') THEN 'challenge' ELSE 'board' END,
		channel_id, message_id, version, 'migrated', 'migrated', updated_at
	FROM games WHERE message_id <> '';
UPDATE games SET board_post = (SELECT p.id FROM posts p WHERE p.game_id = games.id AND p.kind IN ('board', 'challenge'))
	WHERE message_id <> '';
INSERT INTO posts (game_id, kind, channel_id, message_id, request, request_by, version, want, shown, created_at)
	SELECT id, 'prompt', channel_id, request_message_id, request, request_by, version, 'migrated', 'migrated', updated_at
	FROM games WHERE request_message_id IS NOT NULL AND request_message_id <> '' AND request <> '';
UPDATE games SET prompt_post = (SELECT p.id FROM posts p WHERE p.game_id = games.id AND p.kind = 'prompt')
	WHERE request_message_id IS NOT NULL AND request_message_id <> '' AND request <> '';
