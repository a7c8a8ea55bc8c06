-- The message that answers a review request, once known: a request whose
-- interaction token lapsed (the bot was down longer than its 15 minutes)
-- is answered by editing that message with the bot token instead.
ALTER TABLE review_requests ADD COLUMN channel_id TEXT NOT NULL DEFAULT '';
ALTER TABLE review_requests ADD COLUMN message_id TEXT NOT NULL DEFAULT '';
