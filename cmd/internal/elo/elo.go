// Package elo turns the scores of a match between two engines into an Elo
// difference with a 95% confidence interval, for the match runners.
package elo

import (
	"fmt"
	"math"
)

// Of converts a mean score into an Elo difference under the logistic model:
// d = -400 log10(1/s - 1). Scores of 0 and 1 give -Inf and +Inf.
func Of(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// Interval returns the Elo difference of the samples' mean score and the
// bounds of its 95% confidence interval. Each sample is one independent
// score in [0, 1]: a game's (1, 0.5 or 0), or a pair's mean where the two
// games of a pair are not independent. The interval is the mean m ±
// 1.96·sqrt(v/n), with v the sample variance, mapped through Of. When every
// sample is 1 (or 0) there is no variance to speak of, and the rule of
// three bounds the true score at 1-3/n (3/n) instead. Fewer than two
// samples give an unbounded interval.
func Interval(samples []float64) (d, lo, hi float64) {
	n := float64(len(samples))
	m := 0.0
	for _, x := range samples {
		m += x
	}
	m /= max(n, 1)
	if n < 2 {
		return Of(m), math.Inf(-1), math.Inf(1)
	}
	v := 0.0
	for _, x := range samples {
		v += (x - m) * (x - m)
	}
	v /= n - 1
	switch {
	case m == 1:
		return Of(m), Of(1 - 3/n), math.Inf(1)
	case m == 0:
		return Of(m), math.Inf(-1), Of(3 / n)
	}
	se := math.Sqrt(v / n)
	return Of(m), Of(m - 1.96*se), Of(m + 1.96*se)
}

// Signed formats an Elo difference with its sign and no decimals: "+107",
// "-38", "+inf".
func Signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}
