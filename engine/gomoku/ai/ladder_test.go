package ai

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
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
	ladderRule  = flag.String("ladder.rule", "freestyle", "BenchmarkLadder: rule of the games")
	ladderFrom  = flag.Int("ladder.from", 1, "BenchmarkLadder: lowest level of the pairs (level vs level+1)")
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
// seeded random three-stone openings, and prints the table. Each level gets
// its time budget turned into a node budget (-ladder.nps, -ladder.scale). It is a
// measurement to run by hand, not a test:
//
//	go test -run '^$' -bench Ladder -benchtime 1x ./engine/gomoku/ai -ladder.games 4
func BenchmarkLadder(b *testing.B) {
	rule, err := gomoku.ParseRule(*ladderRule)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		var table strings.Builder
		fmt.Fprintf(&table, "rule %s, %d games per colour, %.2f × budget per move as nodes at %.0f nodes/s\n",
			rule, *ladderGames, *ladderScale, *ladderNPS)
		fmt.Fprintf(&table, "%-9s %-17s %-17s %-7s %s\n", "pair", "upper as black", "upper as white", "score", "avg moves")
		for lo := max(*ladderFrom, MinLevel); lo < MaxLevel; lo++ {
			hi := lo + 1
			type game struct {
				upperBlack bool
				seed       int
			}
			var jobs []game
			for s := 0; s < *ladderGames; s++ {
				jobs = append(jobs, game{true, s}, game{false, s})
			}
			var mu sync.Mutex
			var wins, draws [2]int // by upper's colour
			moves := 0
			var wg sync.WaitGroup
			sem := make(chan struct{}, 2)
			for _, j := range jobs {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					rng := rand.New(rand.NewPCG(uint64(j.seed), uint64(lo)))
					g := opening(b, rule, rng, 3)
					mk := func(level int) *Engine {
						// Node budgets in place of the clock keep the games
						// reproducible and fair on a loaded machine.
						nodes := LevelBudget(level).Seconds() * *ladderNPS * *ladderScale
						return New(Options{Level: level, Seed: int64(j.seed*100 + level), TTSize: 8 << 20,
							MoveTime: time.Hour, MaxNodes: uint64(nodes)})
					}
					up, down := mk(hi), mk(lo)
					black, white := up, down
					if !j.upperBlack {
						black, white = down, up
					}
					o, n := playGame(b, g, black, white)
					c := 0
					if !j.upperBlack {
						c = 1
					}
					mu.Lock()
					defer mu.Unlock()
					moves += n
					switch {
					case o.Status == engine.Draw:
						draws[c]++
					case (o.Winner == gomoku.Black) == j.upperBlack:
						wins[c]++
					}
				}()
			}
			wg.Wait()
			n := *ladderGames
			score := float64(wins[0]+wins[1]) + 0.5*float64(draws[0]+draws[1])
			fmt.Fprintf(&table, "%2d vs %-3d %2d-%d-%d (W-D-L)   %2d-%d-%d (W-D-L)   %4.1f%%  %.0f\n", hi, lo,
				wins[0], draws[0], n-wins[0]-draws[0], wins[1], draws[1], n-wins[1]-draws[1],
				100*score/float64(2*n), float64(moves)/float64(2*n))
		}
		fmt.Print(table.String()) // b.Log truncates benchmark output

	}
}
