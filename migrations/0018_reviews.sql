-- Reviews of finished games: the engine's analysis of every position, kept
-- so that a second request is answered at once. data is the lifecycle's
-- review as JSON; nodes is the budget each position was analysed with.
CREATE TABLE reviews (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    nodes      BIGINT NOT NULL,
    data       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Review requests still being answered: the interaction that asked (its
-- token edits the answer until token_until), so that a process that dies
-- mid-review finishes the answer after a restart instead of leaving it
-- "reviewing…" for ever.
CREATE TABLE review_requests (
    interaction_id TEXT PRIMARY KEY,
    game_id        BIGINT NOT NULL REFERENCES games (id),
    token          TEXT NOT NULL,
    token_until    BIGINT NOT NULL,
    locale         TEXT NOT NULL,
    user_id        TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);
