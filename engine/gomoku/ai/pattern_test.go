package ai

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// lineShape places line (X black, O white, . empty, _ the point asked about)
// on row 8 of a 15×15 board and returns the shape side makes at _ along the
// row under rule.
func lineShape(t *testing.T, line string, side engine.Side, rule gomoku.Rule) shape {
	t.Helper()
	b, err := gomoku.NewBoard(gomoku.Small, rule)
	if err != nil {
		t.Fatal(err)
	}
	start := (gomoku.Small - len(line)) / 2
	target := gomoku.NoPoint
	for i, ch := range line {
		p := gomoku.PointAt(start+i, 7)
		switch ch {
		case 'X':
			b.Put(p, gomoku.Black)
		case 'O':
			b.Put(p, gomoku.White)
		case '_':
			target = p
		}
	}
	st := newState(*b, side)
	return st.shp[side][target][0]
}

func TestLineShapes(t *testing.T) {
	tests := []struct {
		line        string
		free, exact shape
	}{
		{"._XXXX.", shFive, shFive},
		{"X_XXXX.", shFive, shOverline},
		{"._XXX..", shFlex4, shFlex4},
		{"O_XXX..", shBlock4, shBlock4},
		{".XX_.XX.", shBlock4, shBlock3}, // the gap makes six: a five only in freestyle
		{".X_XX.X.", shFlex4, shBlock4},
		{"._XX...", shFlex3, shFlex3},
		{"._X.X..", shFlex3, shFlex3},
		{"O_XX...", shBlock3, shBlock3},
		{".._X...", shFlex2, shFlex2},
		{"O_X....", shBlock2, shBlock2},
		{"..._...", shFlex1, shFlex1},
		{"O_O", shNone, shNone},
		{"O.._.O", shNone, shNone}, // four points between whites: no room for five
		{"O._...O", shBlock1, shBlock1},
		{"O._....O", shFlex1, shFlex1},
	}
	swap := strings.NewReplacer("X", "O", "O", "X")
	for _, tt := range tests {
		if got := lineShape(t, tt.line, gomoku.Black, gomoku.Freestyle); got != tt.free {
			t.Errorf("freestyle black %q = %d, want %d", tt.line, got, tt.free)
		}
		if got := lineShape(t, tt.line, gomoku.Black, gomoku.Standard); got != tt.exact {
			t.Errorf("standard black %q = %d, want %d", tt.line, got, tt.exact)
		}
		if got := lineShape(t, swap.Replace(tt.line), gomoku.White, gomoku.Standard); got != tt.exact {
			t.Errorf("standard white %q = %d, want %d", swap.Replace(tt.line), got, tt.exact)
		}
		// Renju: black needs exactly five, white may make more.
		if got := lineShape(t, tt.line, gomoku.Black, gomoku.Renju); got != tt.exact {
			t.Errorf("renju black %q = %d, want %d", tt.line, got, tt.exact)
		}
		if got := lineShape(t, swap.Replace(tt.line), gomoku.White, gomoku.Renju); got != tt.free {
			t.Errorf("renju white %q = %d, want %d", swap.Replace(tt.line), got, tt.free)
		}
	}
}

func TestSwapColours(t *testing.T) {
	for _, k := range []uint32{0, 1, 2, 3, 0x12345, 0xfffff, 0xaaaaa, 0x55555} {
		if swapColours(swapColours(k)) != k {
			t.Errorf("swap twice %#x != itself", k)
		}
	}
	// black, white, wall, empty -> white, black, wall, empty
	if got := swapColours(cBlack | cWhite<<2 | cWall<<4); got != cWhite|cBlack<<2|cWall<<4 {
		t.Errorf("swapColours = %#x", got)
	}
}

// TestIncrementalMatchesFresh plays and takes back random stones and checks
// after each step that the incrementally kept state equals one computed from
// scratch.
func TestIncrementalMatchesFresh(t *testing.T) {
	for _, tc := range []struct {
		size int
		rule gomoku.Rule
	}{{15, gomoku.Freestyle}, {15, gomoku.Renju}, {19, gomoku.Standard}} {
		rng := rand.New(rand.NewPCG(uint64(tc.size), uint64(tc.rule)))
		b, _ := gomoku.NewBoard(tc.size, tc.rule)
		st := newState(*b, gomoku.Black)
		var played []int
		for step := 0; step < 400; step++ {
			if len(played) > 0 && (rng.IntN(3) == 0 || len(played) > 120) {
				st.take(played[len(played)-1])
				played = played[:len(played)-1]
			} else {
				var p int
				for {
					p = int(st.pts[rng.IntN(len(st.pts))])
					if st.cell[p] == cEmpty {
						break
					}
				}
				st.put(p)
				played = append(played, p)
			}
			fresh := newState(st.board, st.stm)
			for _, diff := range []struct {
				name string
				same bool
			}{
				{"keys", fresh.key == st.key}, {"shapes", fresh.shp == st.shp},
				{"threats", fresh.thr == st.thr}, {"values", fresh.val == st.val},
				{"sums", fresh.sum == st.sum}, {"evaluation sums", fresh.esum == st.esum}, {"threat counts", fresh.nthr == st.nthr},
				{"near", fresh.near == st.near}, {"renju flags", fresh.sus == st.sus},
			} {
				if !diff.same {
					t.Fatalf("%d×%d %s step %d: incremental %s differ from fresh ones\n%s",
						tc.size, tc.size, tc.rule, step, diff.name, st.board.String())
				}
			}
		}
	}
}
