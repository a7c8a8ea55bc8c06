package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// config is how games are played.
type config struct {
	moveTime time.Duration // per move, for both engines
	grace    time.Duration // extra wait for a bestmove before forfeiting
	maxPlies int           // a game this long is drawn
	// nodes, when positive, replaces the clock: each move is searched
	// with "go nodes", the budget varied by up to ±10% at random so that
	// replayed openings do not repeat the same game.
	nodes int
}

// goCommand returns the UCI command that starts a search under cfg.
func (cfg config) goCommand(rng *rand.Rand) string {
	if cfg.nodes > 0 {
		return fmt.Sprintf("go nodes %d", cfg.nodes*(90+rng.IntN(21))/100)
	}
	return fmt.Sprintf("go movetime %d", cfg.moveTime.Milliseconds())
}

// gameResult is one finished game.
type gameResult struct {
	outcome engine.Outcome
	detail  string // why, in words, e.g. "checkmate" or "illegal move h3h9 by black: ..."
	plies   int
	moves   []string
}

// playGame plays one game between red and black from the opening's moves
// and adjudicates it with engine/xiangqi's Game: mate, stalemate,
// repetition and perpetual check, the move limit, a ply cap; an engine that
// plays an illegal move or does not answer loses.
// rng varies node budgets (see config.nodes).
func playGame(ctx context.Context, red, black *uciEngine, opening []string, cfg config, rng *rand.Rand) (gameResult, error) {
	g := xiangqi.NewGame()
	for _, m := range opening {
		if _, err := g.Play(m); err != nil {
			return gameResult{}, fmt.Errorf("opening %v: move %s: %w", opening, m, err)
		}
	}
	for _, e := range []*uciEngine{red, black} {
		if err := e.Send("ucinewgame"); err != nil {
			return gameResult{}, err
		}
		if err := e.ready(); err != nil {
			return gameResult{}, err
		}
	}
	engines := [2]*uciEngine{red, black}
	names := g.SideNames()
	finish := func(o engine.Outcome, detail string) (gameResult, error) {
		return gameResult{outcome: o, detail: detail, plies: g.Ply(), moves: g.Moves()}, nil
	}
	for {
		if o := g.Outcome(); o.Over() {
			return finish(o, o.Describe(names))
		}
		if g.Ply() >= cfg.maxPlies {
			return finish(engine.DrawBy(engine.MoveLimit), fmt.Sprintf("draw at the %d-ply cap", cfg.maxPlies))
		}
		if err := ctx.Err(); err != nil {
			return gameResult{}, err
		}
		side := g.Turn()
		e := engines[side]
		pos := "position startpos"
		if g.Ply() > 0 {
			pos += " moves " + strings.Join(g.Moves(), " ")
		}
		if err := e.Send(pos); err != nil {
			return gameResult{}, err
		}
		if err := e.Send(cfg.goCommand(rng)); err != nil {
			return gameResult{}, err
		}
		line, err := e.waitFor("bestmove", cfg.moveTime+cfg.grace)
		if err != nil {
			return finish(engine.WinFor(side^1, engine.Timeout), fmt.Sprintf("%s (%s) gave no move: %v", e.Name, names[side], err))
		}
		fields := strings.Fields(line)
		if len(fields) < 2 {
			return finish(engine.WinFor(side^1, engine.Resignation), fmt.Sprintf("%s (%s) answered %q", e.Name, names[side], line))
		}
		if _, err := g.Play(fields[1]); err != nil {
			return finish(engine.WinFor(side^1, engine.Resignation), fmt.Sprintf("illegal move %s by %s (%s): %v", fields[1], e.Name, names[side], err))
		}
	}
}
