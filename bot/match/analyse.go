package match

import (
	"context"
	"fmt"
	"math"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	gomokuai "github.com/tengen-bot/tengen/engine/gomoku/ai"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

var _ Analyst = (*Engines)(nil)

// analysisSeed seeds the engines of an analysis: a review of a game is the
// same every time.
const analysisSeed = 0x7e1e

// Analyse searches g with the strongest level of its kind's engine, within
// nodes nodes (and ctx), and returns its view of the position for the side
// to move. The same position and budget give the same analysis on any
// machine.
func (e *Engines) Analyse(ctx context.Context, g engine.Game, nodes uint64) (Analysis, error) {
	kind, s, err := e.borrow(g, store.MaxAILevel, max(nodes, 1))
	if err != nil {
		return Analysis{}, err
	}
	a, err := s.analyse(ctx, g)
	e.giveBack(kind, s)
	if err != nil {
		return Analysis{}, fmt.Errorf("%s engine: analysis: %w", kind, err)
	}
	return a, nil
}

// logistic turns a score into an expected score with the kind's scale:
// a score of scale is worth about 0.73 of the point.
func logistic(score int, scale float64) float64 {
	return 1 / (1 + math.Exp(-float64(score)/scale))
}

// GomokuScale and XiangqiScale are the logistic scales of Analysis.Expected
// for each kind's engine scores (see logistic): the scales that best
// predicted the results of the engines' own games. TestCalibrateReview
// measured them (go test ./bot/match -run TestCalibrateReview -calibrate 60):
// 60 games of each kind between two level-7 engines (8,000 nodes a move),
// every position analysed as a review does (20,000 nodes), the scale
// fitted by maximum likelihood over the positions the search did not
// prove. Gomoku: 203 (874 positions; log loss 0.557, where a coin scores
// 0.693; 743 proven positions, 8 of them contradicted by the result),
// since the analysing level 10 evaluates with fitted values; with the
// hand-set ones it was 87 (954 positions; log loss 0.511);
// Xiangqi: 406 centipawns (8,448 positions; log loss 0.530; 340 proven,
// 2 contradicted). A first run whose Xiangqi games were cut at 160 plies
// and counted as draws fitted 693: the games must be played out.
const (
	GomokuScale  = 203.0
	XiangqiScale = 406.0
)

// maxForcedBlocks bounds how many forced blocks in a row an analysis of a
// Gomoku position looks through.
const maxForcedBlocks = 8

func (a *gomokuAI) analyse(ctx context.Context, g engine.Game) (Analysis, error) {
	return a.analyseFrom(ctx, g.(*gomoku.Game), maxForcedBlocks)
}

// analyseFrom analyses gg. The engine answers a single four of the
// opponent's with the block and no score (it searches nothing when one move
// is forced); a review needs the score, so the position after the block is
// analysed instead, up to blocks times in a row.
func (a *gomokuAI) analyseFrom(ctx context.Context, gg *gomoku.Game, blocks int) (Analysis, error) {
	r, err := a.e.Think(ctx, gg)
	if err != nil {
		return Analysis{}, err
	}
	if r.By == "block" && r.Score == 0 && blocks > 0 {
		if _, err := gg.Play(r.Text); err != nil {
			return Analysis{}, fmt.Errorf("the block %s: %w", r.Text, err)
		}
		after, err := a.afterBlock(ctx, gg, blocks-1)
		if uerr := gg.Undo(1); uerr != nil && err == nil {
			err = uerr
		}
		if err != nil {
			return Analysis{}, err
		}
		return Analysis{Score: -after.Score, Proven: proven(-after.Proven), Expected: 1 - after.Expected,
			Best: r.Text, Line: append([]string{r.Text}, after.Line...)}, nil
	}
	v := Analysis{Score: r.Score, Best: r.Text}
	for _, p := range r.PV {
		v.Line = append(v.Line, p.String())
	}
	switch n := gomokuai.WinIn(r.Score); {
	case n > 0:
		v.Proven, v.Expected = n, 1
	case n < 0:
		v.Proven, v.Expected = n, 0
	default:
		v.Expected = logistic(r.Score, GomokuScale)
	}
	return v, nil
}

// afterBlock analyses the position after a forced block for the opponent,
// or says how it ended.
func (a *gomokuAI) afterBlock(ctx context.Context, gg *gomoku.Game, blocks int) (Analysis, error) {
	if o := gg.Outcome(); o.Over() {
		if o.Status == engine.Win {
			return Analysis{Expected: 0, Proven: -1}, nil // the block made five
		}
		return Analysis{Expected: 0.5}, nil
	}
	return a.analyseFrom(ctx, gg, blocks)
}

// proven moves a proof one ply further from the position it is seen from.
func proven(n int) int {
	switch {
	case n > 0:
		return n + 1
	case n < 0:
		return n - 1
	}
	return 0
}

func (a *xiangqiAI) analyse(ctx context.Context, g engine.Game) (Analysis, error) {
	r, err := a.e.Think(ctx, g.(*xiangqi.Game))
	if err != nil {
		return Analysis{}, err
	}
	v := Analysis{Score: r.Score, Best: r.Text}
	for _, m := range r.PV {
		v.Line = append(v.Line, m.String())
	}
	switch {
	case r.Mate > 0:
		v.Proven, v.Expected = 2*r.Mate-1, 1
	case r.Mate < 0:
		v.Proven, v.Expected = 2*r.Mate, 0
	default:
		v.Expected = logistic(r.Score, XiangqiScale)
	}
	return v, nil
}
