package xiangqi

import (
	"slices"
	"testing"
)

// TestPiecesMatchesBoard checks Pieces and Count against a scan of the 90
// points in positions reached by random play.
func TestPiecesMatchesBoard(t *testing.T) {
	for _, p := range randomPositions(7, 200, 150) {
		for s := Red; s <= Black; s++ {
			for k := General; k <= Soldier; k++ {
				var want []Square
				for _, sq := range Squares() {
					if p.At(sq) == MakePiece(s, k) {
						want = append(want, sq)
					}
				}
				got := slices.Collect(p.Pieces(s, k))
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: Pieces(%v, %v) = %v, want %v", p.FEN(), s, k, got, want)
				}
				if n := p.Count(s, k); n != len(want) {
					t.Fatalf("%s: Count(%v, %v) = %d, want %d", p.FEN(), s, k, n, len(want))
				}
			}
		}
	}
	p := StartPosition()
	if n := p.Count(Red, NoKind); n != 0 {
		t.Errorf("Count(Red, NoKind) = %d, want 0", n)
	}
	for range p.Pieces(Red, NoKind) {
		t.Error("Pieces(Red, NoKind) yielded a square")
	}
	// Stopping early works.
	n := 0
	for range p.Pieces(Black, Soldier) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("breaking out of Pieces ran %d times, want 1", n)
	}
}

// TestAttackedMatchesMoves checks, on every point holding a piece, that
// Attacked(sq, by) says exactly whether side by has a pseudo-legal capture
// there, in positions reached by random play.
func TestAttackedMatchesMoves(t *testing.T) {
	for _, p := range randomPositions(11, 300, 150) {
		for by := Red; by <= Black; by++ {
			q := p
			q.turn = by
			var buf [2 * MaxMoves]Move
			caps := q.genPseudo(buf[:0], true)
			for _, sq := range Squares() {
				pc := p.At(sq)
				if pc == NoPiece || pc.Side() == by {
					continue
				}
				want := slices.ContainsFunc(caps, func(m Move) bool { return m.To() == sq })
				if got := p.Attacked(sq, by); got != want {
					t.Fatalf("%s: Attacked(%v, %v) = %v, want %v", p.FEN(), sq, by, got, want)
				}
			}
		}
	}
}

// TestAttackedEmptyPoints checks the cases that differ between moving to
// and attacking an empty point.
func TestAttackedEmptyPoints(t *testing.T) {
	tests := []struct {
		fen, sq string
		by      string
		want    bool
	}{
		// The red cannon on e3 attacks the points beyond its screen on e4, and
		// nothing along the open file without one.
		{"3k5/9/9/9/9/9/4P4/4C4/9/5K3 w - - 0 1", "e6", "red", true},
		{"3k5/9/9/9/9/9/4P4/4C4/9/5K3 w - - 0 1", "e5", "red", true},
		{"3k5/9/9/9/9/9/9/4C4/9/5K3 w - - 0 1", "e6", "red", false},
		// A general defends the points next to it in its palace only.
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "e1", "red", true},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "c1", "red", false},
		// Nor does it attack along the open file out of its palace (facing
		// generals are InCheck's business).
		{"5k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e10", "red", false},
		// A soldier before the river does not attack sideways.
		{"4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "d4", "red", false},
		{"4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "e5", "red", true},
		// An elephant's eye blocked.
		{"3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "e3", "red", false},
		{"3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1", "e3", "red", true},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		sq, err := ParseSquare(tc.sq)
		if err != nil {
			t.Fatal(err)
		}
		by := Red
		if tc.by == "black" {
			by = Black
		}
		if got := p.Attacked(sq, by); got != tc.want {
			t.Errorf("%s: Attacked(%s, %s) = %v, want %v", tc.fen, tc.sq, tc.by, got, tc.want)
		}
	}
	p := StartPosition()
	if p.Attacked(NoSquare, Red) {
		t.Error("NoSquare is attacked")
	}
}

// TestPiecesAttackedDoNotAllocate checks the evaluation helpers' promise.
func TestPiecesAttackedDoNotAllocate(t *testing.T) {
	p := StartPosition()
	sq, _ := ParseSquare("e7")
	allocs := testing.AllocsPerRun(100, func() {
		n := 0
		for k := General; k <= Soldier; k++ {
			for s := range p.Pieces(Red, k) {
				n += int(s)
			}
			n += p.Count(Black, k)
		}
		if p.Attacked(sq, Red) {
			n++
		}
		_ = n
	})
	if allocs != 0 {
		t.Errorf("Pieces, Count and Attacked allocate %v times a run, want 0", allocs)
	}
}

// BenchmarkPieces ranges over every piece of both sides.
func BenchmarkPieces(b *testing.B) {
	positions := randomPositions(3, 64, 60)
	b.ReportAllocs()
	i, n := 0, 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		for s := Red; s <= Black; s++ {
			for k := General; k <= Soldier; k++ {
				for sq := range p.Pieces(s, k) {
					n += int(sq)
				}
			}
		}
		i++
	}
	_ = n
}

// BenchmarkAttacked asks Attacked about every point of a set of positions.
func BenchmarkAttacked(b *testing.B) {
	positions := randomPositions(3, 64, 60)
	all := Squares()
	b.ReportAllocs()
	i, n := 0, 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		for _, sq := range all {
			if p.Attacked(sq, Red) {
				n++
			}
		}
		i++
	}
	_ = n
}

// TestPseudoMovesFilteredAreLegalMoves checks that GeneratePseudoMoves and
// GeneratePseudoCaptures filtered by LegalAfter give exactly GenerateMoves
// and GenerateCaptures, without allocating.
func TestPseudoMovesFilteredAreLegalMoves(t *testing.T) {
	for _, p := range randomPositions(13, 300, 150) {
		var buf, legalBuf [MaxMoves]Move
		var got []Move
		inCheck := p.InCheck()
		for _, m := range p.GeneratePseudoMoves(buf[:0]) {
			if p.LegalAfter(m, inCheck) {
				got = append(got, m)
			}
		}
		want := p.GenerateMoves(legalBuf[:0])
		if !slices.Equal(got, want) {
			t.Fatalf("%s: pseudo-legal moves filtered = %v, want %v", p.FEN(), got, want)
		}
		got = got[:0]
		for _, m := range p.GeneratePseudoCaptures(buf[:0]) {
			if p.LegalAfter(m, inCheck) {
				got = append(got, m)
			}
		}
		want = p.GenerateCaptures(legalBuf[:0])
		if !slices.Equal(got, want) {
			t.Fatalf("%s: pseudo-legal captures filtered = %v, want %v", p.FEN(), got, want)
		}
	}
	p := StartPosition()
	var buf [MaxMoves]Move
	allocs := testing.AllocsPerRun(100, func() {
		n := 0
		for _, m := range p.GeneratePseudoMoves(buf[:0]) {
			if p.LegalAfter(m, false) {
				n++
			}
		}
		_ = n
	})
	if allocs != 0 {
		t.Errorf("GeneratePseudoMoves and LegalAfter allocate %v times a run, want 0", allocs)
	}
}
