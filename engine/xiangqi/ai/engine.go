package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Options configure an Engine.
type Options struct {
	// Level is the playing level, 1..10 (see LevelInfo); 0 means 10.
	Level int
	// Seed makes the weak levels' random choices reproducible.
	Seed int64
	// TTSize is the transposition table size in bytes (0 = DefaultTTSize).
	// The table never grows past it.
	TTSize int
	// MoveTime overrides the level's time budget per move (0 = the level's;
	// NoTimeLimit = none, for reproducible fixed-depth or fixed-node
	// searches).
	MoveTime time.Duration
	// FixedTime spends all of MoveTime (as UCI "go movetime" expects)
	// instead of stopping early when another iteration is unlikely to end
	// in time.
	FixedTime bool
	// MaxDepth caps the search depth (0 = the level's cap, if any).
	MaxDepth int
	// MaxNodes stops the search after about this many nodes (0 = no limit).
	// Depth 1 always completes.
	MaxNodes uint64
	// Info, if set, is called after each completed iteration.
	Info func(Result)
}

// NoTimeLimit as Options.MoveTime lifts the time budget: only the context,
// MaxDepth and MaxNodes stop the search.
const NoTimeLimit time.Duration = -1

// Result is what a search found.
type Result struct {
	Move xiangqi.Move
	// Text is Move in coordinate notation, e.g. "h3e3".
	Text string
	// Score is in centipawns from the side to move's view. Mates (and
	// perpetual-check wins) score ±(MateScore - plies); see Mate.
	Score int
	// Mate is the number of moves (not plies) to mate when Score is a mate
	// score: positive when the side to move mates, negative when it is
	// mated; 0 when Score is not a mate score.
	Mate    int
	Depth   int
	Nodes   uint64
	PV      []xiangqi.Move
	Elapsed time.Duration
}

// Scores.
const (
	// MateScore is the score of mating now; a mate in n plies scores
	// MateScore-n.
	MateScore = 30000
	mateBound = MateScore - 1000
	infinity  = MateScore + 1
)

// maxPly bounds the search path.
const maxPly = 128

// Engine searches Xiangqi positions. It owns its transposition table and
// buffers and is reused across the moves of a game; it is not safe for
// concurrent use.
type Engine struct {
	opt   Options
	level Level
	tt    table
	pcg   *rand.PCG // rng's source, reseeded by Reset
	rng   *rand.Rand

	pos xiangqi.Position
	// The last game's set-up, parsed once.
	startFEN string
	start    xiangqi.Position
	moves    [maxPly][xiangqi.MaxMoves + 1]xiangqi.Move // +1: the hash move goes before a full list
	order    [maxPly][xiangqi.MaxMoves + 1]int32
	killers  [maxPly][2]xiangqi.Move
	history  [16][256]int32
	// contHist[contIndex(previous move)*contSize+contIndex(move)] is the
	// history of a quiet move as the answer to the previous move: about
	// 4 MB of int16, allocated once per engine (see HistoryBytes).
	contHist []int16
	// evals caches full static evaluations (see evalCache).
	evals evalCache
	// counter[piece][to] is the quiet move that last refuted the move of
	// piece to to.
	counter [16][256]xiangqi.Move
	// path[ply] is the piece moved at ply and where it went (NoPiece for a
	// null move), for the counter-move lookup one ply deeper.
	path [maxPly]pathMove
	// statics[ply] is the static evaluation at ply (-infinity in check),
	// to tell whether the side to move is improving on its last turn.
	statics [maxPly]int
	pv      [maxPly][maxPly]xiangqi.Move
	pvLen   [maxPly]int
	quiets  [maxPly][xiangqi.MaxMoves]xiangqi.Move
	mat     material // kept incrementally by make and unmake

	// stack holds the keys of the game since the last capture, then of the
	// search path; check[i] says whether the side to move at stack[i] is in
	// check; floor[i] is the lowest index a repetition of stack[i] may be
	// looked for (after a capture or a null move nothing earlier recurs).
	stack []uint64
	check []bool
	floor []int32
	root  int // index of the root in stack

	nodes     uint64
	maxNodes  uint64
	stopped   bool
	canStop   bool
	done      <-chan struct{}
	deadline  time.Time
	rootMoves []rootMove
	rootDepth int
	claim     bool // rootMoves[0] wins at once by the opponent's perpetual check
	selDepth  int
}

// pathMove is a move on the search path: the piece and its destination.
type pathMove struct {
	piece xiangqi.Piece
	to    xiangqi.Square
}

// rootMove is a legal move at the root with its latest score.
type rootMove struct {
	move  xiangqi.Move
	score int
	prev  int
}

// New returns an Engine with the given options.
func New(opt Options) *Engine {
	if opt.Level == 0 {
		opt.Level = MaxLevel
	}
	size := opt.TTSize
	if size <= 0 {
		size = DefaultTTSize
	}
	pcg := rand.NewPCG(uint64(opt.Seed), rngStream)
	return &Engine{
		opt:      opt,
		level:    LevelInfo(opt.Level),
		tt:       newTable(size),
		pcg:      pcg,
		rng:      rand.New(pcg),
		stack:    make([]uint64, 0, 256),
		contHist: make([]int16, contSize*contSize),
		evals:    newEvalCache(),
		check:    make([]bool, 0, 256),
		floor:    make([]int32, 0, 256),
	}
}

// rngStream is the stream of the random choices' generator, seeded by
// Options.Seed.
const rngStream = 0x7e49e4

// Reset makes e what New(opt) would return, keeping its memory: the
// transposition table, the histories and the evaluation cache are emptied
// in place (the table is made anew only when opt.TTSize gives it another
// size), the random choices start again from opt.Seed, and nothing of
// earlier searches or games is left to change the next search. An engine
// reused through Reset chooses exactly the moves a new one would.
func (e *Engine) Reset(opt Options) {
	tt, contHist, evals, pcg, rng := e.tt, e.contHist, e.evals, e.pcg, e.rng
	stack, check, floor, roots := e.stack[:0], e.check[:0], e.floor[:0], e.rootMoves[:0]
	*e = Engine{} // the buffers and the search state, zeroed in place
	tt.clear()
	clear(contHist)
	clear(evals)
	e.tt, e.contHist, e.evals, e.pcg, e.rng = tt, contHist, evals, pcg, rng
	e.stack, e.check, e.floor, e.rootMoves = stack, check, floor, roots
	e.SetOptions(opt) // a table of another size is made anew, empty
	e.pcg.Seed(uint64(opt.Seed), rngStream)
}

// SetOptions replaces the engine's options for the next searches. The
// transposition table and the history are kept unless TTSize changes the
// table's size.
func (e *Engine) SetOptions(opt Options) {
	if opt.Level == 0 {
		opt.Level = MaxLevel
	}
	size := opt.TTSize
	if size <= 0 {
		size = DefaultTTSize
	}
	if ttEntries(size) != len(e.tt.entries) {
		e.tt = newTable(size)
	}
	e.opt, e.level = opt, LevelInfo(opt.Level)
}

// NewGame forgets what the engine learnt in the previous game.
func (e *Engine) NewGame() {
	e.tt.clear()
	e.history = [16][256]int32{}
	e.counter = [16][256]xiangqi.Move{}
	clear(e.contHist)
	e.killers = [maxPly][2]xiangqi.Move{}
}

// HistoryBytes is the memory an Engine holds besides its transposition
// table, mostly the continuation history and the evaluation cache, in
// bytes.
const HistoryBytes = contSize*contSize*2 + evalCacheEntries*8 + 1<<17

// TTBytes returns the memory held by the transposition table in bytes.
func (e *Engine) TTBytes() int { return len(e.tt.entries) * ttEntrySize }

// Think searches the game's current position and returns the best move it
// found within the level's budget, the options' limits and ctx. When ctx
// ends it returns the best move of the deepest completed iteration (depth
// 1 always completes). It fails only when the game is over or the side to
// move has no legal move.
func (e *Engine) Think(ctx context.Context, g *xiangqi.Game) (Result, error) {
	if o := g.Outcome(); o.Over() {
		return Result{}, engine.Over(o, g.Colours())
	}
	if err := e.load(g); err != nil {
		return Result{}, err
	}
	return e.think(ctx, e.level, e.budget(e.level), e.opt.MaxNodes)
}

// EvaluateNodes bounds the search of Evaluate: about 20 ms of one core,
// depth 7 in the opening.
const EvaluateNodes = 20000

// Evaluate runs a short search (depth 8 at most, EvaluateNodes nodes or
// Options.MaxNodes if fewer, and no time budget but ctx's) and returns its
// score from the side to move's view, for deciding on a draw offer (see
// AcceptsDraw). Bounded by nodes, not time, it gives the same answer
// however busy the machine is.
func (e *Engine) Evaluate(ctx context.Context, g *xiangqi.Game) (int, error) {
	if o := g.Outcome(); o.Over() {
		return 0, engine.Over(o, g.Colours())
	}
	if err := e.load(g); err != nil {
		return 0, err
	}
	nodes := uint64(EvaluateNodes)
	if e.opt.MaxNodes > 0 {
		nodes = min(nodes, e.opt.MaxNodes)
	}
	r, err := e.think(ctx, Level{Depth: 8}, 0, nodes)
	return r.Score, err
}

// load sets the root position and the repetition history from g.
func (e *Engine) load(g *xiangqi.Game) error {
	if fen := g.StartFEN(); fen != e.startFEN {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return fmt.Errorf("xiangqi ai: the game's start position: %w", err)
		}
		e.startFEN, e.start = fen, p
	}
	p := e.start
	e.stack, e.check, e.floor = e.stack[:0], e.check[:0], e.floor[:0]
	e.push(p.Key(), p.InCheck(), 0)
	for _, m := range g.History() {
		u := p.MakeMove(m)
		fl := e.floor[len(e.floor)-1]
		if u.Captured() != xiangqi.NoPiece {
			fl = int32(len(e.stack))
		}
		e.push(p.Key(), p.InCheck(), fl)
	}
	e.pos = g.Position()
	e.mat = materialOf(&e.pos)
	if e.pos.Key() != p.Key() {
		return fmt.Errorf("xiangqi ai: the game's moves do not lead to its position")
	}
	e.root = len(e.stack) - 1
	return nil
}

func (e *Engine) push(key uint64, inCheck bool, floor int32) {
	e.stack = append(e.stack, key)
	e.check = append(e.check, inCheck)
	e.floor = append(e.floor, floor)
}

func (e *Engine) pop() {
	n := len(e.stack) - 1
	e.stack, e.check, e.floor = e.stack[:n], e.check[:n], e.floor[:n]
}

// budget returns the time budget of a move at level lv: the level's
// unless the options override it; 0 for none.
func (e *Engine) budget(lv Level) time.Duration {
	switch {
	case e.opt.MoveTime > 0:
		return e.opt.MoveTime
	case e.opt.MoveTime < 0:
		return 0
	}
	return lv.MoveTime
}

// think runs iterative deepening from e.pos with the given level, within
// budget (0 = none) and maxNodes nodes (0 = no limit) besides ctx.
func (e *Engine) think(ctx context.Context, lv Level, budget time.Duration, maxNodes uint64) (Result, error) {
	start := time.Now()
	e.tt.age++
	e.nodes, e.stopped, e.canStop = 0, false, false
	e.maxNodes = maxNodes
	e.done = ctx.Done()
	e.deadline = time.Time{}
	if budget > 0 {
		e.deadline = start.Add(budget)
	}
	if d, ok := ctx.Deadline(); ok && (e.deadline.IsZero() || d.Before(e.deadline)) {
		e.deadline = d
	}
	maxDepth := maxPly - 8
	if lv.Depth > 0 {
		maxDepth = lv.Depth
	}
	if e.opt.MaxDepth > 0 {
		maxDepth = min(maxDepth, e.opt.MaxDepth)
	}
	for i := range e.killers {
		e.killers[i] = [2]xiangqi.Move{}
	}
	for i := range e.history {
		for j := range e.history[i] {
			e.history[i][j] /= 4
		}
	}

	if err := e.setupRoot(); err != nil {
		return Result{}, err
	}
	best := Result{Move: e.rootMoves[0].move}
	if e.claim {
		// The move wins at once by the opponent's perpetual check: claim it
		// at every level.
		best.Score, best.Depth, best.PV = MateScore-1, 1, []xiangqi.Move{best.Move}
		best.Text, best.Mate, best.Elapsed = best.Move.String(), 1, time.Since(start)
		return best, nil
	}
	if len(e.rootMoves) == 1 && lv.Temperature == 0 {
		maxDepth = min(maxDepth, 2) // forced: a quick look for the score only
	}
	inCheck := e.pos.InCheck()
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		e.rootDepth = depth
		e.canStop = depth > 1
		if e.canStop && e.expired() {
			break
		}
		alpha, beta := -infinity, infinity
		delta := 30
		if depth >= 4 && lv.Temperature == 0 && abs(score) < mateBound {
			alpha, beta = score-delta, score+delta
		}
		for {
			s := e.searchRoot(alpha, beta, depth, inCheck, lv.Temperature > 0)
			if e.stopped {
				break
			}
			score = s
			if s <= alpha {
				beta = (alpha + beta) / 2
				alpha = max(s-delta, -infinity)
			} else if s >= beta {
				beta = min(s+delta, infinity)
			} else {
				break
			}
			delta += delta / 2
		}
		if e.stopped && depth > 1 {
			// Keep the unfinished iteration's move only if it was searched in
			// full and beat the previous best.
			if e.rootMoves[0].score > -infinity && e.rootMoves[0].move != best.Move {
				best.Move = e.rootMoves[0].move
				best.Score = e.rootMoves[0].score
				best.PV = []xiangqi.Move{best.Move}
			}
			break
		}
		best = e.result(score, depth, start)
		if e.opt.Info != nil {
			e.opt.Info(best)
		}
		if abs(score) >= mateBound && depth > 2*(MateScore-abs(score))+2 {
			break // a mate found and proved short enough
		}
		if budget > 0 && !e.opt.FixedTime && time.Since(start) > budget/2 {
			break // the next iteration would not finish
		}
	}
	if lv.Temperature > 0 {
		best.Move = e.pick(lv)
		if best.PV == nil || best.PV[0] != best.Move {
			best.PV = []xiangqi.Move{best.Move}
		}
		for _, rm := range e.rootMoves {
			if rm.move == best.Move {
				best.Score = rm.prev
			}
		}
	}
	best.Text = best.Move.String()
	best.Nodes = e.nodes
	best.Elapsed = time.Since(start)
	best.Mate = mateIn(best.Score)
	return best, nil
}

// expired reports whether the context has ended or the deadline passed.
func (e *Engine) expired() bool {
	select {
	case <-e.done:
		return true
	default:
	}
	return !e.deadline.IsZero() && time.Now().After(e.deadline)
}

// result builds the Result of a completed iteration.
func (e *Engine) result(score, depth int, start time.Time) Result {
	pv := make([]xiangqi.Move, e.pvLen[0])
	copy(pv, e.pv[0][:e.pvLen[0]])
	if len(pv) == 0 {
		pv = []xiangqi.Move{e.rootMoves[0].move}
	}
	return Result{
		Move: pv[0], Text: pv[0].String(), Score: score, Mate: mateIn(score), Depth: depth,
		Nodes: e.nodes, PV: pv, Elapsed: time.Since(start),
	}
}

// mateIn converts a score to moves to mate (0 if not a mate score).
func mateIn(s int) int {
	switch {
	case s >= mateBound:
		return (MateScore - s + 1) / 2
	case s <= -mateBound:
		return -(MateScore + s + 1) / 2
	}
	return 0
}

// setupRoot lists the root moves, dropping those that would lose at once by
// perpetual check when others remain, and putting first a move that wins
// at once by the opponent's perpetual check.
func (e *Engine) setupRoot() error {
	buf := e.pos.GenerateMoves(e.moves[0][:0])
	if len(buf) == 0 {
		return engine.E(engine.NoLegalMove)
	}
	e.rootMoves = e.rootMoves[:0]
	e.claim = false
	var losing []rootMove
	us := e.pos.Turn()
	for _, m := range buf {
		rm := rootMove{move: m, score: -infinity, prev: -infinity}
		o := e.gameOutcomeAfter(m)
		switch {
		case o.Status == engine.Win && o.Reason == engine.PerpetualCheck && o.Winner == us:
			e.rootMoves = append([]rootMove{rm}, e.rootMoves...)
			e.claim = true
		case o.Status == engine.Win && o.Reason == engine.PerpetualCheck:
			losing = append(losing, rm)
		default:
			e.rootMoves = append(e.rootMoves, rm)
		}
	}
	if len(e.rootMoves) == 0 {
		e.rootMoves = losing
	}
	return nil
}

// gameOutcomeAfter tells how the game's repetition rule would judge the
// position after root move m (a threefold repetition since the last
// capture, judged as engine/xiangqi judges it).
func (e *Engine) gameOutcomeAfter(m xiangqi.Move) engine.Outcome {
	u := e.pos.MakeMove(m)
	defer e.pos.UnmakeMove(m, u)
	if u.Captured() != xiangqi.NoPiece || !e.pos.HasLegalMove() {
		return engine.Outcome{}
	}
	e.push(e.pos.Key(), e.pos.InCheck(), e.floor[len(e.floor)-1])
	defer e.pop()
	n := len(e.stack) - 1
	seen, first := 1, -1
	for i := n - 4; i >= int(e.floor[n]) && seen < 3; i -= 2 {
		if e.stack[i] == e.stack[n] {
			seen++
			first = i
		}
	}
	if seen < 3 {
		return engine.Outcome{}
	}
	switch e.perpetual(first, n, e.pos.Turn()) {
	case 1:
		return engine.WinFor(e.pos.Turn(), engine.PerpetualCheck)
	case -1:
		return engine.WinFor(e.pos.Turn()^1, engine.PerpetualCheck)
	}
	return engine.DrawBy(engine.Repetition)
}

// perpetual judges the cycle of positions first..n (stm to move at n): 1
// when only the opponent gave check with every move, -1 when only stm did,
// 0 otherwise.
func (e *Engine) perpetual(first, n int, stm engine.Side) int {
	checking := [2]bool{true, true}
	mover := stm ^ 1 // who made the move into position i
	for i := n; i > first; i-- {
		if !e.check[i] {
			checking[mover] = false
		}
		mover ^= 1
	}
	switch {
	case checking[stm^1] && !checking[stm]:
		return 1
	case checking[stm] && !checking[stm^1]:
		return -1
	}
	return 0
}

// pick chooses a root move by a softmax over the clamped scores.
func (e *Engine) pick(lv Level) xiangqi.Move {
	best := -infinity
	for _, rm := range e.rootMoves {
		best = max(best, clampScore(rm.prev, lv.Clamp))
	}
	if lv.Clamp == 0 && best >= mateBound {
		return e.rootMoves[0].move // a level that sees mates takes the shortest
	}
	var total float64
	weights := make([]float64, len(e.rootMoves))
	for i, rm := range e.rootMoves {
		if rm.prev == -infinity {
			continue
		}
		d := float64(best - clampScore(rm.prev, lv.Clamp))
		weights[i] = math.Exp(-d / float64(lv.Temperature))
		total += weights[i]
	}
	if total == 0 {
		return e.rootMoves[0].move
	}
	x := e.rng.Float64() * total
	for i, w := range weights {
		if x < w {
			return e.rootMoves[i].move
		}
		x -= w
	}
	return e.rootMoves[0].move
}

func clampScore(s, c int) int {
	if c == 0 {
		return s
	}
	return min(max(s, -c), c)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
