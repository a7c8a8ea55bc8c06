package ai

import (
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// orderScore is how promising p looks for the side to move: its own value
// there (attack) a little above the opponent's (defence).
func (e *Engine) orderScore(p int16) int32 {
	st := e.st
	me, you := st.stm, st.stm.Other()
	return st.val[me][p]*5/4 + st.val[you][p]
}

// gen fills e.moves[ply] with the moves worth searching, best first, at most
// width of them (0 = all). When the opponent has an open three (a point where
// it makes an open four) and the side to move has no four, only the points
// that stop it and the side's own fours are searched. The moves are the
// points near the stones; when none of them may be played (renju: all
// forbidden to black) but a far point may, every point is considered.
func (e *Engine) gen(ply, width int) []int16 {
	st := e.st
	you := st.stm.Other()
	moves := e.moves[ply][:0]
	scores := e.scores[ply][:0]
	if st.stones() == 0 {
		return append(moves, int16(gomoku.Centre(st.size)))
	}
	defend := e.hasLegal(you, tOpenFour)
	moves, scores = e.collect(moves, scores, defend, true)
	if defend && len(moves) == 0 {
		// Nothing stops the threat (say the only block is forbidden to
		// black): every move loses, so consider them all.
		defend = false
		moves, scores = e.collect(moves, scores, false, true)
	}
	if len(moves) == 0 {
		moves, scores = e.collect(moves, scores, false, false)
	}
	// The best width moves, best first, in the order a selection sort
	// gives them (the rest are cut).
	n := len(moves)
	if width > 0 && width < n && !defend {
		n = width
	}
	if n < len(moves) {
		e.selectBest(moves, scores, n)
	} else {
		selectionSort(moves, scores, n)
	}
	return moves[:n]
}

// selectionSort puts the n best moves first, best first, by selection sort:
// step i swaps the first of the best remaining moves with the move at i. Its
// order of equal scores is the search's move order, which selectBest keeps.
func selectionSort(moves []int16, scores []int32, n int) {
	for i := 0; i < n; i++ {
		b := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[b] {
				b = j
			}
		}
		moves[i], moves[b] = moves[b], moves[i]
		scores[i], scores[b] = scores[b], scores[i]
	}
}

// selectBest puts in moves[:n] (n < len(moves)) the same moves in the same
// order as selectionSort(moves, scores, n), without its n passes over all
// the moves. Only moves scoring at least the n-th best score can be chosen
// in n steps; selectBest finds that score in one pass, keeps those
// candidates with their positions and replays the selection sort on them
// alone. A step of the sort moves a candidate only when it sits at the
// step's position (it then takes the place of the chosen move); the other
// moves' positions decide nothing.
func (e *Engine) selectBest(moves []int16, scores []int32, n int) {
	// The n best scores, best first, by insertion.
	best := e.selBest[:0]
	for _, s := range scores {
		if len(best) == n {
			if s <= best[n-1] {
				continue
			}
			best = best[:n-1]
		}
		j := len(best)
		best = append(best, s)
		for ; j > 0 && best[j-1] < s; j-- {
			best[j] = best[j-1]
		}
		best[j] = s
	}
	cut := best[n-1]
	// The candidates in board-list order, with their positions.
	cand := e.selCand[:0]
	for j, s := range scores {
		if s >= cut {
			cand = append(cand, selEntry{move: moves[j], pos: int16(j), score: s})
		}
	}
	lo := 0
	for i := 0; i < n; i++ {
		b := lo
		for j := lo + 1; j < len(cand); j++ {
			if cand[j].score > cand[b].score {
				b = j
			}
		}
		chosen := cand[b]
		moves[i], scores[i] = chosen.move, chosen.score
		if int(cand[lo].pos) == i {
			// The candidate at position i moves to the chosen one's place.
			cand[b] = selEntry{move: cand[lo].move, pos: chosen.pos, score: cand[lo].score}
		} else {
			// A cut move is at position i: it moves instead.
			copy(cand[lo+1:b+1], cand[lo:b])
		}
		lo++
	}
}

// selEntry is a candidate move of selectBest.
type selEntry struct {
	move, pos int16
	score     int32
}

// collect appends the empty points that the side to move may play, with
// their ordering scores: with near only those within two points of a stone,
// with defend only those where either side makes a four (the answers to an
// open three and the side's own fours).
func (e *Engine) collect(moves []int16, scores []int32, defend, near bool) ([]int16, []int32) {
	st := e.st
	me, you := st.stm, st.stm.Other()
	for _, p := range st.pts {
		if st.cell[p] != cEmpty || near && st.near[p] == 0 {
			continue
		}
		if defend && st.thr[me][p] < tFour && st.thr[you][p] < tFour {
			continue
		}
		if !st.legal(int(p), me) {
			continue
		}
		moves = append(moves, p)
		scores = append(scores, e.orderScore(p))
	}
	return moves, scores
}

// rootMoves lists the side to move's candidate moves at the root, in order.
func (e *Engine) rootMoves() []rootMove {
	moves := e.gen(0, 0)
	roots := make([]rootMove, len(moves))
	for i, m := range moves {
		roots[i] = rootMove{move: m, score: -infinity}
	}
	return roots
}

// iterate runs iterative deepening over roots and returns the chosen move.
// It always has a move: the first root by ordering if even depth 1 was cut
// short.
func (e *Engine) iterate(roots []rootMove) Result {
	maxDepth := maxPly - 8
	if e.lv.depth > 0 {
		maxDepth = e.lv.depth
	}
	if e.opt.MaxDepth > 0 {
		maxDepth = min(maxDepth, e.opt.MaxDepth)
	}
	res := e.result(int(roots[0].move), e.st.eval(), "search", nil)
	for d := 1; d <= maxDepth; d++ {
		m, score, ok := e.searchRoot(roots, d, e.lv.margin)
		if !ok {
			break
		}
		pv := e.pv[0][:e.pvLen[0]]
		res = e.result(int(m), score, "search", pv)
		res.Depth = d
		e.report(res)
		if IsWin(score) || IsLoss(score) || len(roots) == 1 {
			break
		}
	}
	if e.lv.margin > 0 && !IsWin(res.Score) {
		// Choose among the moves proved within the margin of the best by
		// the last completed iteration.
		best := roots[0].score
		k := 0
		for k < len(roots) && roots[k].score >= best-e.lv.margin && roots[k].score > -winBound {
			k++
		}
		if k > 1 {
			pick := roots[e.rng.IntN(k)]
			depth := res.Depth
			res = e.result(int(pick.move), pick.score, "search", nil)
			res.Depth = depth
		}
	}
	res.Roots = len(roots)
	return res
}

// searchRoot searches every root move to depth and sorts roots by score, best
// first. With a margin, each move after the first is tested with a null window
// at the best score so far less the margin, so that a move scored at least
// best-margin is proved within the margin of the best (fail-soft scores are
// lower bounds when they pass the test, upper bounds when they fail it); no
// move needs an exact score but the best. ok is false when the search was
// stopped before it could improve on the previous iteration; a partial
// iteration whose first move was searched still counts.
func (e *Engine) searchRoot(roots []rootMove, depth int, margin int) (move int16, score int, ok bool) {
	st := e.st
	alpha, beta := -infinity, infinity
	bestIdx := -1
	e.pvLen[0] = 0
	for i := range roots {
		m := roots[i].move
		st.put(int(m))
		var v int
		if i == 0 {
			v = -e.search(depth-1, -beta, -alpha, 1)
		} else {
			// A null window that tells apart the moves scoring at least
			// bound: better than the best without a margin, within the
			// margin of it with one.
			bound := alpha + 1
			if margin > 0 {
				bound = alpha - margin
			}
			v = -e.search(depth-1, -bound, -bound+1, 1)
			if v > alpha && !e.stop {
				v = -e.search(depth-1, -beta, -alpha, 1)
			}
		}
		st.take(int(m))
		if e.stop {
			break
		}
		roots[i].score = v
		if v > alpha || bestIdx < 0 {
			alpha = max(alpha, v)
			bestIdx = i
			e.pv[0][0] = m
			n := copy(e.pv[0][1:], e.pv[1][1:e.pvLen[1]])
			e.pvLen[0] = 1 + n
		} else if margin == 0 || v < alpha-margin {
			roots[i].score = min(v, alpha) - 1 // an upper bound: keep it below the best
		}
	}
	if bestIdx < 0 {
		return 0, 0, false
	}
	best := roots[bestIdx]
	if e.stop {
		// A partial iteration: trust it only when it found a move at least as
		// good as the previous best, which it searched first.
		if bestIdx == 0 {
			return best.move, best.score, true
		}
	}
	// Stable insertion sort, best first; the new best leads.
	copy(roots[1:bestIdx+1], roots[:bestIdx])
	roots[0] = best
	if !e.stop {
		for i := 2; i < len(roots); i++ {
			r := roots[i]
			j := i
			for ; j > 1 && roots[j-1].score < r.score; j-- {
				roots[j] = roots[j-1]
			}
			roots[j] = r
		}
	}
	return best.move, best.score, true
}

// search is the principal-variation alpha-beta search of the position for the
// side to move, depth plies deep, ply plies from the root.
func (e *Engine) search(depth, alpha, beta, ply int) int {
	st := e.st
	me, you := st.stm, st.stm.Other()
	e.pvLen[ply] = ply
	e.nodes++
	if e.nodes&1023 == 0 {
		e.checkStop()
	}
	if e.stop {
		return 0
	}
	if st.nthr[me][tFive] > 0 {
		return WinScore - ply - 1
	}
	fp, nf := st.fivePoint(you)
	if nf > 0 {
		if nf >= 2 || !st.legal(fp, me) {
			return -(WinScore - ply - 2)
		}
		if ply >= maxPly-2 {
			return st.eval()
		}
		// The block is forced: search it without using up depth.
		st.put(fp)
		v := -e.search(depth, -beta, -alpha, ply+1)
		st.take(fp)
		e.setPV(ply, int16(fp))
		return v
	}
	if st.nthr[me][tOpenFour] > 0 && e.hasLegal(me, tOpenFour) {
		return WinScore - ply - 3
	}
	if depth <= 0 || ply >= maxPly-2 || st.stones() == st.size*st.size {
		return e.leaf(ply)
	}

	key := st.hash()
	ttMove := int16(-1)
	if en, ok := e.tt.probe(key); ok {
		ttMove = en.move
		if int(en.depth) >= depth && beta-alpha == 1 {
			s := scoreFromTT(int(en.score), ply)
			switch {
			case en.bound == boundExact,
				en.bound == boundLower && s >= beta,
				en.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}

	if v, ok := e.futile(depth, alpha, beta); ok {
		return v
	}
	moves := e.gen(ply, e.lv.width)
	if len(moves) == 0 {
		return 0
	}
	e.promote(moves, ttMove, ply)
	origAlpha := alpha
	best, bestMove := -infinity, moves[0]
	for i, m := range moves {
		quiet := st.thr[me][m] < tThree && st.thr[you][m] < tFour
		if quiet && e.lv.moveCount && depth < len(moveCount) && i >= moveCount[depth] {
			continue
		}
		st.put(int(m))
		var v int
		if i == 0 {
			v = -e.search(depth-1, -beta, -alpha, ply+1)
		} else {
			r := 0
			if depth >= 3 && i >= 3 && quiet {
				r = 1
			}
			v = -e.search(depth-1-r, -alpha-1, -alpha, ply+1)
			if v > alpha && !e.stop && (r > 0 || v < beta) {
				v = -e.search(depth-1, -beta, -alpha, ply+1)
			}
		}
		st.take(int(m))
		if e.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
				if v >= beta {
					if k := &e.killers[ply]; k[0] != m {
						k[1], k[0] = k[0], m
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	e.tt.store(key, scoreToTT(best, ply), int(bestMove), depth, bound)
	return best
}

// moveCount is how many moves a node depth plies from the horizon searches
// before it skips the quiet ones, at levels that prune by move count:
// 3 + depth^1.32, truncated. The transposition-table move and the killers
// come first, and moves that make a three or stop a four are never
// skipped, so a threat is always answered (TestMoveCount).
var moveCount = [...]int{0, 4, 5, 7, 9, 11, 13}

// futilityDepth is the deepest remaining depth at which futile applies.
const futilityDepth = 6

// futile reports whether a null-window node depth plies from the horizon
// may stop at its static evaluation v because that is at least beta plus
// the level's futility margin for each ply past the first (static futility
// pruning, "reverse futility" in chess engines): the side to move is so far
// ahead that searching its moves would only confirm the cut-off. One ply
// from the horizon it needs no margin: a stone of its own takes none of
// the side's threats away, so its best move rarely scores below v. It
// never applies when the opponent threatens an open four (the evaluation
// cannot see whether the side to move survives it) or when beta is a
// proven result.
func (e *Engine) futile(depth, alpha, beta int) (v int, ok bool) {
	st := e.st
	if e.lv.futility == 0 || depth > futilityDepth || beta-alpha != 1 ||
		beta >= winBound || beta <= -winBound || st.nthr[st.stm.Other()][tOpenFour] > 0 {
		return 0, false
	}
	v = st.eval()
	return v, v-e.lv.futility*(depth-1) >= beta
}

// promote moves the transposition-table move, then the killers, to the front
// of moves when they are in it.
func (e *Engine) promote(moves []int16, ttMove int16, ply int) {
	front := 0
	for _, want := range [3]int16{ttMove, e.killers[ply][0], e.killers[ply][1]} {
		if want < 0 {
			continue
		}
		for i := front; i < len(moves); i++ {
			if moves[i] == want {
				copy(moves[front+1:i+1], moves[front:i])
				moves[front] = want
				front++
				break
			}
		}
	}
}

// setPV makes m followed by the child's line the principal variation at ply.
func (e *Engine) setPV(ply int, m int16) {
	e.pv[ply][ply] = m
	n := ply + 1
	if ply+1 < maxPly {
		for i := ply + 1; i < e.pvLen[ply+1]; i++ {
			e.pv[ply][i] = e.pv[ply+1][i]
			n = i + 1
		}
	}
	e.pvLen[ply] = n
}

// Leaf VCF bounds: fours searched and nodes spent at a leaf.
const (
	leafVCFDepth = 4
	leafVCFNodes = 64
)

// leaf scores a position at the search horizon: the static evaluation,
// unless the side to move has a four-three, which a short VCF confirms as a
// win (the block of the four may stop the three or make a four, so the shape
// alone proves nothing).
func (e *Engine) leaf(ply int) int {
	st := e.st
	if st.nthr[st.stm][tFourThree] > 0 && ply < maxPly-2*leafVCFDepth-2 {
		saved := e.tb
		e.tb = threatBudget{limit: e.nodes + leafVCFNodes}
		win := e.vcf(leafVCFDepth, ply)
		e.tb = saved
		if win {
			return WinScore - ply - 2*leafVCFDepth
		}
	}
	return st.eval()
}
