package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// Self-play: besides the games people play, the engines play each other
// to find puzzles, as low-priority work of the AI pool (never ahead of a
// game's AI turn). Each game starts from a few random moves among the
// likeliest, so that games differ, then a weaker level (5) meets a
// stronger one (8), whose mistakes and wins give puzzles; the game is
// reviewed and searched as a finished game of people's is.

// Self-play's levels: the first player's and the second's, swapped on odd
// seeds.
const (
	selfPlayWeak   = 5
	selfPlayStrong = 8
	// selfPlayPlies bounds a self-play game.
	selfPlayPlies = 200
	// selfPlayMove bounds the time of a self-play move below the level's
	// budget (2.5 s at level 8): a piece of low-priority work should be
	// short, since with a single AI worker a game's turn may wait for the
	// one running.
	selfPlayMove = 500 * time.Millisecond
)

// DefaultPuzzleStock is how many puzzles of each kind StockPuzzles keeps
// found (Config.PuzzleStock).
const DefaultPuzzleStock = 500

// SelfPlay is what one self-play game gave.
type SelfPlay struct {
	Setup   Setup
	Record  string // the game
	Puzzles []Puzzle
	New     int // the puzzles the store did not have
}

// SelfPlayPuzzles plays a game of setup between the AI's levels (seed
// chooses the opening and who plays which level), reviews it, and keeps
// the puzzles it gives in Config.Puzzles. Every move and analysis is
// low-priority work of the AI pool.
func (m *Manager) SelfPlayPuzzles(ctx context.Context, setup Setup, seed uint64) (SelfPlay, error) {
	if m.cfg.AI == nil || m.cfg.Analyst == nil || m.cfg.Puzzles == nil {
		return SelfPlay{}, errors.New("self-play: needs the AI, an analyst and a store of puzzles")
	}
	ctx, cancel := m.untilClosed(ctx) // closing the Manager ends the game too
	defer cancel()
	g, err := NewGame(setup)
	if err != nil {
		return SelfPlay{}, fmt.Errorf("self-play: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5e1f))
	opening := 2 + rng.IntN(3)
	levels := [2]int{selfPlayWeak, selfPlayStrong}
	if seed%2 == 1 {
		levels[0], levels[1] = levels[1], levels[0]
	}
	for g.Ply() < selfPlayPlies && !g.Outcome().Over() {
		var mv string
		if g.Ply() < opening {
			moves := g.LegalMoves() // the likeliest first
			mv = moves[rng.IntN(min(len(moves), 8))]
		} else if mv, err = m.lowMove(ctx, setup.Kind, g, levels[g.Turn()]); err != nil {
			return SelfPlay{}, fmt.Errorf("self-play: move %d: %w", g.Ply()+1, err)
		}
		if _, err := g.Play(mv); err != nil {
			return SelfPlay{}, fmt.Errorf("self-play: move %d (%s): %w", g.Ply()+1, mv, err)
		}
	}
	text, err := g.MarshalText()
	if err != nil {
		return SelfPlay{}, fmt.Errorf("self-play: %w", err)
	}
	sp := SelfPlay{Setup: setup, Record: string(text)}
	low := lowAnalyst{a: m.cfg.Analyst, pool: m.pool}
	r, err := ReviewGame(ctx, low, setup.Kind, sp.Record, m.cfg.ReviewNodes, nil)
	if err != nil {
		return sp, fmt.Errorf("self-play: review: %w", err)
	}
	if sp.Puzzles, err = FindPuzzles(ctx, low, setup.Kind, sp.Record, r, m.cfg.PuzzleConfig); err != nil {
		return sp, fmt.Errorf("self-play: %w", err)
	}
	if len(sp.Puzzles) == 0 {
		return sp, nil
	}
	rows := make([]store.Puzzle, len(sp.Puzzles))
	for i, p := range sp.Puzzles {
		rows[i] = store.Puzzle{Kind: p.Kind, Record: p.Record, Solver: p.Solver, Theme: p.Theme, Plies: p.Plies,
			Line: p.Line, Ply: p.Ply, Rating: glicko2.Rating{Rating: PuzzleSeed(p.Theme, p.Plies)}}
	}
	sp.New, err = m.cfg.Puzzles.SavePuzzles(ctx, rows)
	return sp, err
}

// lowMove asks the AI for level's move in g, a game of kind, as
// low-priority work of the pool, within the level's time budget or
// selfPlayMove, whichever is shorter.
func (m *Manager) lowMove(ctx context.Context, kind store.Kind, g engine.Game, level int) (string, error) {
	text, err := g.MarshalText()
	if err != nil {
		return "", err
	}
	own, err := Restore(kind, string(text)) // the AI's own copy
	if err != nil {
		return "", err
	}
	return low(ctx, m.pool, func(lctx context.Context) (string, error) {
		mctx, cancel := context.WithTimeout(lctx, min(m.cfg.Budget(level), selfPlayMove))
		defer cancel()
		return m.cfg.AI.Move(mctx, own, level)
	})
}

// stockSetups are the games StockPuzzles plays in turn: Gomoku under both
// rules the engine plays with forbidden moves and without, and Xiangqi.
var stockSetups = [...]Setup{{Kind: store.Gomoku, Rules: "freestyle"}, {Kind: store.Gomoku, Rules: "renju"}, {Kind: store.Xiangqi}}

// stockWait is how long StockPuzzles waits before looking again when every
// kind has its stock, or after a failure.
const stockWait = 10 * time.Minute

// StockPuzzles plays self-play games (SelfPlayPuzzles), one after the
// other, while a kind has fewer puzzles than Config.PuzzleStock, from
// after on (a process starting has games to resume first) until ctx ends
// or the Manager closes. It reports each game's puzzles, or its failure,
// as a PuzzlesFound event (GameID 0).
func (m *Manager) StockPuzzles(ctx context.Context, after time.Duration) {
	if m.cfg.PuzzleStock < 0 || m.cfg.AI == nil || m.cfg.Analyst == nil || m.cfg.Puzzles == nil {
		return
	}
	ctx, cancel := m.untilClosed(ctx)
	defer cancel()
	if !sleep(ctx, after) {
		return
	}
	seed := rand.Uint64()
	full := 0 // kinds in a row found with their stock
	for i := 0; ; i++ {
		s := stockSetups[i%len(stockSetups)]
		n, err := m.cfg.Puzzles.PuzzleCount(ctx, s.Kind)
		if err == nil && n >= m.cfg.PuzzleStock {
			full++
		} else if err == nil {
			full = 0
			var sp SelfPlay
			sp, err = m.SelfPlayPuzzles(ctx, s, seed+uint64(i))
			if err == nil && m.cfg.Notifier != nil {
				m.cfg.Notifier.Notify(Event{Kind: PuzzlesFound, Puzzles: sp.New})
			}
		}
		if err != nil && ctx.Err() == nil && m.cfg.Notifier != nil {
			m.cfg.Notifier.Notify(Event{Kind: PuzzlesFound, Err: fmt.Errorf("self-play puzzles: %w", err)})
		}
		wait := time.Duration(0)
		if err != nil || full >= len(stockSetups) {
			wait, full = stockWait, 0
		}
		if !sleep(ctx, wait) {
			return
		}
	}
}
