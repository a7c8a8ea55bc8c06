package match

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// countAI counts its moves and plays the first legal one.
type countAI struct{ moves atomic.Int64 }

func (a *countAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	a.moves.Add(1)
	return g.LegalMoves()[0], nil
}

func (a *countAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, nil
}

// TestAITurnTakenOverFromADeadProcess: two processes share the database.
// The first computes an AI turn and stops answering (it died while
// thinking); the second's Tick leaves the turn alone while the first's
// lease holds, takes it over once the lease lapses, and the move is made
// once: the first's late answer is dropped.
func TestAITurnTakenOverFromADeadProcess(t *testing.T) {
	stuck := newGateAI()
	e := newEnv(t, Config{AI: stuck})
	other := &countAI{}
	m2 := e.start(reopenDB(t, e.path, e.clock), Config{AI: other})
	g := e.solo(ChallengerFirst)
	e.play(g.ID, "h8")
	stuck.waitStarted(t)

	for range 3 {
		if err := m2.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(50 * time.Millisecond) // room for a wrong second computation
	if n := other.moves.Load(); n != 0 {
		t.Fatalf("the second process computed the turn %d times while the first held it", n)
	}
	e.clock.Advance(DefaultBudget(3) + AILeaseGrace)
	if err := m2.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	reply := e.aiMoved(g.ID)
	if reply.Actor != engine.Second || other.moves.Load() != 1 {
		t.Fatalf("reply %+v after %d computations by the second process", reply, other.moves.Load())
	}
	close(stuck.gate) // the first process's answer comes too late
	time.Sleep(50 * time.Millisecond)
	if _, eg := e.game(g.ID); eg.Ply() != 2 {
		t.Fatalf("ply %d: the turn was played twice", eg.Ply())
	}
}

// TestAITurnComputedOnce: two processes both queue the same AI turn (as
// after a restart and a Tick); one computes it.
func TestAITurnComputedOnce(t *testing.T) {
	first, second := &countAI{}, &countAI{}
	e := newEnv(t, Config{AI: first})
	m2 := e.start(reopenDB(t, e.path, e.clock), Config{AI: second})
	for i := range 10 {
		g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: Player{ID: "9" + string(rune('0'+i)), Name: "p"}, Level: 1, Start: OpponentFirst})
		if err != nil {
			t.Fatal(err)
		}
		if err := m2.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		e.aiMoved(g.ID)
	}
	time.Sleep(50 * time.Millisecond)
	if n := first.moves.Load() + second.moves.Load(); n != 10 {
		t.Fatalf("%d computations for 10 AI turns queued in two processes", n)
	}
}
