package ai

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// placed builds a FEN from pieces written as FEN letter and point, such as
// "Ra5" (a red chariot on a5) or "ne10", with turn "w" (red) or "b".
func placed(t *testing.T, turn string, pieces ...string) string {
	t.Helper()
	var grid [xiangqi.Ranks][xiangqi.Files]byte
	for _, pc := range pieces {
		sq, err := xiangqi.ParseSquare(pc[1:])
		if err != nil {
			t.Fatalf("piece %q: %v", pc, err)
		}
		grid[sq.Rank()][sq.File()] = pc[0]
	}
	var b strings.Builder
	for r := xiangqi.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < xiangqi.Files; f++ {
			if grid[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(grid[r][f])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String() + " " + turn + " - - 0 1"
}

func TestSEEExchanges(t *testing.T) {
	kings := []string{"Kf1", "kd10"}
	tests := []struct {
		name   string
		turn   string
		pieces []string
		move   string
		want   int
	}{
		{"chariot takes a free horse", "w", []string{"Ra5", "ne5"}, "a5e5", 450},
		{"chariot takes a horse a soldier guards", "w", []string{"Ra5", "ne5", "pe6"}, "a5e5", 450 - 1000},
		{"soldier takes a chariot a cannon guards", "w", []string{"Pe4", "re5", "ce10", "be8"}, "e4e5", 1000 - 100},
		{"the chariot was the cannon's screen", "w", []string{"Re4", "Ce2", "re5", "pe6"}, "e4e5", 0},
		{"cannon first, the chariot retakes", "w", []string{"Re4", "Ce2", "re5", "pe6"}, "e2e5", 1000 - (450 - 200)},
		{"leaving a double screen frees a cannon", "w", []string{"Re7", "ne5", "ce10", "be8"}, "e7e5", 450 - 1000},
		{"the defender would lose more and stops", "w", []string{"Hg3", "pf5", "rf9", "Rf2"}, "g3f5", 200},
		{"horse guard with its leg blocked", "w", []string{"Ra6", "ne6", "nf8", "Pf7"}, "a6e6", 450},
		{"horse guard with its leg free", "w", []string{"Ra6", "ne6", "nf8"}, "a6e6", 450 - 1000},
		{"elephant guard with its eye blocked", "b", []string{"rc10", "Nc5", "Be3", "Nd4"}, "c10c5", 450},
		{"elephant guard with its eye free", "b", []string{"rc10", "Nc5", "Be3"}, "c10c5", 450 - 1000},
		{"advisor guards the palace", "b", []string{"re9", "Ne2", "Ad1"}, "e9e2", 450 - 1000},
		{"crossed soldier is worth more", "b", []string{"rd6", "Pa6"}, "d6a6", 200},
		{"crossed soldier guards sideways", "b", []string{"ra7", "Nd7", "Pe7"}, "a7d7", 450 - 1000},
		{"quiet move onto a free point", "w", []string{"Hb1", "pc5"}, "b1c3", 0},
		{"quiet move that hangs the horse", "w", []string{"Hb1", "pc4"}, "b1c3", -450},
		{"general takes into an attack", "w", []string{"pf2", "rf9"}, "f1f2", 200 - 20000},
		{"general takes a free soldier", "w", []string{"pf2"}, "f1f2", 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fen := placed(t, tc.turn, append(tc.pieces, kings...)...)
			p, err := xiangqi.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			m, err := p.ParseMove(tc.move)
			if err != nil && !strings.Contains(tc.name, "general") {
				t.Fatalf("%s %s: %v", fen, tc.move, err)
			}
			if m == xiangqi.NoMove {
				m = coordMove(t, tc.move)
			}
			before := p
			if got := see(&p, m); got != tc.want {
				t.Errorf("%s: see(%s) = %d, want %d", fen, tc.move, got, tc.want)
			}
			if p != before {
				t.Errorf("%s: see changed the position to %s", fen, p.FEN())
			}
			for _, th := range []int{tc.want - 1, tc.want, tc.want + 1} {
				if got := seeAtLeast(&p, m, th); got != (tc.want >= th) {
					t.Errorf("%s: seeAtLeast(%s, %d) = %v, want %v", fen, tc.move, th, got, tc.want >= th)
				}
			}
		})
	}
}

// coordMove parses a move such as "d1d10" without checking it against a
// position (the test positions above may hold moves the rules refuse, such
// as a general stepping into check).
func coordMove(t *testing.T, s string) xiangqi.Move {
	t.Helper()
	for i := 2; i < len(s); i++ {
		from, err1 := xiangqi.ParseSquare(s[:i])
		to, err2 := xiangqi.ParseSquare(s[i:])
		if err1 == nil && err2 == nil {
			return xiangqi.NewMove(from, to)
		}
	}
	t.Fatalf("bad move %q", s)
	return xiangqi.NoMove
}

// TestLeastAttacker checks leastAttacker against the rules engine's
// pseudo-legal captures on random positions: it finds an attacker exactly
// when Attacked does, and its attacker is one of the cheapest.
func TestLeastAttacker(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for i := 0; i < 300; i++ {
		g := randomGame(t, rng, 10+rng.IntN(120))
		p := g.Position()
		cheapest := map[xiangqi.Square]int{}
		for _, m := range p.GeneratePseudoCaptures(nil) {
			v := pieceWorth(p.At(m.From()), m.From())
			if c, ok := cheapest[m.To()]; !ok || v < c {
				cheapest[m.To()] = v
			}
		}
		for _, sq := range allSquares {
			for _, by := range []xiangqi.Piece{xiangqi.MakePiece(xiangqi.Red, 0), xiangqi.MakePiece(xiangqi.Black, 0)} {
				side := by.Side()
				from, ok := leastAttacker(&p, sq, side)
				if ok != p.Attacked(sq, side) {
					t.Fatalf("%s: leastAttacker(%v, %v) found %v, Attacked says %v", p.FEN(), sq, side, ok, !ok)
				}
				if ok && p.At(from).Side() != side {
					t.Fatalf("%s: leastAttacker(%v, %v) = %v, a piece of the other side", p.FEN(), sq, side, from)
				}
				if pc := p.At(sq); ok && side == p.Turn() && pc != xiangqi.NoPiece && pc.Side() != side {
					if got, want := pieceWorth(p.At(from), from), cheapest[sq]; got != want {
						t.Fatalf("%s: leastAttacker(%v) = %v worth %d, the cheapest capture is worth %d", p.FEN(), sq, from, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d captures checked", checked)
	}
}

// refExchange is the exchange on to by brute force: the side to move
// takes there with each of its cheapest attackers (from the rules
// engine's captures) or stops. ambiguous reports that two cheapest
// attackers were on offer somewhere, where see's choice may differ.
func refExchange(p *xiangqi.Position, to xiangqi.Square) (score int, ambiguous bool) {
	var buf [xiangqi.MaxMoves]xiangqi.Move
	cheapest, n := 0, 0
	var pick xiangqi.Move
	for _, m := range p.GeneratePseudoCaptures(buf[:0]) {
		if m.To() != to {
			continue
		}
		switch v := pieceWorth(p.At(m.From()), m.From()); {
		case n == 0 || v < cheapest:
			cheapest, n, pick = v, 1, m
		case v == cheapest:
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	taken := pieceWorth(p.At(to), to)
	if p.At(to).Kind() == xiangqi.General {
		return taken, n > 1 // taking the general ends the exchange
	}
	u := p.MakeMove(pick)
	s, amb := refExchange(p, to)
	p.UnmakeMove(pick, u)
	return max(0, taken-s), amb || n > 1
}

// TestSEEMatchesBruteForce compares see with refExchange on every capture
// and some quiet moves of random positions, and checks its bounds: never
// more than the piece taken, and exactly that when nothing can retake.
func TestSEEMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	compared := 0
	for i := 0; i < 400; i++ {
		g := randomGame(t, rng, 10+rng.IntN(120))
		p := g.Position()
		for _, m := range p.GeneratePseudoMoves(nil) {
			victim := p.At(m.To())
			if victim == xiangqi.NoPiece && rng.IntN(4) != 0 {
				continue
			}
			gain := pieceWorth(victim, m.To())
			got := see(&p, m)
			if got > gain {
				t.Fatalf("%s: see(%v) = %d, more than the %d taken", p.FEN(), m, got, gain)
			}
			if victim.Kind() == xiangqi.General {
				if got != gain {
					t.Fatalf("%s: see(%v) = %d, want the general's %d", p.FEN(), m, got, gain)
				}
				continue
			}
			u := p.MakeMove(m)
			s, amb := refExchange(&p, m.To())
			free := !p.Attacked(m.To(), p.Turn())
			p.UnmakeMove(m, u)
			if free && got != gain {
				t.Fatalf("%s: see(%v) = %d, but nothing retakes: want %d", p.FEN(), m, got, gain)
			}
			if amb {
				continue
			}
			if want := gain - s; got != want {
				t.Fatalf("%s: see(%v) = %d, brute force says %d", p.FEN(), m, got, want)
			}
			compared++
		}
	}
	if compared < 2000 {
		t.Fatalf("only %d moves compared", compared)
	}
}

func TestSEEDoesNotAllocate(t *testing.T) {
	p := mustFEN(t, middleGames[0])
	moves := p.GeneratePseudoMoves(nil)
	sum := 0
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range moves {
			sum += see(p, m)
		}
	})
	if allocs != 0 {
		t.Errorf("see allocates %.1f times per position", allocs)
	}
}

func BenchmarkSEE(b *testing.B) {
	p := mustFEN(b, middleGames[0])
	caps := p.GeneratePseudoCaptures(nil)
	b.ReportAllocs()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += see(p, caps[i%len(caps)])
	}
	_ = sum
}
