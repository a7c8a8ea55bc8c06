package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Lease is the right to run the game deadlines (expiries, reminders,
// losses on time) that one process holds at a time, so that several
// processes sharing one database never act on the same deadline twice
// over and none is left without someone to act on it.
//
// On SQLite one process owns the file, so a lease always holds. On
// PostgreSQL it is a session advisory lock held on a connection kept out
// of the pool: released by Release, or by PostgreSQL when the holding
// process dies and its connection closes, after which another process's
// next TryLead takes it over.
type Lease struct {
	conn *sql.Conn // PostgreSQL: the connection holding the lock; nil on SQLite
	key  string
}

// leaseName names the deadlines' lock; the schema is part of the key, so
// databases in different schemas of one server lead apart.
const leaseName = "tengen.deadlines"

// TryLead takes the lease of the deadlines if no other process holds it.
// It returns nil and no error when another does.
func (db *DB) TryLead(ctx context.Context) (*Lease, error) {
	if !db.d.postgres {
		return &Lease{}, nil
	}
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("lead the deadlines: %w", err)
	}
	var got bool
	err = conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtext(current_schema() || '/' || $1))`, leaseName).Scan(&got)
	if err != nil || !got {
		return nil, errors.Join(wrapErr("lead the deadlines", err), conn.Close())
	}
	return &Lease{conn: conn, key: leaseName}, nil
}

// wrapErr wraps a non-nil err with what was being done.
func wrapErr(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Check reports whether the lease still holds: on PostgreSQL, that the
// connection holding the lock is alive (a server restart or a broken
// connection loses it, and the holder must stop acting and lead again).
func (l *Lease) Check(ctx context.Context) error {
	if l.conn == nil {
		return nil
	}
	if err := l.conn.PingContext(ctx); err != nil {
		return fmt.Errorf("the lease of the deadlines is lost: %w", err)
	}
	return nil
}

// Release gives the lease up for another process to take.
func (l *Lease) Release() error {
	if l.conn == nil {
		return nil
	}
	_, err := l.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(hashtext(current_schema() || '/' || $1))`, l.key)
	return errors.Join(wrapErr("release the deadlines", err), l.conn.Close())
}

// LeaseAI takes the AI turn of game id for the caller until until, unless
// another process holds it at now: it reports whether the caller has it.
// A process computes a turn only while it holds its lease, so several
// processes never compute one twice; one that dies lets the lease lapse
// and the next to try after until takes the turn over. Leases are
// bookkeeping, committed without waiting for the disk (as Delivered is): a
// lease lost to a power cut only lets another process take the turn.
func (db *DB) LeaseAI(ctx context.Context, id int64, now, until time.Time) (bool, error) {
	return db.lease(ctx, "ai_lease", fmt.Sprintf("lease the AI turn of game %d", id), id, now, until)
}

// lease sets the lease column of game id to until unless it holds past
// now, and reports whether it did.
func (db *DB) lease(ctx context.Context, column, what string, id int64, now, until time.Time) (bool, error) {
	var held bool
	err := db.writeLight(ctx, what, func(tx runner) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET `+column+` = ? WHERE id = ? AND (`+column+` IS NULL OR `+column+` <= ?)`,
			until.UnixMilli(), id, now.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		held = n == 1
		return err
	})
	return held, err
}

// release clears the lease column of game id if it still holds until.
func (db *DB) release(ctx context.Context, column, what string, id int64, until time.Time) error {
	return db.writeLight(ctx, what, func(tx runner) error {
		_, err := tx.ExecContext(ctx, `UPDATE games SET `+column+` = NULL WHERE id = ? AND `+column+` = ?`, id, until.UnixMilli())
		return err
	})
}

// ReleaseAI gives up the AI turn of game id, held until until: the next
// turn of the game may be taken at once. A lease someone else took since
// (ours lapsed) is left alone.
func (db *DB) ReleaseAI(ctx context.Context, id int64, until time.Time) error {
	return db.release(ctx, "ai_lease", fmt.Sprintf("release the AI turn of game %d", id), id, until)
}

// LeaseDelivery takes the delivery of game id's posts for the caller until
// until, unless another process holds it at now: it reports whether the
// caller has it. Of several processes sharing a PostgreSQL database, one
// at a time makes Discord show a game's posts, so that none is created
// twice; one that dies lets the lease lapse and another takes over. On
// SQLite one process delivers, and the lease always holds (nothing is
// written).
func (db *DB) LeaseDelivery(ctx context.Context, id int64, now, until time.Time) (bool, error) {
	if !db.d.postgres {
		return true, nil
	}
	return db.lease(ctx, "deliver_lease", fmt.Sprintf("lease the delivery of game %d", id), id, now, until)
}

// ReleaseDelivery gives up the delivery of game id, held until until.
func (db *DB) ReleaseDelivery(ctx context.Context, id int64, until time.Time) error {
	if !db.d.postgres {
		return nil
	}
	return db.release(ctx, "deliver_lease", fmt.Sprintf("release the delivery of game %d", id), id, until)
}
