package xiangqi

import (
	"iter"

	"github.com/tengen-bot/tengen/engine"
)

// Pieces returns the squares of side s's pieces of kind k, in a fixed order
// (pieces of a kind keep their order as they move), for evaluation loops that
// would otherwise scan all 90 points:
//
//	for sq := range p.Pieces(xiangqi.Red, xiangqi.Chariot) { ... }
//
// The position must not change while the sequence is ranged over. Ranging
// over it does not allocate.
func (p *Position) Pieces(s engine.Side, k Kind) iter.Seq[Square] {
	return func(yield func(Square) bool) {
		if k == NoKind || k > Soldier {
			return
		}
		base := idBase(s)
		for id := base + kindOffsets[k][0]; id < base+kindOffsets[k][1]; id++ {
			if sq := p.squares[id]; sq != NoSquare && !yield(sq) {
				return
			}
		}
	}
}

// Count returns the number of side s's pieces of kind k on the board.
func (p *Position) Count(s engine.Side, k Kind) int {
	if k == NoKind || k > Soldier {
		return 0
	}
	n := 0
	base := idBase(s)
	for id := base + kindOffsets[k][0]; id < base+kindOffsets[k][1]; id++ {
		if p.squares[id] != NoSquare {
			n++
		}
	}
	return n
}

// Attacked reports whether side by has a piece that could capture an enemy
// piece standing on sq (whatever stands there now), by the pieces' own rules:
// a chariot on an open line, a cannon over exactly one screen, a horse with
// its leg free, a soldier, and a general, advisor or elephant on a point it
// may reach. Like a pseudo-legal move, it ignores whether the capture would
// leave by's general in check, and the two generals facing each other is not
// an attack here (InCheck covers it). It does not allocate; a square off the
// board is never attacked.
func (p *Position) Attacked(sq Square, by engine.Side) bool {
	if !sq.Valid() {
		return false
	}
	b := &p.board
	s := int(sq)
	chariot, cannon := MakePiece(by, Chariot), MakePiece(by, Cannon)
	for _, d := range orthogonal {
		t := s + d
		for b[t] == 0 {
			t += d
		}
		if b[t] == offBoard {
			continue
		}
		if idPiece[b[t]] == chariot {
			return true
		}
		for t += d; b[t] == 0; t += d {
		}
		if idPiece[b[t]] == cannon {
			return true
		}
	}
	horse := MakePiece(by, Horse)
	for i, st := range horseSteps {
		if idPiece[b[s-st]] == horse && b[s+horseAttackLegs[i]] == 0 {
			return true
		}
	}
	soldier := MakePiece(by, Soldier)
	if idPiece[b[s-forward(by)]] == soldier {
		return true
	}
	for _, d := range [2]int{1, -1} {
		if t := s + d; idPiece[b[t]] == soldier && squareInfo[t]&ownHalf(by) == 0 {
			return true
		}
	}
	info := squareInfo[sq]
	if info&palace(by) != 0 {
		if idPiece[b[s+16]] == MakePiece(by, General) || idPiece[b[s-16]] == MakePiece(by, General) ||
			idPiece[b[s+1]] == MakePiece(by, General) || idPiece[b[s-1]] == MakePiece(by, General) {
			return true
		}
		advisor := MakePiece(by, Advisor)
		for _, d := range diagonal {
			if idPiece[b[s+d]] == advisor {
				return true
			}
		}
	}
	if info&ownHalf(by) != 0 {
		elephant := MakePiece(by, Elephant)
		for _, d := range diagonal {
			if idPiece[b[s+2*d]] == elephant && b[s+d] == 0 {
				return true
			}
		}
	}
	return false
}

// GeneratePseudoMoves appends the pseudo-legal moves of the side to move to
// buf: every piece's own rule, without checking whether the move leaves the
// mover's general attacked. A search that stops early at a cutoff saves the
// legality test of the moves it never tries by calling LegalAfter on each
// move as it comes to it. With cap(buf)-len(buf) >= MaxMoves it does not
// allocate.
func (p *Position) GeneratePseudoMoves(buf []Move) []Move {
	return p.genPseudo(buf, false)
}

// GeneratePseudoCaptures appends the pseudo-legal captures of the side to
// move to buf (see GeneratePseudoMoves).
func (p *Position) GeneratePseudoCaptures(buf []Move) []Move {
	return p.genPseudo(buf, true)
}

// LegalAfter reports whether m, a move from GeneratePseudoMoves or
// GeneratePseudoCaptures for this
// position, leaves the mover's general safe, that is whether it is legal.
// inCheck must be p.InCheck() (passed in so a search computes it once per
// position). It does not allocate.
func (p *Position) LegalAfter(m Move, inCheck bool) bool {
	return p.legal(m, inCheck)
}
