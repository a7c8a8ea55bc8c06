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

// TestAILease: one holder of a game's AI turn at a time; a lapsed lease is
// taken over; a release gives the turn back unless someone took it since;
// reopening an SQLite file frees every lease (its one process died).
func TestAILease(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, loc := open(t, Options{})
		ctx := context.Background()
		g := aiGame("u", 3)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)
		lease := func(at time.Time, d time.Duration) bool {
			t.Helper()
			ok, err := db.LeaseAI(ctx, g.ID, at, at.Add(d))
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !lease(now, time.Minute) {
			t.Fatal("a free turn could not be leased")
		}
		if lease(now.Add(time.Second), time.Minute) {
			t.Fatal("a held turn was leased again")
		}
		if !lease(now.Add(time.Minute), time.Minute) { // lapsed: taken over
			t.Fatal("a lapsed lease was not taken over")
		}
		// the first holder's late release leaves the new lease alone
		if err := db.ReleaseAI(ctx, g.ID, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if lease(now.Add(61*time.Second), time.Minute) {
			t.Fatal("a stale release freed someone else's lease")
		}
		if err := db.ReleaseAI(ctx, g.ID, now.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if !lease(now.Add(62*time.Second), time.Hour) {
			t.Fatal("a released turn could not be leased")
		}
		if db.d.postgres {
			return
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		again, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		if ok, err := again.LeaseAI(ctx, g.ID, now.Add(63*time.Second), now.Add(2*time.Hour)); err != nil || !ok {
			t.Fatalf("after reopening the file the dead process's lease still held: %v, %v", ok, err)
		}
	})
}

// TestDeliveryLease: on PostgreSQL one process at a time delivers a
// game's posts, a lapsed lease is taken over and a release frees it; on
// SQLite, where one process delivers, it always holds.
func TestDeliveryLease(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		until := now.Add(30 * time.Second)
		if held, err := db.LeaseDelivery(ctx, g.ID, now, until); err != nil || !held {
			t.Fatalf("the first lease: %v, %v", held, err)
		}
		held, err := db.LeaseDelivery(ctx, g.ID, now.Add(time.Second), now.Add(time.Minute))
		if err != nil || held != !db.d.postgres {
			t.Fatalf("a second lease while the first holds: %v, %v (want it only on SQLite)", held, err)
		}
		if held, err := db.LeaseDelivery(ctx, g.ID, until, until.Add(time.Minute)); err != nil || !held {
			t.Fatalf("a lapsed lease was not taken over: %v, %v", held, err)
		}
		if err := db.ReleaseDelivery(ctx, g.ID, until.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if held, err := db.LeaseDelivery(ctx, g.ID, now, until); err != nil || !held {
			t.Fatalf("after a release: %v, %v", held, err)
		}
	})
}

// TestChangesAreHeard: on PostgreSQL another process hears every change of
// a game, at commit; on SQLite Listen returns at once.
func TestChangesAreHeard(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, loc := open(t, Options{})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if !db.d.postgres {
			if err := db.Listen(ctx, nil, func(int64, bool) {}); err != nil {
				t.Fatal(err)
			}
			return
		}
		other, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		heard := make(chan int64, 8)
		listening := make(chan struct{})
		lctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			done <- other.Listen(lctx, func() { close(listening) }, func(id int64, mine bool) {
				if mine {
					t.Errorf("another handle's change of game %d heard as its own", id)
				}
				heard <- id
			})
		}()
		<-listening
		g := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Moves = "h8"
		if err := db.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			select {
			case id := <-heard:
				if id != g.ID {
					t.Fatalf("heard of game %d, want %d", id, g.ID)
				}
			case <-ctx.Done():
				t.Fatal("a change was not heard")
			}
		}
		stop()
		if err := <-done; err != nil {
			t.Fatalf("Listen after its context ended: %v", err)
		}
	})
}
