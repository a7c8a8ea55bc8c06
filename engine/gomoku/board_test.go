package gomoku

import (
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// Each picture has the stone just played on a marked point: 'b' for a black
// stone, 'w' for a white one.
var winCases = []struct {
	name    string
	size    int
	picture string
	line    string // the winning line, by rule; "" for no win
	rules   map[Rule]bool
}{
	{"five in a row", Small, `
		. . . . . . . .
		. X X b X X . .
		. . . . . . . .`, "b2 c2 d2 e2 f2",
		map[Rule]bool{Freestyle: true, Standard: true, Renju: true}},
	{"four is not five", Small, `
		. . . . . . . .
		. X X b X . . .
		. . . . . . . .`, "",
		map[Rule]bool{}},
	{"black overline", Small, `
		. . . . . . . .
		. X X b X X X .
		. . . . . . . .`, "b2 c2 d2 e2 f2 g2",
		map[Rule]bool{Freestyle: true}},
	{"white overline", Small, `
		. . . . . . . .
		. O O w O O O .
		. . . . . . . .`, "b2 c2 d2 e2 f2 g2",
		map[Rule]bool{Freestyle: true, Renju: true}},
	{"white five on the diagonal", Small, `
		. . . . . . .
		. . . . . O .
		. . . . O . .
		. . . w . . .
		. . O . . . .
		. O . . . . .
		. . . . . . .`, "b2 c3 d4 e5 f6",
		map[Rule]bool{Freestyle: true, Standard: true, Renju: true}},
	{"black five on the anti-diagonal, in the corner", Small, `
		X . . . .
		. X . . .
		. . b . .
		. . . X .
		. . . . X`, "e1 d2 c3 b4 a5",
		map[Rule]bool{Freestyle: true, Standard: true, Renju: true}},
	{"a white stone breaks the line", Small, `
		. . . . . . . .
		. X X b O X X .
		. . . . . . . .`, "",
		map[Rule]bool{}},
	{"19x19: five along the bottom edge", Large, `
		. . . . . . . . . . . . . . O O w O O`, "o1 p1 q1 r1 s1",
		map[Rule]bool{Freestyle: true, Standard: true, Renju: true}},
	{"19x19: five in the s column", Large, `
		. . . . . . . . . . . . . . . . . . X
		. . . . . . . . . . . . . . . . . . X
		. . . . . . . . . . . . . . . . . . b
		. . . . . . . . . . . . . . . . . . X
		. . . . . . . . . . . . . . . . . . X`, "s1 s2 s3 s4 s5",
		map[Rule]bool{Freestyle: true, Standard: true, Renju: true}},
}

func TestWins(t *testing.T) {
	for _, tc := range winCases {
		for _, rule := range []Rule{Freestyle, Standard, Renju} {
			t.Run(tc.name+"/"+rule.String(), func(t *testing.T) {
				b, marks := diagram(t, tc.size, rule, tc.picture)
				p, side := marks['b'], Black
				if w, ok := marks['w']; ok {
					p, side = w, White
				}
				b.Put(p, side)
				want := tc.rules[rule]
				if got := b.Wins(p); got != want {
					t.Fatalf("Wins(%s) = %v, want %v\n%s", p, got, want, b)
				}
				line := b.WinningLine(p)
				if !want {
					if line != nil {
						t.Fatalf("WinningLine(%s) = %v, want none", p, line)
					}
					return
				}
				var names []string
				for _, q := range line {
					names = append(names, q.String())
				}
				slices.Sort(names)
				wantLine := slicesSorted(tc.line)
				if !slices.Equal(names, wantLine) {
					t.Fatalf("WinningLine(%s) = %v, want %v", p, names, wantLine)
				}
			})
		}
	}
}

func slicesSorted(text string) []string {
	out := strings.Fields(text)
	slices.Sort(out)
	return out
}

func TestPutTakeHash(t *testing.T) {
	b, err := NewBoard(Small, Renju)
	if err != nil {
		t.Fatal(err)
	}
	empty := *b
	moves := []Point{Centre(Small), PointAt(8, 8), PointAt(6, 6), PointAt(0, 0), PointAt(14, 14)}
	hashes := map[uint64]bool{0: true}
	for i, p := range moves {
		b.Put(p, engine.Side(i&1))
		if hashes[b.Hash()] {
			t.Fatalf("hash repeats after %d stones", i+1)
		}
		hashes[b.Hash()] = true
	}
	if b.Stones() != len(moves) {
		t.Fatalf("Stones() = %d", b.Stones())
	}
	// The hash depends on the stones only, not on the order they came in.
	other, _ := NewBoard(Small, Renju)
	for i := len(moves) - 1; i >= 0; i-- {
		other.Put(moves[i], engine.Side(i&1))
	}
	if other.Hash() != b.Hash() {
		t.Fatal("hash depends on move order")
	}
	for i := len(moves) - 1; i >= 0; i-- {
		b.Take(moves[i])
	}
	if *b != empty {
		t.Fatal("Put then Take did not restore the board")
	}
	if ZobristKey(Centre(Small), BlackStone) == ZobristKey(Centre(Small), WhiteStone) {
		t.Fatal("black and white share a key")
	}
}

func TestNewBoard(t *testing.T) {
	for _, size := range []int{Small, Large} {
		b, err := NewBoard(size, Standard)
		if err != nil || b.Size() != size || b.Rule() != Standard || b.Stones() != 0 || b.Full() {
			t.Fatalf("NewBoard(%d) = %v, %v", size, b, err)
		}
	}
	if _, err := NewBoard(17, Renju); err == nil || err.Error() != "a board is 15 or 19 points across, not 17" {
		t.Errorf("NewBoard(17) error = %v", err)
	}
	if _, err := NewBoard(Small, Rule(9)); err == nil {
		t.Error("NewBoard accepted rule 9")
	}
}

func TestBoardPlay(t *testing.T) {
	b, marks := diagram(t, Small, Renju, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . X . . . .
		. . X X * . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	p := marks['*']
	tests := []struct {
		p       Point
		side    engine.Side
		code    engine.Code
		message string
	}{
		{p, Black, engine.ForbiddenPoint, "black may not play a double three at e4"},
		{PointAt(2, 3), White, engine.Occupied, "c4 is already taken"},
		{PointAt(15, 3), White, engine.OffBoard, "p4 is off the board: columns run a–o and rows 1–15"},
		{NoPoint, Black, engine.NoSuchPoint, "that point is off the board: columns run a–o and rows 1–15"},
		{Point(cellCount + 5), Black, engine.NoSuchPoint, "that point is off the board: columns run a–o and rows 1–15"},
	}
	for _, tt := range tests {
		before := *b
		err := b.Play(tt.p, tt.side)
		if engine.ErrorCode(err) != tt.code || err.Error() != tt.message {
			t.Errorf("Play(%s, %v) = %v, want %q", tt.p, tt.side, err, tt.message)
		}
		if *b != before {
			t.Errorf("failed Play(%s) changed the board", tt.p)
		}
	}
	if err := b.Play(p, White); err != nil {
		t.Fatalf("white may play anywhere: %v", err)
	}
	// The same point is fine for black under the other rules.
	for _, rule := range []Rule{Freestyle, Standard} {
		b, marks := diagram(t, Small, rule, `
		. . . . X . . . .
		. . . . X . . . .
		. . X X * . . . .
		. . . . . . . . .`)
		if err := b.Play(marks['*'], Black); err != nil {
			t.Errorf("%v: %v", rule, err)
		}
	}
}

func TestFullBoard(t *testing.T) {
	b, _ := NewBoard(Small, Freestyle)
	n := 0
	for r := 0; r < Small; r++ {
		for c := 0; c < Small; c++ {
			b.Put(PointAt(c, r), engine.Side(n&1))
			n++
		}
	}
	if !b.Full() || b.Stones() != Small*Small {
		t.Fatalf("Full() = %v with %d stones", b.Full(), b.Stones())
	}
}
