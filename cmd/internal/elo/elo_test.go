package elo

import (
	"math"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestOf(t *testing.T) {
	for _, c := range []struct{ s, want float64 }{
		{0.5, 0}, {0.75, 190.848}, {0.25, -190.848}, {0.64, 99.95},
	} {
		if got := Of(c.s); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Of(%v) = %v, want %v", c.s, got, c.want)
		}
	}
	if !math.IsInf(Of(1), 1) || !math.IsInf(Of(0), -1) {
		t.Error("a perfect score is not infinite")
	}
}

func TestInterval(t *testing.T) {
	// 3 wins, 1 loss: mean 0.75, sample variance 0.25, se 0.25.
	d, lo, hi := Interval([]float64{1, 1, 1, 0})
	if math.Abs(d-Of(0.75)) > 1e-9 || math.Abs(lo-Of(0.75-1.96*0.25)) > 1e-9 || !math.IsInf(hi, 1) {
		t.Errorf("3-1: %v (%v .. %v)", d, lo, hi)
	}
	// Every sample won: the rule of three.
	all := make([]float64, 20)
	for i := range all {
		all[i] = 1
	}
	if d, lo, hi := Interval(all); !math.IsInf(d, 1) || math.Abs(lo-Of(0.85)) > 1e-9 || !math.IsInf(hi, 1) {
		t.Errorf("20 wins: %v (%v .. %v)", d, lo, hi)
	}
	if d, lo, hi := Interval(make([]float64, 10)); !math.IsInf(d, -1) || !math.IsInf(lo, -1) || math.Abs(hi-Of(0.3)) > 1e-9 {
		t.Errorf("10 losses: %v (%v .. %v)", d, lo, hi)
	}
	if _, lo, hi := Interval([]float64{1}); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("one sample bounds the interval: %v .. %v", lo, hi)
	}
	// Symmetric results give 0 and a symmetric interval.
	if d, lo, hi := Interval([]float64{1, 0, 0.5, 0.5}); d != 0 || math.Abs(lo+hi) > 1e-9 {
		t.Errorf("even: %v (%v .. %v)", d, lo, hi)
	}
}

func TestSigned(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{{107.4, "+107"}, {-38.6, "-39"}, {0, "+0"}, {math.Inf(1), "+inf"}, {math.Inf(-1), "-inf"}} {
		if got := Signed(c.x); got != c.want {
			t.Errorf("Signed(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestRecord(t *testing.T) {
	var r Record
	for _, s := range []float64{1, 1, 0.5, 0, 1} {
		r.Add(s)
	}
	if r.Wins != 3 || r.Draws != 1 || r.Losses != 1 || r.Games() != 5 || r.Score() != 0.7 || r.Brief() != "+3 =1 -1" {
		t.Errorf("record %+v: games %d, score %v, %q", r, r.Games(), r.Score(), r.Brief())
	}
	won := engine.Outcome{Status: engine.Win, Winner: engine.Second}
	if ScoreOf(won, true) != 0 || ScoreOf(won, false) != 1 || ScoreOf(engine.Outcome{Status: engine.Draw}, true) != 0.5 {
		t.Error("ScoreOf gives the wrong side the win")
	}
	if Word(1) != "wins" || Word(0) != "loses" || Word(0.5) != "draws" {
		t.Error("Word")
	}
}
