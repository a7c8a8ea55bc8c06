package match

import (
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestPairWindow(t *testing.T) {
	for _, tt := range []struct {
		waited time.Duration
		want   float64
	}{{0, 100}, {29 * time.Second, 100}, {30 * time.Second, 150}, {2 * time.Minute, 300}, {time.Hour, 400}} {
		if got := PairWindow(tt.waited); got != tt.want {
			t.Errorf("PairWindow(%v) = %v, want %v", tt.waited, got, tt.want)
		}
	}
}

func (e *env) queue(p Player, channel string, setup Setup) (*store.Game, *store.QueueEntry) {
	e.t.Helper()
	g, w, err := e.m.Queue(ctx, QueueSpec{Setup: setup, Player: p, GuildID: "g", ChannelID: channel, Rated: true})
	if err != nil {
		e.t.Fatalf("Queue %s: %v", p.Name, err)
	}
	return g, w
}

func TestQueuePairs(t *testing.T) {
	e := newEnv(t, Config{})
	gomoku := Setup{Kind: store.Gomoku}
	if g, w := e.queue(alice, "c1", gomoku); g != nil || w == nil || w.Rules != "freestyle" || w.Size != 15 {
		t.Fatalf("alice alone: %v %+v", g, w)
	}
	// Not the same game, or not the same channel: no pair.
	if g, _ := e.queue(bob, "c1", Setup{Kind: store.Gomoku, Size: 19}); g != nil {
		t.Fatal("paired across board sizes")
	}
	if g, w := e.queue(carol, "c2", gomoku); g != nil || w == nil {
		t.Fatal("paired across channels")
	} else if others, err := e.m.WaitingElsewhere(ctx, *w); err != nil || len(others) != 1 || others[0].UserID != alice.ID {
		t.Fatalf("waiting elsewhere: %+v, %v", others, err)
	}
	g, _ := e.queue(bob, "c1", gomoku) // bob asks again: his entry is replaced
	if g == nil || g.Status != store.Active || !g.Rated || g.ChannelID != "c1" {
		t.Fatalf("bob joining after alice: %+v", g)
	}
	if s, ok := sideOf(g, alice.ID); !ok || g.Seats[s.Other()].UserID != bob.ID {
		t.Fatalf("seats %+v", g.Seats)
	}
	posts := e.posts(g.ID)
	if b := posts[len(posts)-1]; b.Kind != store.BoardPost || len(b.Ping) != 2 {
		t.Fatalf("the first board pings %v", b.Ping)
	}
	// Both left the queue with the game.
	for _, u := range []string{alice.ID, bob.ID} {
		if err := e.m.LeaveQueue(ctx, u); engine.ErrorCode(err) != engine.NotQueued {
			t.Fatalf("%s leaving after being paired: %v", u, err)
		}
	}
	if err := e.m.LeaveQueue(ctx, carol.ID); err != nil {
		t.Fatal(err)
	}
	// An entry lapses after QueueTTL.
	e.queue(alice, "c1", gomoku)
	e.clock.Advance(DefaultQueueTTL)
	if g, _ := e.queue(carol, "c1", gomoku); g != nil {
		t.Fatal("paired with a lapsed entry")
	}
}

func TestQueueRatingWindow(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(true)
	e.play(g.ID, "h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "c5", "b1")
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	r, err := e.db.Rating(ctx, alice.ID, store.Gomoku)
	if err != nil || r.Rating < 1601 || r.Rating > 1699 {
		t.Fatalf("alice's rating %v, %v: the test wants 100 to 200 above carol's", r.Rating, err)
	}
	gomoku := Setup{Kind: store.Gomoku}
	e.queue(carol, "c1", gomoku)
	if g, _ := e.queue(alice, "c1", gomoku); g != nil {
		t.Fatal("paired 100+ points apart at once")
	}
	if err := e.m.LeaveQueue(ctx, alice.ID); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Minute) // carol's window: 200
	if g, _ := e.queue(alice, "c1", gomoku); g == nil {
		t.Fatal("not paired once carol's window widened")
	}
}

func TestQueueRace(t *testing.T) {
	e := newEnv(t, Config{})
	gomoku := Setup{Kind: store.Gomoku}
	e.queue(alice, "c1", gomoku)
	var wg sync.WaitGroup
	games := make([]*store.Game, 2)
	for i, p := range []Player{bob, carol} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, _, err := e.m.Queue(ctx, QueueSpec{Setup: gomoku, Player: p, GuildID: "g", ChannelID: "c1"})
			if err != nil {
				t.Errorf("%s: %v", p.Name, err)
			}
			games[i] = g
		}()
	}
	wg.Wait()
	n := 0
	for _, g := range games {
		if g != nil {
			if _, ok := sideOf(g, alice.ID); ok {
				n++
			}
		}
	}
	if n != 1 {
		t.Fatalf("alice is in %d games", n)
	}
}
