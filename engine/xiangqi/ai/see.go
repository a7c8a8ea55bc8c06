package ai

import (
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Static exchange evaluation: what a move wins or loses on its destination
// point when both sides then take and retake there, each with its least
// valuable piece, and either may stop when going on would cost it.

// seeValue is a piece's worth in an exchange, by kind (a soldier across
// the river is worth seeCrossedSoldier). The general's is far above all
// the rest together: taking with it into an attacked point never pays.
var seeValue = [8]int{0, 20000, 170, 170, 450, 1000, 450, 100}

// seeCrossedSoldier is a soldier's worth once it has crossed the river.
const seeCrossedSoldier = 200

// maxExchange bounds the captures on one point: 32 pieces can all come.
const maxExchange = 32

// Per-point facts for finding attackers (a read-only table over the
// 16×16 mailbox that xiangqi.Square indexes).
const (
	seeRedHalf     = 1 << iota // ranks 1..5
	seeBlackHalf               // ranks 6..10
	seeRedPalace               // d1..f3
	seeBlackPalace             // d8..f10
)

var seeInfo = func() (t [256]uint8) {
	for _, sq := range xiangqi.Squares() {
		f, r := sq.File(), sq.Rank()
		v := uint8(seeRedHalf)
		if r >= 5 {
			v = seeBlackHalf
		}
		if f >= 3 && f <= 5 && r <= 2 {
			v |= seeRedPalace
		}
		if f >= 3 && f <= 5 && r >= 7 {
			v |= seeBlackPalace
		}
		t[sq] = v
	}
	return t
}()

// seeHorseLegs[i] is, for a horse landing on t by horseSteps[i], its leg
// relative to t: the point diagonally next to t towards the horse.
var seeHorseLegs = [8]int{-17, -15, 15, 17, -17, 15, -15, 17}

// pieceWorth is pc's exchange value standing on sq.
func pieceWorth(pc xiangqi.Piece, sq xiangqi.Square) int {
	if pc.Kind() == xiangqi.Soldier && !onOwnHalf(pc.Side(), sq) {
		return seeCrossedSoldier
	}
	return seeValue[pc.Kind()]
}

// onOwnHalf reports whether sq is on side s's side of the river.
func onOwnHalf(s engine.Side, sq xiangqi.Square) bool {
	return seeInfo[sq]&(seeRedHalf<<s) != 0
}

// step returns the point d mailbox steps from sq (it may be off the board).
func step(sq xiangqi.Square, d int) xiangqi.Square { return xiangqi.Square(int(sq) + d) }

// see returns the static exchange evaluation of m, a pseudo-legal move of
// the side to move: the value of what it takes (nothing for a quiet move)
// less what the side then loses on m's destination if the opponent takes
// the moving piece, and so on, each side taking with its least valuable
// attacker or stopping, whichever is better for it. Screens and legs are
// exact: cannons gain and lose screens as pieces leave. Pins and the
// generals facing each other are not looked at. p is changed while it
// works and restored; it does not allocate.
func see(p *xiangqi.Position, m xiangqi.Move) int {
	to := m.To()
	gain := pieceWorth(p.At(to), to)
	if p.At(to).Kind() == xiangqi.General {
		return gain
	}
	var (
		worth [maxExchange]int // worth[k]: what the k-th retake takes
		made  [maxExchange]xiangqi.Move
		undo  [maxExchange]xiangqi.Undo
	)
	made[0], undo[0] = m, p.MakeMove(m)
	n := 1
	for n < maxExchange {
		from, ok := leastAttacker(p, to, p.Turn())
		if !ok {
			break
		}
		taken := p.At(to)
		worth[n] = pieceWorth(taken, to)
		made[n] = xiangqi.NewMove(from, to)
		undo[n] = p.MakeMove(made[n])
		n++
		if taken.Kind() == xiangqi.General {
			break // the game is over: nobody retakes
		}
	}
	for k := n - 1; k >= 0; k-- {
		p.UnmakeMove(made[k], undo[k])
	}
	// Resolve from the last retake back: each side retakes only when
	// that beats stopping.
	s := 0
	for k := n - 1; k >= 1; k-- {
		s = max(0, worth[k]-s)
	}
	return gain - s
}

// seeAtLeast reports whether see(p, m) >= threshold, without the exchange
// when the moving piece is worth no more than what it takes (the opponent
// can at best take it back) and that alone settles it.
func seeAtLeast(p *xiangqi.Position, m xiangqi.Move, threshold int) bool {
	to := m.To()
	victim := p.At(to)
	if victim != xiangqi.NoPiece {
		gain := pieceWorth(victim, to)
		if gain-pieceWorth(p.At(m.From()), to) >= threshold {
			return true // even losing the mover keeps the threshold
		}
		if gain < threshold {
			return false // even keeping the mover does not reach it
		}
	} else if threshold > 0 {
		return false
	}
	return see(p, m) >= threshold
}

// leastAttacker returns the point of side by's least valuable piece that
// can take on sq now, by its rule of movement, or false when there is none.
func leastAttacker(p *xiangqi.Position, sq xiangqi.Square, by engine.Side) (xiangqi.Square, bool) {
	info := seeInfo[sq]
	// Soldiers: from behind, or from the side once across the river.
	soldier := xiangqi.MakePiece(by, xiangqi.Soldier)
	back := -16
	if by == xiangqi.Black {
		back = 16
	}
	if t := step(sq, back); p.At(t) == soldier {
		return t, true
	}
	if !onOwnHalf(by, sq) {
		for _, d := range [2]int{1, -1} {
			if t := step(sq, d); p.At(t) == soldier {
				return t, true
			}
		}
	}
	if info&(seeRedPalace<<by) != 0 {
		advisor := xiangqi.MakePiece(by, xiangqi.Advisor)
		for _, d := range diagonal {
			if t := step(sq, d); p.At(t) == advisor {
				return t, true
			}
		}
	}
	if onOwnHalf(by, sq) {
		elephant := xiangqi.MakePiece(by, xiangqi.Elephant)
		for _, d := range diagonal {
			if t := step(sq, 2*d); p.At(t) == elephant && p.At(step(sq, d)) == xiangqi.NoPiece {
				return t, true
			}
		}
	}
	horse := xiangqi.MakePiece(by, xiangqi.Horse)
	for i, j := range horseSteps {
		if t := step(sq, -j); p.At(t) == horse && p.At(step(sq, seeHorseLegs[i])) == xiangqi.NoPiece {
			return t, true
		}
	}
	// Cannons and chariots along the four lines: a chariot is the first
	// piece met, a cannon the second.
	chariot, cannon := xiangqi.MakePiece(by, xiangqi.Chariot), xiangqi.MakePiece(by, xiangqi.Cannon)
	rook := xiangqi.NoSquare
	for _, d := range orthogonal {
		t := step(sq, d)
		for t.Valid() && p.At(t) == xiangqi.NoPiece {
			t = step(t, d)
		}
		if !t.Valid() {
			continue
		}
		if p.At(t) == chariot && rook == xiangqi.NoSquare {
			rook = t // a cannon behind it, using it as a screen, is cheaper
		}
		for t = step(t, d); t.Valid() && p.At(t) == xiangqi.NoPiece; t = step(t, d) {
		}
		if t.Valid() && p.At(t) == cannon {
			return t, true
		}
	}
	if rook != xiangqi.NoSquare {
		return rook, true
	}
	if info&(seeRedPalace<<by) != 0 {
		general := xiangqi.MakePiece(by, xiangqi.General)
		for _, d := range orthogonal {
			if t := step(sq, d); p.At(t) == general {
				return t, true
			}
		}
	}
	return xiangqi.NoSquare, false
}
