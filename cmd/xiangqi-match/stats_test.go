package main

import (
	"math"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
)

func TestElo(t *testing.T) {
	tests := []struct {
		scores   []float64
		elo      float64
		halfWide float64 // expected half-width of the 95% interval, roughly
	}{
		{[]float64{1, 0, 0.5, 0.5}, 0, 0},
		{[]float64{1, 1, 1, 0}, 191, 0},
		{[]float64{0, 0, 0, 1}, -191, 0},
		{[]float64{1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 35, 0},
	}
	for _, tt := range tests {
		var tl tally
		for _, s := range tt.scores {
			tl.add(s)
		}
		d, lo, hi := tl.elo()
		if math.Abs(d-tt.elo) > 1 {
			t.Errorf("%v: Elo %.1f, want %.0f", tt.scores, d, tt.elo)
		}
		if !(lo < d && d < hi) {
			t.Errorf("%v: interval %.1f..%.1f does not surround %.1f", tt.scores, lo, hi, d)
		}
	}
	// By hand: scores 1,1,1,0: mean .75, sample variance .25, se .25,
	// bounds .75±.49 = .26 and 1.24 (→ +inf).
	var tl tally
	for _, s := range []float64{1, 1, 1, 0} {
		tl.add(s)
	}
	_, lo, hi := tl.elo()
	if math.Abs(lo-elo.Of(0.75-1.96*0.25)) > 1e-9 || !math.IsInf(hi, 1) {
		t.Errorf("interval %v..%v, want %v..+inf", lo, hi, elo.Of(0.75-1.96*0.25))
	}
	if s := tl.String(); !strings.HasPrefix(s, "W/D/L 3/0/1, score 75.0% (3.0/4), Elo +191 ±inf") {
		t.Errorf("String() = %q", s)
	}
}

func TestEloAllWonUsesRuleOfThree(t *testing.T) {
	var tl tally
	for i := 0; i < 20; i++ {
		tl.add(1)
	}
	d, lo, hi := tl.elo()
	if !math.IsInf(d, 1) || !math.IsInf(hi, 1) || math.Abs(lo-elo.Of(0.85)) > 1e-9 {
		t.Fatalf("20 wins: Elo %v, interval %v..%v; want +inf, %v..+inf", d, lo, hi, elo.Of(0.85))
	}
	if s := tl.String(); !strings.Contains(s, "95% CI +301 .. +inf") {
		t.Fatalf("String() = %q", s)
	}
}

func TestEloNarrowsWithGames(t *testing.T) {
	width := func(n int) float64 {
		var tl tally
		for i := 0; i < n; i++ {
			tl.add([]float64{1, 0.5, 0}[i%3])
		}
		_, lo, hi := tl.elo()
		return hi - lo
	}
	if w10, w100 := width(12), width(120); !(w100 < w10/2) {
		t.Fatalf("interval width %v at 12 games, %v at 120: should shrink by about sqrt(10)", w10, w100)
	}
}
