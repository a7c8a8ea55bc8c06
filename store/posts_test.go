package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// board is a board post planned through an interaction.
func board(clk *clock) *Post {
	return &Post{Kind: BoardPost, ChannelID: "c", Interaction: "i1", Token: "tok",
		TokenUntil: clk.Now().Add(15 * time.Minute), RespondBy: clk.Now().Add(3 * time.Second),
		Ping: []string{"b"}, Want: "v1"}
}

func TestCreateWithPlan(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		g.Status, g.Challenger, g.Locale, g.Perms = Challenge, engine.First, "zh-CN", 1<<11
		p := board(clk)
		p.Kind = ChallengePost
		if err := db.Create(ctx, g, &Plan{Posts: []*Post{p}}); err != nil {
			t.Fatal(err)
		}
		if p.ID == 0 || p.GameID != g.ID || p.Version != 1 || g.BoardPost != p.ID {
			t.Fatalf("post %+v of game %+v: want it stored as the game's board at version 1", p, g)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil || !reflect.DeepEqual(got, g) {
			t.Fatalf("stored %+v (%v), want %+v", got, err, g)
		}
		stored, err := db.Post(ctx, p.ID)
		if err != nil || !reflect.DeepEqual(stored, p) {
			t.Fatalf("post stored %+v (%v), want %+v", stored, err, p)
		}
		if !stored.Due() || !stored.Reachable(clk.Now()) || stored.Reachable(clk.Now().Add(15*time.Minute)) {
			t.Fatalf("post %+v: want due, reachable for 15 minutes", stored)
		}
	})
}

func TestSaveWithPlan(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		first := board(clk)
		if err := db.Create(ctx, g, &Plan{Posts: []*Post{first}}); err != nil {
			t.Fatal(err)
		}
		stale := *g

		// A move: the first board retires, a second one is planned.
		g.Moves = "size 15\nh8\n"
		second := board(clk)
		second.Want = WantVersion(2)
		if _, err := db.Save(ctx, g, &Plan{Posts: []*Post{second}, Wants: []Want{{Post: first.ID, Want: WantRetired}}}); err != nil {
			t.Fatal(err)
		}
		if g.Version != 2 || g.BoardPost != second.ID || second.Version != 2 {
			t.Fatalf("game %+v, post %+v: want version 2 on the second board", g, second)
		}
		if p, err := db.Post(ctx, first.ID); err != nil || p.Want != WantRetired {
			t.Fatalf("first board %+v, %v: want retired", p, err)
		}

		// A stale write stores neither the game nor its plan.
		stale.Moves = "size 15\ni9\n"
		lost := board(clk)
		if _, err := db.Save(ctx, &stale, &Plan{Posts: []*Post{lost}, Wants: []Want{{Post: second.ID, Want: WantRetired}}}); engine.ErrorCode(err).Class() != engine.ClassConflict {
			t.Fatalf("stale save: err = %v, want Conflict", err)
		}
		if stale.BoardPost != first.ID {
			t.Fatalf("a refused save moved the caller's board to %d", stale.BoardPost)
		}
		if p, err := db.Post(ctx, second.ID); err != nil || p.Want != WantVersion(2) {
			t.Fatalf("second board %+v, %v: the refused plan changed it", p, err)
		}
		d, err := db.Delivery(ctx, g.ID)
		if err != nil || len(d.Due) != 2 || d.Due[0].ID != first.ID || d.Due[1].ID != second.ID || d.Game.Version != 2 {
			t.Fatalf("delivery %+v, %v: want the two boards due at version 2", d, err)
		}

		// The end of the game: a notice, and the board shows the result.
		g.Outcome = engine.WinFor(engine.First, engine.Timeout)
		g.Status = Finished
		notice := &Post{Kind: NoticePost, ChannelID: "c", Want: WantTimeout, Ping: []string{"a", "b"}}
		if _, err := db.Save(ctx, g, &Plan{Posts: []*Post{notice}, Wants: []Want{{Post: second.ID, Want: WantVersion(3)}}}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil || got.Status != Finished || got.BoardPost != second.ID || got.Version != 3 {
			t.Fatalf("finished game %+v, %v", got, err)
		}
		if p, err := db.Post(ctx, notice.ID); err != nil || !reflect.DeepEqual(p.Ping, []string{"a", "b"}) || p.Version != 3 {
			t.Fatalf("notice %+v, %v", p, err)
		}
	})
}

func TestDelivered(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		p := board(clk)
		other := humanGame("c", "d", false)
		if err := db.Create(ctx, g, &Plan{Posts: []*Post{p}}); err != nil {
			t.Fatal(err)
		}
		if err := db.Create(ctx, other, &Plan{Posts: []*Post{{Kind: BoardPost, ChannelID: "c", Want: "v1"}}}); err != nil {
			t.Fatal(err)
		}
		if ids, err := db.DueDeliveries(ctx); err != nil || !reflect.DeepEqual(ids, []int64{g.ID, other.ID}) {
			t.Fatalf("due = %v, %v", ids, err)
		}
		if err := db.Delivered(ctx, p.ID, "v1", "m1"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Post(ctx, p.ID); err != nil || got.Due() || got.MessageID != "m1" || got.Ping != nil {
			t.Fatalf("after delivery: %+v, %v; want it shown, its ping done", got, err)
		}
		if ids, err := db.DueDeliveries(ctx); err != nil || !reflect.DeepEqual(ids, []int64{other.ID}) {
			t.Fatalf("due = %v, %v; want only the other game", ids, err)
		}

		// The game moved on (notifying b) while v1 was being shown again: what
		// Discord shows is not known any more, and the post stays due with its
		// notification.
		if _, err := db.Save(ctx, g, &Plan{Wants: []Want{{Post: p.ID, Want: "v2", Ping: []string{"b"}}}}); err != nil {
			t.Fatal(err)
		}
		if err := db.Delivered(ctx, p.ID, "v1", ""); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Post(ctx, p.ID); err != nil || got.Shown != "" || got.MessageID != "m1" || !got.Due() || !reflect.DeepEqual(got.Ping, []string{"b"}) {
			t.Fatalf("after a stale delivery: %+v, %v; want due, shown unknown, message kept, b still to notify", got, err)
		}
		if err := db.Delivered(ctx, p.ID, "v2", ""); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Post(ctx, p.ID); err != nil || got.Due() || got.Ping != nil {
			t.Fatalf("after delivering v2: %+v, %v; want shown and b notified", got, err)
		}
		if err := db.Delivered(ctx, 999, "v1", ""); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("unknown post: err = %v", err)
		}
	})
}

// TestRebind: a post no token reaches any more is handed to a later
// interaction in its channel, as a new follow-up of it; DueIn finds the
// games waiting in a channel.
func TestRebind(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		g.Place = Private
		p := board(clk)
		if err := db.Create(ctx, g, &Plan{Posts: []*Post{p}}); err != nil {
			t.Fatal(err)
		}
		if err := db.Delivered(ctx, p.ID, "", "m1"); err != nil {
			t.Fatal(err)
		}
		if ids, err := db.DueIn(ctx, "c"); err != nil || len(ids) != 1 || ids[0] != g.ID {
			t.Fatalf("DueIn(c) = %v, %v; want [%d]", ids, err, g.ID)
		}
		if ids, err := db.DueIn(ctx, "elsewhere"); err != nil || len(ids) != 0 {
			t.Fatalf("DueIn(elsewhere) = %v, %v; want none", ids, err)
		}
		clk.Advance(time.Hour)
		until := clk.Now().Add(15 * time.Minute).Truncate(time.Millisecond)
		if err := db.Rebind(ctx, p.ID, "i2", "tok2", until); err != nil {
			t.Fatal(err)
		}
		got, err := db.Post(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Interaction != "i2" || got.Token != "tok2" || !got.TokenUntil.Equal(until) || !got.Followup ||
			got.MessageID != "" || got.Shown != "" || !got.RespondBy.IsZero() || !got.Due() || !got.Reachable(clk.Now()) {
			t.Fatalf("rebound post %+v: want a due follow-up of i2 with no message", got)
		}
		if err := db.Rebind(ctx, 999, "i2", "tok2", until); err == nil {
			t.Fatal("rebinding a post that does not exist")
		}
		if stored, err := db.Game(ctx, g.ID); err != nil || stored.Place != Private {
			t.Fatalf("stored place %v, %v; want private", stored, err)
		}
		moon := humanGame("a", "b", false)
		moon.Place = "moon"
		if err := db.Create(ctx, moon, nil); err == nil {
			t.Fatal("a game on the moon was stored")
		}
	})
}
