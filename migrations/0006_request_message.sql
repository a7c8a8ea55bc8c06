-- The message of a pending undo or draw request's prompt (its Accept and
-- Decline buttons), so that the bot can close the prompt when the request
-- is answered, withdrawn, expires or is cancelled by a move, even after a
-- restart. NULL when there is no request or its prompt is not known (for
-- requests made before this migration).
ALTER TABLE games ADD COLUMN request_message_id TEXT;
