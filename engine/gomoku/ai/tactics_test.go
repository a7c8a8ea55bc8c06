package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

var update = flag.Bool("update", false, "rewrite testdata/tactics.txt from freshly generated positions")

const tacticsFile = "testdata/tactics.txt"

// tactic is one position of the tactical suite: what kind of problem it is,
// the game, and the moves that solve it.
type tactic struct {
	kind    string // "vcf", "vct" (the side to move wins) or "defend" (it must stop a VCF)
	game    string // as gomoku.Game.MarshalText writes it
	answers []string
	line    string // for vcf: a winning line, for the record
}

// solveBudget is the node budget per position of TestTacticalSuite.
const solveBudget = 300000

// readTactics loads the suite.
func readTactics(t testing.TB) []tactic {
	t.Helper()
	f, err := os.Open(tacticsFile)
	if err != nil {
		t.Fatalf("open the tactical suite: %v (go test -run TestTacticalSuite -update writes it)", err)
	}
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 4 {
			t.Fatalf("%s:%d: want kind | game | answers | line", tacticsFile, n)
		}
		out = append(out, tactic{
			kind:    strings.TrimSpace(parts[0]),
			game:    strings.TrimSpace(parts[1]),
			answers: strings.Fields(parts[2]),
			line:    strings.TrimSpace(parts[3]),
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// solves runs level 10 on tc with a node budget and reports whether it played
// one of the answers (and, for wins, claimed the win).
func solves(t testing.TB, tc tactic, nodes uint64) (bool, Result) {
	t.Helper()
	return solvesAt(t, tc, MaxLevel, nodes)
}

// solvesAt is solves at level, with a fixed seed.
func solvesAt(t testing.TB, tc tactic, level int, nodes uint64) (bool, Result) {
	t.Helper()
	g, err := gomoku.ParseGame(tc.game)
	if err != nil {
		t.Fatalf("%s: %v", tc.game, err)
	}
	e := New(Options{Level: level, Seed: 1, MaxNodes: nodes, MoveTime: time.Hour, TTSize: 4 << 20})
	r, err := e.Think(context.Background(), g)
	if err != nil {
		t.Fatalf("%s: %v", tc.game, err)
	}
	ok := slices.Contains(tc.answers, r.Text)
	if tc.kind != "defend" {
		ok = ok && IsWin(r.Score)
	}
	return ok, r
}

// TestTacticalSuite asserts the solve rate of level 10 on the suite at a fixed
// node budget: every VCF and defence position, and nine in ten VCT ones.
func TestTacticalSuite(t *testing.T) {
	if *update {
		generateTactics(t)
	}
	suite := readTactics(t)
	if len(suite) < 30 {
		t.Fatalf("the suite has only %d positions", len(suite))
	}
	solved := map[string]int{}
	total := map[string]int{}
	for _, tc := range suite {
		ok, r := solves(t, tc, solveBudget)
		total[tc.kind]++
		if ok {
			solved[tc.kind]++
		} else {
			t.Logf("unsolved %s %s: played %s (%s, score %d), answers %v", tc.kind, tc.game, r.Text, r.By, r.Score, tc.answers)
		}
	}
	for kind, need := range map[string]float64{"vcf": 1, "defend": 1, "vct": 0.9} {
		rate := float64(solved[kind]) / float64(max(total[kind], 1))
		t.Logf("%s: %d/%d solved at %d nodes", kind, solved[kind], total[kind], solveBudget)
		if total[kind] == 0 || rate < need {
			t.Errorf("%s: solved %d of %d, want at least %.0f%%", kind, solved[kind], total[kind], need*100)
		}
	}
}

// BenchmarkTactics times level 10 on each kind of suite position, with the
// node budget of the test; it reports the solve rate too.
func BenchmarkTactics(b *testing.B) {
	suite := readTactics(b)
	for _, kind := range []string{"vcf", "vct", "defend"} {
		b.Run(kind, func(b *testing.B) {
			var n, ok int
			for i := 0; i < b.N; i++ {
				for _, tc := range suite {
					if tc.kind != kind {
						continue
					}
					n++
					if s, _ := solves(b, tc, solveBudget); s {
						ok++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/position")
			b.ReportMetric(100*float64(ok)/float64(n), "%solved")
		})
	}
}

// generateTactics scatters seeded random stones (legal under the rule, no
// five) around the centre on both board sizes and all rules, and keeps
// positions where the side to move has a long VCF, a VCT but no VCF, or must
// stop the opponent's VCF, with every move that solves each (found by far
// larger searches than the test's). VCF lines are also checked with the rules
// engine alone by verifyFours.
func generateTactics(t *testing.T) {
	type setup struct {
		size int
		rule gomoku.Rule
	}
	setups := []setup{{15, gomoku.Freestyle}, {15, gomoku.Renju}, {15, gomoku.Standard}, {19, gomoku.Freestyle}}
	want := map[string]int{"vcf": 20, "vct": 12, "defend": 12}
	got := map[string]int{}
	var out []tactic
	for seed := 0; seed < 20000 && (got["vcf"] < want["vcf"] || got["vct"] < want["vct"] || got["defend"] < want["defend"]); seed++ {
		su := setups[seed%len(setups)]
		rng := rand.New(rand.NewPCG(uint64(seed), 99))
		g, _ := gomoku.NewGame(su.size, su.rule)
		kind := []string{"vcf", "vct", "defend"}[seed%3]
		if got[kind] >= want[kind] {
			continue
		}
		// Grow the position stone by stone and try each one from 16 stones
		// on (long VCFs are rare, so VCF seeds try every position).
		c, stones := su.size/2, 16+rng.IntN(24)
		var tc tactic
		ok := false
		for tries := 0; g.Ply() < stones && tries < 1000 && !ok; tries++ {
			p := gomoku.PointAt(c+rng.IntN(11)-5, c+rng.IntN(11)-5)
			if g.PlayPoint(p) != nil {
				continue
			}
			if g.Outcome().Over() {
				_ = g.Undo(1)
				continue
			}
			if g.Ply() >= 16 && (kind == "vcf" || g.Ply() == stones) {
				tc, ok = classifyPosition(t, g, kind)
			}
		}
		if ok {
			t.Logf("seed %d: %s %s", seed, kind, tc.game)
			got[kind]++
			out = append(out, tc)
		}
	}
	var sb strings.Builder
	sb.WriteString("# Tactical suite: kind | game | moves that solve it | a winning line (vcf)\n")
	sb.WriteString("# Generated by go test -run TestTacticalSuite -update (seeded random positions, big searches).\n")
	for _, tc := range out {
		fmt.Fprintf(&sb, "%s | %s | %s | %s\n", tc.kind, tc.game, strings.Join(tc.answers, " "), tc.line)
	}
	if err := os.MkdirAll(filepath.Dir(tacticsFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tacticsFile, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %v positions", got)
}

// minFours is the fewest fours (the five not counted) of a suite VCF.
const minFours = 5

// bigBudget is the node budget of the searches that decide the suite's
// answers.
const bigBudget = 3000000

// classifyPosition reports whether g (side to move) is a position of the kind asked
// for, with its answers.
func classifyPosition(t *testing.T, g *gomoku.Game, kind string) (tactic, bool) {
	e := New(Options{Level: 10, MoveTime: time.Hour, TTSize: 8 << 20})
	if err := e.begin(context.Background(), g, 0); err != nil {
		return tactic{}, false
	}
	st := e.st
	me, you := st.stm, st.stm.Other()
	if st.has(me, tFive) || st.has(you, tFive) || st.has(me, tOpenFour) {
		return tactic{}, false
	}
	text, _ := g.MarshalText()
	tc := tactic{kind: kind, game: string(text), line: "-"}
	switch kind {
	case "vcf":
		if e.runVCF(maxVCFDepth, bigBudget, 1) < 0 {
			return tc, false
		}
		line, _ := e.threatLine()
		if len(line) < 2*minFours+1 || !verifyFours(g, line) {
			return tc, false
		}
		tc.line = formatLine(line)
		tc.answers = e.winningFirstMoves(false)
	case "vct":
		if e.runVCF(maxVCFDepth, bigBudget, 1) >= 0 {
			return tc, false
		}
		if e.runVCT(vctDepth, 30000, 1) < 0 {
			return tc, false
		}
		tc.answers = e.winningFirstMoves(true)
	case "defend":
		if e.runVCF(maxVCFDepth, bigBudget, 1) >= 0 || e.hasLegal(you, tOpenFour) {
			return tc, false
		}
		st.stm = you
		threat := e.runVCF(maxVCFDepth, bigBudget, 1)
		line, _ := e.threatLine()
		st.stm = me
		if threat < 0 || len(line) < 5 {
			return tc, false
		}
		roots := e.gen(0, 0)
		all := len(roots)
		for _, m := range slices.Clone(roots) {
			st.put(int(m))
			if e.runVCF(maxVCFDepth, bigBudget/10, 1) < 0 && !e.tb.aborted {
				tc.answers = append(tc.answers, gomoku.Point(m).String())
			}
			st.take(int(m))
		}
		if len(tc.answers) == 0 || len(tc.answers) > all/3 {
			return tc, false // lost anyway, or nothing to find
		}
	}
	slices.Sort(tc.answers)
	return tc, len(tc.answers) > 0
}

// winningFirstMoves lists the side to move's forcing moves after which the
// opponent cannot escape (by fours only, or by threats with vct).
func (e *Engine) winningFirstMoves(vct bool) []string {
	st := e.st
	t := tFour
	if vct {
		t = tThree
	}
	var out []string
	for _, m := range e.legalThreats(make([]int16, 0, cells), st.stm, t) {
		if st.thr[st.stm][m] == tOpenFour {
			out = append(out, gomoku.Point(m).String())
			continue
		}
		st.put(int(m))
		e.setBudget(bigBudget/10, 1)
		var win bool
		if vct {
			win = e.vctDefend(vctDepth-1, 1)
		} else if q, n := st.fivePoint(st.stm.Other()); n == 1 && !st.has(st.stm, tFive) {
			if !st.legal(q, st.stm) {
				win = true
			} else {
				st.put(q)
				win = e.vcf(maxVCFDepth, 2)
				st.take(q)
			}
		}
		st.take(int(m))
		if win {
			out = append(out, gomoku.Point(m).String())
		}
	}
	return out
}

// formatLine writes a line of points.
func formatLine(line []int16) string {
	ps := make([]gomoku.Point, len(line))
	for i, p := range line {
		ps[i] = gomoku.Point(p)
	}
	return gomoku.FormatMoves(ps)
}

// verifyFours checks a VCF line with the rules engine alone: every attacker
// move but the last makes a four (exactly one point then wins) while the
// defender has no five to make, the defender's move is that point (or it may
// not play it under renju, which ends the line as a win), and the last
// attacker move makes five.
func verifyFours(g *gomoku.Game, line []int16) bool {
	b := g.Board()
	att := g.Turn()
	winPoints := func(side engine.Side) []gomoku.Point {
		var out []gomoku.Point
		for r := 0; r < b.Size(); r++ {
			for c := 0; c < b.Size(); c++ {
				p := gomoku.PointAt(c, r)
				if b.At(p) != gomoku.Empty {
					continue
				}
				b.Put(p, side)
				if b.Wins(p) {
					out = append(out, p)
				}
				b.Take(p)
			}
		}
		return out
	}
	side := att
	for i, m := range line {
		p := gomoku.Point(m)
		if b.At(p) != gomoku.Empty {
			return false
		}
		if side == att {
			if len(winPoints(att.Other())) > 0 && i > 0 {
				// the defender's block made a four: the attacker must block it
				if wp := winPoints(att.Other()); len(wp) != 1 || wp[0] != p {
					return false
				}
			}
			if b.Rule() == gomoku.Renju && att == gomoku.Black && b.Forbidden(p) != gomoku.NoFoul {
				return false
			}
			b.Put(p, att)
			if b.Wins(p) {
				return i == len(line)-1
			}
			wp := winPoints(att)
			if len(wp) == 0 || len(winPoints(att.Other())) > 0 {
				return false
			}
			if len(wp) >= 2 {
				return true // the defender cannot block both
			}
			if b.Rule() == gomoku.Renju && att == gomoku.White && b.Forbidden(wp[0]) != gomoku.NoFoul {
				return true // black may not block
			}
			if i+1 >= len(line) || gomoku.Point(line[i+1]) != wp[0] {
				return false
			}
		} else {
			b.Put(p, side)
		}
		side = side.Other()
	}
	return false
}
