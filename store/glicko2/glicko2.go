// Package glicko2 implements Mark Glickman's Glicko-2 rating system as
// described in "Example of the Glicko-2 system" (Glickman, 2013): a rating,
// a rating deviation (RD, how unsure the rating is) and a volatility (how
// erratic the player's results are), updated once per rating period from the
// results of the games played in it.
//
// The package is pure arithmetic on values: no clock, no storage. Callers
// decide what a rating period is (Tengen's store treats every rated game as
// one period for both players) and how many idle periods have passed.
package glicko2

import "math"

// Scale converts between the Glicko scale (ratings around 1500) and the
// internal Glicko-2 scale: mu = (r - 1500) / Scale, phi = RD / Scale.
const Scale = 173.7178

// Defaults for a new player and for the system constant.
const (
	DefaultRating     = 1500.0 // rating of an unrated player
	DefaultRD         = 350.0  // RD of an unrated player, also the largest RD Idle produces
	DefaultVolatility = 0.06   // volatility of an unrated player
	DefaultTau        = 0.5    // system constant: how fast volatility may change
)

// convergence is the tolerance of the volatility iteration (the paper's ε).
const convergence = 0.000001

// maxIterations bounds the volatility iteration so that even absurd inputs
// (NaN, infinities) cannot loop forever; sane inputs converge in under 20.
const maxIterations = 100

// Rating is a player's Glicko-2 state on the Glicko scale.
type Rating struct {
	Rating     float64 // e.g. 1500
	RD         float64 // rating deviation, e.g. 350 for a new player
	Volatility float64 // sigma, e.g. 0.06
}

// New returns the rating of a player who has never played a rated game.
func New() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// Result is one game of a rating period seen from the rated player's side.
type Result struct {
	Opponent Rating  // the opponent's rating before the period
	Score    float64 // 1 for a win, 0.5 for a draw, 0 for a loss
}

// Idle returns r after periods rating periods without games: the deviation
// grows as phi' = sqrt(phi² + periods·sigma²), capped at DefaultRD. Rating
// and volatility do not change. Non-positive periods return r unchanged.
func (r Rating) Idle(periods float64) Rating {
	if !(periods > 0) {
		return r
	}
	phi := r.RD / Scale
	phi = math.Sqrt(phi*phi + periods*r.Volatility*r.Volatility)
	r.RD = math.Min(phi*Scale, DefaultRD)
	return r
}

// Update returns r after one rating period in which the player had results,
// with system constant tau (DefaultTau when unsure; it must be positive).
// With no results it is r.Idle(1), as the paper prescribes. Like Idle, it
// never returns an RD above DefaultRD: results that carry almost no
// information (a win against someone rated far higher) could otherwise push
// the deviation past that of a player who has never played.
func Update(r Rating, results []Result, tau float64) Rating {
	if len(results) == 0 {
		return r.Idle(1)
	}
	mu := (r.Rating - DefaultRating) / Scale
	phi := r.RD / Scale
	sigma := r.Volatility

	// Steps 3 and 4: estimated variance v and improvement delta.
	var invV, sum float64
	for _, res := range results {
		muJ := (res.Opponent.Rating - DefaultRating) / Scale
		g := gOf(res.Opponent.RD / Scale)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		invV += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum

	// Step 5: new volatility, then steps 6 to 8.
	sigma = volatility(phi, sigma, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{Rating: mu*Scale + DefaultRating, RD: math.Min(phi*Scale, DefaultRD), Volatility: sigma}
}

// gOf is the paper's g(phi): it discounts a result by the opponent's
// uncertainty.
func gOf(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// volatility solves step 5 of the paper with the Illinois variant of regula
// falsi and returns the new sigma.
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	phi2, delta2 := phi*phi, delta*delta
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi2 + v + ex
		return ex*(delta2-phi2-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta2 > phi2+v {
		B = math.Log(delta2 - phi2 - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
