package match

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// countingEngines is Engines counting the positions it analyses.
type countingEngines struct {
	*Engines
	analysed atomic.Int32
}

func (c *countingEngines) Analyse(ctx context.Context, g engine.Game, nodes uint64) (Analysis, error) {
	c.analysed.Add(1)
	return c.Engines.Analyse(ctx, g, nodes)
}

func TestGameReviewIsMadeOnceAndKept(t *testing.T) {
	e := newEnv(t, Config{})
	ai := &countingEngines{Engines: &Engines{Spare: -1}}
	e.m = e.start(e.db, Config{Analyst: ai, Reviews: e.db, ReviewNodes: 10000})
	g := e.duel(false)
	e.play(g.ID, "h8", "h9", "i8", "i9", "j8", "k8", "g8", "a1")
	_, _, err := e.m.GameReview(ctx, g.ID, nil)
	if engine.ErrorCode(err) != engine.ReviewStillGoing {
		t.Fatalf("a review of a game being played: %v, want ReviewStillGoing", err)
	}
	e.play(g.ID, "f8") // five: black wins
	if sg, _ := e.game(g.ID); sg.Status != store.Finished {
		t.Fatalf("status %v", sg.Status)
	}

	// Two requests at once: one review is made, both get it.
	var wg sync.WaitGroup
	var reviews [2]Review
	var kept [2]bool
	var calls [2]atomic.Int32
	for i := range 2 {
		wg.Go(func() {
			var err error
			reviews[i], kept[i], err = e.m.GameReview(ctx, g.ID, func(done, total int) {
				calls[i].Add(1)
				if total != 10 {
					t.Errorf("progress %d of %d, want of 10", done, total)
				}
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := ai.analysed.Load(); n != 9 { // 10 positions, the last one over
		t.Errorf("%d positions analysed, want 9 (one review for both requests)", n)
	}
	for i, r := range reviews {
		if kept[i] || len(r.Moves) != 9 || r.Nodes != 10000 {
			t.Fatalf("request %d: kept %v, %d moves, %d nodes", i, kept[i], len(r.Moves), r.Nodes)
		}
		if r.Moves[7].Move != "a1" || r.Moves[7].Class != Blunder {
			t.Errorf("request %d: a1 is %+v, want a blunder", i, r.Moves[7])
		}
	}
	if calls[0].Load() == 0 {
		t.Error("the first request heard no progress")
	}

	// The review is kept: a later request gets it at once, from the store.
	r, ok, err := e.m.GameReview(ctx, g.ID, nil)
	if err != nil || !ok || len(r.Moves) != 9 || r.Moves[7].Class != Blunder {
		t.Fatalf("kept review: %v, %v, %d moves", ok, err, len(r.Moves))
	}
	if n := ai.analysed.Load(); n != 9 {
		t.Errorf("%d positions analysed after the kept review, want still 9", n)
	}
	if _, ok, err := e.db.GameReview(ctx, g.ID); !ok || err != nil {
		t.Errorf("the store has no review: %v, %v", ok, err)
	}
}

func TestGameReviewRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	e.m = e.start(e.db, Config{Analyst: &Engines{Spare: -1}, Reviews: e.db})
	if _, _, err := e.m.GameReview(ctx, 999, nil); engine.ErrorCode(err) != engine.GameNotFound {
		t.Errorf("no such game: %v", err)
	}
	ch, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, ChannelID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.m.GameReview(ctx, ch.ID, nil); engine.ErrorCode(err) != engine.ReviewStillGoing {
		t.Errorf("a challenge: %v, want ReviewStillGoing", err)
	}
	g := e.duel(false)
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.m.GameReview(ctx, g.ID, nil); engine.ErrorCode(err) != engine.NothingToReview {
		t.Errorf("a game resigned before any move: %v, want NothingToReview", err)
	}
	// Without an analyst reviews are unavailable.
	e.m = e.start(e.db, Config{Reviews: e.db})
	g = e.duel(false)
	e.play(g.ID, "h8")
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.m.GameReview(ctx, g.ID, nil); engine.ErrorCode(err) != engine.AIUnavailable {
		t.Errorf("no analyst: %v, want AIUnavailable", err)
	}
}

func TestGameReviewStopsWhenTheManagerCloses(t *testing.T) {
	// A review waiting for the pool ends with an error when the Manager
	// closes, instead of waiting for ever.
	e := newEnv(t, Config{})
	e.m = e.start(e.db, Config{Analyst: &Engines{Spare: -1}, Reviews: e.db, Workers: 1})
	g := e.duel(false)
	e.play(g.ID, "h8", "h9", "i8", "i9", "j8", "k8", "g8", "a1", "f8")
	started := make(chan struct{})
	var once sync.Once
	errc := make(chan error, 1)
	go func() {
		_, _, err := e.m.GameReview(ctx, g.ID, func(done, total int) { once.Do(func() { close(started) }) })
		errc <- err
	}()
	<-started
	if err := e.m.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; err == nil {
		// It may have finished just before the close: then it is kept.
		if _, ok, _ := e.db.GameReview(ctx, g.ID); !ok {
			t.Error("the review neither failed nor was kept")
		}
	}
}
