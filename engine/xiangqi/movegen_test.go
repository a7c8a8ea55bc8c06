package xiangqi

import (
	"slices"
	"strings"
	"testing"
)

// sq parses a square like "e1" for tests.
func sq(t testing.TB, s string) Square {
	t.Helper()
	if len(s) < 2 || s[0] < 'a' || s[0] > 'i' {
		t.Fatalf("bad test square %q", s)
	}
	r := 0
	for _, c := range s[1:] {
		r = r*10 + int(c-'0')
	}
	q := SquareAt(int(s[0]-'a'), r-1)
	if q == NoSquare {
		t.Fatalf("bad test square %q", s)
	}
	return q
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// destinations lists, sorted, where the piece on from may legally go.
func destinations(p *Position, from Square) []string {
	var out []string
	for _, m := range p.GenerateMoves(nil) {
		if m.From() == from {
			out = append(out, m.To().String())
		}
	}
	slices.Sort(out)
	return out
}

// trickyFENs are the positions of TestPieceRules, also cross-checked with
// fairy-stockfish.
var trickyFENs []string

func init() {
	for _, tt := range pieceRuleTests {
		trickyFENs = append(trickyFENs, tt.fen)
	}
}

var pieceRuleTests = []struct {
	name string
	fen  string
	from string
	want string // space-separated sorted destinations
}{
	{"horse leg blocked forward", "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", "b1", "d2"},
	{"horse free in the open", "3k5/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", "e6", "c5 c7 d4 d8 f4 f8 g5 g7"},
	{"horse legs blocked on two sides", "3k5/9/9/9/4c4/3rN4/9/9/9/5K3 w - - 0 1", "e5", "d3 f3 g4 g6"},
	{"elephant eye blocked", "5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1", "c1", "a3"},
	{"elephant may not cross the river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c5", "a3 e3"},
	{"black elephant stays home", "4k4/9/9/9/2b6/9/9/9/9/3K5 b - - 0 1", "c6", "a8 e8"},
	{"advisor in the palace centre", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e2", "d1 d3 f1 f3"},
	{"advisor on a corner", "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d1", "e2"},
	{"general in the palace corner", "5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1", "d3", "d2 e3"},
	{"soldier before the river", "3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1", "e4", "e5"},
	{"soldier after the river", "3k5/9/9/4P4/9/9/9/9/9/5K3 w - - 0 1", "e7", "d7 e8 f7"},
	{"soldier on the last rank", "3k4P/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "i10", "h10"},
	{"black soldier after the river", "3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1", "e5", "d5 e4 f5"},
	{"chariot stops at its own piece, captures the enemy", "3k5/9/9/9/9/9/9/9/9/R1B1K1n2 w - - 0 1", "a1", "a10 a2 a3 a4 a5 a6 a7 a8 a9 b1"},
	{"cannon jumps one screen only", "3k5/9/9/n8/9/r8/9/p8/9/C4K3 w - - 0 1", "a1", "a2 a5 b1 c1 d1 e1"},
	{"cannon in the start position", StartFEN, "b3", "a3 b10 b2 b4 b5 b6 b7 c3 d3 e3 f3 g3"},
	{"flying general: the only blocker is pinned", "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "e5", ""},
	{"flying general: the general may not step onto an open file", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1", "e2 f1"},
	{"chariot pins a horse", "3k5/9/9/4r4/9/9/9/4N4/9/4K4 w - - 0 1", "e3", ""},
	{"cannon screen: moving one of two screens opens a check", "3k5/9/4c4/9/9/4R4/9/4N4/9/4K4 w - - 0 1", "e3", ""},
	{"cannon screen: the other screen may move along the file", "3k5/9/4c4/9/9/4R4/9/4N4/9/4K4 w - - 0 1", "e5", "e4 e6 e7 e8"},
	{"horse leg pin: the blocker of a checking horse must stay", "3k5/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1", "d2", "d3"},
	{"check evasion: only block, capture or step aside", "3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", "a4", "e4"},
	{"check evasion: the general steps aside, not onto a facing file", "3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", "e1", "f1"},
	{"discovered check is legal", "4k4/9/9/9/9/9/9/4N4/9/4RK3 w - - 0 1", "e3", "c2 c4 d1 d5 f5 g2 g4"},
}

func TestPieceRules(t *testing.T) {
	for _, tt := range pieceRuleTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			got := strings.Join(destinations(&p, sq(t, tt.from)), " ")
			if got != tt.want {
				t.Errorf("%s: moves of %s = %q, want %q", tt.fen, tt.from, got, tt.want)
			}
		})
	}
}

func TestCheckFlags(t *testing.T) {
	tests := []struct {
		fen     string
		inCheck bool
	}{
		{StartFEN, false},
		{"3k5/9/9/9/4r4/9/9/9/9/R3K4 w - - 0 1", true},     // chariot
		{"3k5/9/4c4/9/9/9/9/4N4/9/4K4 w - - 0 1", true},    // cannon over a screen
		{"3k5/9/4c4/9/9/4R4/9/4N4/9/4K4 w - - 0 1", false}, // two screens
		{"3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1", true},      // horse
		{"3k5/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1", false},   // horse leg blocked
		{"3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", true},      // soldier in front
		{"3k5/9/9/9/9/9/9/9/9/3pK4 w - - 0 1", true},       // soldier beside
		{"4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", false},     // blocked file
		{"5k3/9/9/9/9/9/9/9/9/3K1R3 b - - 0 1", true},      // black in check from a chariot
		{"3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", false},       // open files, not facing
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := p.InCheck(); got != tt.inCheck {
			t.Errorf("%s: InCheck = %v, want %v", tt.fen, got, tt.inCheck)
		}
	}
}

func TestDiscoveredCheck(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/9/9/9/9/4N4/9/4RK3 w - - 0 1")
	m := NewMove(sq(t, "e3"), sq(t, "c4"))
	p.MakeMove(m)
	if !p.InCheck() {
		t.Fatalf("after %v the black general should be in check: %s", m, p.FEN())
	}
}

func TestMakeUnmakeRestores(t *testing.T) {
	for _, start := range randomPositions(7, 60, 120) {
		p := start
		var buf [MaxMoves]Move
		for _, m := range p.GenerateMoves(buf[:0]) {
			u := p.MakeMove(m)
			if p.Key() != p.computeKey() {
				t.Fatalf("%s: after %v the incremental key differs from the recomputed one", start.FEN(), m)
			}
			p.UnmakeMove(m, u)
			if p != start {
				t.Fatalf("%s: make/unmake %v changed the position to %s", start.FEN(), m, p.FEN())
			}
		}
	}
}

func TestCapturesAreTheCapturingMoves(t *testing.T) {
	for _, p := range randomPositions(11, 100, 150) {
		var want []Move
		for _, m := range p.GenerateMoves(nil) {
			if p.At(m.To()) != NoPiece {
				want = append(want, m)
			}
		}
		got := p.GenerateCaptures(nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: captures %v, want %v", p.FEN(), got, want)
		}
		if p.HasLegalMove() != (p.CountMoves() > 0) {
			t.Fatalf("%s: HasLegalMove disagrees with CountMoves", p.FEN())
		}
	}
}

// TestNoAllocations checks the search primitives never allocate.
func TestNoAllocations(t *testing.T) {
	p := StartPosition()
	var buf [MaxMoves]Move
	allocs := testing.AllocsPerRun(100, func() {
		moves := p.GenerateMoves(buf[:0])
		for _, m := range moves {
			u := p.MakeMove(m)
			_ = p.InCheck()
			_ = p.GenerateCaptures(buf[len(moves):len(moves)])
			p.UnmakeMove(m, u)
		}
		_ = p.CountMoves()
		_ = p.HasLegalMove()
	})
	if allocs != 0 {
		t.Fatalf("move generation and make/unmake allocate %v times per run", allocs)
	}
}

// TestIsLegalAnyMove feeds IsLegal every 16-bit move, including off-board
// squares, in a few positions and compares with the generator.
func TestIsLegalAnyMove(t *testing.T) {
	for _, p := range randomPositions(8, 4, 80) {
		legal := map[Move]bool{}
		for _, m := range p.GenerateMoves(nil) {
			legal[m] = true
		}
		for m := range 1 << 16 {
			if p.IsLegal(Move(m)) != legal[Move(m)] {
				t.Fatalf("%s: IsLegal(%v) = %v", p.FEN(), Move(m), !legal[Move(m)])
			}
		}
	}
}
