package gomoku

import "github.com/tengen-bot/tengen/engine"

// Foul is the kind of renju forbidden point: a move black may not play.
type Foul uint8

// The renju fouls. A move that makes exactly five is never a foul, whatever
// else it makes.
const (
	NoFoul      Foul = iota // the move is allowed
	DoubleThree             // it makes two or more threes (RIF 9.3)
	DoubleFour              // it makes two or more fours, maybe on one line (RIF 9.3)
	Overline                // it makes six or more in a row (RIF 9.3)
)

var foulNames = [...]string{NoFoul: "no foul", DoubleThree: "double three", DoubleFour: "double four", Overline: "overline"}

// String returns the foul's name, e.g. "double three".
func (f Foul) String() string {
	if int(f) < len(foulNames) {
		return foulNames[f]
	}
	return "foul(?)"
}

// term returns the shape f makes as an engine.Term, for an error to name.
func (f Foul) term() engine.Term {
	switch f {
	case DoubleThree:
		return engine.ShapeDoubleThree
	case DoubleFour:
		return engine.ShapeDoubleFour
	case Overline:
		return engine.ShapeOverline
	}
	return engine.NoTerm
}

// ForbiddenPoint is a point black may not play under Renju, and why.
type ForbiddenPoint struct {
	Point Point
	Foul  Foul
}

// Forbidden returns the renju foul black would commit by playing p, or NoFoul
// when p is allowed (or is not an empty point). It applies the renju
// definitions whatever the board's rule; only Renju enforces them.
//
// The check is the full RIF one: exactly five takes precedence over every
// foul; an overline is six or more; a four is a line that one more black
// stone turns into exactly five (two fours may share a line, as in B.BBB.B);
// a three is a line that one more black stone turns into a straight four
// (.BBBB. with both ends making exactly five), where that stone must not be
// a forbidden point itself (checked recursively). Four-three is allowed.
//
// Forbidden places stones temporarily and removes them before it returns; the
// board, including its hash, is unchanged afterwards.
func (b *Board) Forbidden(p Point) Foul {
	if p < 0 || int(p) >= cellCount || b.cells[p] != Empty {
		return NoFoul
	}
	b.cells[p] = BlackStone
	f := b.foul(p)
	b.cells[p] = Empty
	return f
}

// foul classifies the black stone just placed on p.
func (b *Board) foul(p Point) Foul {
	over := false
	for _, d := range dirs {
		switch n := b.lineLen(p, d, BlackStone); {
		case n == 5:
			return NoFoul
		case n > 5:
			over = true
		}
	}
	if over {
		return Overline
	}
	fours := 0
	var hasFour [len(dirs)]bool
	for i, d := range dirs {
		if n := b.fours(p, d); n > 0 {
			fours += n
			hasFour[i] = true
		}
	}
	if fours >= 2 {
		return DoubleFour
	}
	threes := 0
	for i, d := range dirs {
		if !hasFour[i] && b.three(p, d) {
			threes++
			if threes >= 2 {
				return DoubleThree
			}
		}
	}
	return NoFoul
}

// fours counts the fours through the black stone on p along d: 0, 1 or 2.
// Only the empty points at the two ends of the unbroken line through p can
// complete a five with it; each that makes exactly five is a four, except
// that both ends of one unbroken four (an open four, .BBBB.) are one four.
func (b *Board) fours(p, d Point) int {
	back, fwd := b.run(p, -d, BlackStone), b.run(p, d, BlackStone)
	core := 1 + back + fwd
	n := 0
	if q := p - Point(back+1)*d; b.cells[q] == Empty && core+1+b.run(q, -d, BlackStone) == 5 {
		n++
	}
	if q := p + Point(fwd+1)*d; b.cells[q] == Empty && core+1+b.run(q, d, BlackStone) == 5 {
		n++
	}
	if n == 2 && core == 4 {
		n = 1
	}
	return n
}

// straightFour reports whether the black stone on p is part of a straight
// four along d: exactly four in a row with an empty point at each end, each
// of which makes exactly five (so neither is followed by a black stone).
func (b *Board) straightFour(p, d Point) bool {
	back, fwd := b.run(p, -d, BlackStone), b.run(p, d, BlackStone)
	if 1+back+fwd != 4 {
		return false
	}
	lo, hi := p-Point(back+1)*d, p+Point(fwd+1)*d
	return b.cells[lo] == Empty && b.cells[hi] == Empty &&
		b.cells[lo-d] != BlackStone && b.cells[hi+d] != BlackStone
}

// three reports whether the black stone on p makes a three along d: one more
// black stone, on a point that is not itself forbidden, makes a straight
// four through p. That stone must join p's unbroken line, so it can only be
// one of the empty points at its two ends.
func (b *Board) three(p, d Point) bool {
	back, fwd := b.run(p, -d, BlackStone), b.run(p, d, BlackStone)
	for _, q := range [2]Point{p - Point(back+1)*d, p + Point(fwd+1)*d} {
		if b.cells[q] != Empty {
			continue
		}
		b.cells[q] = BlackStone
		straight := b.straightFour(p, d)
		b.cells[q] = Empty
		if straight && b.Forbidden(q) == NoFoul {
			return true
		}
	}
	return false
}

// ForbiddenPoints lists black's forbidden points in board order, with their
// fouls. It returns nil unless the board is played by Renju.
func (b *Board) ForbiddenPoints() []ForbiddenPoint {
	if b.rule != Renju {
		return nil
	}
	var out []ForbiddenPoint
	n := b.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := PointAt(c, r)
			if b.cells[p] != Empty || !b.blackNearby(p) {
				continue
			}
			if f := b.Forbidden(p); f != NoFoul {
				out = append(out, ForbiddenPoint{p, f})
			}
		}
	}
	return out
}

// blackCanPlay reports whether black has an empty point it may play: any
// empty point outside renju, one that is not forbidden under it. Most
// points are allowed, so the scan usually stops at the first.
func (b *Board) blackCanPlay() bool {
	if b.rule != Renju {
		return true
	}
	n := b.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := PointAt(c, r)
			if b.cells[p] == Empty && (!b.blackNearby(p) || b.Forbidden(p) == NoFoul) {
				return true
			}
		}
	}
	return false
}

// blackNearby reports whether some black stone lies within four points of p
// along one of its lines, with nothing but black or empty points between.
// A point without one cannot be forbidden: every foul needs black stones in
// p's lines, and the nearest one is at most four points away.
func (b *Board) blackNearby(p Point) bool {
	for _, d := range dirs {
		for _, s := range [2]Point{d, -d} {
			for k, q := 1, p+s; k <= 4; k, q = k+1, q+s {
				if b.cells[q] == BlackStone {
					return true
				}
				if b.cells[q] != Empty {
					break
				}
			}
		}
	}
	return false
}
