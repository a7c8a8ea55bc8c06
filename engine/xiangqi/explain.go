package xiangqi

import (
	"github.com/tengen-bot/tengen/engine"
)

// CheckMove returns nil if moving the piece on from to to is legal for the
// side to move, and otherwise an *engine.Error (code Illegal or OutOfBoard)
// that tells a player why not, such as "the horse's leg at e2 is blocked" or
// "that move leaves your general in check".
func (p *Position) CheckMove(from, to Square) error {
	if !from.Valid() || !to.Valid() {
		return engine.Errorf(engine.OutOfBoard, "that point is not on the board (files a..i, ranks 1..10)")
	}
	us := p.turn
	pc := p.At(from)
	if pc == NoPiece {
		return engine.Errorf(engine.Illegal, "there is no piece on %s", from)
	}
	if pc.Side() != us {
		return engine.Errorf(engine.Illegal, "the %s on %s is %s's, and it is %s's turn", pc.Kind(), from, sideName(pc.Side()), sideName(us))
	}
	if from == to {
		return engine.Errorf(engine.Illegal, "the %s is already on %s: a move must go somewhere", pc.Kind(), from)
	}
	if t := p.At(to); t != NoPiece && t.Side() == us {
		return engine.Errorf(engine.Illegal, "%s holds your own %s: you cannot capture your own piece", to, t.Kind())
	}
	if msg := p.ruleViolation(pc, from, to); msg != "" {
		return engine.Errorf(engine.Illegal, "%s", msg)
	}
	// The move follows the piece's rule; does it expose the general?
	m := NewMove(from, to)
	if p.legal(m, p.InCheck()) {
		return nil
	}
	u := p.MakeMove(m)
	facing := p.generalsFace()
	p.UnmakeMove(m, u)
	if facing {
		return engine.Errorf(engine.Illegal, "generals may not face each other on an open file")
	}
	if p.InCheck() {
		return engine.Errorf(engine.Illegal, "your general is in check and that move does not get it out of check")
	}
	return engine.Errorf(engine.Illegal, "that move leaves your general in check")
}

// generalsFace reports whether the two generals stand on one file with no
// piece between them.
func (p *Position) generalsFace() bool {
	r, b := p.General(Red), p.General(Black)
	if r == NoSquare || b == NoSquare || r.File() != b.File() {
		return false
	}
	for s := r + 16; s < b; s += 16 {
		if p.board[s] != 0 {
			return false
		}
	}
	return true
}

// ruleViolation says why the piece pc on from cannot go to to by its own
// rule of movement (ignoring checks), or "" when it can. to does not hold
// one of the mover's pieces.
func (p *Position) ruleViolation(pc Piece, from, to Square) string {
	s := pc.Side()
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	adf, adr := abs(df), abs(dr)
	fwd := dr
	if s == Black {
		fwd = -dr
	}
	stepTo := func(d int) Square { return Square(int(from) + d) }
	switch pc.Kind() {
	case General:
		if adf+adr != 1 {
			return "the general moves one point along a line"
		}
		if squareInfo[to]&palace(s) == 0 {
			return "the general may not leave the palace"
		}
	case Advisor:
		if adf != 1 || adr != 1 {
			return "the advisor moves one point diagonally"
		}
		if squareInfo[to]&palace(s) == 0 {
			return "the advisor may not leave the palace"
		}
	case Elephant:
		if adf != 2 || adr != 2 {
			return "the elephant moves exactly two points diagonally"
		}
		if squareInfo[to]&ownHalf(s) == 0 {
			return "the elephant may not cross the river"
		}
		if eye := Square((int(from) + int(to)) / 2); p.board[eye] != 0 {
			return "the elephant's eye at " + eye.String() + " is blocked"
		}
	case Horse:
		var leg Square
		switch {
		case adr == 2 && adf == 1:
			leg = stepTo(16 * sign(dr))
		case adf == 2 && adr == 1:
			leg = stepTo(sign(df))
		default:
			return "the horse moves one point straight and then one diagonally"
		}
		if p.board[leg] != 0 {
			return "the horse's leg at " + leg.String() + " is blocked"
		}
	case Chariot, Cannon:
		if df != 0 && dr != 0 {
			return "the " + pc.Kind().String() + " moves along a straight line"
		}
		d := sign(df) + 16*sign(dr)
		screens, first := 0, NoSquare
		for t := stepTo(d); t != to; t += Square(d) {
			if p.board[t] != 0 {
				if screens == 0 {
					first = t
				}
				screens++
			}
		}
		capture := p.board[to] != 0
		if pc.Kind() == Chariot || !capture {
			if screens > 0 {
				return "the " + pc.Kind().String() + "'s path is blocked at " + first.String()
			}
		} else if screens != 1 {
			if screens == 0 {
				return "the cannon captures only by jumping over exactly one piece, and there is none between"
			}
			return "the cannon captures only by jumping over exactly one piece, and there are several between"
		}
	case Soldier:
		switch {
		case adf+adr != 1:
			return "the soldier moves one point at a time"
		case fwd < 0:
			return "soldiers never move backwards"
		case adf == 1 && squareInfo[from]&ownHalf(s) != 0:
			return "a soldier may move sideways only after crossing the river"
		}
	}
	return ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// IsLegal reports whether m is a legal move in p, for any m (a move from a
// hash table or a killer slot that may belong to another position). It does
// not allocate when m is legal.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || from == to {
		return false
	}
	pc, target := p.At(from), p.At(to)
	if pc == NoPiece || pc.Side() != p.turn || (target != NoPiece && target.Side() == p.turn) {
		return false
	}
	return p.ruleViolation(pc, from, to) == "" && p.legal(m, p.InCheck())
}
