package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	gomokuai "github.com/tengen-bot/tengen/engine/gomoku/ai"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	xiangqiai "github.com/tengen-bot/tengen/engine/xiangqi/ai"
	"github.com/tengen-bot/tengen/store"
)

// Engines is the AI that plays with Tengen's own engines: engine/gomoku/ai
// for Gomoku and engine/xiangqi/ai for Xiangqi. It satisfies AI.
//
// Each engine holds a transposition table of TTSize bytes (plus, for
// Xiangqi, 4 MB of move histories, xiangqiai.HistoryBytes). Engines are
// reused: a call borrows an idle engine of the game's kind, or makes one
// when none is idle, and gives it back after; so no more engines exist
// than calls have run at once (the AI workers), and at most Spare of each
// kind stay idle. A borrowed engine is reset as new (its tables emptied in
// place, its random choices reseeded), so calls share nothing: a move is
// the one a new engine would choose, and one game cannot sway another's.
// (Keeping the table would be sound, since entries are checked against
// the full key, but a move would then depend on what that engine searched
// before, for whichever game; emptying it costs about 1-2 ms, a fresh
// engine cost 6-14 ms and 13-21 MB.)
//
// The zero value is ready to use. An Engines must not be copied after
// first use.
type Engines struct {
	// TTSize is the transposition table size of each engine in bytes
	// (0 = the engines' default, 16 MiB).
	TTSize int
	// Seed, when not zero, makes the weak levels' random choices depend
	// only on Seed and the position, so tests replay the same games. When
	// zero every move draws a new random seed.
	Seed int64
	// MaxNodes, when not zero, caps every search at that many nodes with
	// no time budget but the context's, so that with Seed the same
	// position always gets the same move: for tests.
	MaxNodes uint64
	// Spare is how many idle engines of each kind are kept for reuse
	// (0 = runtime.NumCPU(), the default number of AI workers; negative =
	// none). Set it to the number of AI workers.
	Spare int

	mu    sync.Mutex
	idle  map[store.Kind][]searcher
	made  int // engines made, for tests
	reuse int // engines borrowed from the idle ones, for tests
}

var _ AI = (*Engines)(nil)

// Move returns the engine's choice for the side to move in g at level,
// within ctx's deadline.
func (e *Engines) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	kind, s, err := e.borrow(g, level, 0)
	if err != nil {
		return "", err
	}
	mv, err := s.think(ctx, g)
	e.giveBack(kind, s)
	if err != nil {
		return "", fmt.Errorf("%s engine: %w", kind, err)
	}
	return mv, nil
}

// Evaluate scores g for the side to move, for answering a draw offer. The
// engines answer from a short search bounded by nodes
// (gomokuai.EvaluateNodes, xiangqiai.EvaluateNodes: a few milliseconds),
// not from the level's budget. Each engine decides for itself what a level
// position is (its own DrawThreshold, in its own units): such a position
// scores 0, so the lifecycle accepts a draw offer exactly when the engine
// would. Other positions keep the engine's score and sign.
func (e *Engines) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	kind, s, err := e.borrow(g, level, 0)
	if err != nil {
		return 0, err
	}
	score, level0, err := s.evaluate(ctx, g)
	e.giveBack(kind, s)
	if err != nil {
		return 0, fmt.Errorf("%s engine: %w", kind, err)
	}
	if level0 {
		return 0, nil
	}
	return score, nil
}

// borrow returns an engine for g's kind, reset for a search of g at
// level: an idle one, or a new one when none is idle. The search is the
// Engines' own (Seed, MaxNodes) when analysis is 0, else an analysis
// within that many nodes (analysisSeed: the same every time).
func (e *Engines) borrow(g engine.Game, level int, analysis uint64) (store.Kind, searcher, error) {
	kind, spec, ok := specOf(g)
	if !ok {
		return "", nil, fmt.Errorf("no engine plays %T", g)
	}
	var s searcher
	e.mu.Lock()
	if idle := e.idle[kind]; len(idle) > 0 {
		s = idle[len(idle)-1]
		idle[len(idle)-1] = nil
		e.idle[kind] = idle[:len(idle)-1]
		e.reuse++
	} else {
		e.made++
	}
	e.mu.Unlock()
	if s == nil {
		s = spec.newAI()
	}
	o := aiOptions{level: level, seed: analysisSeed, ttSize: e.TTSize, maxNodes: analysis}
	if analysis == 0 {
		o.seed, o.maxNodes = e.seed(g), e.MaxNodes
	}
	s.reset(o)
	return kind, s, nil
}

// giveBack keeps s for reuse unless Spare engines of its kind are idle
// already; then the garbage collector takes it.
func (e *Engines) giveBack(kind store.Kind, s searcher) {
	spare := e.Spare
	if spare == 0 {
		spare = runtime.NumCPU()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.idle[kind]) >= spare {
		return
	}
	if e.idle == nil {
		e.idle = map[store.Kind][]searcher{}
	}
	e.idle[kind] = append(e.idle[kind], s)
}

// seed returns the seed of one search: from Seed and the moves played when
// Seed is set, otherwise random.
func (e *Engines) seed(g engine.Game) int64 {
	if e.Seed == 0 {
		return rand.Int64()
	}
	h := uint64(e.Seed)
	for _, m := range g.Moves() {
		for i := 0; i < len(m); i++ {
			h = (h ^ uint64(m[i])) * 0x100000001b3 // FNV-1a step
		}
		h = (h ^ ' ') * 0x100000001b3
	}
	return int64(h)
}

// searcher is one kind's engine as Engines uses it: reset readies it for a
// search with o, as new, keeping its memory; then think asks it for a
// move, or evaluate for a score with whether the engine sees the position
// as level, or analyse for a review (analyse.go).
type searcher interface {
	reset(o aiOptions)
	think(ctx context.Context, g engine.Game) (string, error)
	evaluate(ctx context.Context, g engine.Game) (score int, level bool, err error)
	analyse(ctx context.Context, g engine.Game) (Analysis, error)
}

// gomokuAI is engine/gomoku/ai as a searcher.
type gomokuAI struct{ e *gomokuai.Engine }

func (a *gomokuAI) reset(o aiOptions) {
	opt := gomokuai.Options{Level: o.level, Seed: o.seed, TTSize: o.ttSize, MaxNodes: o.maxNodes}
	if o.maxNodes > 0 {
		opt.MoveTime = noTimeLimit
	}
	if a.e == nil {
		a.e = gomokuai.New(opt)
		return
	}
	a.e.Reset(opt)
}

func (a *gomokuAI) think(ctx context.Context, g engine.Game) (string, error) {
	r, err := a.e.Think(ctx, g.(*gomoku.Game))
	return r.Text, err
}

func (a *gomokuAI) evaluate(ctx context.Context, g engine.Game) (int, bool, error) {
	s, err := a.e.Evaluate(ctx, g.(*gomoku.Game))
	return s, a.e.AcceptsDraw(s), err
}

// noTimeLimit stands for no time budget in engine/gomoku/ai, which has no
// such value: a budget no search reaches.
const noTimeLimit = 1000 * time.Hour

// xiangqiAI is engine/xiangqi/ai as a searcher.
type xiangqiAI struct{ e *xiangqiai.Engine }

func (a *xiangqiAI) reset(o aiOptions) {
	opt := xiangqiai.Options{Level: o.level, Seed: o.seed, TTSize: o.ttSize, MaxNodes: o.maxNodes}
	if o.maxNodes > 0 {
		opt.MoveTime = xiangqiai.NoTimeLimit
	}
	if a.e == nil {
		a.e = xiangqiai.New(opt)
		return
	}
	a.e.Reset(opt)
}

func (a *xiangqiAI) think(ctx context.Context, g engine.Game) (string, error) {
	r, err := a.e.Think(ctx, g.(*xiangqi.Game))
	return r.Text, err
}

func (a *xiangqiAI) evaluate(ctx context.Context, g engine.Game) (int, bool, error) {
	s, err := a.e.Evaluate(ctx, g.(*xiangqi.Game))
	return s, xiangqiai.AcceptsDraw(s), err
}
