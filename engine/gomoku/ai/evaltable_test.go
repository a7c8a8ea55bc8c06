package ai

import (
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// TestEvalComboIgnoresDirection checks that a point's worth in level 10's
// evaluation depends only on the set of its four line shapes, read from
// evalCombo in the documented order.
func TestEvalComboIgnoresDirection(t *testing.T) {
	tb := tables()
	set := map[[4]shape]int{}
	for a := shape(0); a < shapeCount; a++ {
		for b := a; b < shapeCount; b++ {
			for c := b; c < shapeCount; c++ {
				for d := c; d < shapeCount; d++ {
					set[[4]shape{a, b, c, d}] = len(set)
				}
			}
		}
	}
	if len(set) != comboSets {
		t.Fatalf("%d sets of four shapes, comboSets is %d", len(set), comboSets)
	}
	for i := range tb.combos {
		s := comboShapes(i)
		sorted := s
		slices.Sort(sorted[:])
		k := set[sorted]
		want := [2]int32{int32(evalCombo[toMove][k]), int32(evalCombo[moved][k])}
		if got := tb.combos[comboIndex(&s)]; got.ev != want || int(got.set) != k {
			t.Fatalf("shapes %v: ev %v, set %d; want evalCombo's %v, set %d", s, got.ev, got.set, want, k)
		}
	}
}

func TestThreatMask(t *testing.T) {
	tests := []struct {
		name         string
		black, white string
		want         int
	}{
		{"nothing", "a1 o1 a15", "o15 c1 a3", 0},
		{"the side to move can make an open three", "g8 h8 a1", "a15 o15 o1", 1 << 1},
		{"the opponent has an open three", "a1 o1 a15", "f8 g8 h8", 1<<2 | 1<<6},
		{"the opponent has a closed three", "d8 a1 o1", "e8 f8 g8", 1 << 2},
		{"the opponent can make a four-three", "d8 a1 o1 a15 o15", "e8 f8 g8 i9 i10", 1<<2 | 1<<3 | 1<<5},
	}
	for _, tt := range tests {
		g := position(t, gomoku.Small, gomoku.Freestyle, tt.black, tt.white)
		s := newState(g.Board(), g.Turn())
		if got := s.threatMask(); got != tt.want {
			t.Errorf("%s: threatMask %07b, want %07b", tt.name, got, tt.want)
		}
	}
}
