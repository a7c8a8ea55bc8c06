package glicko2

import (
	"fmt"
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestGlickmanExample checks the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500/200/0.06 player, tau 0.5, beats 1400/30 and loses
// to 1550/100 and 1700/300, ending at 1464.06 / 151.52 / 0.05999.
func TestGlickmanExample(t *testing.T) {
	player := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	results := []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: 0},
	}
	got := Update(player, results, 0.5)
	// The paper rounds its intermediate values; exact arithmetic gives
	// 1464.0507 / 151.5165 / 0.059996, within 0.01 / 0.01 / 0.00001.
	if !near(got.Rating, 1464.06, 0.01) || !near(got.RD, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Fatalf("Update = %.4f / %.4f / %.6f, want 1464.06 / 151.52 / 0.05999", got.Rating, got.RD, got.Volatility)
	}
}

func TestUpdateProperties(t *testing.T) {
	opp := Rating{Rating: 1500, RD: 100, Volatility: 0.06}
	tests := []struct {
		name  string
		score float64
		check func(before, after Rating) error
	}{
		{"win raises", 1, func(b, a Rating) error {
			if a.Rating <= b.Rating {
				return fmt.Errorf("rating %v -> %v", b.Rating, a.Rating)
			}
			return nil
		}},
		{"loss lowers", 0, func(b, a Rating) error {
			if a.Rating >= b.Rating {
				return fmt.Errorf("rating %v -> %v", b.Rating, a.Rating)
			}
			return nil
		}},
		{"draw between equals keeps rating", 0.5, func(b, a Rating) error {
			if !near(a.Rating, b.Rating, 1e-9) {
				return fmt.Errorf("rating %v -> %v", b.Rating, a.Rating)
			}
			return nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := Rating{Rating: 1500, RD: 100, Volatility: 0.06}
			after := Update(before, []Result{{Opponent: opp, Score: tt.score}}, DefaultTau)
			if err := tt.check(before, after); err != nil {
				t.Fatal(err)
			}
			if after.RD >= before.RD {
				t.Errorf("a game must shrink RD: %v -> %v", before.RD, after.RD)
			}
		})
	}
}

// TestUpdateZeroSum checks that two new players who play each other move by
// the same amount in opposite directions (the system is symmetric).
func TestUpdateZeroSum(t *testing.T) {
	a, b := New(), New()
	a2 := Update(a, []Result{{Opponent: b, Score: 1}}, DefaultTau)
	b2 := Update(b, []Result{{Opponent: a, Score: 0}}, DefaultTau)
	if !near(a2.Rating-1500, 1500-b2.Rating, 1e-9) || !near(a2.RD, b2.RD, 1e-9) {
		t.Fatalf("asymmetric: winner %+v, loser %+v", a2, b2)
	}
	// Known value: two fresh players, one game, the winner gains about 162.
	if !near(a2.Rating, 1662.31, 0.01) {
		t.Fatalf("winner rating %.4f, want about 1662.31", a2.Rating)
	}
}

func TestIdle(t *testing.T) {
	r := Rating{Rating: 1600, RD: 50, Volatility: 0.06}
	tests := []struct {
		periods float64
		wantRD  float64
	}{
		{0, 50},
		{-3, 50},
		{1, math.Sqrt(50*50 + (0.06*Scale)*(0.06*Scale))},
		{10, math.Sqrt(50*50 + 10*(0.06*Scale)*(0.06*Scale))},
		{1e6, DefaultRD}, // capped
	}
	for _, tt := range tests {
		got := r.Idle(tt.periods)
		if !near(got.RD, tt.wantRD, 1e-9) || got.Rating != r.Rating || got.Volatility != r.Volatility {
			t.Errorf("Idle(%v) = %+v, want RD %.4f", tt.periods, got, tt.wantRD)
		}
	}
	if got := Update(r, nil, DefaultTau); got != r.Idle(1) {
		t.Errorf("Update with no games = %+v, want Idle(1) = %+v", got, r.Idle(1))
	}
}

// TestUpdateExtremes feeds extreme and hostile inputs: a huge upset must
// still give finite numbers, and NaN or infinite inputs must not hang the
// volatility iteration (the test would time out).
func TestUpdateExtremes(t *testing.T) {
	r := Rating{Rating: 1500, RD: 350, Volatility: 0.06}
	upset := Update(r, []Result{{Opponent: Rating{Rating: 4000, RD: 1, Volatility: 0.06}, Score: 1}}, DefaultTau)
	for _, v := range []float64{upset.Rating, upset.RD, upset.Volatility} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("upset gave %+v", upset)
		}
	}
	// Beating a player rated 2500 points higher is almost no information:
	// the deviation would grow past the initial 350 but is capped there.
	if upset.Rating <= r.Rating || upset.RD != DefaultRD {
		t.Fatalf("upset gave %+v, want a higher rating and RD capped at %v", upset, DefaultRD)
	}
	for _, opp := range []Rating{
		{Rating: math.NaN(), RD: 350, Volatility: 0.06},
		{Rating: 1500, RD: math.Inf(1), Volatility: 0.06},
	} {
		Update(r, []Result{{Opponent: opp, Score: 1}}, DefaultTau)
	}
}

func ExampleUpdate() {
	player := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	after := Update(player, []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: 0},
	}, DefaultTau)
	fmt.Printf("%.2f %.2f %.6f\n", after.Rating, after.RD, after.Volatility)
	// Output: 1464.05 151.52 0.059996
}

func BenchmarkUpdate(b *testing.B) {
	r := New()
	res := []Result{{Opponent: Rating{Rating: 1550, RD: 120, Volatility: 0.06}, Score: 1}}
	for b.Loop() {
		r = Update(r, res, DefaultTau)
		r.RD = 200
	}
}
