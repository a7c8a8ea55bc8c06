-- The games' board and prompt message ids (migration 0006) gave way to
-- posts (migration 0007), which the lifecycle plans and the bot delivers.
ALTER TABLE games DROP COLUMN message_id;
ALTER TABLE games DROP COLUMN request_message_id;
