package ai

import (
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// Threat-space search: VCF (victory by continuous fours) and VCT (victory by
// continuous threats: threes and fours). Both search only the attacker's
// forcing moves and, for VCF, the defender's single forced reply; VCT lets
// the defender answer a three with any point that stops it (the points where
// the attacker would make a four) or with a four of its own.
//
// The attacker is the side to move when the search starts. Renju is
// respected both ways: black never plays a forbidden point, a black three
// whose open-four point is forbidden is no threat, and a black defender
// forced onto a forbidden point loses.

// Salts that keep VCF and VCT results of the two attackers apart in the
// threat cache.
var threatSalt = [2][2]uint64{
	{0x7f4a7c159e3779b9, 0x94d049bb133111eb},
	{0xbf58476d1ce4e5b9, 0x2545f4914f6cdd1d},
}

// threatBudget bounds one threat-space search.
type threatBudget struct {
	limit    uint64    // node count at which to give up
	deadline time.Time // time at which to give up (zero = none of its own)
	aborted  bool
}

// setBudget starts a threat-search budget of at most nodes nodes and share
// of the time (and of the node cap) left to the whole search.
func (e *Engine) setBudget(nodes uint64, share float64) {
	if e.maxNodes > 0 {
		left := uint64(0)
		if e.nodes < e.maxNodes {
			left = e.maxNodes - e.nodes
		}
		nodes = min(nodes, uint64(float64(left)*share))
	}
	e.tb = threatBudget{limit: e.nodes + nodes}
	if !e.deadline.IsZero() {
		e.tb.deadline = time.Now().Add(time.Duration(float64(time.Until(e.deadline)) * share))
	}
}

// spend counts a threat-search node and reports whether the budget or the
// whole search is exhausted.
func (e *Engine) spend() bool {
	e.nodes++
	if e.nodes&1023 == 0 {
		e.checkStop()
		if !e.tb.deadline.IsZero() && !time.Now().Before(e.tb.deadline) {
			e.tb.aborted = true
		}
	}
	if e.stop || e.nodes >= e.tb.limit {
		e.tb.aborted = true
	}
	return e.tb.aborted
}

// orderThreats sorts moves by the side's threat there, strongest first, then
// by value (insertion sort: the lists are short).
func (e *Engine) orderThreats(moves []int16, side engine.Side) {
	st := e.st
	key := func(p int16) int32 {
		return int32(st.thr[side][p])<<20 + st.val[side][p] + st.val[side.Other()][p]
	}
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], key(moves[i])
		j := i
		for ; j > 0 && key(moves[j-1]) < k; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}

// legalThreats returns the points where side makes at least t and may play.
func (e *Engine) legalThreats(buf []int16, side engine.Side, t threat) []int16 {
	moves := e.st.find(buf[:0], side, t)
	n := 0
	for _, m := range moves {
		if e.st.legal(int(m), side) {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// runVCF looks for a VCF of the side to move within nodes nodes, share of
// the time left and depth fours. It returns the first move of the win, or -1.
func (e *Engine) runVCF(depth int, nodes uint64, share float64) int {
	e.setBudget(nodes, share)
	if e.vcf(depth, 0) {
		return e.threatPV[0]
	}
	return -1
}

// runVCT looks for a VCT of the side to move within nodes nodes, share of
// the time left and depth threats, VCFs of vcfDepth fours allowed on the way.
func (e *Engine) runVCT(depth int, nodes uint64, share float64) int {
	e.setBudget(nodes, share)
	if e.vct(depth, 0) {
		return e.threatPV[0]
	}
	return -1
}

// vcf reports whether the side to move wins by continuous fours, with at
// most depth fours. On a win threatPV[ply] holds the first move.
func (e *Engine) vcf(depth, ply int) bool {
	st := e.st
	me, you := st.stm, st.stm.Other()
	if e.spend() {
		return false
	}
	if st.nthr[me][tFive] > 0 {
		p, _ := st.fivePoint(me)
		e.threatPV[ply] = p
		return true
	}
	fp, nf := st.fivePoint(you)
	if nf >= 2 || depth <= 0 || ply >= maxPly-2 {
		return false
	}
	key := st.hash() ^ threatSalt[0][me]
	if en, ok := e.threats.probe(key); ok && (en.win || int(en.depth) >= depth) {
		if en.win {
			e.threatPV[ply] = int(en.move)
		}
		return en.win
	}
	var moves []int16
	if nf == 1 {
		if st.thr[me][fp] < tFour || !st.legal(fp, me) {
			return false
		}
		moves = append(e.threatMoves[ply][:0], int16(fp))
	} else {
		moves = e.legalThreats(e.threatMoves[ply][:], me, tFour)
		e.orderThreats(moves, me)
	}
	for _, m := range moves {
		if st.thr[me][m] == tOpenFour {
			e.threatPV[ply] = int(m)
			e.threats.store(key, depth, true, int(m))
			return true
		}
		st.put(int(m))
		win := false
		q, nq := st.fivePoint(me)
		switch {
		case nq >= 2:
			win = true
		case nq == 0 || st.nthr[you][tFive] > 0:
			// not a four after all, or the defender makes five first
		case !st.legal(q, you):
			win = true // renju: black cannot block
		default:
			st.put(q)
			win = e.vcf(depth-1, ply+2)
			st.take(q)
		}
		st.take(int(m))
		if win {
			e.threatPV[ply] = int(m)
			e.threats.store(key, depth, true, int(m))
			return true
		}
		if e.tb.aborted {
			return false
		}
	}
	e.threats.store(key, depth, false, -1)
	return false
}

// vct reports whether the side to move wins by continuous threats (fours and
// threes) with at most depth threats; vcfDepth bounds the VCFs tried on the
// way.
func (e *Engine) vct(depth, ply int) bool {
	st := e.st
	me, you := st.stm, st.stm.Other()
	if e.spend() {
		return false
	}
	if st.nthr[me][tFive] > 0 {
		p, _ := st.fivePoint(me)
		e.threatPV[ply] = p
		return true
	}
	fp, nf := st.fivePoint(you)
	if nf >= 2 || ply >= maxPly-4 {
		return false
	}
	if nf == 1 {
		// Block the defender's four; the attacker's threats still stand.
		if !st.legal(fp, me) {
			return false
		}
		st.put(fp)
		win := e.vctDefend(depth, ply+1)
		st.take(fp)
		if win {
			e.threatPV[ply] = fp
		}
		return win
	}
	if e.vcf(vcfDepth, ply) {
		return true
	}
	if depth <= 0 || e.tb.aborted {
		return false
	}
	key := st.hash() ^ threatSalt[1][me]
	if en, ok := e.threats.probe(key); ok && (en.win || int(en.depth) >= depth) {
		if en.win {
			e.threatPV[ply] = int(en.move)
		}
		return en.win
	}
	moves := e.legalThreats(e.threatMoves[ply][:], me, tThree)
	e.orderThreats(moves, me)
	for _, m := range moves {
		st.put(int(m))
		win := e.vctDefend(depth-1, ply+1)
		st.take(int(m))
		if win {
			e.threatPV[ply] = int(m)
			e.threats.store(key, depth, true, int(m))
			return true
		}
		if e.tb.aborted {
			return false
		}
	}
	e.threats.store(key, depth, false, -1)
	return false
}

// vctDefend reports whether the attacker (the side not to move) still wins
// whatever the defender (the side to move) does against its threats.
func (e *Engine) vctDefend(depth, ply int) bool {
	st := e.st
	me, att := st.stm, st.stm.Other()
	if e.spend() {
		return false
	}
	if st.nthr[me][tFive] > 0 {
		return false
	}
	q, nq := st.fivePoint(att)
	switch {
	case nq >= 2:
		return true
	case nq == 1:
		if !st.legal(q, me) {
			return true
		}
		st.put(q)
		win := e.vct(depth, ply+1)
		st.take(q)
		return win
	}
	// The attacker needs a point where it makes an open four (or a double
	// four) that it may play; otherwise its threat has been answered.
	if !e.hasLegal(att, tOpenFour) || ply >= maxPly-4 {
		return false
	}
	moves := e.threatMoves[ply][:0]
	for _, p := range st.pts {
		if st.cell[p] == cEmpty && (st.thr[me][p] >= tFour || st.thr[att][p] >= tFour) && st.legal(int(p), me) {
			moves = append(moves, p)
		}
	}
	for _, m := range moves {
		st.put(int(m))
		win := e.vct(depth, ply+1)
		st.take(int(m))
		if !win {
			return false
		}
	}
	return !e.tb.aborted
}

// hasLegal reports whether side has a point it may play where it makes at
// least t.
func (e *Engine) hasLegal(side engine.Side, t threat) bool {
	st := e.st
	if !st.has(side, t) {
		return false
	}
	for _, p := range st.pts {
		if st.cell[p] == cEmpty && st.thr[side][p] >= t && st.legal(int(p), side) {
			return true
		}
	}
	return false
}
