package xiangqi

import (
	"github.com/tengen-bot/tengen/engine"
)

// CheckMove returns nil if moving the piece on from to to is legal for the
// side to move, and otherwise an *engine.Error that tells a player why not,
// such as engine.HorseLeg ("the horse's leg at e2 is blocked") or
// engine.LeavesInCheck ("that move leaves your general in check").
func (p *Position) CheckMove(from, to Square) error {
	if !from.Valid() || !to.Valid() {
		return engine.E(engine.SquareOffBoard)
	}
	us := p.turn
	pc := p.At(from)
	if pc == NoPiece {
		return engine.E(engine.NoPieceOn, from.String())
	}
	if pc.Side() != us {
		return engine.E(engine.NotYourPiece, pc.Kind().Term(), from.String(), colour(pc.Side()), colour(us))
	}
	if from == to {
		return engine.E(engine.AlreadyThere, pc.Kind().Term(), from.String())
	}
	if t := p.At(to); t != NoPiece && t.Side() == us {
		return engine.E(engine.OwnPiece, to.String(), t.Kind().Term())
	}
	if code, at := p.ruleViolation(pc, from, to); code != engine.OK {
		return violation(code, pc.Kind(), at)
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
		return engine.E(engine.GeneralsFace)
	}
	if p.InCheck() {
		return engine.E(engine.StillInCheck)
	}
	return engine.E(engine.LeavesInCheck)
}

// violation returns the error for a breach of kind k's rule of movement
// that ruleViolation found: code, with the point at where the code names one.
func violation(code engine.Code, k Kind, at Square) *engine.Error {
	switch code {
	case engine.ElephantEye, engine.HorseLeg:
		return engine.E(code, at.String())
	case engine.NotStraight:
		return engine.E(code, k.Term())
	case engine.PathBlocked:
		return engine.E(code, k.Term(), at.String())
	}
	return engine.E(code)
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
// rule of movement (ignoring checks): the error code and the point it names
// (NoSquare when it names none), or engine.OK when the move follows the
// rule. to does not hold one of the mover's pieces. It does not allocate.
func (p *Position) ruleViolation(pc Piece, from, to Square) (engine.Code, Square) {
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
			return engine.GeneralStep, NoSquare
		}
		if squareInfo[to]&palace(s) == 0 {
			return engine.GeneralPalace, NoSquare
		}
	case Advisor:
		if adf != 1 || adr != 1 {
			return engine.AdvisorStep, NoSquare
		}
		if squareInfo[to]&palace(s) == 0 {
			return engine.AdvisorPalace, NoSquare
		}
	case Elephant:
		if adf != 2 || adr != 2 {
			return engine.ElephantStep, NoSquare
		}
		if squareInfo[to]&ownHalf(s) == 0 {
			return engine.ElephantRiver, NoSquare
		}
		if eye := Square((int(from) + int(to)) / 2); p.board[eye] != 0 {
			return engine.ElephantEye, eye
		}
	case Horse:
		var leg Square
		switch {
		case adr == 2 && adf == 1:
			leg = stepTo(16 * sign(dr))
		case adf == 2 && adr == 1:
			leg = stepTo(sign(df))
		default:
			return engine.HorseStep, NoSquare
		}
		if p.board[leg] != 0 {
			return engine.HorseLeg, leg
		}
	case Chariot, Cannon:
		if df != 0 && dr != 0 {
			return engine.NotStraight, NoSquare
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
				return engine.PathBlocked, first
			}
		} else if screens != 1 {
			if screens == 0 {
				return engine.NoScreen, NoSquare
			}
			return engine.ManyScreens, NoSquare
		}
	case Soldier:
		switch {
		case adf+adr != 1:
			return engine.SoldierStep, NoSquare
		case fwd < 0:
			return engine.SoldierBackward, NoSquare
		case adf == 1 && squareInfo[from]&ownHalf(s) != 0:
			return engine.SoldierSideways, NoSquare
		}
	}
	return engine.OK, NoSquare
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
	code, _ := p.ruleViolation(pc, from, to)
	return code == engine.OK && p.legal(m, p.InCheck())
}
