package match

import (
	"context"
	"fmt"
	"math"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A review analyses every position of a game with the engine of its kind,
// each within the same node budget (so that a review is the same on any
// machine, however loaded), and judges each move by how much of the
// mover's expected score it gave away.
//
// The expected score of a position is the engine's score turned into the
// share of the points the side to move can expect, from 0 (lost) to 1
// (won): a proven win or loss is 1 or 0, any other score goes through a
// logistic curve whose scale each kind sets (Analysis.Expected). A move's
// loss is the mover's expected score before it minus after it (the next
// position's, seen from the mover's side); it is never below 0, since the
// engine's best move is the yardstick.

// Analysis is the engine's view of one position, for the side to move.
type Analysis struct {
	// Score is the engine's score in its own units, from the side to
	// move's view.
	Score int
	// Proven is the number of plies to a proven end: positive when the side
	// to move wins, negative when it loses, 0 when the search proved
	// neither.
	Proven int
	// Expected is the share of the points the side to move can expect,
	// 0 to 1.
	Expected float64
	// Best is the engine's move in canonical notation, and Line the line
	// it expects, Best first.
	Best string
	Line []string
}

// Analyst analyses positions for reviews. Engines is one.
type Analyst interface {
	Analyse(ctx context.Context, g engine.Game, nodes uint64) (Analysis, error)
}

// MoveClass is the verdict on one move, from the expected score it gave
// away (see ClassOf).
type MoveClass uint8

// The move classes, best to worst.
const (
	Best MoveClass = iota
	Good
	Inaccuracy
	Mistake
	Blunder
)

// The thresholds of the move classes, in expected score given away (a
// share of the game's point; 0.10 is a tenth of a win). They are those of
// the common chess scale in winning chances (-1 to 1: 0.1 / 0.2 / 0.3 for
// an inaccuracy / a mistake / a blunder), halved for a 0-to-1 scale.
const (
	GoodBelow       = 0.02
	InaccuracyBelow = 0.05
	MistakeBelow    = 0.10
	BlunderFrom     = 0.15
)

// ClassOf classes a move that gave away loss of the mover's expected
// score; best says whether it was the engine's own choice.
func ClassOf(loss float64, best bool) MoveClass {
	switch {
	case best || loss < GoodBelow:
		return Best
	case loss < InaccuracyBelow:
		return Good
	case loss < MistakeBelow:
		return Inaccuracy
	case loss < BlunderFrom:
		return Mistake
	}
	return Blunder
}

// String names a class in English (for logs and tests; players see the
// catalogue's words).
func (c MoveClass) String() string {
	switch c {
	case Best:
		return "best"
	case Good:
		return "good"
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return fmt.Sprintf("MoveClass(%d)", uint8(c))
}

// MoveAccuracy is the accuracy of one move, 0 to 100, from the expected
// score it gave away: 100 for none, about 80 for 0.05, 65 for 0.10, 52
// for 0.15, 30 for 0.25. It is the curve chess sites fitted to
// win-percentage drops (103.17·e^(−0.04354·drop%) − 3.17), so that the
// figures read as players know them.
func MoveAccuracy(loss float64) float64 {
	a := 103.1668*math.Exp(-0.04354*loss*100) - 3.1669
	return math.Max(0, math.Min(100, a))
}

// ReviewedMove is one move of a review.
type ReviewedMove struct {
	Ply   int         // 0 for the first move
	Side  engine.Side // who played it
	Move  string      // as played, canonical
	Best  string      // the engine's choice in that position
	Line  []string    // the engine's line from that position, Best first
	Class MoveClass
	// Before and After are the mover's expected score before the move and
	// after it; Loss is Before - After, never below 0.
	Before, After, Loss float64
	// Won is the number of plies to a win the engine proved for the mover
	// before the move (0: none proved); Lost, to a win it proved for the
	// opponent after the move. A move with Won that leaves Lost, or no
	// proof, missed a forced win (Gomoku: a VCF or VCT; Xiangqi: a mate);
	// one with Lost that had none before walked into one.
	Won, Lost int
}

// Review is the analysis of a whole game.
type Review struct {
	Moves []ReviewedMove
	// Expected is the first player's expected score in each position,
	// from the start to the last (len(Moves)+1 values): the evaluation
	// graph.
	Expected []float64
	// Accuracy is each side's mean move accuracy (0 to 100), -1 for a side
	// with no move.
	Accuracy [2]float64
	// Nodes is the node budget each position was analysed with.
	Nodes uint64
}

// ReviewGame analyses every position of the game of kind whose record is
// text (store.Game.Moves), with a within nodes each, and judges every
// move. progress, when not nil, is told each position analysed (done of
// total), for a progress bar.
func ReviewGame(ctx context.Context, a Analyst, kind store.Kind, text string, nodes uint64, progress func(done, total int)) (Review, error) {
	g, err := Restore(kind, text)
	if err != nil {
		return Review{}, fmt.Errorf("review: %w", err)
	}
	moves := g.Moves()
	if err := g.Undo(len(moves)); err != nil {
		return Review{}, fmt.Errorf("review: back to the start: %w", err)
	}
	r := Review{Nodes: nodes, Expected: make([]float64, 0, len(moves)+1), Moves: make([]ReviewedMove, 0, len(moves))}
	views := make([]Analysis, len(moves)+1)
	for i := 0; i <= len(moves); i++ {
		v, err := analyseOrEnd(ctx, a, g, nodes)
		if err != nil {
			return Review{}, fmt.Errorf("review: position after %d moves: %w", i, err)
		}
		views[i] = v
		first := v.Expected
		if g.Turn() != engine.First {
			first = 1 - first
		}
		r.Expected = append(r.Expected, first)
		if progress != nil {
			progress(i+1, len(moves)+1)
		}
		if i < len(moves) {
			if _, err := g.Play(moves[i]); err != nil {
				return Review{}, fmt.Errorf("review: move %d %s: %w", i+1, moves[i], err)
			}
		}
	}
	var sum [2]float64
	var n [2]int
	side := engine.First
	for i, m := range moves {
		before, after := views[i].Expected, 1-views[i+1].Expected
		loss := math.Max(0, before-after)
		rm := ReviewedMove{Ply: i, Side: side, Move: m, Best: views[i].Best, Line: views[i].Line,
			Before: before, After: after, Loss: loss, Class: ClassOf(loss, m == views[i].Best),
			Won: max(views[i].Proven, 0), Lost: max(views[i+1].Proven, 0)}
		r.Moves = append(r.Moves, rm)
		sum[side] += MoveAccuracy(loss)
		n[side]++
		side = side.Other()
	}
	for s := range 2 {
		r.Accuracy[s] = -1
		if n[s] > 0 {
			r.Accuracy[s] = sum[s] / float64(n[s])
		}
	}
	return r, nil
}

// analyseOrEnd analyses g's position, or, where the rules have ended the
// game, says how it ended for the side to move.
func analyseOrEnd(ctx context.Context, a Analyst, g engine.Game, nodes uint64) (Analysis, error) {
	o := g.Outcome()
	if !o.Over() {
		return a.Analyse(ctx, g, nodes)
	}
	switch {
	case o.Status != engine.Win:
		return Analysis{Expected: 0.5}, nil
	case o.Winner == g.Turn():
		return Analysis{Expected: 1}, nil
	}
	return Analysis{Expected: 0}, nil
}

// TurningPoints returns the indices in r.Moves of the moves that changed
// the game most: mistakes and blunders, worst first, at most max.
func (r Review) TurningPoints(max int) []int {
	var idx []int
	for i, m := range r.Moves {
		if m.Class >= Mistake {
			idx = append(idx, i)
		}
	}
	// Worst first; equal losses keep the game's order.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && r.Moves[idx[j]].Loss > r.Moves[idx[j-1]].Loss; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	if len(idx) > max {
		idx = idx[:max]
	}
	return idx
}
