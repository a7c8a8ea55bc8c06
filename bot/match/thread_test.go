package match

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// TestIntoThread: a game moved into a thread is played there: the board it
// was started from says so, a new board is posted in the thread, a
// bystander cannot move it, a second move is nothing, and its end posts a
// result line in the channel the thread was started in.
func TestIntoThread(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	first := g.BoardPost
	if _, err := e.m.IntoThread(ctx, g.ID, "t1", as(carol.ID)); engine.ErrorCode(err) != engine.NotInGame {
		t.Fatalf("a bystander moved the game: %v", err)
	}
	g, err := e.m.IntoThread(ctx, g.ID, "t1", as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if g.ChannelID != "t1" || g.ThreadParent != "c1" || g.BoardPost == first {
		t.Fatalf("after IntoThread: channel %s, parent %s, board %d (was %d)", g.ChannelID, g.ThreadParent, g.BoardPost, first)
	}
	if again, err := e.m.IntoThread(ctx, g.ID, "t2", as(alice.ID)); err != nil || again.ChannelID != "t1" || again.Version != g.Version {
		t.Fatalf("a second thread: %+v, %v", again, err)
	}
	d, err := e.db.Delivery(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	wants := map[int64]*store.Post{}
	for _, p := range d.Due {
		wants[p.ID] = p
	}
	if p := wants[first]; p == nil || p.Want != store.WantThread || p.ChannelID != "c1" {
		t.Fatalf("the first board: %+v, want a thread line in c1", p)
	}
	if p := wants[g.BoardPost]; p == nil || p.ChannelID != "t1" || p.Interaction != "" || len(p.Ping) != 0 {
		t.Fatalf("the board in the thread: %+v", p)
	}

	g = e.play(g.ID, "h8")
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	if d, err = e.db.Delivery(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	results := 0
	for _, p := range d.Due {
		if p.Want == store.WantResult {
			results++
			if p.Kind != store.NoticePost || p.ChannelID != "c1" {
				t.Fatalf("result line %+v, want a notice in c1", p)
			}
		}
	}
	if results != 1 {
		t.Fatalf("%d result lines, want 1", results)
	}

	// the rematch is played in the same thread, and announced as well
	re, err := e.m.Rematch(ctx, g.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if re.ChannelID != "t1" || re.ThreadParent != "c1" {
		t.Fatalf("rematch in %s of %q, want in t1 of c1", re.ChannelID, re.ThreadParent)
	}
}
