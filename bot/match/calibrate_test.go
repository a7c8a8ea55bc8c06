package match

import (
	"context"
	"flag"
	"fmt"
	"math"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

var calibrate = flag.Int("calibrate", 0, "TestCalibrateReview: self-play games per kind to fit the logistic scales of Analysis.Expected (0: skip)")

// TestCalibrateReview measures how well the engines' scores predict
// results, to set GomokuScale and XiangqiScale: it plays -calibrate games
// of each kind between two engines at level 7 (random enough to vary),
// analyses every position as a review does (20,000 nodes), and fits the
// logistic scale that best predicts each position's final result for the
// side to move (maximum likelihood over positions the search did not
// prove). It prints the fit and how the constants in use compare.
func TestCalibrateReview(t *testing.T) {
	if *calibrate == 0 {
		t.Skip("a measurement, not a test: go test ./bot/match -run TestCalibrateReview -calibrate 40 -v -timeout 2h")
	}
	for _, k := range []struct {
		kind  store.Kind
		scale float64
	}{{store.Gomoku, GomokuScale}, {store.Xiangqi, XiangqiScale}} {
		var scores, results []float64
		var proven, wrong int
		e := &Engines{}
		play := &Engines{MaxNodes: 8000}
		for range *calibrate {
			g := playOut(t, play, Setup{Kind: k.kind}, [2]int{7, 7}, 400)
			text, err := g.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			o := g.Outcome()
			firstResult := 0.5
			if o.Status == engine.Win {
				firstResult = 0
				if o.Winner == engine.First {
					firstResult = 1
				}
			}
			r, err := ReviewGame(context.Background(), e, k.kind, string(text), 20000, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range r.Moves {
				res := firstResult
				if m.Side != engine.First {
					res = 1 - res
				}
				switch m.Before {
				case 0, 1:
					proven++
					if m.Before != res {
						wrong++
					}
					continue
				}
				// Before is logistic(score/scale): recover the score.
				score := k.scale * math.Log(m.Before/(1-m.Before))
				scores = append(scores, score)
				results = append(results, res)
			}
		}
		best, bestLoss := 0.0, math.Inf(1)
		for s := 20.0; s <= 5000; s *= 1.02 {
			if l := logLoss(scores, results, s); l < bestLoss {
				best, bestLoss = s, l
			}
		}
		fmt.Printf("%s: %d games, %d unproven positions, %d proven (%d contradicted by the result)\n",
			k.kind, *calibrate, len(scores), proven, wrong)
		fmt.Printf("  best scale %.0f (log loss %.4f); in use %.0f (log loss %.4f); a coin: %.4f\n",
			best, bestLoss, k.scale, logLoss(scores, results, k.scale), math.Log(2))
	}
}

// logLoss is the mean log loss of predicting results from scores with the
// logistic scale.
func logLoss(scores, results []float64, scale float64) float64 {
	var sum float64
	for i, s := range scores {
		p := 1 / (1 + math.Exp(-s/scale))
		p = math.Min(math.Max(p, 1e-9), 1-1e-9)
		sum -= results[i]*math.Log(p) + (1-results[i])*math.Log(1-p)
	}
	return sum / float64(len(scores))
}
