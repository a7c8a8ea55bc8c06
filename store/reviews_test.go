package store

import (
	"context"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

func TestReviewsAreKeptAndReplaced(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, _ := open(t, Options{})
		g := humanGame("a", "b", false)
		play(t, db, g, engine.WinFor(engine.First, engine.Five))
		if _, ok, err := db.GameReview(ctx, g.ID); ok || err != nil {
			t.Fatalf("a review before any: %v, %v", ok, err)
		}
		if err := db.SaveReview(ctx, Review{GameID: g.ID, Nodes: 20000, Data: []byte(`{"v":1}`)}); err != nil {
			t.Fatal(err)
		}
		if err := db.SaveReview(ctx, Review{GameID: g.ID, Nodes: 40000, Data: []byte(`{"v":2}`)}); err != nil {
			t.Fatal(err)
		}
		r, ok, err := db.GameReview(ctx, g.ID)
		if err != nil || !ok || r.Nodes != 40000 || string(r.Data) != `{"v":2}` || r.GameID != g.ID {
			t.Fatalf("review %+v, %v, %v; want the second", r, ok, err)
		}
		if err := db.SaveReview(ctx, Review{GameID: g.ID}); engine.ErrorCode(err) != engine.Internal {
			t.Errorf("an empty review: %v, want Internal", err)
		}
	})
}

func TestReviewRequestsOutliveTheProcess(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, _ := open(t, Options{})
		g := humanGame("a", "b", false)
		play(t, db, g, engine.WinFor(engine.First, engine.Five))
		until := time.Date(2026, 1, 5, 12, 15, 0, 0, time.UTC)
		req := ReviewRequest{Interaction: "i1", Token: "tok", TokenUntil: until, GameID: g.ID, Locale: "zh-CN", UserID: "a"}
		for range 2 { // twice: the same interaction is recorded once
			if err := db.AddReviewRequest(ctx, req); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.AddReviewRequest(ctx, ReviewRequest{Interaction: "i2", Token: "tok2", TokenUntil: until, GameID: g.ID, Locale: "en-US", UserID: "b"}); err != nil {
			t.Fatal(err)
		}
		got, err := db.ReviewRequests(ctx)
		if err != nil || len(got) != 2 {
			t.Fatalf("requests %+v, %v", got, err)
		}
		if r := got[0]; r.Interaction != "i1" || r.Token != "tok" || !r.TokenUntil.Equal(until) || r.GameID != g.ID || r.Locale != "zh-CN" || r.UserID != "a" ||
			r.ChannelID != "" || r.MessageID != "" {
			t.Errorf("first request %+v", r)
		}
		if err := db.ReviewShownIn(ctx, "i2", "c9", "m9"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.ReviewRequests(ctx); err != nil || got[1].ChannelID != "c9" || got[1].MessageID != "m9" || got[0].MessageID != "" {
			t.Errorf("after recording i2's answer: %+v, %v", got, err)
		}
		if err := db.ReviewAnswered(ctx, "i1"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.ReviewRequests(ctx); err != nil || len(got) != 1 || got[0].Interaction != "i2" {
			t.Errorf("after answering i1: %+v, %v", got, err)
		}
		if err := db.AddReviewRequest(ctx, ReviewRequest{Interaction: "i3", GameID: g.ID}); engine.ErrorCode(err) != engine.Internal {
			t.Errorf("a request without a token: %v, want Internal", err)
		}
	})
}

func TestLastFinished(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, _ := open(t, Options{})
		if id, err := db.LastFinished(ctx, "a"); id != 0 || err != nil {
			t.Fatalf("no game yet: %d, %v", id, err)
		}
		first := humanGame("a", "b", false)
		play(t, db, first, engine.WinFor(engine.First, engine.Five))
		second := humanGame("c", "a", false)
		play(t, db, second, engine.DrawBy(engine.Agreement))
		live := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, live); err != nil {
			t.Fatal(err)
		}
		if id, err := db.LastFinished(ctx, "a"); id != second.ID || err != nil {
			t.Errorf("a's last game: %d, %v; want %d", id, err, second.ID)
		}
		if id, err := db.LastFinished(ctx, "b"); id != first.ID || err != nil {
			t.Errorf("b's last game: %d, %v; want %d", id, err, first.ID)
		}
	})
}
