package main

import (
	"fmt"
	"math"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
)

// tally counts one engine's results.
type tally struct {
	elo.Record
	scores []float64 // per game: 1, 0.5 or 0
}

// add records one game's score (1 win, 0.5 draw, 0 loss).
func (t *tally) add(score float64) {
	t.Add(score)
	t.scores = append(t.scores, score)
}

// elo returns the Elo difference with the bounds of its 95% confidence
// interval, each game's score one sample (see elo.Interval).
func (t *tally) elo() (d, lo, hi float64) { return elo.Interval(t.scores) }

// String renders "W/D/L 5/3/2, score 65.0% (6.5/10), Elo +107.5 ±... (95%: lo..hi)".
func (t *tally) String() string {
	d, lo, hi := t.elo()
	return fmt.Sprintf("W/D/L %d/%d/%d, score %.1f%% (%.1f/%d), Elo %s ±%s (95%% CI %s .. %s)",
		t.Wins, t.Draws, t.Losses, 100*t.Score(), t.Score()*float64(t.Games()), t.Games(),
		elo.Signed(d), halfWidth(lo, hi), elo.Signed(lo), elo.Signed(hi))
}

func halfWidth(lo, hi float64) string {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return "inf"
	}
	return fmt.Sprintf("%.0f", (hi-lo)/2)
}
