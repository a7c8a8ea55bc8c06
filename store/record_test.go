package store

import (
	"context"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// TestStartKept stores a game imported after some moves and checks that
// its start survives a write and a reopening, and that the store refuses
// a negative start or a rated imported game.
func TestStartKept(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, loc := open(t, Options{})
		g := aiGame("u1", 3)
		g.Moves, g.Start = "start moves h3e3 h10g8", 2
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Moves += " h1g3"
		if _, err := db.Save(ctx, g, &Plan{}); err != nil {
			t.Fatal(err)
		}
		again, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		got, err := again.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Start != 2 || got.Moves != g.Moves {
			t.Errorf("read back start %d, moves %q; want 2, %q", got.Start, got.Moves, g.Moves)
		}
		plain := humanGame("u1", "u2", true)
		if err := db.CreateGame(ctx, plain); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.Game(ctx, plain.ID); got.Start != 0 {
			t.Errorf("a game from the usual start has start %d", got.Start)
		}
		for _, bad := range []*Game{humanGame("u3", "u4", true), aiGame("u5", 2)} {
			bad.Start = 4
			if bad.Seats[1].IsAI() {
				bad.Start = -1
			}
			if err := db.CreateGame(ctx, bad); engine.ErrorCode(err) != engine.Internal {
				t.Errorf("start %d, rated %v: stored (%v), want refused", bad.Start, bad.Rated, err)
			}
		}
	})
}

// TestLastGame finds a player's most recent game whatever its status, and
// nothing for someone who never played.
func TestLastGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, _ := open(t, Options{})
		if g, err := db.LastGame(ctx, "u1"); err != nil || g != nil {
			t.Fatalf("LastGame of a newcomer = %v, %v; want nothing", g, err)
		}
		first := humanGame("u1", "u2", false)
		play(t, db, first, engine.WinFor(engine.First, engine.Five))
		second := aiGame("u2", 3)
		if err := db.CreateGame(ctx, second); err != nil {
			t.Fatal(err)
		}
		for user, want := range map[string]int64{"u1": first.ID, "u2": second.ID} {
			g, err := db.LastGame(ctx, user)
			if err != nil || g == nil || g.ID != want {
				t.Errorf("LastGame(%s) = %v, %v; want game %d", user, g, err, want)
			}
		}
	})
}
