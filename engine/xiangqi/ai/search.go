package ai

import (
	"math"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// lmrTable[depth][moveIndex] is the late move reduction in plies.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// Move ordering ranks.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 22
	orderBad     = 1 << 20 // bad captures rank between orderKiller and quiet moves
	historyMax   = 1 << 14
)

// poll reports whether the search must stop: the node limit, the context
// or the deadline (those two looked at every 1024 nodes).
func (e *Engine) poll() bool {
	if e.stopped {
		return true
	}
	if !e.canStop {
		return false
	}
	if e.maxNodes > 0 && e.nodes >= e.maxNodes {
		e.stopped = true
	} else if e.nodes&1023 == 0 && e.expired() {
		e.stopped = true
	}
	return e.stopped
}

// make plays m on the search position, keeping the piece counts and the
// incremental material and piece-square score.
func (e *Engine) make(m xiangqi.Move) xiangqi.Undo {
	from, to := m.From(), m.To()
	pc := e.pos.At(from)
	u := e.pos.MakeMove(m)
	if c := u.Captured(); c != xiangqi.NoPiece {
		e.mat.remove(c, to)
	}
	e.mat.move(pc, from, to)
	return u
}

// unmake takes m back.
func (e *Engine) unmake(m xiangqi.Move, u xiangqi.Undo) {
	from, to := m.From(), m.To()
	pc := e.pos.At(to)
	e.pos.UnmakeMove(m, u)
	e.mat.move(pc, to, from)
	if c := u.Captured(); c != xiangqi.NoPiece {
		e.mat.add(c, to)
	}
}

// lazyMargin bounds how far mobility and king safety can move the full
// evaluation away from material and piece-square tables.
const lazyMargin = 300

// eval returns the static evaluation from the side to move's view, from the
// incremental material and tables alone when that is already far outside
// the window (alpha, beta).
func (e *Engine) eval(alpha, beta int) int {
	phase := min(e.mat.phase, maxPhase)
	fast := (int(e.mat.mg)*phase + int(e.mat.eg)*(maxPhase-phase)) / maxPhase
	if fast > 0 && !canAttack(&e.mat.count, xiangqi.Red) || fast < 0 && !canAttack(&e.mat.count, xiangqi.Black) {
		fast /= 8
	}
	if e.pos.Turn() == xiangqi.Black {
		fast = -fast
	}
	fast += tempo
	if fast-lazyMargin >= beta || fast+lazyMargin <= alpha {
		return fast
	}
	return e.evaluate()
}

// nullAllowed reports whether the side to move keeps enough attacking
// material for a null move to be a safe guess (not a zugzwang ending).
func (e *Engine) nullAllowed() bool {
	s := e.pos.Turn()
	c := &e.mat.count
	return 2*c[xiangqi.MakePiece(s, xiangqi.Chariot)]+c[xiangqi.MakePiece(s, xiangqi.Horse)]+
		c[xiangqi.MakePiece(s, xiangqi.Cannon)] >= 2
}

// repetition looks for an earlier occurrence of the position at stack[n];
// if there is one it returns the score of the cycle for the side to move.
func (e *Engine) repetition(n, ply int) (int, bool) {
	key := e.stack[n]
	for i := n - 4; i >= int(e.floor[n]); i -= 2 {
		if e.stack[i] != key {
			continue
		}
		switch e.perpetual(i, n, e.pos.Turn()) {
		case 1:
			return MateScore - ply, true
		case -1:
			return -MateScore + ply, true
		}
		return 0, true
	}
	return 0, false
}

// searchRoot searches every root move. With exact, each move gets a full
// window (for the weak levels' choice); otherwise PVS. The best move found
// so far is kept first in e.rootMoves.
func (e *Engine) searchRoot(alpha, beta, depth int, inCheck, exact bool) int {
	e.nodes++
	e.pvLen[0] = 0
	best := -infinity
	n := len(e.stack) - 1
	for i := range e.rootMoves {
		e.rootMoves[i].score = -infinity
	}
	e.statics[0] = -infinity
	if !inCheck {
		e.statics[0] = e.evaluate()
	}
	for i := 0; i < len(e.rootMoves); i++ {
		m := e.rootMoves[i].move
		quiet := e.pos.At(m.To()) == xiangqi.NoPiece
		e.path[0] = pathMove{e.pos.At(m.From()), m.To()}
		u := e.make(m)
		gives := e.pos.InCheck()
		fl := e.floor[n]
		if !quiet {
			fl = int32(n + 1)
		}
		e.push(e.pos.Key(), gives, fl)
		nd := depth - 1
		if gives {
			nd++
		}
		var s int
		switch {
		case exact:
			s = -e.search(-infinity, infinity, nd, 1, gives, true)
		case i == 0:
			s = -e.search(-beta, -alpha, nd, 1, gives, true)
		default:
			s = -e.search(-alpha-1, -alpha, nd, 1, gives, true)
			if s > alpha && s < beta && !e.stopped {
				s = -e.search(-beta, -alpha, nd, 1, gives, true)
			}
		}
		e.pop()
		e.unmake(m, u)
		if e.stopped {
			return best
		}
		e.rootMoves[i].score = s
		if s > best {
			best = s
			if s > alpha || exact || i == 0 {
				e.pv[0][0] = m
				copy(e.pv[0][1:], e.pv[1][1:e.pvLen[1]])
				e.pvLen[0] = max(e.pvLen[1], 1)
				// Keep the best first, the others in their order.
				rm := e.rootMoves[i]
				copy(e.rootMoves[1:i+1], e.rootMoves[:i])
				e.rootMoves[0] = rm
			}
			if s > alpha && !exact {
				alpha = s
			}
			if s >= beta && !exact {
				break
			}
		}
	}
	// Order the rest by score for the next iteration (insertion sort: stable).
	for i := 2; i < len(e.rootMoves); i++ {
		for j := i; j > 1 && e.rootMoves[j].score > e.rootMoves[j-1].score; j-- {
			e.rootMoves[j], e.rootMoves[j-1] = e.rootMoves[j-1], e.rootMoves[j]
		}
	}
	for i := range e.rootMoves {
		e.rootMoves[i].prev = e.rootMoves[i].score
	}
	return best
}

// search is the PVS alpha-beta search below the root.
func (e *Engine) search(alpha, beta, depth, ply int, inCheck, nullOK bool) int {
	if depth <= 0 {
		return e.qsearch(alpha, beta, ply, 0, inCheck)
	}
	e.pvLen[ply] = ply
	e.nodes++
	if e.poll() {
		return 0
	}
	n := len(e.stack) - 1
	if s, ok := e.repetition(n, ply); ok {
		return s
	}
	if e.pos.Clock() >= xiangqi.MoveLimit {
		return 0
	}
	if ply >= maxPly-2 {
		return evaluateWith(&e.pos, &e.mat)
	}
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1
	key := e.pos.Key()
	ttMove := xiangqi.NoMove
	if ent, ok := e.tt.probe(key); ok {
		ttMove = ent.move
		if !pvNode && int(ent.depth) >= depth {
			s := scoreFromTT(int(ent.score), ply)
			switch {
			case ent.bound == boundExact,
				ent.bound == boundLower && s >= beta,
				ent.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}

	// The static evaluation, and whether it improved on this side's last
	// turn: pruning is bolder when it did not.
	static := -infinity
	improving := false
	if !inCheck {
		static = e.eval(alpha, beta)
		improving = ply < 2 || static > e.statics[ply-2]
	}
	e.statics[ply] = static
	if !inCheck && !pvNode && abs(beta) < mateBound {
		// Reverse futility, except for a side left with only its palace
		// pieces: there a stalemate (a loss) is too likely to guess past.
		if depth <= rfpDepth && static-rfpMargin*(depth-b2i(improving)) >= beta && canAttack(&e.mat.count, e.pos.Turn()) {
			return static // reverse futility: far above beta near the leaves
		}
		if depth == 1 && static+razorMargin <= alpha {
			return e.qsearch(alpha, beta, ply, 0, false) // razoring: only a capture could help
		}
		if nullOK && depth >= 2 && static >= beta && e.nullAllowed() {
			r := 3 + depth/4 + min((static-beta)/200, 2)
			e.pos.MakeNullMove()
			e.path[ply] = pathMove{xiangqi.NoPiece, xiangqi.NoSquare}
			e.push(e.pos.Key(), false, int32(n+1))
			s := -e.search(-beta, -beta+1, depth-1-r, ply+1, false, false)
			e.pop()
			e.pos.UnmakeNullMove()
			if e.stopped {
				return 0
			}
			if s >= beta {
				if s >= mateBound {
					s = beta
				}
				return s
			}
		}
	}

	if ttMove == xiangqi.NoMove && depth >= 4 {
		depth-- // internal iterative reduction: no move to try first, a guess is cheaper
	}
	counter := xiangqi.NoMove
	if ply > 0 {
		if prev := e.path[ply-1]; prev.piece != xiangqi.NoPiece {
			counter = e.counter[prev.piece][prev.to]
		}
	}
	// Late quiet moves are pruned at non-PV nodes beyond this many.
	lmpLimit := maxPly * 4
	if !pvNode && !inCheck && depth <= lmpDepth {
		lmpLimit = (3 + depth*depth) / (2 - b2i(improving))
	}

	// The hash move is tried before the others are generated: when it
	// refutes the node, generating them is saved.
	var moves []xiangqi.Move
	generated := false
	if ttMove != xiangqi.NoMove && e.pos.IsLegal(ttMove) {
		moves = append(e.moves[ply][:0], ttMove)
		e.order[ply][0] = orderTT
	} else {
		// Pseudo-legal moves: each one's legality is tested only when it
		// comes up, so moves after a cutoff cost nothing more.
		moves = e.pos.GeneratePseudoMoves(e.moves[ply][:0])
		e.scoreMoves(moves, ply, 0, ttMove, counter)
		generated = true
	}
	best, bestMove := -infinity, xiangqi.NoMove
	origAlpha := alpha
	quiets := e.quiets[ply][:0]
	legal := 0 // legal moves met so far
	for i := 0; ; i++ {
		if i == len(moves) {
			if generated {
				break
			}
			// Generate the rest behind the hash move, leaving it out.
			rest := e.pos.GeneratePseudoMoves(e.moves[ply][1:1])
			for j, m := range rest {
				if m == ttMove {
					rest[j] = rest[len(rest)-1]
					rest = rest[:len(rest)-1]
					break
				}
			}
			moves = e.moves[ply][:1+len(rest)]
			e.scoreMoves(moves, ply, 1, ttMove, counter)
			generated = true
			if i == len(moves) {
				break
			}
		}
		m := e.next(moves, ply, i)
		order := e.order[ply][i]
		if order < orderBad && len(quiets) >= lmpLimit && best > -mateBound {
			// Late move pruning. Moves are ordered TT, captures, killers,
			// counter, bad captures (every capture ranks at orderBad or
			// above), then quiet moves by history: the moves left are all
			// quiet and the least promising. Deciding before the move is
			// made (checks included) keeps the skip cheap.
			break
		}
		if i > 0 || generated {
			if !e.pos.LegalAfter(m, inCheck) {
				continue
			}
		}
		legal++
		piece := e.pos.At(m.From())
		victim := e.pos.At(m.To())
		quiet := victim == xiangqi.NoPiece
		badCap := !quiet && order < orderCapture
		u := e.make(m)
		gives := e.pos.InCheck()
		if !pvNode && !inCheck && !gives && best > -mateBound {
			prune := false
			switch {
			case quiet && order < orderKiller-1:
				// Futility at the depth this move would be searched to
				// after its reduction.
				ld := depth - 1 - int(lmrTable[min(depth, 63)][min(legal, 63)])
				prune = ld <= futilityDepth && static+futilityBase+futilityMargin*max(ld, 0) <= alpha
			case badCap && depth <= 3:
				prune = true // a capture that loses material, near the leaves
			}
			if prune {
				e.unmake(m, u)
				if quiet {
					quiets = append(quiets, m)
				}
				continue
			}
		}
		fl := e.floor[n]
		if !quiet {
			fl = int32(n + 1)
		}
		e.path[ply] = pathMove{piece, m.To()}
		e.push(e.pos.Key(), gives, fl)
		nd := depth - 1
		// Check extension, for checks that do not simply lose the checker.
		if gives && ply < 2*e.rootDepth+4 &&
			(!e.pos.Attacked(m.To(), e.pos.Turn()) || orderValue[victim.Kind()] >= orderValue[piece.Kind()]) {
			nd++
		}
		var s int
		if legal == 1 {
			s = -e.search(-beta, -alpha, nd, ply+1, gives, true)
		} else {
			r := 0
			if depth >= 3 && legal > 1+b2i(pvNode) && (quiet || badCap) {
				r = int(lmrTable[min(depth, 63)][min(legal-1, 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				if order >= orderKiller-1 || gives || inCheck {
					r-- // killers, the counter move, checks and evasions
				}
				if quiet {
					r -= int(e.history[piece][m.To()]) * 2 / historyMax
				}
				r = min(max(r, 0), nd-1)
			}
			s = -e.search(-alpha-1, -alpha, nd-r, ply+1, gives, true)
			if s > alpha && r > 0 {
				s = -e.search(-alpha-1, -alpha, nd, ply+1, gives, true)
			}
			if s > alpha && s < beta {
				s = -e.search(-beta, -alpha, nd, ply+1, gives, true)
			}
		}
		e.pop()
		e.unmake(m, u)
		if e.stopped {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				e.pv[ply][ply] = m
				copy(e.pv[ply][ply+1:], e.pv[ply+1][ply+1:e.pvLen[ply+1]])
				e.pvLen[ply] = max(e.pvLen[ply+1], ply+1)
				if s >= beta {
					if quiet {
						e.rewardQuiet(m, piece, quiets, depth, ply)
					}
					break
				}
			}
		}
		if quiet {
			quiets = append(quiets, m)
		}
	}
	if legal == 0 {
		return -MateScore + ply // mated or stalemated: both lose
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	e.tt.store(key, bestMove, best, depth, ply, bound)
	return best
}

// Pruning parameters (centipawns; a soldier is 80–130, a chariot 1000).
const (
	rfpDepth       = 3   // reverse futility up to this depth
	rfpMargin      = 100 // per ply of depth (one less when improving)
	razorMargin    = 400 // razoring at depth 1
	lmpDepth       = 7   // late move pruning up to this depth
	futilityDepth  = 6   // futility pruning up to this reduced depth
	futilityBase   = 100
	futilityMargin = 100 // per ply of reduced depth
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rewardQuiet updates killers, the counter move, history and continuation
// history after quiet
// move m caused a cutoff, and lowers the history of the quiet moves tried
// before it.
func (e *Engine) rewardQuiet(m xiangqi.Move, piece xiangqi.Piece, tried []xiangqi.Move, depth, ply int) {
	if e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if ply > 0 {
		if prev := e.path[ply-1]; prev.piece != xiangqi.NoPiece {
			e.counter[prev.piece][prev.to] = m
		}
	}
	bonus := int32(min(depth*depth, 400))
	h := &e.history[piece][m.To()]
	*h += 32*bonus - *h*bonus/512
	for _, q := range tried {
		h := &e.history[e.pos.At(q.From())][q.To()]
		*h -= 32*bonus + *h*bonus/512
	}
	if row := e.contRow(ply); row != nil {
		c := &row[contIndex(piece, m.To())]
		v := int32(*c)
		*c = int16(v + 32*bonus - v*bonus/512)
		for _, q := range tried {
			c := &row[contIndex(e.pos.At(q.From()), q.To())]
			v := int32(*c)
			*c = int16(v - 32*bonus - v*bonus/512)
		}
	}
}

// contSize is the number of (piece, destination) pairs.
const contSize = 16 * xiangqi.Ranks * xiangqi.Files

// contIndex numbers a (piece, destination) pair 0..contSize-1.
func contIndex(pc xiangqi.Piece, to xiangqi.Square) int {
	return (int(pc)*xiangqi.Ranks+to.Rank())*xiangqi.Files + to.File()
}

// contRow returns the continuation history of the moves that answer the
// previous move on the path (nil at the root and after a null move).
func (e *Engine) contRow(ply int) []int16 {
	if ply == 0 {
		return nil
	}
	prev := e.path[ply-1]
	if prev.piece == xiangqi.NoPiece {
		return nil
	}
	i := contIndex(prev.piece, prev.to) * contSize
	return e.contHist[i : i+contSize]
}

// scoreMoves ranks moves[from:] for ordering: the TT move, captures by MVV-LVA,
// killers, the counter move, then quiet moves by history plus continuation
// history (how well the move answered the previous one).
func (e *Engine) scoreMoves(moves []xiangqi.Move, ply, from int, ttMove, counter xiangqi.Move) {
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	row := e.contRow(ply)
	for i := from; i < len(moves); i++ {
		m := moves[i]
		var v int32
		victim := e.pos.At(m.To())
		switch {
		case m == ttMove:
			v = orderTT
		case victim != xiangqi.NoPiece:
			v = orderCapture + int32(orderValue[victim.Kind()]*32-orderValue[e.pos.At(m.From()).Kind()]/32)
			if !seeAtLeast(&e.pos, m, 0) {
				v = orderBad + int32(orderValue[victim.Kind()]) // after the killers, before quiet moves
			}
		case m == k0:
			v = orderKiller + 1
		case m == k1:
			v = orderKiller
		case m == counter:
			v = orderKiller - 1
		default:
			pc := e.pos.At(m.From())
			v = e.history[pc][m.To()]
			if row != nil {
				v += int32(row[contIndex(pc, m.To())])
			}
		}
		e.order[ply][i] = v
	}
}

// next moves the best-ranked move among moves[i:] to i and returns it.
func (e *Engine) next(moves []xiangqi.Move, ply, i int) xiangqi.Move {
	o := &e.order[ply]
	b := i
	for j := i + 1; j < len(moves); j++ {
		if o[j] > o[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	o[i], o[b] = o[b], o[i]
	return moves[i]
}

// qsearch searches captures (every evasion when in check) until the
// position is quiet, skipping those that lose the exchange (SEE). qdepth
// is 0 at the first ply, where quiet checks are tried too, and counts down
// below it.
func (e *Engine) qsearch(alpha, beta, ply, qdepth int, inCheck bool) int {
	e.pvLen[ply] = ply
	e.nodes++
	if e.poll() {
		return 0
	}
	if ply >= maxPly-2 {
		return evaluateWith(&e.pos, &e.mat)
	}
	key := e.pos.Key()
	// Nodes that also try quiet checks (qdepth 0) are stored at depth 0,
	// the deeper ones at -1: an entry serves nodes that look no further.
	ttDepth := 0
	if qdepth < 0 {
		ttDepth = -1
	}
	if ent, ok := e.tt.probe(key); ok && int(ent.depth) >= ttDepth {
		s := scoreFromTT(int(ent.score), ply)
		switch {
		case ent.bound == boundExact,
			ent.bound == boundLower && s >= beta,
			ent.bound == boundUpper && s <= alpha:
			return s
		}
	}
	origAlpha := alpha
	best, bestMove := -infinity, xiangqi.NoMove
	stand := 0
	var moves []xiangqi.Move
	if inCheck {
		moves = e.pos.GenerateMoves(e.moves[ply][:0])
		if len(moves) == 0 {
			return -MateScore + ply
		}
	} else {
		stand = e.eval(alpha, beta)
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
		// Pseudo-legal: most captures are pruned before their legality matters.
		moves = e.pos.GeneratePseudoCaptures(e.moves[ply][:0])
	}
	if inCheck {
		e.scoreMoves(moves, ply, 0, xiangqi.NoMove, xiangqi.NoMove)
	} else {
		e.scoreCaptures(moves, ply)
	}
	for i := range moves {
		m := e.next(moves, ply, i)
		victim := e.pos.At(m.To())
		if !inCheck && stand+orderValue[victim.Kind()]+200 <= alpha {
			continue // delta pruning: even winning the piece free does not reach alpha
		}
		if !inCheck && !seeAtLeast(&e.pos, m, 0) {
			continue // the exchange on the point loses material
		}
		if !inCheck && !e.pos.LegalAfter(m, false) {
			continue
		}
		u := e.make(m)
		gives := e.pos.InCheck()
		s := -e.qsearch(-beta, -alpha, ply+1, qdepth-1, gives)
		e.unmake(m, u)
		if e.stopped {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	if qdepth == 0 && !inCheck && best < beta && !e.stopped {
		best, bestMove, alpha = e.quietChecks(alpha, beta, ply, best, bestMove)
		if e.stopped {
			return 0
		}
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha && bestMove != xiangqi.NoMove:
		bound = boundExact
	}
	e.tt.store(key, bestMove, best, ttDepth, ply, bound)
	return best
}

// quietChecks searches, at the first ply of the quiescence search, the
// quiet moves that give check and do not hang the moving piece: mates in
// xiangqi come by checks, and a capture search alone does not see them.
// It returns the updated best score, best move and alpha.
func (e *Engine) quietChecks(alpha, beta, ply, best int, bestMove xiangqi.Move) (int, xiangqi.Move, int) {
	k := e.pos.General(e.pos.Turn() ^ 1)
	if k == xiangqi.NoSquare {
		return best, bestMove, alpha
	}
	moves := e.pos.GeneratePseudoMoves(e.moves[ply][:0])
	for _, m := range moves {
		from, to := m.From(), m.To()
		if e.pos.At(to) != xiangqi.NoPiece || !mayCheck(e.pos.At(from), from, to, k) {
			continue
		}
		// Whether it checks is the cheapest test, so it goes first.
		u := e.pos.MakeMove(m)
		checks := e.pos.InCheck()
		e.pos.UnmakeMove(m, u)
		if !checks || !e.pos.LegalAfter(m, false) || !seeAtLeast(&e.pos, m, 0) {
			continue
		}
		u = e.make(m)
		s := -e.qsearch(-beta, -alpha, ply+1, -1, true)
		e.unmake(m, u)
		if e.stopped {
			return best, bestMove, alpha
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best, bestMove, alpha
}

// mayCheck is a quick filter for quiet moves that might give check to the
// general on k: the piece lands on k's file or rank or a horse's jump from
// it, or leaves k's file or rank or a horse leg next to k (uncovering a
// chariot or cannon, or a horse).
func mayCheck(pc xiangqi.Piece, from, to, k xiangqi.Square) bool {
	if sameLine(from, k) || sameLine(to, k) {
		return true
	}
	if d := int(from) - int(k); d == 15 || d == 17 || d == -15 || d == -17 {
		return true
	}
	if pc.Kind() == xiangqi.Horse {
		df, dr := abs(to.File()-k.File()), abs(to.Rank()-k.Rank())
		return df == 1 && dr == 2 || df == 2 && dr == 1
	}
	return false
}

// sameLine reports whether a and b share a file or a rank.
func sameLine(a, b xiangqi.Square) bool { return a.File() == b.File() || a.Rank() == b.Rank() }

// scoreCaptures ranks captures for the quiescence search by MVV-LVA alone:
// those that lose the exchange are skipped there, when they come up.
func (e *Engine) scoreCaptures(moves []xiangqi.Move, ply int) {
	for i, m := range moves {
		e.order[ply][i] = orderCapture + int32(orderValue[e.pos.At(m.To()).Kind()]*32-orderValue[e.pos.At(m.From()).Kind()]/32)
	}
}
