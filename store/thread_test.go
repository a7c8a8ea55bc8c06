package store

import (
	"context"
	"testing"
)

// TestThreadParent: the channel a game's thread was started in is stored
// with the game and kept through writes and the finish, on both backends.
func TestThreadParent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.ThreadParent, g.ChannelID = g.ChannelID, "thread-1"
		if _, err := db.Save(ctx, g, nil); err != nil {
			t.Fatal(err)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil || got.ThreadParent != "c1" || got.ChannelID != "thread-1" {
			t.Fatalf("after Save: %+v, %v; want in thread-1 of c1", got, err)
		}
		got.Outcome = drawn
		if _, err := db.Finish(ctx, got); err != nil {
			t.Fatal(err)
		}
		if got, err = db.Game(ctx, g.ID); err != nil || got.ThreadParent != "c1" {
			t.Fatalf("after Finish: %+v, %v", got, err)
		}
	})
}
