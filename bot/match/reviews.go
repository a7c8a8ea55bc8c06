package match

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// ReviewStore keeps the reviews of finished games (*store.DB is one).
type ReviewStore interface {
	GameReview(ctx context.Context, id int64) (store.Review, bool, error)
	SaveReview(ctx context.Context, r store.Review) error
}

// DefaultReviewNodes is the node budget of each position of a review
// (Config.ReviewNodes): 30-80 ms of one core, enough for the engines to
// see the tactics a player missed (Gomoku's threat sequences, Xiangqi's
// short mates and lost pieces).
const DefaultReviewNodes = 20000

// reviews runs the reviews being made: one run per game, which every
// request for that game waits for.
type reviews struct {
	mu   sync.Mutex
	runs map[int64]*reviewRun
}

// reviewRun is one review being made, and who waits for it.
type reviewRun struct {
	done      chan struct{}
	review    Review
	err       error
	mu        sync.Mutex
	listeners []func(done, total int)
}

// tell passes progress to every listener.
func (r *reviewRun) tell(done, total int) {
	r.mu.Lock()
	ls := append([]func(int, int){}, r.listeners...)
	r.mu.Unlock()
	for _, l := range ls {
		l(done, total)
	}
}

// KeptReview returns the review kept for game id, with ok false when there
// is none yet; it refuses, as GameReview does, a game that cannot be
// reviewed.
func (m *Manager) KeptReview(ctx context.Context, id int64) (r Review, ok bool, err error) {
	_, r, ok, err = m.reviewable(ctx, id)
	return r, ok, err
}

// reviewable checks that game id can be reviewed and returns it, with its
// kept review if there is one.
func (m *Manager) reviewable(ctx context.Context, id int64) (*store.Game, Review, bool, error) {
	g, err := m.st.Game(ctx, id)
	if err != nil {
		return nil, Review{}, false, err
	}
	switch g.Status {
	case store.Challenge, store.Active:
		return nil, Review{}, false, engine.E(engine.ReviewStillGoing, id)
	case store.Declined, store.Expired:
		return nil, Review{}, false, engine.E(engine.NeverPlayed, id)
	}
	if eg, err := Restore(g.Kind, g.Moves); err != nil {
		return nil, Review{}, false, fmt.Errorf("game %d: %w", id, err)
	} else if eg.Ply() == 0 {
		return nil, Review{}, false, engine.E(engine.NothingToReview, id)
	}
	if m.cfg.Analyst == nil || m.cfg.Reviews == nil {
		return nil, Review{}, false, engine.E(engine.AIUnavailable)
	}
	kept, ok, err := m.cfg.Reviews.GameReview(ctx, id)
	if err != nil || !ok {
		return g, Review{}, false, err
	}
	var r Review
	if err := json.Unmarshal(kept.Data, &r); err != nil {
		return nil, Review{}, false, fmt.Errorf("the review of game %d: %w", id, err)
	}
	return g, r, true, nil
}

// GameReview returns the review of game id: the one kept if there is one;
// otherwise it analyses the game's positions in the AI pool at low
// priority (one position at a time, never ahead of an AI turn), keeps the
// review and returns it; kept says which. progress, when not nil, is told
// each position analysed. Requests for a game being reviewed wait for that
// review. A game still being played is refused (ReviewStillGoing), as is
// one never played (NeverPlayed) or without moves (NothingToReview).
func (m *Manager) GameReview(ctx context.Context, id int64, progress func(done, total int)) (r Review, kept bool, err error) {
	g, r, kept, err := m.reviewable(ctx, id)
	if err != nil || kept {
		return r, kept, err
	}
	a := m.cfg.Analyst
	m.rev.mu.Lock()
	if m.rev.runs == nil {
		m.rev.runs = map[int64]*reviewRun{}
	}
	run, running := m.rev.runs[id]
	if !running {
		run = &reviewRun{done: make(chan struct{})}
		m.rev.runs[id] = run
	}
	if progress != nil {
		run.mu.Lock()
		run.listeners = append(run.listeners, progress)
		run.mu.Unlock()
	}
	m.rev.mu.Unlock()
	if !running {
		go m.review(a, g, run)
	}
	select {
	case <-run.done:
		if run.err != nil {
			return Review{}, false, run.err
		}
		return run.review, false, nil
	case <-ctx.Done():
		return Review{}, false, fmt.Errorf("review of game %d: %w", id, ctx.Err())
	}
}

// review makes g's review, one position at a time in the AI pool's
// low-priority work, keeps it and ends run.
func (m *Manager) review(a Analyst, g *store.Game, run *reviewRun) {
	finish := func(r Review, err error) {
		m.rev.mu.Lock()
		delete(m.rev.runs, g.ID)
		m.rev.mu.Unlock()
		run.review, run.err = r, err
		close(run.done)
	}
	// Each position is analysed by a piece of low-priority work of the
	// pool; the review waits for each in turn, until the Manager closes.
	ctx, cancel := m.untilClosed(context.Background())
	defer cancel()
	low := lowAnalyst{a: a, pool: m.pool}
	r, err := ReviewGame(ctx, low, g.Kind, g.Moves, m.cfg.ReviewNodes, run.tell)
	if err != nil {
		finish(Review{}, fmt.Errorf("review of game %d: %w", g.ID, err))
		return
	}
	data, err := json.Marshal(r)
	if err != nil {
		finish(Review{}, fmt.Errorf("review of game %d: %w", g.ID, err))
		return
	}
	if err := m.cfg.Reviews.SaveReview(ctx, store.Review{GameID: g.ID, Nodes: r.Nodes, Data: data}); err != nil {
		finish(Review{}, err)
		return
	}
	finish(r, nil)
	if m.cfg.Puzzles != nil {
		m.keepPuzzles(ctx, low, g, r)
	}
}

// keepPuzzles searches reviewed game g for puzzles with a (the pool's
// low-priority work) and keeps them; it reports how many were new, or why
// the search failed (PuzzlesFound).
func (m *Manager) keepPuzzles(ctx context.Context, a Analyst, g *store.Game, r Review) {
	e := Event{Kind: PuzzlesFound, GameID: g.ID, Game: *g}
	ps, err := FindPuzzles(ctx, a, g.Kind, g.Moves, r, m.cfg.PuzzleConfig)
	if err == nil && len(ps) > 0 {
		rows := make([]store.Puzzle, len(ps))
		for i, p := range ps {
			rows[i] = store.Puzzle{Kind: p.Kind, Record: p.Record, Solver: p.Solver, Theme: p.Theme, Plies: p.Plies,
				Line: p.Line, GameID: g.ID, Ply: p.Ply, Rating: glicko2.Rating{Rating: PuzzleSeed(p.Theme, p.Plies)}}
		}
		e.Puzzles, err = m.cfg.Puzzles.SavePuzzles(ctx, rows)
	}
	if err != nil {
		e.Err = fmt.Errorf("puzzles of game %d: %w", g.ID, err)
	}
	if m.cfg.Notifier != nil {
		m.cfg.Notifier.Notify(e)
	}
}

// lowAnalyst runs each analysis as low-priority work of the pool.
type lowAnalyst struct {
	a    Analyst
	pool interface {
		Low(func(context.Context))
	}
}

func (l lowAnalyst) Analyse(ctx context.Context, g engine.Game, nodes uint64) (Analysis, error) {
	return low(ctx, l.pool, func(actx context.Context) (Analysis, error) { return l.a.Analyse(actx, g, nodes) })
}

// low runs fn as low-priority work of pool and returns what it returns,
// or ctx's error when ctx ends first. fn's context ends when the pool
// stops or ctx ends.
func low[T any](ctx context.Context, pool interface{ Low(func(context.Context)) }, fn func(context.Context) (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	pool.Low(func(pctx context.Context) {
		fctx, cancel := context.WithCancel(pctx)
		defer cancel()
		stop := context.AfterFunc(ctx, cancel)
		defer stop()
		v, err := fn(fctx)
		ch <- result{v, err}
	})
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}
