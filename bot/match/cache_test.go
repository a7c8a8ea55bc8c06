package match

import (
	"testing"

	"github.com/tengen-bot/tengen/store"
)

func TestStateCache(t *testing.T) {
	var c stateCache
	g, _ := NewGame(Setup{Kind: store.Gomoku})
	c.put(1, "15 freestyle:", g)
	if _, ok := c.take(1, "15 freestyle: h8"); ok {
		t.Error("took a state cached for other moves")
	}
	if _, ok := c.take(1, "15 freestyle:"); ok {
		t.Error("a missed entry stayed cached")
	}
	c.put(1, "15 freestyle:", g)
	if got, ok := c.take(1, "15 freestyle:"); !ok || got != g {
		t.Error("lost the cached state")
	}
	if _, ok := c.take(1, "15 freestyle:"); ok {
		t.Error("a state was handed out twice")
	}
	for id := range int64(maxCached + 10) {
		c.put(id, "x", g)
	}
	if n := len(c.m); n > maxCached {
		t.Errorf("cache grew to %d entries", n)
	}
}

// Two processes take turns on one game: each one's cached state goes
// stale when the other moves, and must not be used.
func TestCacheAcrossProcesses(t *testing.T) {
	e := newEnv(t, Config{})
	m1, m2 := e.managers(true)
	g := e.duel(false)
	moves := []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"}
	for i, mv := range moves {
		m, user := m1, alice.ID
		if i%2 == 1 {
			m, user = m2, bob.ID
		}
		if i%4 >= 2 { // and sometimes the same process twice in a row
			m = m1
		}
		if _, err := m.Play(ctx, g.ID, as(user), mv, i); err != nil {
			t.Fatalf("move %d %s: %v", i, mv, err)
		}
	}
	// m2 last saw ply 6; its cache must not let it believe in that position.
	_, err := m2.Play(ctx, g.ID, as(alice.ID), "l9", AnyPly)
	if err != nil {
		t.Fatal(err)
	}
	got, eg := e.game(g.ID)
	if eg.Ply() != 9 || got.Moves != "15 freestyle: h8 h9 i8 i9 j8 j9 k8 k9 l9" {
		t.Errorf("stored %q", got.Moves)
	}
	end, err := m1.Play(ctx, g.ID, as(bob.ID), "g9", 9) // white: g9 h9 i9 j9 k9
	if err != nil {
		t.Fatal(err)
	}
	if end.Outcome.Reason.String() != "five in a row" {
		t.Errorf("outcome %v", end.Outcome)
	}
}
