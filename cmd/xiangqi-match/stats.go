package main

import (
	"fmt"
	"math"
)

// tally counts one engine's results.
type tally struct {
	wins, draws, losses int
	scores              []float64 // per game: 1, 0.5 or 0
}

// add records one game's score (1 win, 0.5 draw, 0 loss).
func (t *tally) add(score float64) {
	switch score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
	t.scores = append(t.scores, score)
}

// games returns the number of games recorded.
func (t *tally) games() int { return len(t.scores) }

// score returns the mean score per game.
func (t *tally) score() float64 {
	if len(t.scores) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range t.scores {
		sum += s
	}
	return sum / float64(len(t.scores))
}

// eloOf converts a mean score into an Elo difference under the logistic
// model: d = -400 log10(1/s - 1). 0 and 1 give -Inf and +Inf.
func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// elo returns the Elo difference with the bounds of its 95% confidence
// interval. The interval comes from the per-game score variance
// (trinomial: the sample variance of the 1/0.5/0 scores), the mean's
// standard error sqrt(var/n), the normal quantile 1.96, and the score
// bounds s±1.96·se mapped through eloOf. When every game was won (or
// lost) the rule of three gives the one-sided bound instead.
func (t *tally) elo() (d, lo, hi float64) {
	n := float64(len(t.scores))
	s := t.score()
	if n < 2 {
		return eloOf(s), math.Inf(-1), math.Inf(1)
	}
	v := 0.0
	for _, x := range t.scores {
		v += (x - s) * (x - s)
	}
	v /= n - 1
	switch {
	case s == 1:
		// Every game won: no variance to speak of. The rule of three
		// bounds the true score from below at 1-3/n (95%).
		return eloOf(s), eloOf(1 - 3/n), math.Inf(1)
	case s == 0:
		return eloOf(s), math.Inf(-1), eloOf(3 / n)
	}
	se := math.Sqrt(v / n)
	return eloOf(s), eloOf(s - 1.96*se), eloOf(s + 1.96*se)
}

// String renders "W/D/L 5/3/2, score 65.0% (6.5/10), Elo +107.5 ±... (95%: lo..hi)".
func (t *tally) String() string {
	d, lo, hi := t.elo()
	return fmt.Sprintf("W/D/L %d/%d/%d, score %.1f%% (%.1f/%d), Elo %s ±%s (95%% CI %s .. %s)",
		t.wins, t.draws, t.losses, 100*t.score(), t.score()*float64(t.games()), t.games(),
		signed(d), halfWidth(lo, hi), signed(lo), signed(hi))
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}

func halfWidth(lo, hi float64) string {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return "inf"
	}
	return fmt.Sprintf("%.0f", (hi-lo)/2)
}
