package ai

import (
	"context"
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// TestFutile checks when static futility pruning may stop a node: only a
// null window, within futilityDepth of the horizon, with the evaluation
// above beta by the level's margin for each ply past the first, beta not a
// proven result, the opponent threatening no open four, and only at a level
// with a margin.
func TestFutile(t *testing.T) {
	start := func(t *testing.T, level int, g *gomoku.Game) *Engine {
		t.Helper()
		e := New(Options{Level: level})
		if err := e.begin(context.Background(), g, 0); err != nil {
			t.Fatal(err)
		}
		return e
	}
	quiet := position(t, 15, gomoku.Freestyle, "h8 i8", "h7 k10")
	e := start(t, 10, quiet)
	m := e.lv.futility
	if m == 0 {
		t.Fatal("level 10 has no futility margin")
	}
	v := e.st.eval()
	for _, c := range []struct {
		name        string
		depth, beta int
		window      int
		want        bool
	}{
		{"depth 1, beta at the evaluation", 1, v, 1, true},
		{"depth 1, beta just above it", 1, v + 1, 1, false},
		{"depth 3, two margins below", 3, v - 2*m, 1, true},
		{"depth 3, just under two margins below", 3, v - 2*m + 1, 1, false},
		{"futilityDepth, a margin for each ply past the first", futilityDepth, v - (futilityDepth-1)*m, 1, true},
		{"past futilityDepth", futilityDepth + 1, v - 100*m, 1, false},
		{"open window", 1, v - 100*m, 2, false},
		{"beta a proven win", 1, winBound, 1, false},
		{"beta a proven loss", 1, -winBound, 1, false},
	} {
		got, ok := e.futile(c.depth, c.beta-c.window, c.beta)
		if ok != c.want || ok && got != v {
			t.Errorf("%s: futile = %d, %v; want %v (eval %d, margin %d)", c.name, got, ok, c.want, v, m)
		}
	}

	// White has an open three (f10 or j10 makes an open four): black must
	// answer it, whatever the evaluation says.
	threat := position(t, 15, gomoku.Freestyle, "h8 j6 k5", "g10 h10 i10")
	e = start(t, 10, threat)
	if _, ok := e.futile(1, -winBound+1, -winBound+2); ok {
		t.Error("futile with the opponent threatening an open four")
	}

	// Levels 1-9 search every node.
	for level := MinLevel; level < MaxLevel; level++ {
		e = start(t, level, quiet)
		if _, ok := e.futile(1, -winBound+1, -winBound+2); ok {
			t.Errorf("level %d prunes by futility", level)
		}
	}
}
