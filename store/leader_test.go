package store

import (
	"context"
	"testing"
	"time"
)

// TestOneLeaderOfTheDeadlines: of two processes sharing a database, one
// leads the deadlines at a time; when it releases the lease or dies (its
// connection closes), the other takes it over at its next try.
func TestOneLeaderOfTheDeadlines(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db1, loc := open(t, Options{})
		ctx := context.Background()
		a, err := db1.TryLead(ctx)
		if err != nil || a == nil {
			t.Fatalf("the first process could not lead: %v", err)
		}
		if err := a.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if !db1.d.postgres {
			// one process owns an SQLite file: it always leads
			return
		}
		db2, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		if b, err := db2.TryLead(ctx); err != nil || b != nil {
			t.Fatalf("a second process led while the first did: %v, %v", b, err)
		}
		if err := a.Release(); err != nil {
			t.Fatal(err)
		}
		b, err := db2.TryLead(ctx)
		if err != nil || b == nil {
			t.Fatalf("after a release the second process could not lead: %v", err)
		}
		// the leader dies: its connection goes (as when its process is
		// killed), and PostgreSQL frees the lock; the dead lease knows
		var pid int
		if err := b.conn.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if _, err := db1.w.ExecContext(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
			t.Fatal(err)
		}
		var again *Lease
		for again == nil && time.Since(start) < 10*time.Second {
			if again, err = db1.TryLead(ctx); err != nil {
				t.Fatal(err)
			}
			if again == nil {
				time.Sleep(10 * time.Millisecond)
			}
		}
		if again == nil {
			t.Fatal("nobody took the lease over after the leader died")
		}
		t.Logf("taken over %v after the leader's connection closed", time.Since(start).Round(time.Millisecond))
		if err := b.Check(ctx); err == nil {
			t.Error("the dead leader's lease still checks as held")
		}
		_ = b.Release() // its connection is gone: nothing to give back
		if err := again.Release(); err != nil {
			t.Fatal(err)
		}
	})
}
