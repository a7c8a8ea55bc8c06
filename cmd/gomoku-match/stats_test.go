package main

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
)

// TestPentanomial checks the pair counts and the interval against a hand
// computation.
func TestPentanomial(t *testing.T) {
	var tl tally
	// Pairs (A's two scores): 1+0, 1+1, 0+0.5, 1+0.5; pair 4 is incomplete.
	for _, g := range []struct {
		pair  int
		score float64
	}{{0, 1}, {1, 1}, {0, 0}, {2, 0}, {1, 1}, {3, 1}, {2, 0.5}, {3, 0.5}, {4, 1}} {
		tl.add(g.pair, g.score)
	}
	if tl.penta != [5]int{0, 1, 1, 1, 1} || tl.completePairs() != 4 {
		t.Fatalf("pentanomial %v", tl.penta)
	}
	if tl.Wins != 5 || tl.Draws != 2 || tl.Losses != 2 || tl.Games() != 9 {
		t.Errorf("W/D/L %d/%d/%d", tl.Wins, tl.Draws, tl.Losses)
	}
	// Pair means .25 .5 .75 1: mean .625, sample variance
	// (.140625+.015625+.015625+.140625)/3 = .104167, se = sqrt(v/4).
	m, se := 0.625, math.Sqrt(0.3125/3/4)
	d, lo, hi := tl.elo()
	for _, c := range []struct{ got, want float64 }{{d, elo.Of(m)}, {lo, elo.Of(m - 1.96*se)}, {hi, elo.Of(m + 1.96*se)}} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("got %v, want %v", c.got, c.want)
		}
	}
	if s := tl.String(); !strings.HasPrefix(s, "W/D/L 5/2/2, score 66.7% (6.0/9), Elo +89 (95% CI") || !strings.Contains(s, "from 4 pairs, pentanomial [0 1 1 1 1]") {
		t.Errorf("String() = %q", s)
	}
}

func TestEloEdges(t *testing.T) {
	var all tally
	for p := range 10 {
		all.add(p, 1)
		all.add(p, 1)
	}
	d, lo, hi := all.elo()
	if !math.IsInf(d, 1) || !math.IsInf(hi, 1) || math.Abs(lo-elo.Of(0.7)) > 1e-9 {
		t.Errorf("10 pairs won: %v %v..%v", d, lo, hi)
	}
	var none tally
	if d, lo, hi := none.elo(); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) || !math.IsInf(d, -1) {
		t.Errorf("no games: %v %v..%v", d, lo, hi)
	}
	// Pairs split 1-1 every time: colour decides all, A and B are level.
	var split tally
	for p := range 6 {
		split.add(p, 1)
		split.add(p, 0)
	}
	if d, _, _ := split.elo(); d != 0 || split.penta[2] != 6 {
		t.Errorf("split pairs: Elo %v, pentanomial %v", d, split.penta)
	}
}

func TestEloNarrowsWithPairs(t *testing.T) {
	width := func(n int) float64 {
		var tl tally
		for p := range n {
			tl.add(p, []float64{1, 0.5, 0}[p%3])
			tl.add(p, []float64{1, 0, 0.5, 1}[p%4])
		}
		_, lo, hi := tl.elo()
		return hi - lo
	}
	if w12, w120 := width(12), width(120); !(w120 < w12/2) {
		t.Fatalf("interval width %v at 12 pairs, %v at 120", w12, w120)
	}
}

func TestClock(t *testing.T) {
	c := clock{late: 1, lost: 0}
	for _, ms := range []int{10, 20, 30, 40, 250} {
		c.times = append(c.times, time.Duration(ms)*time.Millisecond)
	}
	want := "5 moves, think mean 70.0ms, p10 10.0ms, median 30.0ms, p90 40.0ms, max 250.0ms; 1 past the turn, 0 games lost on time"
	if got := c.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	c.refused = 2
	if got, want := c.String(), want+", 2 INFO lines refused"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := (&clock{}).String(); got != "no moves" {
		t.Errorf("empty clock: %q", got)
	}
}

func TestClockByKind(t *testing.T) {
	c := clock{}
	for i, ms := range []int{1, 180, 2, 170, 40, 175, 3} {
		c.times = append(c.times, time.Duration(ms)*time.Millisecond)
		c.kinds = append(c.kinds, []string{"forced", "searched", "forced", "searched", "proved", "searched", "forced"}[i])
	}
	want := []string{
		"forced: 3 moves, think mean 2.0ms, median 2.0ms, p10 1.0ms, max 3.0ms",
		"unforced: 4 moves, think mean 141.2ms, median 170.0ms, p10 40.0ms, max 180.0ms",
		"  proved: 1 moves, think mean 40.0ms, median 40.0ms, p10 40.0ms, max 40.0ms",
		"  searched: 3 moves, think mean 175.0ms, median 175.0ms, p10 170.0ms, max 180.0ms",
	}
	if got := c.byKind(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// One unforced kind: no breakdown of it; no forced move.
	c.kinds = []string{"searched", "searched", "searched", "searched", "searched", "searched", "searched"}
	want = []string{"forced: no moves", "unforced: 7 moves, think mean 81.6ms, median 40.0ms, p10 1.0ms, max 180.0ms"}
	if got := c.byKind(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// An engine that names no kind gets no breakdown.
	c.kinds = make([]string, len(c.times))
	if got := c.byKind(); got != nil {
		t.Errorf("no kinds named: %q", got)
	}
}
