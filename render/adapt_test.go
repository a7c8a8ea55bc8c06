package render

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

func playGomoku(t *testing.T, rule gomoku.Rule, moves string) *gomoku.Game {
	t.Helper()
	g, err := gomoku.NewGame(15, rule)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range points(t, moves) {
		if _, err := g.Play(m.String()); err != nil {
			t.Fatalf("play %v: %v", m, err)
		}
	}
	return g
}

func TestGomokuFromGame(t *testing.T) {
	h := Header{Players: [2]Player{{Name: "Chen"}, {AI: true, Level: 7}}}
	renju := GomokuFromGame(playGomoku(t, gomoku.Renju, "h8 h9 i8 g7 j10 k11 j9 g9"), h, false)
	if !slices.Equal(renju.Moves, points(t, "h8 h9 i8 g7 j10 k11 j9 g9")) {
		t.Errorf("moves %v", renju.Moves)
	}
	if !slices.Contains(renju.Forbidden, Point{9, 7}) { // j8: double three
		t.Errorf("forbidden %v, want j8 among them", renju.Forbidden)
	}
	if renju.Header.Outcome.Over() || len(renju.WinLine) != 0 {
		t.Errorf("game over too early: %+v", renju.Header.Outcome)
	}
	// White to move: no forbidden points shown.
	if v := GomokuFromGame(playGomoku(t, gomoku.Renju, "h8 h9 i8 g7 j10 k11 j9"), h, false); len(v.Forbidden) != 0 {
		t.Errorf("white to move, forbidden %v", v.Forbidden)
	}

	won := GomokuFromGame(playGomoku(t, gomoku.Freestyle, "h8 h9 i9 j8 g9 g8 i7 i8 k8 f7 g7 h7 j10 k11 e8 j6 f6"), h, true)
	line := slices.Clone(won.WinLine)
	slices.SortFunc(line, func(a, b Point) int { return a.X - b.X })
	if !slices.Equal(line, points(t, "f6 g7 h8 i9 j10")) {
		t.Errorf("win line %v", won.WinLine)
	}
	if want := engine.WinFor(engine.First, engine.Five); won.Header.Outcome != want {
		t.Errorf("outcome %+v, want %+v", won.Header.Outcome, want)
	}
	resigned := h
	resigned.Outcome = engine.WinFor(engine.Second, engine.Resignation)
	if v := GomokuFromGame(playGomoku(t, gomoku.Freestyle, "h8"), resigned, false); v.Header.Outcome != resigned.Outcome {
		t.Errorf("the lifecycle's outcome was replaced: %+v", v.Header.Outcome)
	}
	var b bytes.Buffer
	if err := NewRenderer().Gomoku(&b, won, Options{}); err != nil {
		t.Fatal(err)
	}
}

// xiangqiLetters writes a view's board as FEN placement letters, rank 10
// first, '.' for an empty point, ranks separated by '/'.
func xiangqiLetters(x *Xiangqi) string {
	var b strings.Builder
	for rank := len(x.Board) - 1; rank >= 0; rank-- {
		for _, p := range x.Board[rank] {
			b.WriteString(p.String())
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

func TestXiangqiFromPosition(t *testing.T) {
	p, err := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7")
	if err != nil {
		t.Fatal(err)
	}
	h := Header{Players: [2]Player{{Name: "Wei"}}}
	x := XiangqiFromPosition(&p, xiangqi.NoMove, h, true)
	if got, want := xiangqiLetters(x), "rnbakabnr/........./.c.....c./p.p.p.p.p/........./........./P.P.P.P.P/.C.....C./........./RNBAKABNR"; got != want {
		t.Errorf("board\n%s\nwant\n%s", got, want)
	}
	if x.Board[0][4] != xiangqi.MakePiece(xiangqi.Red, xiangqi.General) || x.Board[6][0] != xiangqi.MakePiece(xiangqi.Black, xiangqi.Soldier) {
		t.Errorf("pieces misplaced: rank 1 %v, rank 7 %v", x.Board[0], x.Board[6])
	}
	if x.Turn != engine.Second || x.Ply != 13 || !x.Flip || x.Header != h {
		t.Errorf("turn %v ply %d flip %v header %+v, want second, 13, flipped, %+v", x.Turn, x.Ply, x.Flip, x.Header, h)
	}
	if x.From != nil || x.To != nil || x.Check != nil {
		t.Errorf("marks %v %v %v on a position with no last move and no check", x.From, x.To, x.Check)
	}
	if err := x.check(); err != nil {
		t.Error(err)
	}

	// Red's chariot goes b5-e5 and checks black's general on e10.
	if p, err = xiangqi.ParseFEN("r1bakab2/9/1cn3nc1/p1p3p1p/9/1R7/2P3P2/1C2B2C1/9/2BAKA1NR w - - 2 14"); err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("b5e5")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	x = XiangqiFromPosition(&p, m, h, false)
	if got, want := xiangqiLetters(x), "r.bakab../........./.cn...nc./p.p...p.p/........./....R..../..P...P../.C..B..C./........./..BAKA.NR"; got != want {
		t.Errorf("board\n%s\nwant\n%s", got, want)
	}
	if x.From == nil || *x.From != (Square{1, 4}) || x.To == nil || *x.To != (Square{4, 4}) {
		t.Errorf("last move %v-%v, want b5-e5", x.From, x.To)
	}
	if x.Check == nil || *x.Check != (Square{4, 9}) {
		t.Errorf("check %v, want e10", x.Check)
	}
	if x.Turn != engine.Second || x.Ply != 27 || x.Flip {
		t.Errorf("turn %v ply %d flip %v, want black to play move 14 (ply 27), not flipped", x.Turn, x.Ply, x.Flip)
	}
}

func TestXiangqiFromGame(t *testing.T) {
	g := midXiangqiGame(t)
	h := Header{Players: [2]Player{{Name: "Wei"}, {AI: true, Level: 3}}}
	x := XiangqiFromGame(g, h, false)
	pos, last := g.Position(), g.History()[0]
	want := XiangqiFromPosition(&pos, last, h, false)
	want.Header.Outcome = g.Outcome()
	if x.Board != want.Board || *x.From != *want.From || *x.To != *want.To || *x.Check != *want.Check ||
		x.Turn != want.Turn || x.Ply != want.Ply || x.Header != want.Header {
		t.Errorf("view of the game differs from the view of its position:\ngot  %+v\nwant %+v", x, want)
	}

	positions, err := XiangqiPositions(g, h, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(positions) != 2 || positions[0].From != nil || positions[0].Check != nil || !positions[1].Flip ||
		positions[1].Board != x.Board || *positions[1].To != *x.To || positions[0].Ply != 26 {
		t.Errorf("positions: %+v", positions)
	}
	var b bytes.Buffer
	if err := NewRenderer().XiangqiReplay(&b, positions, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}

	mate := matedXiangqi(t)
	if want := engine.WinFor(engine.First, engine.Checkmate); mate.Header.Outcome != want {
		t.Errorf("outcome %+v, want %+v from the game", mate.Header.Outcome, want)
	}
	resigned := h
	resigned.Outcome = engine.WinFor(engine.Second, engine.Resignation)
	if v := XiangqiFromGame(g, resigned, false); v.Header.Outcome != resigned.Outcome {
		t.Errorf("the lifecycle's outcome was replaced: %+v", v.Header.Outcome)
	}
}

// TestXiangqiPositionsOfAGame replays a 60-move game: every view must match
// the game's position after that many moves.
func TestXiangqiPositionsOfAGame(t *testing.T) {
	g := longXiangqiGame(t, 60)
	positions, err := XiangqiPositions(g, Header{}, false)
	if err != nil {
		t.Fatal(err)
	}
	hist := g.History()
	if len(positions) != len(hist)+1 {
		t.Fatalf("%d positions for %d moves", len(positions), len(hist))
	}
	replay := xiangqi.NewGame()
	for i := range positions {
		pos := replay.Position()
		want := XiangqiFromPosition(&pos, xiangqi.NoMove, Header{}, false)
		got := &positions[i]
		if got.Board != want.Board || got.Turn != want.Turn || got.Ply != i || (got.Check == nil) != (want.Check == nil) {
			t.Fatalf("position %d differs from the game's", i)
		}
		if i > 0 && (got.From.String()+got.To.String() != hist[i-1].String()) {
			t.Fatalf("position %d marks %v%v, want %v", i, got.From, got.To, hist[i-1])
		}
		if i < len(hist) {
			if err := replay.PlayMove(hist[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
