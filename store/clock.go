package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// NextDeadline returns the earliest moment at which a live game has
// something due by the time alone: a deadline (a challenge's expiry, a
// flag falling, a turn's timeout) or a reminder. It is the zero time when
// no live game has one. The ticker sleeps until then (or its interval,
// whichever comes first), so that a flag falls when it should with nobody
// interacting.
func (db *DB) NextDeadline(ctx context.Context) (time.Time, error) {
	var deadline, remind sql.NullInt64
	err := db.read().QueryRowContext(ctx, `SELECT
		(SELECT min(deadline) FROM games INDEXED BY games_live WHERE status IN ('challenge', 'active')),
		(SELECT min(remind_at) FROM games INDEXED BY games_remind WHERE status = 'active' AND remind_at IS NOT NULL)`).Scan(&deadline, &remind)
	if err != nil {
		return time.Time{}, fmt.Errorf("find the next deadline: %w", err)
	}
	next := fromMillis(deadline)
	if r := fromMillis(remind); !r.IsZero() && (next.IsZero() || r.Before(next)) {
		next = r
	}
	return next, nil
}
