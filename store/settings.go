package store

import (
	"context"
	"fmt"
)

// PlayerSettings returns every setting a player chose (/settings me), by
// name; an empty map for a player who never chose any.
func (db *DB) PlayerSettings(ctx context.Context, userID string) (map[string]string, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT key, value FROM player_settings WHERE user_id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("read settings of player %s: %w", userID, err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("read settings of player %s: %w", userID, err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read settings of player %s: %w", userID, err)
	}
	return out, nil
}

// SetPlayerSetting sets one of a player's settings; the value "" forgets
// it, so that the default holds again.
func (db *DB) SetPlayerSetting(ctx context.Context, userID, key, value string) error {
	if userID == "" || key == "" {
		return invalid("a player's setting needs a player and a name")
	}
	ms := db.opt.Now().UnixMilli()
	return db.write(ctx, fmt.Sprintf("save setting %q of player %s", key, userID), func(tx runner) error {
		if value == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM player_settings WHERE user_id = ? AND key = ?`, userID, key)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO player_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			userID, key, value, ms)
		return err
	})
}
