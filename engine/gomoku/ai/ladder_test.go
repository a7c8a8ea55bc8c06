package ai

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

var (
	ladderGames = flag.Int("ladder.games", 4, "BenchmarkLadder: games per colour for each pair of levels")
	ladderScale = flag.Float64("ladder.scale", 0.25, "BenchmarkLadder: fraction of each level's budget per move")
	ladderNPS   = flag.Float64("ladder.nps", 250000, "BenchmarkLadder: nodes per second that turn time budgets into node budgets")
	ladderRule  = flag.String("ladder.rule", "freestyle", "BenchmarkLadder: rules of the games, comma-separated (e.g. renju,freestyle)")
	ladderFrom  = flag.Int("ladder.from", 1, "BenchmarkLadder: lowest level of the pairs (level vs level+1)")
	ladderTo    = flag.Int("ladder.to", MaxLevel, "BenchmarkLadder: highest level of the pairs (level-1 vs level)")
	ladderSeed  = flag.Int("ladder.seed", 0, "BenchmarkLadder: first opening seed (a later run with -ladder.seed N plays new openings)")
)

// openings returns a seeded random opening: n stones, alternating colours,
// within two points of the centre.
func opening(t testing.TB, rule gomoku.Rule, rng *rand.Rand, n int) *gomoku.Game {
	t.Helper()
	g, err := gomoku.NewGame(15, rule)
	if err != nil {
		t.Fatal(err)
	}
	for g.Ply() < n {
		p := gomoku.PointAt(7+rng.IntN(5)-2, 7+rng.IntN(5)-2)
		_ = g.PlayPoint(p) // a taken point is simply drawn again
	}
	return g
}

// playGame plays g to the end between the engines (black, white) and returns
// the outcome and the number of moves.
func playGame(t testing.TB, g *gomoku.Game, black, white *Engine) (engine.Outcome, int) {
	t.Helper()
	for !g.Outcome().Over() {
		e := black
		if g.Turn() == gomoku.White {
			e = white
		}
		r, err := e.Think(context.Background(), g)
		if errors.Is(err, errNoMove) {
			// A safety net only: the rules end a renju game in which
			// black has only forbidden points left as a draw
			// (engine.NoLegalPoint) before black is asked to move.
			return engine.DrawBy(engine.NoLegalPoint), g.Ply()
		}
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if err := g.PlayPoint(r.Move); err != nil {
			t.Fatalf("%s: engine played %s: %v", g, r.Text, err)
		}
	}
	return g.Outcome(), g.Ply()
}

// BenchmarkLadder plays each level against the next one, both colours, from
// seeded random three-stone openings, and prints a table per rule. Each level
// gets its time budget turned into a node budget (-ladder.nps, -ladder.scale),
// so the results do not depend on the machine's load and the games of all
// pairs and rules run at once on GOMAXPROCS workers. Each score comes with
// the half-width of its 95% confidence interval; a level beats the one below
// it by a clear margin when it scores at least 60% (about 70 Elo) and the
// interval stays above 50%. It is a measurement to run by hand, not a test:
//
//	go test -run '^$' -bench Ladder -benchtime 1x ./engine/gomoku/ai \
//		-ladder.games 20 -ladder.rule renju,freestyle -ladder.from 4 -ladder.to 7
func BenchmarkLadder(b *testing.B) {
	var rules []gomoku.Rule
	for _, name := range strings.Split(*ladderRule, ",") {
		rule, err := gomoku.ParseRule(strings.TrimSpace(name))
		if err != nil {
			b.Fatal(err)
		}
		rules = append(rules, rule)
	}
	from, to := max(*ladderFrom, MinLevel)+1, min(*ladderTo, MaxLevel) // upper levels of the pairs
	for i := 0; i < b.N; i++ {
		type job struct {
			rule       int // index in rules
			hi         int // the upper level; the lower one is hi-1
			upperBlack bool
			seed       int
		}
		type tally struct {
			wins, draws [2]int // by the upper level's colour: black, white
			moves       int
		}
		tallies := make([][MaxLevel + 1]tally, len(rules))
		jobs := make(chan job)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					o, n, upWon := ladderGame(b, rules[j.rule], j.hi, j.upperBlack, j.seed)
					c := 0
					if !j.upperBlack {
						c = 1
					}
					mu.Lock()
					t := &tallies[j.rule][j.hi]
					t.moves += n
					switch {
					case o.Status == engine.Draw:
						t.draws[c]++
					case upWon:
						t.wins[c]++
					}
					mu.Unlock()
				}
			}()
		}
		// The strongest pairs take longest: start them first.
		for hi := to; hi >= from; hi-- {
			for r := range rules {
				for s := *ladderSeed; s < *ladderSeed+*ladderGames; s++ {
					jobs <- job{r, hi, true, s}
					jobs <- job{r, hi, false, s}
				}
			}
		}
		close(jobs)
		wg.Wait()
		var table strings.Builder
		n := *ladderGames
		for r, rule := range rules {
			fmt.Fprintf(&table, "rule %s, %d games per colour (seeds %d..%d), %.2f × budget per move as nodes at %.0f nodes/s\n",
				rule, n, *ladderSeed, *ladderSeed+n-1, *ladderScale, *ladderNPS)
			fmt.Fprintf(&table, "%-9s %-17s %-17s %-7s %-7s %s\n", "pair", "upper as black", "upper as white", "score", "95% ±", "avg moves")
			for hi := from; hi <= to; hi++ {
				t := tallies[r][hi]
				wins, draws := t.wins[0]+t.wins[1], t.draws[0]+t.draws[1]
				score, half := scoreInterval(wins, draws, 2*n-wins-draws)
				fmt.Fprintf(&table, "%2d vs %-3d %2d-%d-%d (W-D-L)   %2d-%d-%d (W-D-L)   %4.1f%%  %4.1f    %.0f\n", hi, hi-1,
					t.wins[0], t.draws[0], n-t.wins[0]-t.draws[0], t.wins[1], t.draws[1], n-t.wins[1]-t.draws[1],
					100*score, 100*half, float64(t.moves)/float64(2*n))
			}
		}
		fmt.Print(table.String()) // b.Log truncates benchmark output
	}
}

// ladderGame plays one ladder game of level hi against hi-1 from the opening
// seeded by seed and reports the outcome, its length and whether hi won.
func ladderGame(b *testing.B, rule gomoku.Rule, hi int, upperBlack bool, seed int) (engine.Outcome, int, bool) {
	lo := hi - 1
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(lo)))
	g := opening(b, rule, rng, 3)
	mk := func(level int) *Engine {
		// Node budgets in place of the clock keep the games
		// reproducible and fair on a loaded machine.
		nodes := LevelBudget(level).Seconds() * *ladderNPS * *ladderScale
		return New(Options{Level: level, Seed: int64(seed*100 + level), TTSize: 8 << 20,
			MoveTime: time.Hour, MaxNodes: uint64(nodes)})
	}
	up, down := mk(hi), mk(lo)
	black, white := up, down
	if !upperBlack {
		black, white = down, up
	}
	o, n := playGame(b, g, black, white)
	return o, n, o.Status != engine.Draw && (o.Winner == gomoku.Black) == upperBlack
}

// scoreInterval returns the score (wins plus half the draws, as a fraction
// of the games) and the half-width of its 95% confidence interval, from the
// variance of a single game's result.
func scoreInterval(wins, draws, losses int) (score, halfWidth float64) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 0
	}
	score = (float64(wins) + 0.5*float64(draws)) / n
	variance := (float64(wins)*(1-score)*(1-score) + float64(draws)*(0.5-score)*(0.5-score) +
		float64(losses)*score*score) / n
	return score, 1.96 * math.Sqrt(variance/n)
}

func TestScoreInterval(t *testing.T) {
	for _, tc := range []struct {
		w, d, l     int
		score, half float64
	}{
		{0, 0, 0, 0, 0},
		{100, 0, 100, 0.5, 1.96 * 0.5 / math.Sqrt(200)},
		{0, 10, 0, 0.5, 0}, // every game drawn: no spread
		{30, 0, 0, 1, 0},
		{3, 2, 5, 0.4, 1.96 * math.Sqrt((3*0.36+2*0.01+5*0.16)/10/10)},
	} {
		s, h := scoreInterval(tc.w, tc.d, tc.l)
		if math.Abs(s-tc.score) > 1e-12 || math.Abs(h-tc.half) > 1e-12 {
			t.Errorf("scoreInterval(%d, %d, %d) = %v ± %v, want %v ± %v", tc.w, tc.d, tc.l, s, h, tc.score, tc.half)
		}
	}
}
