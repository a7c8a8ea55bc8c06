package main

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
)

// tally counts engine A's results. Games come in pairs, the same opening
// with colours swapped; the Elo interval is computed from the pairs
// (pentanomial statistics), because in Gomoku the colour, not the engine,
// decides much of a single game's result and the two games of a pair are
// far from independent.
type tally struct {
	elo.Record
	pairs map[int][]float64 // A's scores in each pair's games so far
	penta [5]int            // complete pairs scoring 0, 0.5, 1, 1.5, 2
}

// add records the score (1 win, 0.5 draw, 0 loss) of one game of pair n.
func (t *tally) add(n int, score float64) {
	t.Add(score)
	if t.pairs == nil {
		t.pairs = map[int][]float64{}
	}
	t.pairs[n] = append(t.pairs[n], score)
	if s := t.pairs[n]; len(s) == 2 {
		t.penta[int(math.Round(2*(s[0]+s[1])))]++
	}
}

// elo returns the Elo difference and its 95% confidence interval from the
// complete pairs: each pair's mean score (0, 1/4, 1/2, 3/4 or 1) is one
// sample (see elo.Interval).
func (t *tally) elo() (d, lo, hi float64) {
	var samples []float64
	for k, c := range t.penta {
		for range c {
			samples = append(samples, float64(k)/4)
		}
	}
	return elo.Interval(samples)
}

// completePairs returns the number of pairs with both games played.
func (t *tally) completePairs() int {
	n := 0
	for _, c := range t.penta {
		n += c
	}
	return n
}

// String renders "W/D/L 5/3/2, score 65.0% (6.5/10), Elo +107 (95% CI lo .. hi)
// from 5 pairs [0 1 2 1 1]".
func (t *tally) String() string {
	d, lo, hi := t.elo()
	return fmt.Sprintf("W/D/L %d/%d/%d, score %.1f%% (%.1f/%d), Elo %s (95%% CI %s .. %s) from %d pairs, pentanomial %v",
		t.Wins, t.Draws, t.Losses, 100*t.Score(), t.Score()*float64(t.Games()), t.Games(),
		elo.Signed(d), elo.Signed(lo), elo.Signed(hi), t.completePairs(), t.penta)
}

// clock collects one engine's thinking times over a match.
type clock struct {
	times []time.Duration
	late  int // moves after timeout_turn (within the grace)
	lost  int // games lost on time
}

// String renders the move count, the mean, median, 10th and 90th
// percentiles and maximum of the times, and the late moves.
func (c *clock) String() string {
	if len(c.times) == 0 {
		return "no moves"
	}
	ts := slices.Clone(c.times)
	slices.Sort(ts)
	var sum time.Duration
	for _, t := range ts {
		sum += t
	}
	q := func(f float64) time.Duration { return ts[int(f*float64(len(ts)-1))] }
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }
	return fmt.Sprintf("%d moves, think mean %s, p10 %s, median %s, p90 %s, max %s; %d past the turn, %d games lost on time",
		len(ts), ms(sum/time.Duration(len(ts))), ms(q(0.1)), ms(q(0.5)), ms(q(0.9)), ms(ts[len(ts)-1]), c.late, c.lost)
}
