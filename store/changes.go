package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Changes between processes. On PostgreSQL every write that changes a game
// (creates it, plays in it, finishes it, with the posts it plans) notifies
// the channel changesChannel with the game's id, delivered by PostgreSQL
// when the transaction commits and only then. Other processes sharing the
// database Listen: a process that delivers posts learns at once that a
// game changed elsewhere (an AI worker played in it, the deadline leader
// ended it), and an AI worker that a game waits for its move. On SQLite one
// process owns the file and there is nothing to listen to.

// changesChannel is the NOTIFY channel of game changes; the schema is
// part of its name, so databases in different schemas of one server hear
// only their own.
const changesChannel = "tengen_games/"

// changed notifies the listeners of a change of game id, at commit.
func (db *DB) changed(ctx context.Context, tx runner, id int64) error {
	if !db.d.postgres {
		return nil
	}
	payload := strconv.FormatInt(id, 10) + " " + db.origin
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify(? || current_schema(), ?)`, changesChannel, payload); err != nil {
		return fmt.Errorf("notify the change of game %d: %w", id, err)
	}
	return nil
}

// Follow calls fn with the id of every game changed, and whether this
// handle (this process) changed it, until ctx ends. listening, when not
// nil, is called each time it starts listening: at first, and after a
// failed connection (told to failed, when not nil), when it listens again
// a second later; changes made while it was not listening are not heard,
// so listening should look for due work. It returns at once on SQLite,
// where there are no other processes to hear from.
func (db *DB) Follow(ctx context.Context, listening func(), fn func(id int64, mine bool), failed func(error)) {
	for {
		err := db.Listen(ctx, listening, fn)
		if err == nil || ctx.Err() != nil {
			return
		}
		if failed != nil {
			failed(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Listen is one try of Follow: it returns nil when ctx ends (at once on
// SQLite), and an error when the connection it listens on fails.
func (db *DB) Listen(ctx context.Context, listening func(), fn func(id int64, mine bool)) error {
	if !db.d.postgres {
		return nil
	}
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("listen for game changes: %w", err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("a PostgreSQL connection of type %T", dc)
		}
		pc := c.Conn()
		var schema string
		if err := pc.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			return err
		}
		if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{changesChannel + schema}.Sanitize()); err != nil {
			return err
		}
		if listening != nil {
			listening()
		}
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return err
			}
			idText, origin, _ := strings.Cut(n.Payload, " ")
			if id, err := strconv.ParseInt(idText, 10, 64); err == nil {
				fn(id, origin == db.origin)
			}
		}
	})
	if ctx.Err() != nil {
		// The connection was interrupted mid-wait: it must not go back to
		// the pool still listening.
		conn.Raw(func(any) error { return driver.ErrBadConn })
		return nil
	}
	return fmt.Errorf("listen for game changes: %w", err)
}
