package main

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// tally counts engine A's results. Games come in pairs, the same opening
// with colours swapped; the Elo interval is computed from the pairs
// (pentanomial statistics), because in Gomoku the colour, not the engine,
// decides much of a single game's result and the two games of a pair are
// far from independent.
type tally struct {
	wins, draws, losses int
	pairs               map[int][]float64 // A's scores in each pair's games so far
	penta               [5]int            // complete pairs scoring 0, 0.5, 1, 1.5, 2
}

// add records the score (1 win, 0.5 draw, 0 loss) of one game of pair n.
func (t *tally) add(n int, score float64) {
	switch score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
	if t.pairs == nil {
		t.pairs = map[int][]float64{}
	}
	t.pairs[n] = append(t.pairs[n], score)
	if s := t.pairs[n]; len(s) == 2 {
		t.penta[int(math.Round(2*(s[0]+s[1])))]++
	}
}

// games returns the number of games recorded.
func (t *tally) games() int { return t.wins + t.draws + t.losses }

// score returns A's mean score per game over every game recorded.
func (t *tally) score() float64 {
	if t.games() == 0 {
		return 0
	}
	return (float64(t.wins) + float64(t.draws)/2) / float64(t.games())
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

// elo returns the Elo difference and its 95% confidence interval from the
// complete pairs: each pair's mean score x (0, 1/4, 1/2, 3/4 or 1) is one
// sample; with their mean m, sample variance v and count n, the interval is
// m ± 1.96·sqrt(v/n) mapped through eloOf. When every pair was won (or
// lost) outright the rule of three bounds the score at 1-3/n (3/n) instead.
func (t *tally) elo() (d, lo, hi float64) {
	n := 0
	sum := 0.0
	for k, c := range t.penta {
		n += c
		sum += float64(c) * float64(k) / 4
	}
	if n < 2 {
		return eloOf(sum / max(float64(n), 1)), math.Inf(-1), math.Inf(1)
	}
	m := sum / float64(n)
	v := 0.0
	for k, c := range t.penta {
		x := float64(k) / 4
		v += float64(c) * (x - m) * (x - m)
	}
	v /= float64(n - 1)
	switch {
	case m == 1:
		return eloOf(m), eloOf(1 - 3/float64(n)), math.Inf(1)
	case m == 0:
		return eloOf(m), math.Inf(-1), eloOf(3 / float64(n))
	}
	se := math.Sqrt(v / float64(n))
	return eloOf(m), eloOf(m - 1.96*se), eloOf(m + 1.96*se)
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
		t.wins, t.draws, t.losses, 100*t.score(), t.score()*float64(t.games()), t.games(),
		signed(d), signed(lo), signed(hi), t.completePairs(), t.penta)
}

// brief renders the running W/D/L.
func (t *tally) brief() string { return fmt.Sprintf("+%d =%d -%d", t.wins, t.draws, t.losses) }

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
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
