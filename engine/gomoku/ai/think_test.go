package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// think runs a deterministic search (a node budget, no clock) at level and
// returns its result.
func think(t *testing.T, g *gomoku.Game, level int) Result {
	t.Helper()
	e := New(Options{Level: level, Seed: 1, MaxNodes: 200000, MoveTime: 1 << 62, TTSize: 1 << 20})
	r, err := e.Think(context.Background(), g)
	if err != nil {
		t.Fatalf("Think: %v", err)
	}
	return r
}

func TestPlaysFive(t *testing.T) {
	// Black to move has a four (e8-h8) and white threatens five too.
	g := diagram(t, 15, gomoku.Freestyle,
		"", "", "", "", "", "", "",
		". . . . X X X X . . . . . . .", // row 8
		". . . . . . . . . . . . . . .",
		". . O O O O . . . . . . . . .", // row 6
	)
	for level := 3; level <= 10; level++ {
		r := think(t, g, level)
		if r.Text != "d8" && r.Text != "i8" {
			t.Errorf("level %d played %s, want the five at d8 or i8", level, r.Text)
		}
		if !IsWin(r.Score) || WinIn(r.Score) != 1 {
			t.Errorf("level %d: score %d is not a win in 1", level, r.Score)
		}
	}
}

// TestVCFScoreCountsEveryPly: a VCF's score is a win in as many plies as
// the game takes to the five, the block of the open four it ends with and
// the five included. Here black wins by k9 (four), j9 (block), k8 (open
// four), a block at either end and the five at the other: 5 plies.
func TestVCFScoreCountsEveryPly(t *testing.T) {
	g, err := gomoku.ParseGame("15 freestyle: h8 f6 i9 g5 i7 i6 g9 j6 h9 f9 h7 h6 g6 l6 k6 i8 k7 j7")
	if err != nil {
		t.Fatal(err)
	}
	r := think(t, g, 10)
	if r.By != "vcf" || WinIn(r.Score) != 5 {
		t.Fatalf("%s by %s, a win in %d plies (score %d), want a VCF in 5", r.Text, r.By, WinIn(r.Score), r.Score)
	}
	// Play the line (both sides' moves), then let the engine play on for
	// both sides, and count the plies to the five.
	plies := 0
	for _, p := range r.PV {
		if err := g.PlayPoint(p); err != nil {
			t.Fatalf("the line %v: %s: %v", r.PV, p, err)
		}
		plies++
	}
	for !g.Outcome().Over() && plies < 10 {
		if err := g.PlayPoint(think(t, g, 10).Move); err != nil {
			t.Fatal(err)
		}
		plies++
	}
	if o := g.Outcome(); o.Status != engine.Win || o.Winner != gomoku.Black || plies != 5 {
		t.Errorf("the line ended %v after %d plies, want black's five after 5", o, plies)
	}
}

func TestBlocksFour(t *testing.T) {
	// White has a four (e6-h6, d6 taken) and a strong shape elsewhere;
	// black, to move, has an open three that cannot wait.
	g := diagram(t, 15, gomoku.Freestyle,
		"", "", "", "", "",
		". . . . . . . . . . . . . . .",
		". . . . . . X X X . . . . . .", // row 9: black open three
		". . . . . . . . . . . . . . .",
		". . . . . . . . . . . . . . .",
		". . . X O O O O . . . . . . .", // row 6
		". . . . . . . . X . . . . . .",
	)
	for level := 3; level <= 10; level++ {
		if r := think(t, g, level); r.Text != "i6" {
			t.Errorf("level %d played %s, want the block at i6", level, r.Text)
		}
	}
}

func TestAnswersOpenThree(t *testing.T) {
	// White has an open three g7-i7; black has scattered stones and no four.
	g := diagram(t, 15, gomoku.Freestyle,
		"", "", "", "", "",
		". . . . . . . . . . . . . . .",
		". . . . . X . . . . . . . . .", // row 9
		". . . . . . . . . X . . . . .",
		". . . . . . O O O . . . . . .", // row 7
		". . . . . . . X . . . . . . .",
	)
	defences := []string{"f7", "j7", "e7", "k7"}
	for level := 4; level <= 10; level++ {
		if r := think(t, g, level); !slices.Contains(defences, r.Text) {
			t.Errorf("level %d played %s, want one of %v", level, r.Text, defences)
		}
	}
}

func TestOwnVCFBeatsOpenThree(t *testing.T) {
	// White has an open three, but black wins first by fours: d12 makes a
	// four (d9-d12), the block at d13 or d8... black's stones on the d file
	// and the 12th row give a four-four.
	g := diagram(t, 15, gomoku.Freestyle,
		"", "", "",
		". . . . . . . . . . . . . . .", // row 12
		". . . X . . . . . . . . . . .", // row 11
		". . . X . . . . . . . . . . .", // row 10
		". . . X . . . . . . . . . . .", // row 9
		". . O . . . . . . . . . . . .", // row 8
		". . . . . . O O O . . . . . .", // row 7
		". . . . . . . . . . . . . . .",
		". . . . . X X X . . . . . . .", // row 5
		". . . . . O . . O . . . . . .", // row 4
	)
	for level := 3; level <= 10; level++ {
		r := think(t, g, level)
		if !IsWin(r.Score) {
			t.Errorf("level %d played %s scoring %d, want a forced win", level, r.Text, r.Score)
		}
	}
}

func TestThinkErrors(t *testing.T) {
	g := diagram(t, 15, gomoku.Freestyle, "X X X X . . .", "O O O O . . .")
	if err := g.PlayPoint(at(t, "e15", 15)); err != nil {
		t.Fatal(err)
	}
	_, err := New(Options{Level: 5}).Think(context.Background(), g)
	if engine.ErrorCode(err) != engine.GameWon {
		t.Fatalf("Think after the end: err = %v, want a game-over error", err)
	}
	if _, err := New(Options{}).Think(context.Background(), nil); err == nil {
		t.Fatal("Think(nil) did not fail")
	}
}

func TestEmptyBoardPlaysCentre(t *testing.T) {
	for _, size := range []int{15, 19} {
		g, _ := gomoku.NewGame(size, gomoku.Renju)
		if r := think(t, g, 10); r.Move != gomoku.Centre(size) {
			t.Errorf("%d×%d: first move %s, want the centre", size, size, r.Text)
		}
	}
}

func TestStandardOverlineDoesNotWin(t *testing.T) {
	rows := []string{
		"", "", "", "", "", "", "",
		". . O X X X X . X . . . . . .", // row 8: h8 would make six
		"", "",
		". . . . . O . O . O . . . . .", // row 5
		"", "",
		". . . . . . . . . . . . . . .", // row 2
		"O . . . . . . . . . . . . . .", // row 1
	}
	free := think(t, diagram(t, 15, gomoku.Freestyle, rows...), 10)
	if free.Text != "h8" || free.By != "five" {
		t.Errorf("freestyle: played %s (%s), want the winning overline h8", free.Text, free.By)
	}
	std := think(t, diagram(t, 15, gomoku.Standard, rows...), 10)
	if std.By == "five" || IsWin(std.Score) && WinIn(std.Score) == 1 {
		t.Errorf("standard: played %s (%s, %d) as if six won", std.Text, std.By, std.Score)
	}
}

func TestLargeBoardEdges(t *testing.T) {
	// On 19×19, black's four on the right edge (s16-s19) must be blocked
	// at s15 and white's own four completed first when it has one.
	rows := []string{
		". . . . . . . . . . . . . . . . . . X", // row 19
		". . . . . . . . . . . . . . . . . . X",
		". . . . . . . . . . . . . . . . . . X",
		". . . . . . . . . . . . . . . . . . X", // row 16
		". . . . . . . . . . . . . . . . . . .",
		". . . . . . . . . . . . . . . O O O .", // row 14
		". . . . . . . . . . . . . . . . . . .",
		". . . . . . . . . . . . . . . . . . .",
		". . . . . . . . . . . . . . . . . . .",
		". . . . . . . . . O . . . . . . . . .", // row 10
	}
	g := diagram(t, 19, gomoku.Freestyle, rows...)
	if r := think(t, g, 10); r.Text != "s15" {
		t.Errorf("19×19: white played %s, want the block s15", r.Text)
	}
}

// doubleThreeAtH8 returns a game under rule, black to move, in which h8
// would give black two open threes (h8-j8... and h8-h10): a double three,
// forbidden in renju.
func doubleThreeAtH8(t *testing.T, rule gomoku.Rule) *gomoku.Game {
	t.Helper()
	return diagram(t, 15, rule,
		"", "", "", "",
		". . . . . . . . . . . . . . .", // row 11
		". . . . . . . X . . . . . . .", // row 10
		". . . . . . . X . . . . . . .", // row 9
		". . . . . . . . X X . . . . .", // row 8
		". . . . . . . . . . . . . . .",
		". . . . O . . . . . . . . . .",
		". . . . . . . . . . . . . . O",
		". . . . . . . . . . . . . . .",
		". . . . . . . . . . . O . . .",
		". . . . . . . . . . . . . . .",
		"O . . . . . . . . . . . . . .", // row 1
	)
}

// renjuDoubleThreeAtH8 is doubleThreeAtH8 under renju, checked, with its
// board and the point h8.
func renjuDoubleThreeAtH8(t *testing.T) (*gomoku.Game, gomoku.Board, gomoku.Point) {
	t.Helper()
	g := doubleThreeAtH8(t, gomoku.Renju)
	b := g.Board()
	h8 := at(t, "h8", 15)
	if b.Forbidden(h8) != gomoku.DoubleThree {
		t.Fatalf("test position: h8 is %v, want a double three", b.Forbidden(h8))
	}
	return g, b, h8
}

func TestRenjuBlackAvoidsForbidden(t *testing.T) {
	// h8 would give black two open threes (h8-j8... and h8-h10): a double
	// three, forbidden in renju. Black must play elsewhere; in freestyle
	// the same point is black's best move.
	g, b, _ := renjuDoubleThreeAtH8(t)
	for level := 1; level <= 10; level++ {
		r := think(t, g, level)
		if f := b.Forbidden(r.Move); f != gomoku.NoFoul {
			t.Errorf("level %d: black played %s, a %v", level, r.Text, f)
		}
	}
	free := think(t, doubleThreeAtH8(t, gomoku.Freestyle), 10)
	if free.Text != "h8" {
		t.Errorf("freestyle: black played %s, want the double three h8", free.Text)
	}
}

func TestRenjuWhiteForcesForbidden(t *testing.T) {
	// Black's h8 is a double-three point (i8 j8 and h9 h10). White's
	// diagonal g9 f10 e11, capped by black at c13 and i7: d12 makes a four
	// whose only five point is h8, where black may not play.
	black, white := "i8 j8 h9 h10 c13 i7", "g9 f10 e11 a1 o1"
	g := position(t, 15, gomoku.Renju, black, white)
	b := g.Board()
	if f := b.Forbidden(at(t, "h8", 15)); f != gomoku.DoubleThree {
		t.Fatalf("test position: h8 is %v for black, want a double three", f)
	}
	for level := 3; level <= 10; level++ {
		r := think(t, g, level)
		if r.Text != "d12" || !IsWin(r.Score) {
			t.Errorf("level %d: white played %s scoring %d, want the winning four d12", level, r.Text, r.Score)
		}
	}
	// Black cannot stop h8 now; white makes five there next.
	if _, err := g.Play("d12"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play("h8"); engine.ErrorCode(err) != engine.ForbiddenPoint {
		t.Fatalf("black h8: err = %v, want forbidden", err)
	}
	r := think(t, g, 10)
	if err := g.PlayPoint(r.Move); err != nil {
		t.Fatal(err)
	}
	if r := think(t, g, 10); r.Text != "h8" {
		t.Errorf("white's next move %s, want the five h8", r.Text)
	}
	// In freestyle black simply blocks h8.
	free := position(t, 15, gomoku.Freestyle, black, white)
	if _, err := free.Play("d12"); err != nil {
		t.Fatal(err)
	}
	if r := think(t, free, 10); r.Text != "h8" {
		t.Errorf("freestyle: black played %s, want the block h8", r.Text)
	}
}

func TestFarPointFallback(t *testing.T) {
	// The search looks only at points within two of a stone. When every
	// such point is forbidden to black but a far one is legal, it must fall
	// back to the far points rather than give up. A real position like that
	// needs the whole board filled around a forbidden ring (the corner
	// attempts force a black five), so this test makes one out of the
	// double-three position of TestRenjuBlackAvoidsForbidden by clearing
	// the "near a stone" marks of every point but the forbidden h8.
	g, b, h8 := renjuDoubleThreeAtH8(t)
	e := New(Options{Level: 10, MaxNodes: 50000, MoveTime: 1 << 62, TTSize: 1 << 20})
	if err := e.begin(context.Background(), g, 0); err != nil {
		t.Fatal(err)
	}
	for _, p := range e.st.pts {
		if p != int16(h8) {
			e.st.near[p] = 0
		}
	}
	var want []int16
	for _, p := range e.st.pts {
		if b.At(gomoku.Point(p)) == gomoku.Empty && b.Forbidden(gomoku.Point(p)) == gomoku.NoFoul {
			want = append(want, p)
		}
	}
	got := slices.Clone(e.gen(0, 0))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("fallback moves: got %d points, want the %d legal empty points", len(got), len(want))
	}
	r, err := e.think()
	if err != nil {
		t.Fatalf("think with only far points legal: %v", err)
	}
	if r.Move == h8 || b.At(r.Move) != gomoku.Empty || b.Forbidden(r.Move) != gomoku.NoFoul {
		t.Errorf("played %s, want a legal far point", r.Move)
	}
}
