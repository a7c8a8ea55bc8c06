-- Where a game is played: 'server' (a server that installed Tengen),
-- 'server-user' (a server where only players installed it), 'bot-dm' (a DM
-- with the bot user) or 'private' (a group DM or a DM between users). It
-- decides whether the bot token can post there.
ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'server';
