-- Each player's own settings (/settings me): how their boards look (theme,
-- piece style, orientation, image size, coordinates) and the language
-- they are written to in, by name. A player who never chose has no rows.
CREATE TABLE player_settings (
	user_id    TEXT NOT NULL,
	key        TEXT NOT NULL,
	value      TEXT NOT NULL,
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (user_id, key)
) WITHOUT ROWID;

-- A game played in a thread of its own (a server setting): thread_parent is
-- the channel the thread was started in, where the game's result line goes;
-- channel_id is then the thread. '' for a game not in a thread.
ALTER TABLE games ADD COLUMN thread_parent TEXT NOT NULL DEFAULT '';
