package store

import (
	"context"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// TestQueue: one entry per user, lapsed entries ignored, and a paired
// game that takes a waiting entry only while it is still waiting as read.
func TestQueue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		now := clk.Now()
		entry := func(user, channel string, size int) QueueEntry {
			return QueueEntry{UserID: user, GuildID: "g", ChannelID: channel, Kind: Gomoku, Rules: "freestyle", Size: size,
				Rating: 1500, JoinedAt: now, ExpiresAt: now.Add(10 * time.Minute)}
		}
		a := entry("a", "c1", 15)
		for _, e := range []QueueEntry{entry("a", "c1", 19), a, entry("b", "c2", 15), entry("c", "c1", 19)} {
			if err := db.JoinQueue(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		me := entry("d", "c1", 15)
		if w, err := db.Waiting(ctx, me, true, now); err != nil || len(w) != 1 || w[0].UserID != "a" || w[0].Size != 15 {
			t.Fatalf("waiting here: %+v, %v", w, err)
		}
		if w, err := db.Waiting(ctx, me, false, now); err != nil || len(w) != 1 || w[0].UserID != "b" {
			t.Fatalf("waiting elsewhere: %+v, %v", w, err)
		}
		if w, err := db.Waiting(ctx, me, true, now.Add(10*time.Minute)); err != nil || len(w) != 0 {
			t.Fatalf("waiting once lapsed: %+v, %v", w, err)
		}

		g := humanGame("a", "d", false)
		stale := a
		stale.JoinedAt = now.Add(-time.Second) // not the entry as it stands
		if err := db.CreatePaired(ctx, g, nil, stale, "d"); engine.ErrorCode(err) != engine.QueueTaken {
			t.Fatalf("pairing with an entry that changed: %v", err)
		}
		if g.ID != 0 {
			t.Fatal("the refused game was created")
		}
		if err := db.CreatePaired(ctx, g, nil, a, "d"); err != nil {
			t.Fatal(err)
		}
		if err := db.CreatePaired(ctx, humanGame("a", "e", false), nil, a, "e"); engine.ErrorCode(err) != engine.QueueTaken {
			t.Fatalf("pairing twice with one entry: %v", err)
		}
		if _, ok, err := db.QueueEntryOf(ctx, "a", now); err != nil || ok {
			t.Fatalf("a is still queued: %v, %v", ok, err)
		}
		if err := db.LeaveQueue(ctx, "a", now); engine.ErrorCode(err) != engine.NotQueued {
			t.Fatalf("leaving when not queued: %v", err)
		}
		if err := db.LeaveQueue(ctx, "b", now.Add(time.Hour)); engine.ErrorCode(err) != engine.NotQueued {
			t.Fatalf("leaving once lapsed: %v", err)
		}
		if err := db.LeaveQueue(ctx, "c", now); err != nil {
			t.Fatal(err)
		}
	})
}
