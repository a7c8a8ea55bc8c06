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
	times   []time.Duration
	kinds   []string // the kind of each move as the engine said, "" if it did not; parallel to times
	late    int      // moves after timeout_turn (within the grace)
	lost    int      // games lost on time
	refused int      // INFO lines the engine refused before a move (see refusesInfo)
}

// kindForced is the kind of move (see moveKind) that the engine had no
// choice about or found before its main search: the rest are unforced.
const kindForced = "forced"

// byKind renders, when the engine said what kind its moves were, the think
// times of its forced moves and of its unforced ones (any other kind), each
// as "KIND: n moves, think mean, median, p10, max", then those of each kind
// of unforced move when it named more than one. Moves it said nothing about
// are counted as "unknown". It returns nothing when the engine named no kind.
func (c *clock) byKind() []string {
	groups := map[string][]time.Duration{}
	named := false
	for i, t := range c.times {
		k := ""
		if i < len(c.kinds) {
			k = c.kinds[i]
		}
		if k == "" {
			k = "unknown"
		} else {
			named = true
		}
		groups[k] = append(groups[k], t)
	}
	if !named {
		return nil
	}
	var unforced []time.Duration
	var kinds []string
	for k, ts := range groups {
		if k != kindForced {
			unforced = append(unforced, ts...)
			kinds = append(kinds, k)
		}
	}
	slices.Sort(kinds)
	lines := []string{kindLine(kindForced, groups[kindForced]), kindLine("unforced", unforced)}
	if len(kinds) > 1 {
		for _, k := range kinds {
			lines = append(lines, kindLine("  "+k, groups[k]))
		}
	}
	return lines
}

// kindLine renders one group of byKind.
func kindLine(name string, times []time.Duration) string {
	if len(times) == 0 {
		return name + ": no moves"
	}
	s := summarise(times)
	return fmt.Sprintf("%s: %d moves, think mean %s, median %s, p10 %s, max %s",
		name, len(times), ms(s.mean), ms(s.median), ms(s.p10), ms(s.max))
}

// summary is the distribution of some think times.
type summary struct{ mean, p10, median, p90, max time.Duration }

// summarise returns the mean, the 10th percentile, median and 90th
// percentile (the time at that fraction of the sorted times, rounded down)
// and the maximum of times, which must not be empty.
func summarise(times []time.Duration) summary {
	ts := slices.Clone(times)
	slices.Sort(ts)
	var sum time.Duration
	for _, t := range ts {
		sum += t
	}
	q := func(f float64) time.Duration { return ts[int(f*float64(len(ts)-1))] }
	return summary{mean: sum / time.Duration(len(ts)), p10: q(0.1), median: q(0.5), p90: q(0.9), max: ts[len(ts)-1]}
}

// ms writes d in milliseconds with one decimal.
func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

// String renders the move count, the mean, median, 10th and 90th
// percentiles and maximum of the times, the late moves and, when there were
// any, the refused INFO lines.
func (c *clock) String() string {
	if len(c.times) == 0 {
		return "no moves"
	}
	s := summarise(c.times)
	text := fmt.Sprintf("%d moves, think mean %s, p10 %s, median %s, p90 %s, max %s; %d past the turn, %d games lost on time",
		len(c.times), ms(s.mean), ms(s.p10), ms(s.median), ms(s.p90), ms(s.max), c.late, c.lost)
	if c.refused > 0 {
		text += fmt.Sprintf(", %d INFO lines refused", c.refused)
	}
	return text
}
