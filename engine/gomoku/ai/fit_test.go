package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// The fitting pipeline of level 10's evaluation tables (STRENGTH.md, "Tenth
// session" and "Thirteenth session", which has the commands): random
// training openings (TestFitOpenings), games of level 10 against a stronger
// engine from them (cmd/gomoku-match -v), positions and siblings drawn from
// the games (TestFitPositions), the stronger engine's judgement of each
// (cmd/gomoku-label) and the fit (TestFitTables). The three tool tests run
// only when given their files; relative paths start from this package's
// directory, where go test runs them.
var (
	fitOpenings  = flag.String("fit.openings", "", "TestFitOpenings: file to write random training openings to, for cmd/gomoku-match -openings")
	fitCount     = flag.Int("fit.count", 1000, "TestFitOpenings: number of openings")
	fitSeed      = flag.Uint64("fit.seed", 1, "TestFitOpenings: random seed")
	fitExclude   = flag.String("fit.exclude", "", "TestFitOpenings: comma-separated opening files (the test sets) whose openings, under any symmetry, are not drawn")
	fitGames     = flag.String("fit.games", "", "TestFitPositions: comma-separated logs of cmd/gomoku-match -v to draw positions from")
	fitPositions = flag.String("fit.positions", "", "TestFitPositions: file to write the positions to, for cmd/gomoku-label")
	fitSiblings  = flag.Int("fit.siblings", 3, "TestFitPositions: positions reached by one of the ordering's first moves, drawn for each position")
	fitLabels    = flag.String("fit.labels", "", "TestFitTables: positions labelled by cmd/gomoku-label, comma-separated files")
	fitOut       = flag.String("fit.out", "", "TestFitTables: file to write the fitted tables to, as Go")
	fitRule      = flag.String("fit.rule", "freestyle", "TestFitPositions, TestFitTables: rule of the games")
	fitPasses    = flag.Int("fit.passes", 700, "TestFitTables: most passes over the data")
	fitLR        = flag.Float64("fit.lr", 16, "TestFitTables: Adam step for the values, in sixteenths (the shares take a sixteenth of it)")
)

// fitScale is the logistic scale of the fit: the evaluation's units per
// factor e of the odds, held at the tenth session's 215 so that scores keep
// their meaning (FittedDrawThreshold).
const fitScale = 215.0

// fitLabelScale is the scale of the judge's evaluations (Rapfi's
// sigmoid(eval/200)), and fitMate the size from which they are mates.
const (
	fitLabelScale = 200.0
	fitMate       = 29500
)

// fitMinCount is in how many training positions a set of shapes must occur
// (for one role) to get a value of its own; rarer sets move only
// with their shapes' and threat's shares.
const fitMinCount = 30

// openingKey is the same for two three-stone openings (black, white,
// black) that a symmetry of the 15×15 board, or the order of the black
// stones, turns into each other.
func openingKey(o [3]gomoku.Point) [3]gomoku.Point {
	var best [3]gomoku.Point
	for t := range 8 {
		var m [3]gomoku.Point
		for i, p := range o {
			c, r := p.Col()-7, p.Row()-7
			for range t % 4 {
				c, r = -r, c
			}
			if t >= 4 {
				c = -c
			}
			m[i] = gomoku.PointAt(c+7, r+7)
		}
		if m[2] < m[0] {
			m[0], m[2] = m[2], m[0]
		}
		if t == 0 || slices.Compare(m[:], best[:]) < 0 {
			best = m
		}
	}
	return best
}

// TestFitOpenings writes -fit.count random three-stone openings (black,
// white, black) in the central 7×7 points, distinct under the board's
// symmetries and none an opening of the -fit.exclude files, one a line in
// canonical notation.
func TestFitOpenings(t *testing.T) {
	if *fitOpenings == "" {
		t.Skip("a tool: give -fit.openings (and -fit.exclude, the test sets)")
	}
	seen := map[[3]gomoku.Point]bool{}
	if *fitExclude != "" {
		for _, path := range strings.Split(*fitExclude, ",") {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(text), "\n") {
				line, _, _ = strings.Cut(line, "#")
				ps, err := gomoku.ParseMoves(line, gomoku.Small)
				if err != nil || len(ps) != 3 {
					continue // a blank or comment line
				}
				seen[openingKey([3]gomoku.Point(ps))] = true
			}
		}
	}
	rng := rand.New(rand.NewPCG(*fitSeed, 7))
	var sb strings.Builder
	for n := 0; n < *fitCount; {
		var o [3]gomoku.Point
		for i := range o {
			o[i] = gomoku.PointAt(4+rng.IntN(7), 4+rng.IntN(7))
		}
		if o[0] == o[1] || o[0] == o[2] || o[1] == o[2] || seen[openingKey(o)] {
			continue
		}
		seen[openingKey(o)] = true
		fmt.Fprintf(&sb, "%s %s %s\n", o[0], o[1], o[2])
		n++
	}
	if err := os.WriteFile(*fitOpenings, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpeningKey checks that openings alike under a symmetry or the order
// of the black stones share a key, and others do not.
func TestOpeningKey(t *testing.T) {
	key := func(s string) [3]gomoku.Point {
		ps, err := gomoku.ParseMoves(s, gomoku.Small)
		if err != nil || len(ps) != 3 {
			t.Fatalf("%q: %v", s, err)
		}
		return openingKey([3]gomoku.Point(ps))
	}
	same := [][2]string{
		{"h8 i9 j8", "j8 i9 h8"},   // black's stones swapped
		{"h8 i9 j8", "h8 i7 j8"},   // mirrored top to bottom
		{"g6 j6 i10", "i6 f6 g10"}, // mirrored left to right
		{"g6 j6 i10", "j7 j10 f9"}, // turned a quarter
	}
	for _, c := range same {
		if key(c[0]) != key(c[1]) {
			t.Errorf("%s and %s: keys differ", c[0], c[1])
		}
	}
	if key("h8 i9 j8") == key("h8 j8 i9") {
		t.Errorf("h8 i9 j8 and h8 j8 i9 (white's stone elsewhere) share a key")
	}
}

// decided reports whether the search, not the evaluation, decides s: a side
// can make a five, the side to move a four-three or an open four, or a double
// three or a four while the other side cannot make a four. Under renju
// black's forbidden points do not count. The fit leaves these positions out
// (threatMask sums up the others).
func decided(s *state) bool {
	me, you := s.stm, s.stm.Other()
	mine, theirs := legalThreats(s, me), legalThreats(s, you)
	if mine[tFive] > 0 || theirs[tFive] > 0 || mine[tFourThree] > 0 || mine[tOpenFour] > 0 {
		return true
	}
	theyFour := theirs[tFour]+theirs[tFourThree]+theirs[tOpenFour] > 0
	return (mine[tDoubleThree] > 0 || mine[tFour] > 0) && !theyFour
}

// legalThreats counts side's empty points per threat, leaving out black's
// renju forbidden points.
func legalThreats(s *state, side engine.Side) [threatCount]int {
	var n [threatCount]int
	for _, p := range s.pts {
		if s.cell[p] == cEmpty && s.thr[side][p] > tNone && s.legal(int(p), side) {
			n[s.thr[side][p]]++
		}
	}
	return n
}

// fitGame is one game read from a gomoku-match log.
type fitGame struct {
	group  int      // its opening's number: held-out data is split by it
	moves  []string // canonical notation, black first
	winner int      // 0 black, 1 white, -1 a draw
}

// readMatchLog reads the games of a gomoku-match -v log: a line "game N:
// NAME as COLOUR wins|loses|draws, ... (opening K: ...)" followed by one
// "moves: ..." line.
func readMatchLog(path string) ([]fitGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var games []fitGame
	var cur *fitGame
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if moves, ok := strings.CutPrefix(line, "moves: "); ok && cur != nil {
			cur.moves = strings.Fields(moves)
			games = append(games, *cur)
			cur = nil
			continue
		}
		if !strings.HasPrefix(line, "game ") {
			continue
		}
		_, rest, _ := strings.Cut(line, ": ")
		f := strings.Fields(rest)
		i := strings.LastIndex(line, "(opening ")
		if len(f) < 4 || f[1] != "as" || i < 0 {
			return nil, fmt.Errorf("%s: unreadable game line %q", path, line)
		}
		num, _, _ := strings.Cut(line[i+len("(opening "):], ":")
		g := fitGame{winner: -1}
		if g.group, err = strconv.Atoi(num); err != nil {
			return nil, fmt.Errorf("%s: opening number in %q: %w", path, line, err)
		}
		colour := 0
		if f[2] == "white" {
			colour = 1
		}
		switch strings.TrimSuffix(f[3], ",") {
		case "wins":
			g.winner = colour
		case "loses":
			g.winner = 1 - colour
		}
		cur = &g
	}
	return games, sc.Err()
}

// TestFitPositions draws the fit's positions from match logs: every position
// of each game from the third stone to the one before the last that the
// search does not decide, and for each up to -fit.siblings positions reached
// from it by a random one of the first twelve moves level 10's ordering
// lists, under the same rule. Each line is the moves, the opening's number
// and the result for the side to move (1, 0.5, 0, or - for a sibling).
func TestFitPositions(t *testing.T) {
	if *fitGames == "" || *fitPositions == "" {
		t.Skip("a tool: give -fit.games and -fit.positions")
	}
	rule, err := gomoku.ParseRule(*fitRule)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(*fitPositions)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(out)
	e := New(Options{Level: MaxLevel})
	rng := rand.New(rand.NewPCG(1, 2))
	var nGames, nPos, nSib int
	for _, path := range strings.Split(*fitGames, ",") {
		games, err := readMatchLog(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, fg := range games {
			nGames++
			g, err := gomoku.NewGame(gomoku.Small, rule)
			if err != nil {
				t.Fatal(err)
			}
			for ply, m := range fg.moves[:len(fg.moves)-1] {
				if _, err := g.Play(m); err != nil {
					t.Fatalf("%s, opening %d, move %d %s: %v", path, fg.group, ply+1, m, err)
				}
				if g.Ply() < 3 || g.Outcome().Over() {
					continue
				}
				if err := e.begin(context.Background(), g, 0); err != nil {
					t.Fatal(err)
				}
				if decided(e.st) {
					continue
				}
				result := "0.5"
				if fg.winner >= 0 {
					result = strconv.Itoa(boolInt(fg.winner == int(g.Turn())))
				}
				moves := strings.Join(g.Moves(), " ")
				fmt.Fprintf(w, "%s\t%d\t%s\n", moves, fg.group, result)
				nPos++
				cand := e.gen(1, e.lv.width)
				cand = cand[:min(len(cand), 12)]
				for _, i := range rng.Perm(len(cand))[:min(len(cand), *fitSiblings)] {
					p := gomoku.Point(cand[i])
					if err := g.PlayPoint(p); err != nil {
						continue // a renju foul
					}
					if !g.Outcome().Over() {
						if err := e.begin(context.Background(), g, 0); err != nil {
							t.Fatal(err)
						}
						if !decided(e.st) {
							fmt.Fprintf(w, "%s %s\t%d\t-\n", moves, p, fg.group)
							nSib++
						}
					}
					if err := g.Undo(1); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games: %d positions, %d siblings", nGames, nPos, nSib)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fitModel is level 10's evaluation as a linear model, in sixteenths: a
// value per role and set of shapes, at index role*comboSets + set
// (evalCombo), and a value per threat mask (evalMask).
type fitModel struct {
	combo [2 * comboSets]float64
	mask  [threatMasks]float64
}

// startModel is the model of the engine's present tables.
func startModel() *fitModel {
	m := new(fitModel)
	for r := range 2 {
		for k := range comboSets {
			m.combo[r*comboSets+k] = float64(evalCombo[r][k])
		}
	}
	for k := range threatMasks {
		m.mask[k] = float64(evalMask[k])
	}
	return m
}

// fitTerm is how often one set of shapes occurs in a position for one role,
// signed: + for the side to move's points, - for the other side's.
type fitTerm struct {
	idx   int32 // index in fitModel.combo
	count float64
}

// fitSample is one position as the model reads it.
type fitSample struct {
	terms  []fitTerm
	mask   int32   // index in fitModel.mask
	label  float64 // the judge's win rate for the side to move
	result float64 // the game's result for the side to move; NaN for siblings
	group  int
	parent string // the moves before the last: positions sharing it are siblings
}

// features reads s as the model's terms: the side to move's empty points
// under role toMove, the other side's under role moved (negated).
func features(s *state) (terms []fitTerm, mask int32) {
	me, you := s.stm, s.stm.Other()
	counts := map[int32]float64{}
	for _, p := range s.pts {
		if s.cell[p] != cEmpty {
			continue
		}
		counts[int32(toMove*comboSets+int(s.combos[s.cix[me][p]].set))]++
		counts[int32(moved*comboSets+int(s.combos[s.cix[you][p]].set))]--
	}
	for k, v := range counts {
		if v != 0 {
			terms = append(terms, fitTerm{k, v})
		}
	}
	slices.SortFunc(terms, func(a, b fitTerm) int { return int(a.idx - b.idx) })
	return terms, int32(s.threatMask())
}

// valueOf is the model's evaluation of a position's terms, in sixteenths.
func (m *fitModel) valueOf(terms []fitTerm, mask int32) float64 {
	v := m.mask[mask]
	for _, t := range terms {
		v += m.combo[t.idx] * t.count
	}
	return v
}

// randomGame plays 4 to 33 random stones in the central 9×9 points under
// rule (a taken or forbidden point is drawn again); nil when the game ended.
func randomGame(t *testing.T, rng *rand.Rand, rule gomoku.Rule) *gomoku.Game {
	t.Helper()
	g, err := gomoku.NewGame(gomoku.Small, rule)
	if err != nil {
		t.Fatal(err)
	}
	for n := 4 + rng.IntN(30); g.Ply() < n && !g.Outcome().Over(); {
		_ = g.PlayPoint(gomoku.PointAt(3+rng.IntN(9), 3+rng.IntN(9)))
	}
	if g.Outcome().Over() {
		return nil
	}
	return g
}

// TestFitFeaturesMatchEval checks that the fit's linear model, started from
// the engine's tables, evaluates positions exactly as the engine does: the
// fit changes the values the engine reads and nothing else.
func TestFitFeaturesMatchEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := startModel()
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Renju} {
		for range 200 {
			g := randomGame(t, rng, rule)
			if g == nil {
				continue
			}
			s := newState(g.Board(), g.Turn())
			s.fitted = true
			terms, mask := features(s)
			got := m.valueOf(terms, mask)
			me, you := s.stm, s.stm.Other()
			want := s.esum[me][toMove] - s.esum[you][moved] + int32(evalMask[s.threatMask()])
			if got != float64(want) {
				t.Fatalf("%s %s: the model says %v sixteenths, the engine %d", rule, strings.Join(g.Moves(), " "), got, want)
			}
			if int(want)/16 != s.eval() {
				t.Fatalf("%s %s: eval %d, want %d/16", rule, strings.Join(g.Moves(), " "), s.eval(), want)
			}
		}
	}
}

// readLabels reads positions labelled by cmd/gomoku-label (moves, opening,
// result, the judge's evaluation; tab-separated) as the model's samples.
func readLabels(t *testing.T, paths string, rule gomoku.Rule) []fitSample {
	t.Helper()
	var out []fitSample
	s := new(state)
	for _, path := range strings.Split(paths, ",") {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			fields := strings.Split(sc.Text(), "\t")
			if len(fields) != 4 {
				t.Fatalf("%s:%d: %d fields, want moves, opening, result, evaluation", path, n, len(fields))
			}
			g, err := gomoku.NewGame(gomoku.Small, rule)
			if err != nil {
				t.Fatal(err)
			}
			moves := strings.Fields(fields[0])
			for _, m := range moves {
				if _, err := g.Play(m); err != nil {
					t.Fatalf("%s:%d: %s: %v", path, n, m, err)
				}
			}
			x := fitSample{result: math.NaN(), parent: strings.Join(moves[:max(len(moves)-1, 0)], " ")}
			if x.group, err = strconv.Atoi(fields[1]); err != nil {
				t.Fatalf("%s:%d: opening: %v", path, n, err)
			}
			if fields[2] != "-" {
				if x.result, err = strconv.ParseFloat(fields[2], 64); err != nil {
					t.Fatalf("%s:%d: result: %v", path, n, err)
				}
			}
			ev, err := strconv.Atoi(fields[3])
			if err != nil {
				t.Fatalf("%s:%d: evaluation: %v", path, n, err)
			}
			switch {
			case ev >= fitMate:
				x.label = 1
			case ev <= -fitMate:
				x.label = 0
			default:
				x.label = sigmoid(float64(ev) / fitLabelScale)
			}
			s.reset(g.Board(), g.Turn())
			x.terms, x.mask = features(s)
			out = append(out, x)
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return out
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// logLoss is the cross-entropy of the model's win rates, sigmoid(eval /
// fitScale), against the targets target(x) of the samples that have one.
func (m *fitModel) logLoss(xs []fitSample, target func(*fitSample) float64) (loss float64, n int) {
	for i := range xs {
		y := target(&xs[i])
		if math.IsNaN(y) {
			continue
		}
		p := sigmoid(m.valueOf(xs[i].terms, xs[i].mask) / 16 / fitScale)
		p = min(max(p, 1e-9), 1-1e-9)
		loss -= y*math.Log(p) + (1-y)*math.Log(1-p)
		n++
	}
	return loss / float64(max(n, 1)), n
}

// siblingPairs lists the pairs of samples reached from one position (the
// same parent) by different moves whose labels the judge tells apart: the
// odds of one against the other differ by more than 0.2 in their
// logarithm (a 55% preference). Each pair's first sample is the one the
// judge prefers for the side that chose between them. A pair of siblings
// can be won by neither, so the pairs measure how the model ranks moves,
// which the search uses, where logLoss measures how it rates positions.
func siblingPairs(xs []fitSample) [][2]int {
	byParent := map[string][]int{}
	for i := range xs {
		byParent[xs[i].parent] = append(byParent[xs[i].parent], i)
	}
	logit := func(p float64) float64 {
		p = min(max(p, 1e-4), 1-1e-4)
		return math.Log(p / (1 - p))
	}
	var pairs [][2]int
	for _, ch := range byParent {
		for a, i := range ch {
			for _, j := range ch[a+1:] {
				// The labels are for the side to move after the choice.
				switch d := logit(xs[j].label) - logit(xs[i].label); {
				case d > 0.2:
					pairs = append(pairs, [2]int{i, j})
				case d < -0.2:
					pairs = append(pairs, [2]int{j, i})
				}
			}
		}
	}
	return pairs
}

// rankAccuracy is the share of the sibling pairs that the model orders as
// the judge does (the preferred sample rated lower for its side to move),
// ties counting half.
func (m *fitModel) rankAccuracy(xs []fitSample, pairs [][2]int) float64 {
	agree := 0.0
	for _, pr := range pairs {
		a, b := &xs[pr[0]], &xs[pr[1]]
		switch va, vb := m.valueOf(a.terms, a.mask), m.valueOf(b.terms, b.mask); {
		case va < vb:
			agree++
		case va == vb:
			agree += 0.5
		}
	}
	return agree / float64(max(len(pairs), 1))
}

// fitParams are the fit's free values, added to the start model's: per
// role a share per line shape and per combined threat, which move every set
// holding them, and a value of its own for each set seen in at least
// fitMinCount training positions (not one with a five, nor the side to
// move's open four: positions with those are decided by the search); and a
// value for each threat mask.
type fitParams struct {
	shape [2 * int(shapeCount)]float64
	thr   [2 * int(threatCount)]float64
	set   [2 * comboSets]float64
	own   [2 * comboSets]bool // the set has a value of its own
	mask  [threatMasks]float64
}

// setInfo lists, per set, its four shapes and its combined threat.
type setInfo struct {
	shapes [4]shape
	thr    threat
}

func setInfos() [comboSets]setInfo {
	var out [comboSets]setInfo
	for i, c := range tables().combos {
		out[c.set] = setInfo{shapes: comboShapes(i), thr: c.thr}
	}
	for k := range out {
		slices.Sort(out[k].shapes[:])
	}
	return out
}

// apply returns the start model plus p.
func (p *fitParams) apply(start *fitModel, info *[comboSets]setInfo) *fitModel {
	m := *start
	for r := range 2 {
		for k := range comboSets {
			v := p.thr[r*int(threatCount)+int(info[k].thr)] + p.set[r*comboSets+k]
			for _, sh := range info[k].shapes {
				v += p.shape[r*int(shapeCount)+int(sh)]
			}
			m.combo[r*comboSets+k] += v
		}
	}
	for i := range m.mask {
		m.mask[i] += p.mask[i]
	}
	return &m
}

// adam is the Adam optimiser's state for a vector of values.
type adam struct{ m, v []float64 }

func (a *adam) step(x, g []float64, lr float64, t int) {
	const b1, b2, eps = 0.9, 0.999, 1e-12
	if a.m == nil {
		a.m, a.v = make([]float64, len(x)), make([]float64, len(x))
	}
	c1, c2 := 1-math.Pow(b1, float64(t)), 1-math.Pow(b2, float64(t))
	for i := range x {
		a.m[i] = b1*a.m[i] + (1-b1)*g[i]
		a.v[i] = b2*a.v[i] + (1-b2)*g[i]*g[i]
		x[i] -= lr * (a.m[i] / c1) / (math.Sqrt(a.v[i]/c2) + eps)
	}
}

// fit fits p to the training samples' labels with Adam (full batch, steps
// of lr sixteenths for the sets' and masks' values, lr/16 for the shares),
// stopping at the pass where the held-out samples' loss against their labels
// was lowest, and returns that pass's values, model, loss and number.
func fit(t *testing.T, start *fitModel, train, held []fitSample, passes int, lr float64) (*fitParams, *fitModel, float64, int) {
	info := setInfos()
	p := new(fitParams)
	var seen [2 * comboSets]int
	for _, x := range train {
		for _, tm := range x.terms {
			seen[tm.idx]++
		}
	}
	for i := range p.own {
		k, role := i%comboSets, i/comboSets
		five := slices.Contains(info[k].shapes[:], shFive)
		p.own[i] = seen[i] >= fitMinCount && !five && !(role == toMove && info[k].thr >= tOpenFour)
	}
	label := func(x *fitSample) float64 { return x.label }
	best, bestModel, bestLoss, bestPass := *p, start, math.Inf(1), 0
	var aShape, aThr, aSet, aMask adam
	for pass := 1; pass <= passes; pass++ {
		m := p.apply(start, &info)
		var gCombo [2 * comboSets]float64
		var gMask [threatMasks]float64
		for i := range train {
			x := &train[i]
			d := (sigmoid(m.valueOf(x.terms, x.mask)/16/fitScale) - x.label) / float64(len(train))
			gMask[x.mask] += d
			for _, tm := range x.terms {
				gCombo[tm.idx] += d * tm.count
			}
		}
		var gShape [2 * int(shapeCount)]float64
		var gThr [2 * int(threatCount)]float64
		var gSet [2 * comboSets]float64
		for i, g := range gCombo {
			r, k := i/comboSets, i%comboSets
			gThr[r*int(threatCount)+int(info[k].thr)] += g
			for _, sh := range info[k].shapes {
				gShape[r*int(shapeCount)+int(sh)] += g
			}
			if p.own[i] {
				gSet[i] = g
			}
		}
		// The shares move every set holding them, hundreds of points a
		// position, so they take smaller steps.
		aShape.step(p.shape[:], gShape[:], lr/16, pass)
		aThr.step(p.thr[:], gThr[:], lr/16, pass)
		aSet.step(p.set[:], gSet[:], lr, pass)
		aMask.step(p.mask[:], gMask[:], lr, pass)
		if pass%10 == 0 || pass == passes {
			m := p.apply(start, &info)
			loss, _ := m.logLoss(held, label)
			if loss < bestLoss {
				best, bestModel, bestLoss, bestPass = *p, m, loss, pass
			}
			if pass%100 == 0 {
				t.Logf("pass %d: held-out loss %.4f (best %.4f at %d)", pass, loss, bestLoss, bestPass)
			}
		}
	}
	return &best, bestModel, bestLoss, bestPass
}

// TestFitTables fits level 10's tables to the labelled positions of
// -fit.labels: the start model (the present tables) plus fitParams, by
// logistic regression of the judge's win rates on sigmoid(eval/fitScale),
// with a fifth of the openings held out to stop the fit and to measure it.
// It reports the losses before and after, and how often the two models rank
// the siblings the judge tells apart as the judge does (siblingPairs), and
// writes the tables to -fit.out.
func TestFitTables(t *testing.T) {
	if *fitLabels == "" {
		t.Skip("a tool: give -fit.labels (and -fit.out)")
	}
	rule, err := gomoku.ParseRule(*fitRule)
	if err != nil {
		t.Fatal(err)
	}
	var train, held []fitSample
	for _, x := range readLabels(t, *fitLabels, rule) {
		if x.group%5 == 0 {
			held = append(held, x)
		} else {
			train = append(train, x)
		}
	}
	start := startModel()
	p, m, _, pass := fit(t, start, train, held, *fitPasses, *fitLR)
	label := func(x *fitSample) float64 { return x.label }
	result := func(x *fitSample) float64 { return x.result }
	for _, c := range []struct {
		name string
		xs   []fitSample
	}{{"training", train}, {"held-out", held}} {
		l0, n := start.logLoss(c.xs, label)
		l1, _ := m.logLoss(c.xs, label)
		r0, nr := start.logLoss(c.xs, result)
		r1, _ := m.logLoss(c.xs, result)
		t.Logf("%s: %d positions, loss against the labels %.4f → %.4f; %d game positions, against the results %.4f → %.4f", c.name, n, l0, l1, nr, r0, r1)
		pairs := siblingPairs(c.xs)
		t.Logf("%s: %d pairs of siblings the judge tells apart, ranked as it ranks them %.4f → %.4f", c.name, len(pairs), start.rankAccuracy(c.xs, pairs), m.rankAccuracy(c.xs, pairs))
	}
	own := 0
	for _, b := range p.own {
		own += boolInt(b)
	}
	t.Logf("stopped at pass %d; %d sets have values of their own", pass, own)
	if *fitOut != "" {
		if err := os.WriteFile(*fitOut, []byte(m.goSource()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goSource writes the model's tables as the Go declarations of evalCombo
// and evalMask, rounded to sixteenths, laid out as in evaltable.go.
func (m *fitModel) goSource() string {
	var sb strings.Builder
	row := func(indent string, vals []float64) {
		for i, v := range vals {
			if i%16 == 0 {
				sb.WriteString("\n" + indent)
			} else {
				sb.WriteString(" ")
			}
			fmt.Fprintf(&sb, "%d,", int16(max(min(math.Round(v), math.MaxInt16), math.MinInt16)))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("var evalCombo = [2][comboSets]int16{\n")
	for r, name := range []string{"toMove", "moved"} {
		fmt.Fprintf(&sb, "\t%s: {", name)
		row("\t\t", m.combo[r*comboSets:][:comboSets])
		sb.WriteString("\t},\n")
	}
	sb.WriteString("}\n\nvar evalMask = [threatMasks]int16{")
	row("\t", m.mask[:])
	sb.WriteString("}\n")
	return sb.String()
}

// TestFitWritesTables checks that the fit writes the tables as evaltable.go
// holds them: the start model, written out, is that file's declarations.
func TestFitWritesTables(t *testing.T) {
	src, err := os.ReadFile("evaltable.go")
	if err != nil {
		t.Fatal(err)
	}
	got := startModel().goSource()
	combo, mask, _ := strings.Cut(got, "\n\n")
	for _, decl := range []string{combo, mask} {
		if !strings.Contains(string(src), decl) {
			t.Errorf("evaltable.go does not hold the declaration written:\n%.300s...", decl)
		}
	}
}

// TestFitLearns checks that the fit finds values it can express: labels
// made by the start model with every mask value 100 units higher are fitted
// (on other positions than it is measured on) to within a tenth of the
// start model's excess loss.
func TestFitLearns(t *testing.T) {
	start := startModel()
	truth := *start
	for i := range truth.mask {
		truth.mask[i] += 1600
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var train, held []fitSample
	for len(train)+len(held) < 600 {
		g := randomGame(t, rng, gomoku.Freestyle)
		if g == nil {
			continue
		}
		x := fitSample{result: math.NaN()}
		x.terms, x.mask = features(newState(g.Board(), g.Turn()))
		x.label = sigmoid(truth.valueOf(x.terms, x.mask) / 16 / fitScale)
		if len(train) < 450 {
			train = append(train, x)
		} else {
			held = append(held, x)
		}
	}
	label := func(x *fitSample) float64 { return x.label }
	floor, _ := truth.logLoss(held, label)
	before, _ := start.logLoss(held, label)
	p, _, after, _ := fit(t, start, train, held, 200, 16)
	if excess := after - floor; excess > (before-floor)/10 {
		t.Errorf("held-out loss %.4f → %.4f, the labels' own %.4f: the fit removed only %.0f%% of the excess", before, after, floor, 100*(1-excess/(before-floor)))
	}
	if p.mask[0] <= 0 {
		t.Errorf("mask 0 moved by %.0f sixteenths, want up", p.mask[0])
	}
}

// TestSiblingPairs checks that only siblings are paired, only when the
// judge tells them apart, with the one it prefers for the side choosing
// listed first, and that rankAccuracy counts the pairs a model orders the
// same way, ties half.
func TestSiblingPairs(t *testing.T) {
	sample := func(parent string, label float64, idx int32) fitSample {
		return fitSample{parent: parent, label: label, terms: []fitTerm{{idx, 1}}}
	}
	xs := []fitSample{
		sample("h8 h9", 0.2, 0),  // the chooser's best: the opponent's worst
		sample("h8 h9", 0.8, 1),  // worse for the chooser than the other two
		sample("h8 h9", 0.21, 2), // too close to the first to pair with it
		sample("h8", 0.9, 3),     // no sibling
		sample("h8 i9", 0.1, 4),  // a sibling of none of the first three
	}
	pairs := siblingPairs(xs)
	slices.SortFunc(pairs, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
	if want := [][2]int{{0, 1}, {2, 1}}; !slices.Equal(pairs, want) {
		t.Fatalf("pairs %v, want %v", pairs, want)
	}
	m := new(fitModel)
	m.combo[0], m.combo[1], m.combo[2] = 10, 20, 20
	if got := m.rankAccuracy(xs, pairs); got != 0.75 {
		t.Errorf("a model with the first pair right and the second tied: accuracy %v, want 0.75", got)
	}
	m.combo[0] = 30
	if got := m.rankAccuracy(xs, pairs); got != 0.25 {
		t.Errorf("a model with the first pair wrong and the second tied: accuracy %v, want 0.25", got)
	}
}

// TestReadMatchLog checks that the games of a gomoku-match -v log are read
// with their moves, openings and winners, whoever played which colour.
func TestReadMatchLog(t *testing.T) {
	log := `match: tengen v rapfi, 4 games, renju, 1s per move
game   2: tengen as white wins, white wins by five in a row, 6 plies [+1 =0 -0] (opening 1: j11 i7 k7)
          moves: j11 i7 k7 h8 k9 k6
game   1: tengen as black loses, white wins by five in a row, 5 plies [+1 =0 -1] (opening 1: j11 i7 k7)
          moves: j11 i7 k7 h8 k10
game   3: rapfi as black draws, draw by full board, 4 plies [+1 =1 -1] (opening 2: g8 g9 f10)
          moves: g8 g9 f10 a1
game   4: tengen as black loses, black (tengen) played h8, occupied, 4 plies [+1 =1 -2] (opening 2: g8 g9 f10)
          moves: g8 g9 f10 h8

tengen v rapfi, renju, 1s per move, 4 games:
`
	path := t.TempDir() + "/match.log"
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := readMatchLog(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []fitGame{
		{group: 1, moves: strings.Fields("j11 i7 k7 h8 k9 k6"), winner: 1},
		{group: 1, moves: strings.Fields("j11 i7 k7 h8 k10"), winner: 1},
		{group: 2, moves: strings.Fields("g8 g9 f10 a1"), winner: -1},
		{group: 2, moves: strings.Fields("g8 g9 f10 h8"), winner: 1},
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i := range want {
		if games[i].group != want[i].group || games[i].winner != want[i].winner || !slices.Equal(games[i].moves, want[i].moves) {
			t.Errorf("game %d: %+v, want %+v", i+1, games[i], want[i])
		}
	}
}

// TestDecided checks which positions the fit leaves to the search.
func TestDecided(t *testing.T) {
	for _, c := range []struct {
		name         string
		rule         gomoku.Rule
		black, white string
		want         bool
	}{
		{"quiet", gomoku.Freestyle, "h8 i9", "j10 a1", false},
		{"the side to move can make a five", gomoku.Freestyle, "h8 h9 h10 h11 a15", "a1 a3 a5 o15 o1", true},
		{"the other side can make a five", gomoku.Freestyle, "a1 a3 a5 o15", "h8 h9 h10 h11", true},
		{"the side to move can make an open four", gomoku.Freestyle, "h8 h9 h10 a15", "a1 c1 o15 o1", true},
		{"the side to move can make an open three, nothing more", gomoku.Freestyle, "h8 h9 a15", "a1 c1 o15", false},
		{"a four while the other side can make none", gomoku.Freestyle, "h8 h9 h10 a15", "h7 a1 o15 o1", true},
		{"a four, and the other side can make one too", gomoku.Freestyle, "h8 h9 h10 a15", "h7 c1 d1 e1", false},
		{"a double three to black, a foul under renju", gomoku.Renju, "h8 h9 j7 k7 a15", "a1 o15 o1 c15 a8", false},
		{"the same under freestyle", gomoku.Freestyle, "h8 h9 j7 k7 a15", "a1 o15 o1 c15 a8", true},
	} {
		g := position(t, gomoku.Small, c.rule, c.black, c.white)
		if got := decided(newState(g.Board(), g.Turn())); got != c.want {
			t.Errorf("%s: decided %v, want %v", c.name, got, c.want)
		}
	}
}
