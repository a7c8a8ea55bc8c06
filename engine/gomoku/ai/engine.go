package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// Options configure an Engine. The zero value is level 1 with the defaults.
type Options struct {
	// Level is the playing strength, 1 (a beginner beats it) to 10 (full
	// strength within its time budget). Out-of-range values are clamped.
	Level int
	// Seed seeds the random choices of the low levels: the same seed, level
	// and moves give the same game.
	Seed int64
	// TTSize is the memory for the transposition tables in bytes
	// (0 = DefaultTTSize). It bounds the engine's memory.
	TTSize int
	// MoveTime is the time per move (0 = the level's budget).
	MoveTime time.Duration
	// MaxDepth caps the alpha-beta depth and MaxNodes the nodes searched
	// (0 = no cap beyond the level's). With MaxNodes or MaxDepth set and a
	// generous context, a search is deterministic.
	MaxDepth int
	MaxNodes uint64
	// Info, if set, is called after each completed iteration of the search,
	// and once for a move found by threat search.
	Info func(Result)
}

// Result is the outcome of one search.
type Result struct {
	Move    gomoku.Point   // the move to play
	Text    string         // Move in canonical notation, e.g. "h8"
	Score   int            // from the side to move's view; see IsWin
	Depth   int            // alpha-beta depth completed (0 for a threat-search move)
	Nodes   uint64         // nodes searched, threat-search nodes included
	PV      []gomoku.Point // the expected line, Move first
	Elapsed time.Duration  // time spent
	By      string         // how the move was found: "five", "block", "vcf", "vct", "search", "random"
	// Roots is the number of root moves the main search chose among (By
	// "search"): 1 when only one move stops the opponent's threats, which
	// makes the move forced.
	Roots int
}

// Win scores: making five now scores WinScore-1, a win n plies ahead
// WinScore-n, a loss n plies ahead -(WinScore-n). Any score beyond winBound
// in absolute value is a proven win or loss.
const (
	WinScore = 30000
	maxPly   = 128
	winBound = WinScore - 2*maxPly
	infinity = WinScore + 1
)

// IsWin reports whether score is a proven win for the side it is given for.
func IsWin(score int) bool { return score >= winBound }

// IsLoss reports whether score is a proven loss.
func IsLoss(score int) bool { return score <= -winBound }

// WinIn returns the number of plies to the end of a proven win (positive) or
// loss (negative), or 0 when score proves nothing.
func WinIn(score int) int {
	switch {
	case IsWin(score):
		return WinScore - score
	case IsLoss(score):
		return -(WinScore + score)
	}
	return 0
}

// DrawThreshold and FittedDrawThreshold are the largest |score| at which the
// engine thinks the game is level enough to accept a draw offer, with the
// hand-set evaluation (levels 1-9) and with the fitted one (level 10). The
// two evaluations count in different units: scores that predict the same
// share of the game differ by about 203/87, the logistic scales that best
// fit self-play games' results with each (STRENGTH.md, "Seventh session"),
// so the thresholds mean the same, a side expected to score about 91% at
// most.
const (
	DrawThreshold       = 200
	FittedDrawThreshold = 467
)

// AcceptsDraw reports whether e, whose Evaluate returned score, accepts a
// draw offer: when neither side stands clearly better.
func (e *Engine) AcceptsDraw(score int) bool {
	t := DrawThreshold
	if e.lv.fitted {
		t = FittedDrawThreshold
	}
	return score >= -t && score <= t
}

// Depths of the threat searches.
const (
	maxVCFDepth = 30 // fours in a root VCF
	vcfDepth    = 12 // fours in a VCF inside VCT
	vctDepth    = 8  // threats in a root VCT
)

// Engine plays Gomoku. It owns its transposition tables and buffers, so reuse
// one across the moves of a game. An Engine is not safe for concurrent use;
// separate Engines may search concurrently.
type Engine struct {
	opt     Options
	lv      level
	st      *state
	tt      tt
	threats threatTT
	pcg     *rand.PCG // rng's source, reseeded by Reset
	rng     *rand.Rand

	ctx      context.Context
	deadline time.Time
	nodes    uint64
	maxNodes uint64
	stop     bool
	tb       threatBudget

	threatPV    [maxPly]int
	threatMoves [maxPly][cells]int16
	moves       [maxPly][cells]int16
	scores      [maxPly][cells]int32
	selBest     [cells]int32    // selectBest's best scores
	selCand     [cells]selEntry // selectBest's candidates
	pv          [maxPly][maxPly]int16
	pvLen       [maxPly]int
	killers     [maxPly][2]int16
}

// New returns an engine configured by opt.
func New(opt Options) *Engine {
	opt = opt.withDefaults()
	pcg := rand.NewPCG(0, 0)
	e := &Engine{
		tt:      newTT(opt.TTSize * 3 / 4),
		threats: newThreatTT(opt.TTSize / 4),
		pcg:     pcg,
		rng:     rand.New(pcg),
		st:      new(state),
	}
	e.configure(opt)
	return e
}

// withDefaults clamps the level and fills in the default table size.
func (opt Options) withDefaults() Options {
	opt.Level = clampLevel(opt.Level)
	if opt.TTSize <= 0 {
		opt.TTSize = DefaultTTSize
	}
	return opt
}

// configure sets the options and seeds the random choices from them.
func (e *Engine) configure(opt Options) {
	e.opt = opt
	e.lv = levels[opt.Level]
	e.pcg.Seed(uint64(opt.Seed), 0x5eed^uint64(opt.Level))
}

// Reset makes e what New(opt) would return, keeping its memory: the
// tables are emptied in place (and made anew only when opt.TTSize gives
// them other sizes), the random choices start again from opt.Seed, and
// nothing of earlier searches is left to change the next one. An engine
// reused through Reset chooses exactly the moves a new one would.
func (e *Engine) Reset(opt Options) {
	opt = opt.withDefaults()
	tt, threats, st, pcg, rng := e.tt, e.threats, e.st, e.pcg, e.rng
	*e = Engine{} // the buffers and the search state, zeroed in place
	if len(tt.entries) == ttSlots(opt.TTSize*3/4) {
		clear(tt.entries)
		e.tt = tt
		e.tt.age = 0
	} else {
		e.tt = newTT(opt.TTSize * 3 / 4)
	}
	if len(threats.entries) == threatSlots(opt.TTSize/4) {
		clear(threats.entries)
		e.threats = threats
	} else {
		e.threats = newThreatTT(opt.TTSize / 4)
	}
	e.st, e.pcg, e.rng = st, pcg, rng
	e.configure(opt)
}

// Clear empties the engine's tables, as for a new game. Since it writes
// all their memory, and builds the shared pattern tables if no engine has
// yet, it also spares the first search those costs: call it before the
// clock starts.
func (e *Engine) Clear() {
	tables()
	clear(e.tt.entries)
	clear(e.threats.entries)
	e.killers = [maxPly][2]int16{}
}

// SetMaxNodes changes Options.MaxNodes for the searches to come.
func (e *Engine) SetMaxNodes(n uint64) { e.opt.MaxNodes = n }

// Level returns the engine's level (1..10).
func (e *Engine) Level() int { return e.opt.Level }

// errNoMove is returned when the side to move has no point it may play.
var errNoMove = engine.E(engine.NoPointLeft)

// begin prepares a search of g bounded by ctx and budget.
func (e *Engine) begin(ctx context.Context, g *gomoku.Game, budget time.Duration) error {
	if g == nil {
		return fmt.Errorf("gomoku ai: no game given")
	}
	if o := g.Outcome(); o.Over() {
		return engine.Over(o, g.Colours())
	}
	e.ctx = ctx
	e.nodes = 0
	e.stop = false
	e.maxNodes = e.opt.MaxNodes
	e.deadline = time.Time{}
	if budget > 0 {
		e.deadline = time.Now().Add(budget)
	}
	if d, ok := ctx.Deadline(); ok && (e.deadline.IsZero() || d.Before(e.deadline)) {
		e.deadline = d
	}
	e.tt.age++
	e.st.reset(g.Board(), g.Turn())
	e.st.fitted = e.lv.fitted
	return nil
}

// checkStop sets stop when the context is done, the deadline has passed or
// the node budget is spent. The search calls it every 1024 nodes.
func (e *Engine) checkStop() {
	if e.stop {
		return
	}
	if e.ctx.Err() != nil ||
		(!e.deadline.IsZero() && !time.Now().Before(e.deadline)) ||
		(e.maxNodes > 0 && e.nodes >= e.maxNodes) {
		e.stop = true
	}
}

// Think chooses a move for the side to move in g within ctx and the engine's
// time budget. When ctx ends it returns the best move found so far; it fails
// only when the game is over or no point may be played. g is not changed.
func (e *Engine) Think(ctx context.Context, g *gomoku.Game) (Result, error) {
	start := time.Now()
	budget := e.opt.MoveTime
	if budget == 0 {
		budget = e.lv.budget
	}
	if err := e.begin(ctx, g, budget); err != nil {
		return Result{}, err
	}
	res, err := e.think()
	if err != nil {
		return Result{}, err
	}
	res.Nodes = e.nodes
	res.Elapsed = time.Since(start)
	res.Text = res.Move.String()
	return res, nil
}

// EvaluateNodes bounds the search of Evaluate: depth 4 usually takes a
// few thousand nodes, a few milliseconds.
const EvaluateNodes = 10000

// Evaluate returns a short search's score of g from the side to move's view,
// for deciding on a draw offer (see Engine.AcceptsDraw): depth 4 at most, within
// EvaluateNodes nodes (or Options.MaxNodes if fewer) and ctx, with no time
// budget of its own. Bounded by nodes, not time, it gives the same answer
// however busy the machine is.
func (e *Engine) Evaluate(ctx context.Context, g *gomoku.Game) (int, error) {
	if err := e.begin(ctx, g, 0); err != nil {
		return 0, err
	}
	e.maxNodes = EvaluateNodes
	if e.opt.MaxNodes > 0 {
		e.maxNodes = min(e.maxNodes, e.opt.MaxNodes)
	}
	roots := e.rootMoves()
	if len(roots) == 0 {
		return 0, errNoMove
	}
	best := roots[0]
	for d := 1; d <= 4 && !e.stop; d++ {
		if m, score, ok := e.searchRoot(roots, d, 0); ok {
			best = rootMove{move: m, score: score}
		}
	}
	return best.score, nil
}

// rootMove is a candidate move at the root with its latest score.
type rootMove struct {
	move  int16
	score int
}

// result builds a Result for move m.
func (e *Engine) result(m int, score int, by string, pv []int16) Result {
	r := Result{Move: gomoku.Point(m), Score: score, By: by}
	if len(pv) == 0 || int(pv[0]) != m {
		r.PV = []gomoku.Point{gomoku.Point(m)}
	}
	for _, p := range pv {
		r.PV = append(r.PV, gomoku.Point(p))
	}
	return r
}

// think runs the decision procedure on the loaded position: level
// randomness, immediate fives and blocks, threat searches, then iterative
// deepening.
func (e *Engine) think() (Result, error) {
	st := e.st
	me, you := st.stm, st.stm.Other()
	roots := e.rootMoves()
	if len(roots) == 0 {
		return Result{}, errNoMove
	}
	urgent := st.has(me, tFive) || st.has(you, tFive)
	if e.lv.blunder > 0 && e.rng.Float64() < e.lv.blunder && (e.lv.careless || !urgent) {
		k := min(8, len(roots))
		m := roots[e.rng.IntN(k)].move
		return e.result(int(m), st.eval(), "random", nil), nil
	}
	if p, n := st.fivePoint(me); n > 0 {
		return e.result(p, WinScore-1, "five", nil), nil
	}
	if p, n := st.fivePoint(you); n > 0 && st.legal(p, me) {
		score := 0
		if n >= 2 {
			score = -(WinScore - 2)
		}
		return e.result(p, score, "block", nil), nil
	}
	if e.lv.vcfNodes > 0 && !st.has(you, tFive) {
		if m := e.runVCF(maxVCFDepth, e.lv.vcfNodes, 0.15); m >= 0 {
			pv, five := e.threatLine()
			plies := len(pv)
			if !five {
				plies += 2 // the block of the open four the line ends with, and the five
			}
			r := e.result(m, WinScore-plies, "vcf", pv)
			e.report(r)
			return r, nil
		}
		if e.lv.vctNodes > 0 && !e.stop {
			if m := e.runVCT(vctDepth, e.lv.vctNodes, 0.25); m >= 0 {
				pv, _ := e.threatLine()
				r := e.result(m, WinScore-len(pv)-2, "vct", pv)
				e.report(r)
				return r, nil
			}
		}
		roots = e.defend(roots)
	}
	return e.iterate(roots), nil
}

// report passes r to the Info callback, if any.
func (e *Engine) report(r Result) {
	if e.opt.Info != nil {
		r.Nodes = e.nodes
		r.Text = r.Move.String()
		e.opt.Info(r)
	}
}

// threatLine replays the winning threat line recorded in threatPV from the
// current position: the attacker's moves and, after a four, the forced
// block. It stops where the record runs out, and reports whether the line's
// last move makes five (a VCF's line may end with an open four instead).
func (e *Engine) threatLine() (line []int16, five bool) {
	st := e.st
	att := st.stm
	for i := 0; i < maxPly && len(line) < 64; i++ {
		var m int
		if st.stm == att {
			m = e.threatPV[i]
		} else {
			q, n := st.fivePoint(att)
			if n != 1 {
				break
			}
			m = q
		}
		if m < 0 || m >= cells || st.cell[m] != cEmpty {
			break
		}
		five = st.thr[st.stm][m] == tFive
		st.put(m)
		line = append(line, int16(m))
		if five {
			break
		}
	}
	for i := len(line) - 1; i >= 0; i-- {
		st.take(int(line[i]))
	}
	return line, five
}

// defend keeps, when the opponent threatens a VCF (at the levels with
// vcfDefence) or a VCT (at the levels with vctDefence), only the root moves
// after which it no longer has one; all of them when none does.
func (e *Engine) defend(roots []rootMove) []rootMove {
	if e.lv.vcfDefence {
		roots = e.refute(roots, false, e.lv.vcfNodes)
	}
	if e.lv.vctDefence && !e.stop {
		roots = e.refute(roots, true, e.lv.vctNodes)
	}
	return roots
}

// refute filters roots against the opponent's VCF (or VCT with vct), each
// check bounded by a share of nodes and of the time.
//
// Against a VCF it first replays the opponent's winning line after each root
// move: a move after which the same line still wins is lost, with no search.
// Only the moves that break the line (those on it, the side's own fours and
// the moves that give the side a four on one of the forced blocks) are
// checked with a VCF search, sharing the budget between them. A move whose
// check runs out of budget is kept only when no move is proved to refute.
// A VCT is a tree, not a line: against one only the likeliest defences are
// checked (see below), and all the roots are kept when none of them is
// proved to refute it.
func (e *Engine) refute(roots []rootMove, vct bool, nodes uint64) []rootMove {
	st := e.st
	me, you := st.stm, st.stm.Other()
	run := func(nodes uint64, share float64) int {
		if vct {
			return e.runVCT(vctDepth, nodes, share)
		}
		return e.runVCF(maxVCFDepth, nodes, share)
	}
	st.stm = you
	threat := run(nodes/4, 0.1)
	var line []int16
	if threat >= 0 && !vct {
		line, _ = e.threatLine()
	}
	st.stm = me
	if threat < 0 {
		return roots
	}
	candidates := roots
	if line != nil {
		candidates = roots[:0:0]
		for _, r := range roots {
			st.put(int(r.move))
			lost := e.lineWins(line)
			st.take(int(r.move))
			if !lost {
				candidates = append(candidates, r)
			}
		}
		if len(candidates) == 0 {
			return roots // every move loses: let the search choose
		}
	}
	if vct {
		// A VCT is a tree, not a line: check only the moves likeliest to
		// stop it (on the opponent's threes and fours, its first threat,
		// the side's own fours), so that each check gets a useful budget.
		candidates = roots[:0:0]
		for _, r := range roots {
			if st.thr[you][r.move] >= tThree || st.thr[me][r.move] >= tFour || int(r.move) == threat {
				candidates = append(candidates, r)
				if len(candidates) == maxVCTCandidates {
					break
				}
			}
		}
		if len(candidates) == 0 {
			return roots
		}
	}
	per := max(nodes/uint64(4*len(candidates)), 500)
	share := 0.25 / float64(len(candidates))
	var kept, unknown []rootMove
	for _, r := range candidates {
		st.put(int(r.move))
		found := run(per, share) >= 0
		aborted := e.tb.aborted
		st.take(int(r.move))
		switch {
		case e.stop && vct:
			return roots
		case e.stop:
			return candidates
		case !found && !aborted:
			kept = append(kept, r)
		case !found:
			unknown = append(unknown, r)
		}
	}
	switch {
	case len(kept) > 0:
		return kept
	case vct:
		return roots // the candidates were only the likeliest defences
	case len(unknown) > 0:
		return unknown
	}
	return candidates
}

// maxVCTCandidates bounds the root moves checked against the opponent's VCT.
const maxVCTCandidates = 8

// lineWins reports whether the attacker, the side to move, still wins by
// playing the fours of line (as threatLine returns it: its fours and the
// forced blocks) with the defender's blocks forced anew at each step.
func (e *Engine) lineWins(line []int16) bool {
	st := e.st
	att, def := st.stm, st.stm.Other()
	var played [maxPly]int16
	n := 0
	win := false
	for i := 0; i < len(line); i += 2 {
		m := int(line[i])
		if st.cell[m] != cEmpty || !st.legal(m, att) || st.nthr[def][tFive] > 0 && st.thr[att][m] != tFive {
			break
		}
		if st.thr[att][m] == tFive || st.thr[att][m] == tOpenFour {
			win = true
			break
		}
		st.put(m)
		played[n] = int16(m)
		n++
		q, nq := st.fivePoint(att)
		if nq >= 2 || (nq == 1 && !st.legal(q, def)) {
			win = true
			break
		}
		if nq == 0 || st.nthr[def][tFive] > 0 {
			break
		}
		st.put(q)
		played[n] = int16(q)
		n++
	}
	for i := n - 1; i >= 0; i-- {
		st.take(int(played[i]))
	}
	return win
}
