package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// QueueEntry is a player waiting in the /play queue to be paired with
// another who asks for the same game in the same channel, or in another
// channel of the same server (match.Queue decides). A user has one entry
// at most.
type QueueEntry struct {
	UserID, Name       string
	GuildID, ChannelID string
	Kind               Kind
	Rules              string
	Size               int
	// TimeControl is the time control asked for ("" for the default): the
	// queue pairs only players who ask for the same one.
	TimeControl string
	// Rating is the player's rating in Kind when they joined.
	Rating              float64
	JoinedAt, ExpiresAt time.Time
	// Locale is the language of the public messages where the player
	// waits (their server's): a game paired across servers is shown there
	// in it.
	Locale string
	// Across: the player may be paired with one of another server (their
	// server installed Tengen and allowed it when they joined).
	Across bool
	// Rated: the games of the player's server are rated; a pairing across
	// servers needs both to agree.
	Rated bool
}

const queueColumns = `user_id, name, guild_id, channel_id, kind, rules, size, time_control, rating, joined_at, expires_at,
	locale, across, rated`

func scanQueueEntry(row scanner) (QueueEntry, error) {
	var (
		e              QueueEntry
		kind           string
		joined, expiry int64
	)
	if err := row.Scan(&e.UserID, &e.Name, &e.GuildID, &e.ChannelID, &kind, &e.Rules, &e.Size, &e.TimeControl, &e.Rating, &joined, &expiry,
		&e.Locale, &e.Across, &e.Rated); err != nil {
		return QueueEntry{}, err
	}
	e.Kind = Kind(kind)
	e.JoinedAt, e.ExpiresAt = time.UnixMilli(joined).UTC(), time.UnixMilli(expiry).UTC()
	return e, nil
}

// JoinQueue puts e in the queue, replacing the user's entry if they have
// one, and deletes the entries that have expired by e.JoinedAt.
func (db *DB) JoinQueue(ctx context.Context, e QueueEntry) error {
	if e.UserID == "" || e.ChannelID == "" || !e.Kind.Valid() {
		return invalid("a queue entry needs a user, a channel and a game kind")
	}
	return db.write(ctx, "join the queue", func(tx runner) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM play_queue WHERE expires_at <= ? OR user_id = ?`, e.JoinedAt.UnixMilli(), e.UserID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO play_queue (`+queueColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.UserID, e.Name, e.GuildID, e.ChannelID, e.Kind, e.Rules, e.Size, e.TimeControl, e.Rating,
			e.JoinedAt.UnixMilli(), e.ExpiresAt.UnixMilli(), e.Locale, boolInt(e.Across), boolInt(e.Rated))
		return err
	})
}

// LeaveQueue takes userID's entry out of the queue; engine.NotQueued when
// they have none still waiting at now (one that has expired is deleted
// all the same).
func (db *DB) LeaveQueue(ctx context.Context, userID string, now time.Time) error {
	return db.write(ctx, "leave the queue", func(tx runner) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM play_queue WHERE user_id = ? AND expires_at > ?`, userID, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 1 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM play_queue WHERE user_id = ?`, userID); err != nil {
			return err
		}
		return engine.E(engine.NotQueued)
	})
}

// QueueEntryOf returns userID's entry still waiting at now, if any.
func (db *DB) QueueEntryOf(ctx context.Context, userID string, now time.Time) (QueueEntry, bool, error) {
	e, err := scanQueueEntry(db.read().QueryRowContext(ctx, `SELECT `+queueColumns+` FROM play_queue
		WHERE user_id = ? AND expires_at > ?`, userID, now.UnixMilli()))
	if errors.Is(err, sql.ErrNoRows) {
		return QueueEntry{}, false, nil
	}
	if err != nil {
		return QueueEntry{}, false, fmt.Errorf("the queue entry of %s: %w", userID, err)
	}
	return e, true, nil
}

// Waiting returns the entries still waiting at now for the game e asks
// for (kind, rules, size, time control): in e's channel when here is set,
// else in the other channels of e's server. Oldest first; e's own user
// is left out.
func (db *DB) Waiting(ctx context.Context, e QueueEntry, here bool, now time.Time) ([]QueueEntry, error) {
	where, args := `channel_id = ?`, []any{e.ChannelID}
	if !here {
		if e.GuildID == "" {
			return nil, nil // a DM or group DM is one channel
		}
		where, args = `guild_id = ? AND channel_id <> ?`, []any{e.GuildID, e.ChannelID}
	}
	return db.waiting(ctx, where, args, e, now)
}

// WaitingAcross returns the entries still waiting at now for the game e
// asks for, and rated as e is, in servers other than e's that allow games
// across servers: the entry's own (Across, as it was when its player
// joined) and its server's setting now, which refuses them when its value
// is refuse. Oldest first.
func (db *DB) WaitingAcross(ctx context.Context, e QueueEntry, setting, refuse string, now time.Time) ([]QueueEntry, error) {
	if e.GuildID == "" {
		return nil, nil
	}
	where := `across = 1 AND rated = ? AND guild_id <> '' AND guild_id <> ? AND NOT EXISTS (SELECT 1 FROM guild_settings s
		WHERE s.guild_id = play_queue.guild_id AND s.key = ? AND s.value = ?)`
	return db.waiting(ctx, where, []any{boolInt(e.Rated), e.GuildID, setting, refuse}, e, now)
}

// waiting lists the entries waiting at now for the game e asks for that
// match where (with its args), e's user left out, oldest first.
func (db *DB) waiting(ctx context.Context, where string, args []any, e QueueEntry, now time.Time) ([]QueueEntry, error) {
	args = append(args, e.Kind, e.Rules, e.Size, e.TimeControl, now.UnixMilli(), e.UserID)
	rows, err := db.read().QueryContext(ctx, `SELECT `+queueColumns+` FROM play_queue WHERE `+where+`
		AND kind = ? AND rules = ? AND size = ? AND time_control = ? AND expires_at > ? AND user_id <> ?
		ORDER BY joined_at, user_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list the queue: %w", err)
	}
	defer rows.Close()
	var out []QueueEntry
	for rows.Next() {
		w, err := scanQueueEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("list the queue: %w", err)
		}
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list the queue: %w", err)
	}
	return out, nil
}

// CreatePaired inserts the game g (with its plan) that pairs the waiting
// entry taken with the user joiner, and takes both out of the queue, in
// one transaction: a crash leaves either both queued and no game, or the
// game. When taken is no longer waiting as it was read (another joiner
// took it first, or its player left or joined again) nothing is written
// and it fails with engine.QueueTaken.
func (db *DB) CreatePaired(ctx context.Context, g *Game, plan *Plan, taken QueueEntry, joiner string) error {
	return db.create(ctx, g, "create a paired game", func(tx runner) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM play_queue WHERE user_id = ? AND joined_at = ?`, taken.UserID, taken.JoinedAt.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return engine.E(engine.QueueTaken)
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM play_queue WHERE user_id = ?`, joiner)
		return err
	}, plan)
}
