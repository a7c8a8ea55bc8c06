-- Each player's own settings (/settings me): how their boards look (theme,
-- piece style, orientation, image size, coordinates) and the language
-- they are written to in, by name. A player who never chose has no rows.
CREATE TABLE player_settings (
	user_id    TEXT NOT NULL,
	key        TEXT NOT NULL,
	value      TEXT NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (user_id, key)
);
