package ai

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// TestResetMatchesNew reuses one engine through Reset for positions of
// every rule at every level, and checks each search against a new engine's
// with the same options: same move, score, depth, nodes and line. Fixed
// node budgets make the searches deterministic, so anything an earlier
// search left behind would show.
func TestResetMatchesNew(t *testing.T) {
	games := []string{
		benchGame,
		"15 renju: h8 h9 i8 g8 i9 i10 j10 g7",
		"15 standard: h8 i9 g7 j10 i8 g8 h9 h10 h7",
		"19 freestyle: j10 k11 k10 j11 l10 m10",
		"15 freestyle: h8 a1 i8 a2 j8 a3", // black makes an open four
	}
	reused := New(Options{TTSize: 1 << 20})
	ctx := context.Background()
	for i, text := range games {
		g, err := gomoku.ParseGame(text)
		if err != nil {
			t.Fatal(err)
		}
		for level := 1; level <= 10; level++ {
			opt := Options{Level: level, Seed: int64(7*level + i), TTSize: 1 << 20, MoveTime: time.Hour, MaxNodes: 4000}
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
				got.Nodes != want.Nodes || got.By != want.By || !slices.Equal(got.PV, want.PV) {
				t.Errorf("%s at level %d: reused engine %+v, new engine %+v", text, level, got, want)
			}
			wantScore, err := New(opt).Evaluate(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			reused.Reset(opt)
			if s, err := reused.Evaluate(ctx, g); err != nil || s != wantScore {
				t.Errorf("%s at level %d: reused engine evaluates %d, %v; new engine %d", text, level, s, err, wantScore)
			}
		}
	}
}

// TestResetResizes checks that Reset to another table size gives the
// tables of that size, and to the same size keeps their memory.
func TestResetResizes(t *testing.T) {
	e := New(Options{TTSize: 1 << 20})
	tt := &e.tt.entries[0]
	e.Reset(Options{Level: 5, TTSize: 1 << 20})
	if &e.tt.entries[0] != tt {
		t.Error("Reset to the same size made a new table")
	}
	e.Reset(Options{TTSize: 4 << 20})
	if n := New(Options{TTSize: 4 << 20}); len(e.tt.entries) != len(n.tt.entries) || len(e.threats.entries) != len(n.threats.entries) {
		t.Errorf("after Reset to 4 MiB: %d and %d entries, want %d and %d",
			len(e.tt.entries), len(e.threats.entries), len(n.tt.entries), len(n.threats.entries))
	}
	if e.Level() != 1 {
		t.Errorf("level %d after Reset to the zero options, want 1", e.Level())
	}
}

// TestEvaluateIsBounded checks that Evaluate stops within its node budget
// however much time it has. (EvaluateNodes is a safety bound: depth 4
// takes at most about 5,500 nodes in the positions tried, so the test
// sets a smaller MaxNodes, which Evaluate takes when it is smaller.)
func TestEvaluateIsBounded(t *testing.T) {
	g, err := gomoku.ParseGame("19 freestyle: j10 k11 k10 j11 l10 m10 h12 l12")
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{Level: 10, TTSize: 1 << 20, MaxNodes: 500})
	if _, err := e.Evaluate(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	// The search stops at the first check after the budget: every 1024 nodes.
	if e.nodes > 500+1024 {
		t.Errorf("Evaluate searched %d nodes, want about 500 at most", e.nodes)
	}
}
