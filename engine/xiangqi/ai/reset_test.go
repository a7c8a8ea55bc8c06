package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// TestResetMatchesNew reuses one engine through Reset for games at every
// level, and checks each search against a new engine's with the same
// options: same move, score, depth, nodes and line. Node budgets make the
// searches deterministic, so anything an earlier search or game left
// behind (table entries, histories, killers, the random generator) would
// show.
func TestResetMatchesNew(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	games := []*xiangqi.Game{
		xiangqi.NewGame(),
		randomGame(t, rng, 12),
		randomGame(t, rng, 40),
		gameFrom(t, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"), // mate in one
		gameFrom(t, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"),
	}
	reused := New(Options{TTSize: 1 << 20})
	ctx := context.Background()
	for i, g := range games {
		for level := MinLevel; level <= MaxLevel; level++ {
			opt := Options{Level: level, Seed: int64(7*level + i), TTSize: 1 << 20, MoveTime: NoTimeLimit, MaxNodes: 3000}
			want, err := New(opt).Think(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			reused.Reset(opt)
			got, err := reused.Think(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			if got.Move != want.Move || got.Score != want.Score || got.Depth != want.Depth ||
				got.Nodes != want.Nodes || !slices.Equal(got.PV, want.PV) {
				t.Errorf("game %d at level %d: reused engine %+v, new engine %+v", i, level, got, want)
			}
			wantScore, err := New(opt).Evaluate(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			reused.Reset(opt)
			if s, err := reused.Evaluate(ctx, g); err != nil || s != wantScore {
				t.Errorf("game %d at level %d: reused engine evaluates %d, %v; new engine %d", i, level, s, err, wantScore)
			}
		}
	}
}

// TestResetResizes checks that Reset to another table size gives a table
// of that size, and to the same size keeps its memory.
func TestResetResizes(t *testing.T) {
	e := New(Options{TTSize: 1 << 20})
	tt := &e.tt.entries[0]
	e.Reset(Options{Level: 5, TTSize: 1 << 20})
	if &e.tt.entries[0] != tt {
		t.Error("Reset to the same size made a new table")
	}
	e.Reset(Options{TTSize: 4 << 20})
	if got, want := e.TTBytes(), New(Options{TTSize: 4 << 20}).TTBytes(); got != want {
		t.Errorf("after Reset to 4 MiB: %d bytes, want %d", got, want)
	}
	if e.level != LevelInfo(MaxLevel) {
		t.Errorf("level %+v after Reset to the zero options, want level %d's", e.level, MaxLevel)
	}
}

// TestEvaluateIsBounded checks that Evaluate stops within its node budget
// however much time it has.
func TestEvaluateIsBounded(t *testing.T) {
	e := New(Options{TTSize: 1 << 20})
	if _, err := e.Evaluate(context.Background(), xiangqi.NewGame()); err != nil {
		t.Fatal(err)
	}
	// Depth 1 always completes: a little slack for its last nodes.
	if e.nodes > EvaluateNodes+200 {
		t.Errorf("Evaluate searched %d nodes, want about %d at most", e.nodes, EvaluateNodes)
	}
}
