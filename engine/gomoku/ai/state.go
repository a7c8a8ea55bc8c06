package ai

import (
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// stride and cells mirror the layout of gomoku.Board's flat array: a Point is
// an index into it and a step of 1, stride, stride+1 or stride-1 moves along a
// line.
const (
	stride = int(gomoku.Vertical)
	cells  = stride * stride
)

// lineDirs are the four line directions as steps in the flat array.
var lineDirs = [4]int{int(gomoku.Horizontal), int(gomoku.Vertical), int(gomoku.Diagonal), int(gomoku.AntiDiagonal)}

// threat is what a side makes on all four lines at once by playing a point,
// weakest first. A four is forcing; a three (open three) is forcing unless the
// opponent has a four.
type threat uint8

// The combined threats. "Makes a four" is >= tFour.
const (
	tNone        threat = iota
	tThree              // one open three
	tDoubleThree        // two or more open threes (forbidden to black in renju)
	tFour               // one four
	tFourThree          // a four and an open three: wins unless refuted
	tOpenFour           // an open four or two fours: wins next move
	tFive               // a five: wins now
	threatCount
)

// shapeValue is the worth of a shape a side could make on one line by playing
// a point; a point's value for a side, which orders the moves and sums into
// the evaluation of levels 1-9, is the sum over its four lines.
var shapeValue = [shapeCount]int32{
	shNone: 0, shOverline: 0, shBlock1: 1, shFlex1: 3, shBlock2: 5, shFlex2: 14,
	shBlock3: 12, shFlex3: 40, shBlock4: 45, shFlex4: 160, shFive: 1000,
}

// threatBonus adds to a point's value for combinations worth more than their
// lines.
var threatBonus = [threatCount]int32{tDoubleThree: 120, tFourThree: 300, tOpenFour: 400}

// Roles in the evaluation: a point is worth one amount to the side to move
// and another to the side that has just moved.
const (
	toMove = 0
	moved  = 1
)

// state is the search's position: the stones plus, for every empty point and
// each side, the shape made on each line by playing there, the combined
// threat and a value, all updated incrementally around each stone placed or
// taken. It also keeps a gomoku.Board in step for the renju forbidden check
// and the Zobrist hash.
type state struct {
	board  gomoku.Board
	size   int
	rule   gomoku.Rule
	stm    engine.Side
	cell   [cells]uint8
	key    [cells][4]uint32
	shp    [2][cells][4]shape
	cix    [2][cells]uint16 // comboIndex of shp, kept by combineSide and reshape
	thr    [2][cells]threat
	val    [2][cells]int32
	sus    [cells]bool // black's shapes there might make a renju foul
	near   [cells]uint8
	sum    [2]int32                // Σ val over the empty points, per side
	esum   [2][2]int32             // Σ combo.ev over the empty points, per side and role
	fitted bool                    // eval uses esum and evalMask (evalCombo), not sum (shapeValue)
	nthr   [2][threatCount]int16   // empty points per threat level, per side
	tab    [2]*[1 << keyBits]shape // shape table used by each side
	combos *[comboCount]combo
	pts    []int16 // the board's points, in board order
}

// newState sets up a state for board b with stm to move.
func newState(b gomoku.Board, stm engine.Side) *state {
	s := new(state)
	s.reset(b, stm)
	return s
}

// reset loads board b with stm to move, recomputing everything.
func (s *state) reset(b gomoku.Board, stm engine.Side) {
	t := tables()
	s.board = b
	s.combos = &t.combos
	s.size = b.Size()
	s.rule = b.Rule()
	s.stm = stm
	switch s.rule {
	case gomoku.Freestyle:
		s.tab = [2]*[1 << keyBits]shape{&t.free, &t.free}
	case gomoku.Standard:
		s.tab = [2]*[1 << keyBits]shape{&t.exact, &t.exact}
	default:
		s.tab = [2]*[1 << keyBits]shape{&t.exact, &t.free}
	}
	s.pts = s.pts[:0]
	for i := range s.cell {
		s.cell[i] = cWall
		s.near[i] = 0
	}
	for r := 0; r < s.size; r++ {
		for c := 0; c < s.size; c++ {
			p := gomoku.PointAt(c, r)
			s.pts = append(s.pts, int16(p))
			switch b.At(p) {
			case gomoku.BlackStone:
				s.cell[p] = cBlack
			case gomoku.WhiteStone:
				s.cell[p] = cWhite
			default:
				s.cell[p] = cEmpty
			}
		}
	}
	s.sum = [2]int32{}
	s.esum = [2][2]int32{}
	s.nthr = [2][threatCount]int16{}
	for _, p := range s.pts {
		if s.cell[p] == cBlack || s.cell[p] == cWhite {
			s.addNear(int(p), 1)
		}
		for d, step := range lineDirs {
			s.key[p][d] = s.lineKey(int(p), step)
		}
	}
	for _, p := range s.pts {
		s.thr[0][p], s.thr[1][p], s.val[0][p], s.val[1][p] = tNone, tNone, 0, 0
		if s.cell[p] == cEmpty {
			for d := range lineDirs {
				s.setShapes(int(p), d)
			}
			s.combine(int(p), +1)
		}
	}
}

// lineKey reads the key of the line through p along step from the cells.
func (s *state) lineKey(p, step int) uint32 {
	var key uint32
	for _, sign := range [2]int{1, -1} {
		wall := false
		for k := 1; k <= window; k++ {
			c := uint32(cWall)
			if !wall {
				if c = uint32(s.cell[p+sign*k*step]); c == cWall {
					wall = true
				}
			}
			key |= c << (2 * slot(sign*k))
		}
	}
	return key
}

// addNear adds delta to the stone count of every point within two of p.
func (s *state) addNear(p, delta int) {
	for dr := -2; dr <= 2; dr++ {
		for dc := -2; dc <= 2; dc++ {
			if q := p + dr*stride + dc; q >= 0 && q < cells {
				s.near[q] = uint8(int(s.near[q]) + delta)
			}
		}
	}
}

// setShapes reads both sides' shapes at p along direction d from its key.
func (s *state) setShapes(p, d int) {
	k := s.key[p][d]
	s.shp[0][p][d] = s.tab[0][k]
	s.shp[1][p][d] = s.tab[1][swapColours(k)]
}

// combine recomputes p's threats, values and the renju flag from its shapes
// and adds them (sign +1) to the totals; sign -1 removes them first.
func (s *state) combine(p, sign int) {
	s.combineSide(p, 0, sign)
	s.combineSide(p, 1, sign)
}

// combineSide is combine for one side's threat and value at p (and, for
// black, the renju flag).
func (s *state) combineSide(p, side, sign int) {
	if sign < 0 {
		s.sum[side] -= s.val[side][p]
		old := &s.combos[s.cix[side][p]]
		s.esum[side][toMove] -= old.ev[toMove]
		s.esum[side][moved] -= old.ev[moved]
		s.nthr[side][s.thr[side][p]]--
		return
	}
	ix := comboIndex(&s.shp[side][p])
	s.cix[side][p] = uint16(ix)
	c := &s.combos[ix]
	if side == 0 {
		s.sus[p] = s.rule == gomoku.Renju && c.fouls
	}
	s.thr[side][p] = c.thr
	s.val[side][p] = c.val
	s.sum[side] += c.val
	s.esum[side][toMove] += c.ev[toMove]
	s.esum[side][moved] += c.ev[moved]
	s.nthr[side][c.thr]++
}

// reshape sets side's shape at the empty point p along direction d to sh and
// brings p's threat, value and renju flag and the totals up to date: the same
// as combineSide(p, side, -1), the new shape, combineSide(p, side, +1), with
// the combination's index moved by the one shape that changed.
func (s *state) reshape(p, side, d int, sh shape) {
	old := &s.combos[s.cix[side][p]]
	ix := int(s.cix[side][p]) + (int(sh)-int(s.shp[side][p][d]))*comboStep[d]
	s.shp[side][p][d] = sh
	s.cix[side][p] = uint16(ix)
	c := &s.combos[ix]
	if side == 0 {
		s.sus[p] = s.rule == gomoku.Renju && c.fouls
	}
	if t := s.thr[side][p]; t != c.thr {
		s.nthr[side][t]--
		s.nthr[side][c.thr]++
		s.thr[side][p] = c.thr
	}
	s.sum[side] += c.val - s.val[side][p]
	s.esum[side][toMove] += c.ev[toMove] - old.ev[toMove]
	s.esum[side][moved] += c.ev[moved] - old.ev[moved]
	s.val[side][p] = c.val
}

// legal reports whether side may play the empty point p: always, except a
// renju forbidden point for black.
func (s *state) legal(p int, side engine.Side) bool {
	if side != gomoku.Black || !s.sus[p] {
		return true
	}
	return s.board.Forbidden(gomoku.Point(p)) == gomoku.NoFoul
}

// put places a stone of the side to move on the empty point p and passes the
// turn.
func (s *state) put(p int) {
	side := s.stm
	s.board.Put(gomoku.Point(p), side)
	s.combine(p, -1)
	s.val[0][p], s.val[1][p] = 0, 0
	s.thr[0][p], s.thr[1][p] = tNone, tNone
	s.shp[0][p], s.shp[1][p] = [4]shape{}, [4]shape{}
	s.sus[p] = false
	code := uint32(side) + 1
	s.cell[p] = uint8(code)
	s.addNear(p, 1)
	s.updateLines(p, code, true)
	s.stm = side.Other()
}

// take removes the stone on p, which must be the last one put, and gives the
// turn back.
func (s *state) take(p int) {
	code := uint32(s.cell[p])
	s.board.Take(gomoku.Point(p))
	s.cell[p] = cEmpty
	s.addNear(p, -1)
	s.updateLines(p, code, false)
	for d := range lineDirs {
		s.setShapes(p, d)
	}
	s.combine(p, +1)
	s.stm = s.stm.Other()
}

// updateLines sets (or clears) code at p in the keys of the points on p's
// four lines within the window, and refreshes the shapes of the empty ones.
func (s *state) updateLines(p int, code uint32, set bool) {
	for d, step := range lineDirs {
		for _, sign := range [2]int{1, -1} {
			q := p
			for k := 1; k <= window; k++ {
				q -= sign * step
				c := s.cell[q]
				if c == cWall {
					break
				}
				// p lies at offset sign*k from q.
				bits := code << (2 * slot(sign*k))
				if set {
					s.key[q][d] |= bits
				} else {
					s.key[q][d] &^= bits
				}
				if c == cEmpty {
					// Only a side whose shape changed has new sums.
					key := s.key[q][d]
					if b := s.tab[0][key]; b != s.shp[0][q][d] {
						s.reshape(q, 0, d, b)
					}
					if w := s.tab[1][swapColours(key)]; w != s.shp[1][q][d] {
						s.reshape(q, 1, d, w)
					}
				}
			}
		}
	}
}

// stones returns the number of stones on the board.
func (s *state) stones() int { return s.board.Stones() }

// hash returns the Zobrist hash of the stones (the side to move follows from
// their number).
func (s *state) hash() uint64 { return s.board.Hash() }

// eval is the static evaluation from the side to move's view. With fitted
// values (level 10): what its empty points are worth to it as the side to
// move, less what the opponent's are worth to the side that has just moved
// (evalCombo), plus what the threats both sides have are worth together
// (evalMask). Else its points' values against the opponent's, with a bonus
// for having the move (shapeValue).
func (s *state) eval() int {
	me, you := s.stm, s.stm.Other()
	if s.fitted {
		return int(s.esum[me][toMove]-s.esum[you][moved]+int32(evalMask[s.threatMask()])) / 16
	}
	return int(s.sum[me]*6/5-s.sum[you]) / 4
}

// threatMask sums up the threats each side could make in one move, as
// evalMask reads them: bit 0 is set when the side to move has a point that
// makes a four (tFour, nothing stronger), bit 1 when it has one that makes
// an open three or a double three; for the opponent, bit 2 a four, bit 3 an
// open three, bit 4 a double three, bit 5 a four-three and bit 6 an open
// four or double four. Fives and the side to move's stronger threats are not in it: the
// fit left out the positions that have them, where the search decides.
func (s *state) threatMask() int {
	me, you := s.stm, s.stm.Other()
	m := 0
	for i, has := range [threatMaskBits]bool{
		s.nthr[me][tFour] > 0,
		s.nthr[me][tThree]+s.nthr[me][tDoubleThree] > 0,
		s.nthr[you][tFour] > 0,
		s.nthr[you][tThree] > 0,
		s.nthr[you][tDoubleThree] > 0,
		s.nthr[you][tFourThree] > 0,
		s.nthr[you][tOpenFour] > 0,
	} {
		if has {
			m |= 1 << i
		}
	}
	return m
}

// find appends to dst the empty points where side's threat is t or more.
func (s *state) find(dst []int16, side engine.Side, t threat) []int16 {
	for _, p := range s.pts {
		if s.cell[p] == cEmpty && s.thr[side][p] >= t {
			dst = append(dst, p)
		}
	}
	return dst
}

// has reports whether side has some empty point with threat t or more.
func (s *state) has(side engine.Side, t threat) bool {
	for i := t; i < threatCount; i++ {
		if s.nthr[side][i] > 0 {
			return true
		}
	}
	return false
}

// fivePoint returns an empty point where side makes a five and how many
// there are (0, 1 or "2", meaning two or more).
func (s *state) fivePoint(side engine.Side) (p int, n int) {
	if s.nthr[side][tFive] == 0 {
		return -1, 0
	}
	p = -1
	for _, q := range s.pts {
		if s.cell[q] == cEmpty && s.thr[side][q] == tFive {
			if p >= 0 {
				return p, 2
			}
			p = int(q)
		}
	}
	return p, 1
}
