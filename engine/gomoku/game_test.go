package gomoku

import (
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// playAll plays moves (space-separated) into g, failing the test on error.
func playAll(t testing.TB, g *Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if _, err := g.Play(m); err != nil {
			t.Fatalf("Play(%s): %v", m, err)
		}
	}
}

func newGame(t testing.TB, size int, rule Rule) *Game {
	t.Helper()
	g, err := NewGame(size, rule)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGamePlayErrors(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		rule    Rule
		moves   string // played first
		move    string
		code    engine.Code
		message string
	}{
		{"taken", Small, Freestyle, "h8", "H 8", engine.Occupied, "h8 is already taken"},
		{"off the board", Small, Freestyle, "", "p3", engine.OffBoard,
			"p3 is off the board: columns run a–o and rows 1–15"},
		{"not a point", Small, Freestyle, "", "hh", engine.NotAPoint,
			"'hh' is not a point: write a column letter then a row number, like h8"},
		{"double three", Small, Renju, "h8 a1 j8 a2 i9 a3 i10 a4", "i8", engine.ForbiddenPoint,
			"black may not play a double three at i8"},
		{"double four", Small, Renju, "e5 a1 f5 a3 g5 a5 h6 a7 h7 a9 h8 a11", "h5", engine.ForbiddenPoint,
			"black may not play a double four at h5"},
		{"overline", Small, Renju, "c3 a1 d3 a3 e3 a5 g3 a7 h3 a9", "f3", engine.ForbiddenPoint,
			"black may not play an overline at f3"},
		{"game over", Small, Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4 l8", "b5", engine.GomokuWon,
			"the game is over: black won by five in a row"},
		{"game over for white", Large, Renju, "a1 j10 a3 j11 a5 j12 a7 j13 a9 j14", "s19", engine.GomokuWon,
			"the game is over: white won by five in a row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.size, tt.rule)
			playAll(t, g, tt.moves)
			before := g.String()
			got, err := g.Play(tt.move)
			if err == nil {
				t.Fatalf("Play(%s) = %s, want an error", tt.move, got)
			}
			if engine.ErrorCode(err) != tt.code || err.Error() != tt.message {
				t.Fatalf("Play(%s) error = %v %q, want %v %q", tt.move, engine.ErrorCode(err), err, tt.code, tt.message)
			}
			if g.String() != before {
				t.Fatalf("failed Play changed the game: %s -> %s", before, g)
			}
		})
	}
}

func TestGameWinAndUndo(t *testing.T) {
	g := newGame(t, Small, Standard)
	if g.Turn() != Black || g.Last() != NoPoint || g.Outcome().Over() {
		t.Fatal("a new game is not black to play, ongoing")
	}
	playAll(t, g, "h8 a1 i9 a2 j10 a3 k11 a4")
	if g.Turn() != Black || g.Ply() != 8 || g.Last().String() != "a4" {
		t.Fatalf("turn %v ply %d last %s", g.Turn(), g.Ply(), g.Last())
	}
	canon, err := g.Play("L 12")
	if err != nil || canon != "l12" {
		t.Fatalf("Play(L 12) = %q, %v", canon, err)
	}
	want := engine.WinFor(Black, engine.Five)
	if g.Outcome() != want {
		t.Fatalf("Outcome = %v, want %v", g.Outcome(), want)
	}
	if got := FormatMoves(g.WinningLine()); got != "h8 i9 j10 k11 l12" {
		t.Fatalf("WinningLine = %s", got)
	}
	if g.LegalMoves() != nil {
		t.Fatal("LegalMoves after the end")
	}
	if err := g.Undo(10); engine.ErrorCode(err) != engine.UndoTooMany ||
		err.Error() != "cannot take back 10 moves: only 9 played" {
		t.Fatalf("Undo(10) = %v", err)
	}
	if err := g.Undo(-1); err == nil {
		t.Fatal("Undo(-1) succeeded")
	}
	if err := g.Undo(0); err != nil || !g.Outcome().Over() {
		t.Fatalf("Undo(0) = %v, outcome %v", err, g.Outcome())
	}
	if err := g.Undo(3); err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over() || g.WinningLine() != nil || g.Ply() != 6 || g.Turn() != Black {
		t.Fatalf("after Undo(3): %v line %v ply %d", g.Outcome(), g.WinningLine(), g.Ply())
	}
	if got := strings.Join(g.Moves(), " "); got != "h8 a1 i9 a2 j10 a3" {
		t.Fatalf("Moves = %s", got)
	}
	b := g.Board()
	if b.At(PointAt(10, 10)) != Empty || b.Stones() != 6 {
		t.Fatalf("board after undo:\n%s", &b)
	}
	if err := g.Undo(6); err != nil || g.Ply() != 0 {
		t.Fatalf("Undo(6) = %v", err)
	}
	if b := g.Board(); b.Hash() != 0 {
		t.Fatal("undoing every move leaves a non-zero hash")
	}
}

func TestStandardOverlineDoesNotWin(t *testing.T) {
	g := newGame(t, Small, Standard)
	playAll(t, g, "c3 a1 d3 a3 e3 a5 g3 a7 h3 a9 f3")
	if g.Outcome().Over() {
		t.Fatalf("an overline won under standard rules: %v", g.Outcome())
	}
	g = newGame(t, Small, Freestyle)
	playAll(t, g, "c3 a1 d3 a3 e3 a5 g3 a7 h3 a9 f3")
	if g.Outcome() != engine.WinFor(Black, engine.Five) || len(g.WinningLine()) != 6 {
		t.Fatalf("freestyle overline: %v %v", g.Outcome(), g.WinningLine())
	}
}

func TestRenjuWhiteOverlineWins(t *testing.T) {
	g := newGame(t, Small, Renju)
	playAll(t, g, "a15 c3 a13 d3 a11 e3 a9 g3 a7 h3 b1 f3")
	if g.Outcome() != engine.WinFor(White, engine.Five) || len(g.WinningLine()) != 6 {
		t.Fatalf("white overline: %v %v", g.Outcome(), g.WinningLine())
	}
}

func TestRenjuFiveWithDoubleFourWins(t *testing.T) {
	// Black's f4 makes five along row 4 and two fours (column f and the
	// diagonal) at once: the five wins.
	g := newGame(t, Small, Renju)
	playAll(t, g, "b4 o1 c4 o3 d4 o5 e4 o7 f5 o9 f6 o11 f7 o13 g5 a15 h6 c15 i7 e15")
	if _, err := g.Play("f4"); err != nil {
		t.Fatal(err)
	}
	if g.Outcome() != engine.WinFor(Black, engine.Five) {
		t.Fatalf("Outcome = %v", g.Outcome())
	}
}

// TestFullBoardDraw fills the board in a pattern without three in a row
// anywhere (pairs of a colour, alternating by row), so no move wins or is
// forbidden and the last one draws.
func TestFullBoardDraw(t *testing.T) {
	for _, rule := range []Rule{Freestyle, Renju} {
		g := newGame(t, Small, rule)
		var black, white []Point
		for r := 0; r < Small; r++ {
			for c := 0; c < Small; c++ {
				if (c/2+r)%2 == 0 {
					black = append(black, PointAt(c, r))
				} else {
					white = append(white, PointAt(c, r))
				}
			}
		}
		for i := range black {
			if err := g.PlayPoint(black[i]); err != nil {
				t.Fatal(err)
			}
			if i < len(white) {
				if err := g.PlayPoint(white[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if g.Outcome() != engine.DrawBy(engine.FullBoard) {
			t.Fatalf("%v: Outcome = %v", rule, g.Outcome())
		}
		if _, err := g.Play("h8"); err == nil ||
			err.Error() != "the game is over: it was drawn, the board is full" {
			t.Fatalf("play after draw: %v", err)
		}
	}
}

func TestLegalMoves(t *testing.T) {
	g := newGame(t, Large, Freestyle)
	if got := g.LegalMoves(); !slices.Equal(got, []string{"j10"}) {
		t.Fatalf("empty board: %v", got)
	}
	playAll(t, g, "a1")
	if got := g.LegalMoves(); !slices.Equal(got, []string{"b1", "a2", "b2", "c1", "c2", "a3", "b3", "c3"}) {
		t.Fatalf("after a1: %v", got)
	}
	// Black to move under renju: the double-three point is left out.
	g = newGame(t, Small, Renju)
	playAll(t, g, "h8 a1 j8 a2 i9 a3 i10 a4")
	moves := g.LegalMoves()
	if slices.Contains(moves, "i8") || !slices.Contains(moves, "g8") || slices.Contains(moves, "h8") {
		t.Fatalf("renju legal moves: %v", moves)
	}
	fp := g.ForbiddenPoints()
	if len(fp) != 1 || fp[0] != (ForbiddenPoint{PointAt(8, 7), DoubleThree}) {
		t.Fatalf("ForbiddenPoints = %v", fp)
	}
	// White may play it.
	playAll(t, g, "o15")
	if !slices.Contains(g.LegalMoves(), "i8") {
		t.Fatal("white's legal moves leave out i8")
	}
}

func TestMarshalText(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"15 renju:", "15 renju:"},
		{"15 renju: h8 h9 i9", "15 renju: h8 h9 i9"},
		{"  19   FreeStyle :J10,K11  s19\n", "19 freestyle: j10 k11 s19"},
		{"15 standard: h8 a1 i9 a2 j10 a3 k11 a4 l12", "15 standard: h8 a1 i9 a2 j10 a3 k11 a4 l12"},
	}
	for _, tt := range tests {
		g, err := ParseGame(tt.in)
		if err != nil {
			t.Errorf("ParseGame(%q): %v", tt.in, err)
			continue
		}
		text, err := g.MarshalText()
		if err != nil || string(text) != tt.want {
			t.Errorf("MarshalText(ParseGame(%q)) = %q, %v; want %q", tt.in, text, err, tt.want)
		}
	}
	g, _ := ParseGame("15 standard: h8 a1 i9 a2 j10 a3 k11 a4 l12")
	if !g.Outcome().Over() {
		t.Error("replayed win is not over")
	}
}

func TestUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		in      string
		code    engine.Code
		message string
	}{
		{"h8 h9", engine.NotASavedGame,
			"'h8 h9' is not a saved game: write the size, the rule, a colon and the moves, like 15 renju: h8 h9"},
		{"15: h8", engine.NotASavedGame,
			"'15: h8' is not a saved game: write the size, the rule, a colon and the moves, like 15 renju: h8 h9"},
		{"17 renju: h8", engine.NotABoardSize, "'17' is not a board size: use 15 or 19"},
		{"15 go: h8", engine.NotARule, "'go' is not a rule: choose freestyle, standard or renju"},
		{"15 renju: h8 zz", engine.NotAPoint,
			"move 2: 'zz' is not a point: write a column letter then a row number, like h8"},
		{"15 renju: h8 s19", engine.OffBoard,
			"move 2: s19 is off the board: columns run a–o and rows 1–15"},
		{"15 renju: h8 h8", engine.Occupied, "move 2 (h8): h8 is already taken"},
		{"15 renju: h8 a1 j8 a2 i9 a3 i10 a4 i8", engine.ForbiddenPoint,
			"move 9 (i8): black may not play a double three at i8"},
		{"15 freestyle: h8 a1 i8 a2 j8 a3 k8 a4 l8 a5", engine.GomokuWon,
			"move 10 (a5): the game is over: black won by five in a row"},
	}
	for _, tt := range tests {
		g, _ := NewGame(Large, Freestyle)
		playAll(t, g, "j10")
		err := g.UnmarshalText([]byte(tt.in))
		if engine.ErrorCode(err) != tt.code || err.Error() != tt.message {
			t.Errorf("UnmarshalText(%q) = %v %q, want %v %q", tt.in, engine.ErrorCode(err), err, tt.code, tt.message)
		}
		if g.String() != "19 freestyle: j10" {
			t.Errorf("failed UnmarshalText changed the game to %s", g)
		}
	}
}

func TestSideNames(t *testing.T) {
	g := newGame(t, Small, Renju)
	if g.SideNames() != [2]string{"black", "white"} || Black != engine.First || White != engine.Second {
		t.Fatal("side names")
	}
	if got := engine.WinFor(White, engine.Five).Describe(g.SideNames()); got != "white wins by five in a row" {
		t.Fatalf("Describe = %q", got)
	}
}

func FuzzMoveList(f *testing.F) {
	for _, s := range []string{"h8 h9 i9", "H8,H9, i9", "", "a1 s19", "h8 hh", "p3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		moves, err := ParseMoves(text, Large)
		if err != nil {
			if c := engine.ErrorCode(err); c.Class() != engine.ClassNotation && c.Class() != engine.ClassOffBoard {
				t.Fatalf("ParseMoves(%q) error code %v", text, c)
			}
			return
		}
		again, err := ParseMoves(FormatMoves(moves), Large)
		if err != nil || !slices.Equal(again, moves) {
			t.Fatalf("round trip %q -> %q -> %v, %v", text, FormatMoves(moves), again, err)
		}
	})
}

func FuzzGameText(f *testing.F) {
	for _, s := range []string{
		"15 renju: h8 h9 i9", "19 freestyle:", "15 standard: h8 a1 i9 a2 j10 a3 k11 a4 l12",
		"15 renju: h8 a1 j8 a2 i9 a3 i10 a4 i8", "15 renju h8", "x: y", "19 RENJU: J10, K10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseGame(text)
		if err != nil {
			if engine.ErrorCode(err) == engine.OK {
				t.Fatalf("ParseGame(%q): error without a code: %v", text, err)
			}
			return
		}
		out, _ := g.MarshalText()
		again, err := ParseGame(string(out))
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", text, out, err)
		}
		out2, _ := again.MarshalText()
		if string(out2) != string(out) || again.Outcome() != g.Outcome() || again.Board() != g.Board() {
			t.Fatalf("round trip %q -> %q -> %q", text, out, out2)
		}
	})
}

// noLegalPointMoves returns moves that fill the 15×15 board except d15,
// where black would make an overline: the pattern of
// TestFullBoardDraw with its top row replaced by "B B B _ B B W W B W W W B
// W W" (112 stones of each colour, no five anywhere). The order is found
// greedily: each side plays the first of its stones that is allowed under
// rule and does not end the game.
func noLegalPointMoves(t *testing.T, rule Rule) []Point {
	t.Helper()
	top := "BBB.BBWWBWWWBWW"
	var stones [2][]Point
	for r := 0; r < Small; r++ {
		for c := 0; c < Small; c++ {
			colour := byte('W')
			if (c/2+r)%2 == 0 {
				colour = 'B'
			}
			if r == Small-1 {
				colour = top[c]
			}
			switch colour {
			case 'B':
				stones[0] = append(stones[0], PointAt(c, r))
			case 'W':
				stones[1] = append(stones[1], PointAt(c, r))
			}
		}
	}
	if len(stones[0]) != 112 || len(stones[1]) != 112 {
		t.Fatalf("pattern has %d black and %d white stones", len(stones[0]), len(stones[1]))
	}
	g := newGame(t, Small, rule)
	var moves []Point
	for len(stones[0])+len(stones[1]) > 0 {
		side := g.Ply() & 1
		played := false
		for i, p := range stones[side] {
			if g.PlayPoint(p) != nil {
				continue
			}
			last := len(stones[0])+len(stones[1]) == 1
			if g.Outcome().Over() && !last {
				if err := g.Undo(1); err != nil {
					t.Fatal(err)
				}
				continue
			}
			moves = append(moves, p)
			stones[side] = append(stones[side][:i], stones[side][i+1:]...)
			played = true
			break
		}
		if !played {
			t.Fatalf("no order found after %d moves", len(moves))
		}
	}
	return moves
}

// TestNoLegalPointDraw: under renju a game in which black, to move, has only
// forbidden points left is drawn at white's move; under freestyle the same
// point wins for black.
func TestNoLegalPointDraw(t *testing.T) {
	moves := noLegalPointMoves(t, Renju)
	g := newGame(t, Small, Renju)
	for i, p := range moves {
		if g.Outcome().Over() {
			t.Fatalf("game over after %d moves: %v", i, g.Outcome())
		}
		if err := g.PlayPoint(p); err != nil {
			t.Fatal(err)
		}
	}
	want := engine.DrawBy(engine.NoLegalPoint)
	if g.Outcome() != want {
		t.Fatalf("Outcome = %v, want %v", g.Outcome(), want)
	}
	if fp := g.ForbiddenPoints(); len(fp) != 1 || fp[0].Point.String() != "d15" || fp[0].Foul != Overline {
		t.Fatalf("forbidden points = %v", fp)
	}
	if _, err := g.Play("d15"); err == nil ||
		err.Error() != "the game is over: it was drawn, every point left is forbidden to black" {
		t.Fatalf("play after the draw: %v", err)
	}
	// The text form replays to the same end.
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseGame(string(text))
	if err != nil || back.Outcome() != want {
		t.Fatalf("ParseGame: %v, %v", back.Outcome(), err)
	}
	// Taking white's last move back reopens the game.
	if err := g.Undo(1); err != nil || g.Outcome().Over() {
		t.Fatalf("Undo: %v, %v", g.Outcome(), err)
	}

	free := newGame(t, Small, Freestyle)
	for _, p := range moves {
		if err := free.PlayPoint(p); err != nil {
			t.Fatal(err)
		}
	}
	if free.Outcome().Over() {
		t.Fatalf("freestyle: %v", free.Outcome())
	}
	if _, err := free.Play("d15"); err != nil || free.Outcome() != engine.WinFor(Black, engine.Five) {
		t.Fatalf("freestyle d15: %v, %v", free.Outcome(), err)
	}
}
