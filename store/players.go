package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/tengen-bot/tengen/engine"
)

// SetPlayerName records the display name last seen for a Discord user.
func (db *DB) SetPlayerName(ctx context.Context, userID, name string) error {
	if userID == "" {
		return invalid("no user id given")
	}
	ms := db.opt.Now().UnixMilli()
	return db.write(ctx, "save player name", func(tx runner) error {
		return upsertPlayer(ctx, tx, userID, name, ms)
	})
}

// PlayerName returns the display name last seen for a Discord user; Code
// NotFound if the bot has never seen them.
func (db *DB) PlayerName(ctx context.Context, userID string) (string, error) {
	var name string
	err := db.read().QueryRowContext(ctx, `SELECT name FROM players WHERE user_id = ?`, userID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", engine.E(engine.PlayerNotFound, userID)
	}
	if err != nil {
		return "", fmt.Errorf("read name of %s: %w", userID, err)
	}
	return name, nil
}

// GuildSetting returns the value of a guild's setting; Code NotFound when
// it was never set.
func (db *DB) GuildSetting(ctx context.Context, guildID, key string) (string, error) {
	var v string
	err := db.read().QueryRowContext(ctx, `SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?`, guildID, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", engine.E(engine.SettingNotSet, key)
	}
	if err != nil {
		return "", fmt.Errorf("read setting %q of guild %s: %w", key, guildID, err)
	}
	return v, nil
}

// SetGuildSetting sets a guild's setting.
func (db *DB) SetGuildSetting(ctx context.Context, guildID, key, value string) error {
	if guildID == "" || key == "" {
		return invalid("a setting needs a server and a name")
	}
	ms := db.opt.Now().UnixMilli()
	return db.write(ctx, fmt.Sprintf("save setting %q of guild %s", key, guildID), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			guildID, key, value, ms)
		return err
	})
}
