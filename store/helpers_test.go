package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// openTemp opens a fresh database file in a test directory and closes it at
// the end of the test. It returns the file name too, for reopening.
func openTemp(t testing.TB, opt Options) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tengen.db")
	db, err := Open(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return db, path
}

// humanGame returns an active gomoku game between two people.
func humanGame(a, b string, rated bool) *Game {
	return &Game{
		Kind: Gomoku, Rules: "freestyle", Size: 15, GuildID: "g1", ChannelID: "c1",
		Seats: [2]Seat{Human(a, "name-"+a), Human(b, "name-"+b)},
		Rated: rated, Status: Active,
	}
}

// aiGame returns an active xiangqi game of user (first) against the AI.
func aiGame(user string, level int) *Game {
	return &Game{
		Kind: Xiangqi, Rules: "standard", Size: 9, GuildID: "g1", ChannelID: "c1",
		Seats: [2]Seat{Human(user, "name-"+user), AI(level)}, Status: Active,
	}
}

// play creates g and finishes it with outcome o.
func play(t testing.TB, db *DB, g *Game, o engine.Outcome) RatingChanges {
	t.Helper()
	ctx := context.Background()
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	g.Outcome = o
	rc, err := db.Finish(ctx, g)
	if err != nil {
		t.Fatalf("Finish: %v", err)
	}
	return rc
}
