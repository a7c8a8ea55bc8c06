package ai

import (
	"context"
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// TestMoveCount checks move-count pruning: a level-10 node one ply from the
// horizon searches its quiet moves only among its first moveCount[1], and
// always searches the moves that make a three or stop a four; a level
// without it searches every move gen lists.
func TestMoveCount(t *testing.T) {
	// children runs a fresh engine's depth-1 search of g with a null window
	// that every move fails low against (no cut-off, no re-search, no
	// futility), and returns how many children it searched (each is one
	// node at the horizon) and whether each move gen listed, in order, is
	// quiet.
	children := func(t *testing.T, level int, g *gomoku.Game) (n int, quiet []bool) {
		t.Helper()
		e := New(Options{Level: level})
		if err := e.begin(context.Background(), g, 0); err != nil {
			t.Fatal(err)
		}
		st := e.st
		me, you := st.stm, st.stm.Other()
		for _, m := range e.gen(1, e.lv.width) {
			quiet = append(quiet, st.thr[me][m] < tThree && st.thr[you][m] < tFour)
		}
		before := e.nodes
		e.search(1, winBound-2, winBound-1, 1)
		return int(e.nodes - before - 1), quiet
	}
	count := func(quiet []bool, want bool) int {
		n := 0
		for _, q := range quiet {
			if q == want {
				n++
			}
		}
		return n
	}

	// Black to move with nothing to make a three from: every move is quiet.
	calm := position(t, 15, gomoku.Freestyle, "h8 d4", "l12 m3")
	n, quiet := children(t, 10, calm)
	if count(quiet, false) != 0 || len(quiet) <= moveCount[1] {
		t.Fatalf("calm position: %d moves, %d of them not quiet; want more than %d, all quiet", len(quiet), count(quiet, false), moveCount[1])
	}
	if n != moveCount[1] {
		t.Errorf("level 10, calm position: searched %d of %d moves, want the first %d", n, len(quiet), moveCount[1])
	}
	if n, quiet := children(t, 9, calm); n != len(quiet) {
		t.Errorf("level 9, calm position: searched %d of %d moves, want all", n, len(quiet))
	}

	// Black to move with three open twos makes an open three at more points
	// than moveCount[1]: each of them is searched, and the quiet moves only
	// among the first moveCount[1].
	twos := position(t, 15, gomoku.Freestyle, "h8 i8 c3 c4 m13 n12", "a15 o1 a1 o15 h1 a8")
	n, quiet = children(t, 10, twos)
	threes := count(quiet, false)
	if threes <= moveCount[1] {
		t.Fatalf("twos: %d moves make a three; want more than %d", threes, moveCount[1])
	}
	want := threes
	for i, q := range quiet {
		if q && i < moveCount[1] {
			want++
		}
	}
	if n != want {
		t.Errorf("level 10, twos: searched %d of %d moves (%d make a three), want %d", n, len(quiet), threes, want)
	}
}
