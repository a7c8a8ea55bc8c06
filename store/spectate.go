package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/tengen-bot/tengen/engine"
)

// Anyone may follow a live game to be told its result. A follower is kept
// until told: FollowersDue lists the followers of games that have ended
// whom nobody has told yet, so that a result a crash kept the bot from
// telling is told after the restart, and Told records that they were.

// Follower is a user waiting to be told the result of a game that has
// ended.
type Follower struct {
	GameID int64
	UserID string
}

// AddFollower makes userID a follower of the live game id. It fails with
// engine.GameNotFound when there is no such game, engine.FollowOver when
// it is no longer live, and engine.AlreadyFollowing when userID follows it
// already.
func (db *DB) AddFollower(ctx context.Context, id int64, userID string) error {
	if userID == "" {
		return invalid("a follower needs a user id")
	}
	now := db.opt.Now().UnixMilli()
	return db.write(ctx, fmt.Sprintf("follow game %d", id), func(tx runner) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return engine.E(engine.GameNotFound, id)
		case err != nil:
			return fmt.Errorf("look up game %d: %w", id, err)
		case !Status(status).Live():
			return engine.E(engine.FollowOver, id)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO followers (game_id, user_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (game_id, user_id) DO NOTHING`, id, userID, now)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return engine.E(engine.AlreadyFollowing, id)
		}
		return nil
	})
}

// RemoveFollower stops userID following game id; engine.NotFollowing when they
// did not follow it (or were already told its result).
func (db *DB) RemoveFollower(ctx context.Context, id int64, userID string) error {
	return db.write(ctx, fmt.Sprintf("unfollow game %d", id), func(tx runner) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM followers WHERE game_id = ? AND user_id = ? AND told_at IS NULL`, id, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return engine.E(engine.NotFollowing, id)
		}
		return nil
	})
}

// Following reports whether userID follows game id and has not been told
// its result yet.
func (db *DB) Following(ctx context.Context, id int64, userID string) (bool, error) {
	var n int
	err := db.read().QueryRowContext(ctx, `SELECT count(*) FROM followers WHERE game_id = ? AND user_id = ? AND told_at IS NULL`,
		id, userID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("is %s following game %d: %w", userID, id, err)
	}
	return n > 0, nil
}

// FollowersDue returns the followers not yet told the result of a game
// that has ended (of the game gameID only, when it is not 0), oldest game
// first.
func (db *DB) FollowersDue(ctx context.Context, gameID int64) ([]Follower, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT f.game_id, f.user_id FROM followers f JOIN games g ON g.id = f.game_id
		WHERE f.told_at IS NULL AND g.status NOT IN ('challenge', 'active') AND (?1 = 0 OR f.game_id = ?1)
		ORDER BY f.game_id, f.user_id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("list followers to tell: %w", err)
	}
	defer rows.Close()
	var out []Follower
	for rows.Next() {
		var f Follower
		if err := rows.Scan(&f.GameID, &f.UserID); err != nil {
			return nil, fmt.Errorf("list followers to tell: %w", err)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list followers to tell: %w", err)
	}
	return out, nil
}

// Told records that the follower f was told the result of their game.
func (db *DB) Told(ctx context.Context, f Follower) error {
	now := db.opt.Now().UnixMilli()
	return db.write(ctx, fmt.Sprintf("record telling %s the result of game %d", f.UserID, f.GameID), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `UPDATE followers SET told_at = ? WHERE game_id = ? AND user_id = ? AND told_at IS NULL`,
			now, f.GameID, f.UserID)
		return err
	})
}

// LiveGamesIn returns the live games (open and named challenges included)
// of server guildID, those paired from another server that it mirrors
// included, or, for "" (a DM or group DM, which has no server), of
// channel channelID, oldest first.
func (db *DB) LiveGamesIn(ctx context.Context, guildID, channelID string) ([]*Game, error) {
	if guildID != "" {
		return db.listGames(ctx, "list a server's games", `WHERE (g.id IN (SELECT id FROM games INDEXED BY games_guild_live
			WHERE guild_id = ? AND status IN ('challenge', 'active'))
			OR g.id IN (SELECT game_id FROM game_mirrors WHERE guild_id = ?) AND g.status IN ('challenge', 'active'))
			ORDER BY g.id`, guildID, guildID)
	}
	return db.listGames(ctx, "list a channel's games",
		`WHERE g.id IN (`+liveIDs+` AND guild_id = '' AND channel_id = ?) ORDER BY g.id`, channelID)
}
