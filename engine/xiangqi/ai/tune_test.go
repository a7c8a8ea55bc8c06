package ai

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

var (
	tuneData    = flag.String("tune.data", "", "BenchmarkTune: labelled positions (FEN;score per line, from BenchmarkEvalData)")
	tuneIters   = flag.Int("tune.iters", 3000, "BenchmarkTune: gradient steps")
	tuneRate    = flag.Float64("tune.rate", 1, "BenchmarkTune: Adam step size in centipawns")
	tuneLabelK  = flag.Float64("tune.labelk", 400, "BenchmarkTune: scale turning labels into expected scores, sigmoid(label/labelk)")
	tuneL2      = flag.Float64("tune.l2", 1e-7, "BenchmarkTune: pull of each weight towards its current value, per centipawn squared")
	tuneHoldout = flag.Float64("tune.holdout", 0.1, "BenchmarkTune: share of positions kept out of the fit to check it")
	tuneWrite   = flag.String("tune.write", "", "BenchmarkTune: Go file the tuned weights are written to (e.g. eval_weights.go)")
	tuneOnly    = flag.String("tune.only", "", "BenchmarkTune: fit only these comma-separated groups (material,pst,terms,tempo); empty fits all")
)

// The evaluation's weights as one vector θ: material, piece-square tables
// (a square and its mirror across the middle file share one entry), terms,
// tempo. The evaluation is linear in θ given each position's phase.
const (
	offMaterial = 0
	offPST      = offMaterial + 2*8
	offTerms    = offPST + 2*8*90
	offTempo    = offTerms + nTerms*2
	nParams     = offTempo + 1
)

// pstParam is the vector index of the piece-square entry (phase, kind, i),
// i a weights.pst index; files f and 8-f share it.
func pstParam(ph, k, i int) int {
	f := i % 9
	if f > 4 {
		i += 8 - 2*f
	}
	return offPST + (ph*8+k)*90 + i
}

// vectorOf returns w and t as a vector.
func vectorOf(w *weights, t int) []float64 {
	v := make([]float64, nParams)
	for ph := 0; ph < 2; ph++ {
		for k := 0; k < 8; k++ {
			v[offMaterial+ph*8+k] = float64(w.material[ph][k])
			for i := 0; i < 90; i++ {
				v[pstParam(ph, k, i)] = float64(w.pst[ph][k][i])
			}
		}
	}
	for k := range nTerms {
		for ph := 0; ph < 2; ph++ {
			v[offTerms+k*2+ph] = float64(w.terms[k][ph])
		}
	}
	v[offTempo] = float64(t)
	return v
}

// weightsOf rounds v back to weights and a tempo.
func weightsOf(v []float64) (w weights, t int) {
	r := func(x float64) int { return int(math.Round(x)) }
	for ph := 0; ph < 2; ph++ {
		for k := 0; k < 8; k++ {
			w.material[ph][k] = r(v[offMaterial+ph*8+k])
			for i := 0; i < 90; i++ {
				w.pst[ph][k][i] = r(v[pstParam(ph, k, i)])
			}
		}
	}
	for k := range nTerms {
		for ph := 0; ph < 2; ph++ {
			w.terms[k][ph] = r(v[offTerms+k*2+ph])
		}
	}
	return w, r(v[offTempo])
}

// feature is one non-zero coefficient of a position's evaluation in θ.
type feature struct {
	param int32
	coef  float32
}

// featuresOf returns p's evaluation as coefficients of θ, so that
// Σ coef·θ is evaluate(p) up to integer rounding. scale (1 or 1/8, the
// drawish-material rule) follows the sign of the current evaluation.
func featuresOf(p *xiangqi.Position) []feature {
	m := materialOf(p)
	var t [2][nTerms]int
	countTerms(p, &m, &t)
	phase := min(m.phase, maxPhase)
	mgShare := float64(phase) / maxPhase
	share := [2]float64{mgShare, 1 - mgShare}

	sign := 1.0 // red's view to the side to move's
	if p.Turn() == xiangqi.Black {
		sign = -1
	}
	if s := evaluate(p) - tempo; s != 0 {
		red := float64(s) * sign
		if red > 0 && !canAttack(&m.count, xiangqi.Red) || red < 0 && !canAttack(&m.count, xiangqi.Black) {
			sign /= 8
		}
	}

	coef := map[int32]float64{}
	for s := xiangqi.Red; s <= xiangqi.Black; s++ {
		side := 1.0
		if s == xiangqi.Black {
			side = -1
		}
		for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
			for sq := range p.Pieces(s, k) {
				f, r := sq.File(), sq.Rank()
				if s == xiangqi.Black {
					r = 9 - r
				}
				for ph := 0; ph < 2; ph++ {
					coef[int32(offMaterial+ph*8+int(k))] += side * share[ph]
					coef[int32(pstParam(ph, int(k), pstIndex(f, r)))] += side * share[ph]
				}
			}
		}
	}
	for k := range nTerms {
		d := float64(t[0][k] - t[1][k])
		for ph := 0; ph < 2; ph++ {
			coef[int32(offTerms+k*2+ph)] += d * share[ph]
		}
	}
	fs := make([]feature, 0, len(coef)+1)
	for i, c := range coef {
		if c != 0 {
			fs = append(fs, feature{i, float32(c * sign)})
		}
	}
	return append(fs, feature{offTempo, 1})
}

// linearEval is Σ coef·θ.
func linearEval(fs []feature, v []float64) float64 {
	s := 0.0
	for _, f := range fs {
		s += float64(f.coef) * v[f.param]
	}
	return s
}

// quiet reports whether no capture sequence changes p's static evaluation
// (p is not in check).
func quiet(p *xiangqi.Position) bool {
	stand := evaluate(p)
	return quiesce(p, stand-1, stand+1, 0) == stand
}

// quiesce is a plain capture search with the static evaluation.
func quiesce(p *xiangqi.Position, alpha, beta, ply int) int {
	stand := evaluate(p)
	if stand >= beta || ply >= 12 {
		return stand
	}
	alpha = max(alpha, stand)
	var buf [64]xiangqi.Move
	for _, m := range p.GenerateCaptures(buf[:0]) {
		u := p.MakeMove(m)
		s := -quiesce(p, -beta, -alpha, ply+1)
		p.UnmakeMove(m, u)
		if s >= beta {
			return s
		}
		alpha = max(alpha, s)
	}
	return alpha
}

// sample is one labelled position.
type sample struct {
	fs    []feature
	label float64 // sigmoid(label/labelk)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// mse is the mean squared error of sigmoid(Σ coef·θ / k) against the labels.
func mse(set []sample, v []float64, k float64) float64 {
	e := 0.0
	for _, s := range set {
		d := sigmoid(linearEval(s.fs, v)/k) - s.label
		e += d * d
	}
	return e / float64(len(set))
}

// fitK returns the k minimising mse for v (a golden-section search).
func fitK(set []sample, v []float64) float64 {
	lo, hi := 50.0, 2000.0
	g := (math.Sqrt(5) - 1) / 2
	for hi-lo > 0.5 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if mse(set, v, a) < mse(set, v, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// loadSamples reads path and keeps the quiet positions.
func loadSamples(path string, labelK float64) (set []sample, read int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	seen := map[string]bool{}
	for n := 1; sc.Scan(); n++ {
		fen, score, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			return nil, 0, fmt.Errorf("%s:%d: want FEN;score, got %q", path, n, sc.Text())
		}
		read++
		cp, err := strconv.Atoi(strings.TrimSpace(score))
		if err != nil {
			return nil, 0, fmt.Errorf("%s:%d: score: %w", path, n, err)
		}
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		key := strings.Join(strings.Fields(fen)[:2], " ")
		if seen[key] || p.InCheck() || !quiet(&p) {
			continue
		}
		seen[key] = true
		set = append(set, sample{featuresOf(&p), sigmoid(float64(cp) / labelK)})
	}
	return set, read, sc.Err()
}

// BenchmarkTune fits the evaluation's weights to labelled positions (from
// BenchmarkEvalData): it keeps the quiet ones, fits K so that
// sigmoid(eval/K) best matches sigmoid(label/labelk) with the current
// weights, then runs Adam on the mean squared error over all weights (the
// evaluation is linear in them given the phase), prints the error before
// and after on the fitted and held-out positions and, with -tune.write,
// writes the rounded weights as Go source. A tool to run by hand:
//
//	nice -n 19 go test -run '^$' -bench Tune -benchtime 1x -timeout 0 ./engine/xiangqi/ai \
//		-tune.data /tmp/xq-eval.txt -tune.write eval_weights.go
func BenchmarkTune(b *testing.B) {
	if *tuneData == "" {
		b.Fatal("BenchmarkTune needs -tune.data FILE")
	}
	all, read, err := loadSamples(*tuneData, *tuneLabelK)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	nHold := int(float64(len(all)) * *tuneHoldout)
	hold, set := all[:nHold], all[nHold:]
	b.Logf("%d positions read, %d quiet and distinct: %d fitted, %d held out", read, len(all), len(set), len(hold))

	v := vectorOf(&evalWeights, tempo)
	start := append([]float64(nil), v...)
	k := fitK(set, v)
	b.Logf("K = %.1f (labels: sigmoid(cp/%.0f))", k, *tuneLabelK)
	b.Logf("before: mse %.6f fitted, %.6f held out", mse(set, v, k), mse(hold, v, k))

	free := make([]bool, nParams)
	groups := map[string][2]int{"material": {offMaterial, offPST}, "pst": {offPST, offTerms}, "terms": {offTerms, offTempo}, "tempo": {offTempo, nParams}}
	if *tuneOnly == "" {
		for i := range free {
			free[i] = true
		}
	}
	for _, name := range strings.Split(*tuneOnly, ",") {
		if name == "" {
			continue
		}
		r, ok := groups[name]
		if !ok {
			b.Fatalf("-tune.only: unknown group %q (want material, pst, terms or tempo)", name)
		}
		for i := r[0]; i < r[1]; i++ {
			free[i] = true
		}
	}

	// Adam over the full batch.
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	grad := make([]float64, nParams)
	m1 := make([]float64, nParams)
	m2 := make([]float64, nParams)
	for it := 1; it <= *tuneIters; it++ {
		clear(grad)
		for _, s := range set {
			p := sigmoid(linearEval(s.fs, v) / k)
			g := 2 * (p - s.label) * p * (1 - p) / k
			for _, f := range s.fs {
				grad[f.param] += g * float64(f.coef)
			}
		}
		for i := range grad {
			grad[i] = grad[i]/float64(len(set)) + 2**tuneL2*(v[i]-start[i])
		}
		c1, c2 := 1-math.Pow(beta1, float64(it)), 1-math.Pow(beta2, float64(it))
		for i, g := range grad {
			if !free[i] {
				continue
			}
			m1[i] = beta1*m1[i] + (1-beta1)*g
			m2[i] = beta2*m2[i] + (1-beta2)*g*g
			v[i] -= *tuneRate * (m1[i] / c1) / (math.Sqrt(m2[i]/c2) + eps)
		}
		if it%500 == 0 {
			b.Logf("step %d: mse %.6f fitted, %.6f held out", it, mse(set, v, k), mse(hold, v, k))
		}
	}
	w, t := weightsOf(v)
	v = vectorOf(&w, t)
	b.Logf("after (rounded): mse %.6f fitted, %.6f held out", mse(set, v, k), mse(hold, v, k))
	b.Logf("terms' share of the evaluation, |Σ terms| (the search's lazy evaluation assumes a bound): %s", termSpread(all, v))
	b.Logf("terms (mg, eg): %v, tempo %d, material mg %v eg %v", w.terms, t, w.material[0], w.material[1])
	if *tuneWrite != "" {
		src, err := weightsSource(&w, t)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(*tuneWrite, src, 0o644); err != nil {
			b.Fatal(err)
		}
		b.Logf("wrote %s", *tuneWrite)
	}
}

// termSpread returns percentiles of how far the terms (mobility, king
// safety) move each position's evaluation away from material and tables.
func termSpread(set []sample, v []float64) string {
	d := make([]float64, len(set))
	for i, s := range set {
		for _, f := range s.fs {
			if f.param >= offTerms && f.param < offTempo {
				d[i] += float64(f.coef) * v[f.param]
			}
		}
		d[i] = math.Abs(d[i])
	}
	slices.Sort(d)
	at := func(q float64) float64 { return d[min(len(d)-1, int(q*float64(len(d))))] }
	return fmt.Sprintf("median %.0f, 99%% %.0f, 99.9%% %.0f, max %.0f", at(0.5), at(0.99), at(0.999), d[len(d)-1])
}

// weightsSource returns w and tempo t as the gofmt'ed Go source of
// eval_weights.go.
func weightsSource(w *weights, t int) ([]byte, error) {
	var buf bytes.Buffer
	pr := func(format string, a ...any) { fmt.Fprintf(&buf, format, a...) }
	kinds := [8]string{"", "kGeneral", "kAdvisor", "kElephant", "kHorse", "kChariot", "kCannon", "kSoldier"}
	phases := [2]string{"middle game", "endgame"}
	ints := func(a []int) string {
		s := make([]string, len(a))
		for i, x := range a {
			s[i] = strconv.Itoa(x)
		}
		return strings.Join(s, ", ")
	}
	pr("// Code generated by BenchmarkTune (tune_test.go); DO NOT EDIT.\n\n")
	pr("package ai\n\n")
	pr("// tempo is the side to move's bonus in centipawns.\nconst tempo = %d\n\n", t)
	pr("// evalWeights are the evaluation's weights (see weights). Read-only.\n")
	pr("var evalWeights = weights{\n")
	pr("material: [2][8]int{\n")
	for ph := 0; ph < 2; ph++ {
		pr("{%s}, // %s\n", ints(w.material[ph][:]), phases[ph])
	}
	pr("},\npst: [2][8][90]int{\n")
	for ph := 0; ph < 2; ph++ {
		pr("{ // %s\n", phases[ph])
		for k := kGeneral; k <= kSoldier; k++ {
			pr("%s: {\n", kinds[k])
			for r := 0; r < 10; r++ {
				pr("%s,\n", ints(w.pst[ph][k][r*9:r*9+9]))
			}
			pr("},\n")
		}
		pr("},\n")
	}
	pr("},\nterms: [nTerms][2]int{\n")
	for k := range nTerms {
		pr("%s: {%d, %d},\n", termNames[k], w.terms[k][0], w.terms[k][1])
	}
	pr("},\n}\n")
	return format.Source(buf.Bytes())
}
