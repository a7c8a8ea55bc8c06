package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// TestClockRoundTrip: the time control, both clocks and the turn's start
// survive a create, an update and a reload, and a finish keeps the final
// clocks, on both backends.
func TestClockRoundTrip(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("c1", "c2", false)
		g.TimeControl = "3+2"
		g.Clock = [2]time.Duration{3 * time.Minute, 3 * time.Minute}
		g.TurnStart = clk.Now()
		g.Deadline = clk.Now().Add(3 * time.Minute)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Fatalf("created\n%+v\nwant\n%+v", got, g)
		}
		clk.Advance(41 * time.Second)
		got.Moves = "h8\n"
		got.Clock[engine.First] = 3*time.Minute - 39*time.Second + 1500*time.Millisecond
		got.TurnStart = clk.Now()
		got.Deadline = clk.Now().Add(got.Clock[engine.Second])
		if _, err := db.Save(ctx, got, &Plan{}); err != nil {
			t.Fatal(err)
		}
		again, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again, got) {
			t.Fatalf("updated\n%+v\nwant\n%+v", again, got)
		}
		again.Clock[engine.Second] = 0
		again.Outcome, again.Status = engine.WinFor(engine.First, engine.Timeout), Finished
		again.Deadline = time.Time{}
		if _, err := db.Save(ctx, again, &Plan{}); err != nil {
			t.Fatal(err)
		}
		done, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if done.TimeControl != "3+2" || done.Clock != again.Clock || !done.TurnStart.IsZero() {
			t.Fatalf("finished: control %q clocks %v turn start %v, want 3+2 %v and none", done.TimeControl, done.Clock, done.TurnStart, again.Clock)
		}
	})
}

// TestNextDeadline: the earliest deadline or reminder of a live game,
// none when no live game has one; finished games do not count.
func TestNextDeadline(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		next, err := db.NextDeadline(ctx)
		if err != nil || !next.IsZero() {
			t.Fatalf("empty store: %v, %v; want none", next, err)
		}
		now := clk.Now()
		slow := humanGame("n1", "n2", false)
		slow.Deadline, slow.RemindAt = now.Add(time.Hour), now.Add(50*time.Minute)
		fast := humanGame("n3", "n4", false)
		fast.Deadline = now.Add(3 * time.Minute)
		for _, g := range []*Game{slow, fast} {
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		if next, err = db.NextDeadline(ctx); err != nil || !next.Equal(fast.Deadline) {
			t.Fatalf("next %v, %v; want the 3+2 flag %v", next, err, fast.Deadline)
		}
		fast.Status, fast.Outcome = Finished, engine.WinFor(engine.First, engine.Timeout)
		if _, err := db.Save(ctx, fast, &Plan{}); err != nil {
			t.Fatal(err)
		}
		if next, err = db.NextDeadline(ctx); err != nil || !next.Equal(slow.RemindAt) {
			t.Fatalf("next %v, %v; want the reminder %v", next, err, slow.RemindAt)
		}
	})
}
