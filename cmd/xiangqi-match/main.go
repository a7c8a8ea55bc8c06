// Command xiangqi-match plays two UCI Xiangqi engines against each other
// and reports the score and the Elo difference with a 95% error bar.
//
// Games start from a list of common opening lines; each opening is played
// twice with colours swapped. Every game is adjudicated by engine/xiangqi
// (checkmate, stalemate, repetition and perpetual check, the 60-move rule,
// a ply cap); an illegal move or no answer loses.
//
// Usage:
//
//	xiangqi-match -a /tmp/tengen-uci -b /usr/games/fairy-stockfish \
//	    -bopt 'Skill Level=5' -games 20 -movetime 100ms
//
// Options of either engine are given as Name=value, several separated by
// ';'. Results are from engine A's point of view.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
	"github.com/tengen-bot/tengen/engine"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xiangqi-match:", err)
		os.Exit(1)
	}
}

// run parses the command line, plays the match and prints the results.
func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("xiangqi-match", flag.ContinueOnError)
	fs.SetOutput(out)
	a := fs.String("a", "", "path of engine A (results are A's)")
	b := fs.String("b", "", "path of engine B")
	aName := fs.String("aname", "", "name of engine A (default: its file name)")
	bName := fs.String("bname", "", "name of engine B (default: its file name)")
	aOpt := fs.String("aopt", "", "UCI options of engine A: 'Name=value;Name=value'")
	bOpt := fs.String("bopt", "", "UCI options of engine B")
	games := fs.Int("games", 20, "number of games (pairs of colours over the openings)")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "time per move for both engines")
	nodes := fs.Int("nodes", 0, "nodes per move for both engines (±10% at random) instead of -movetime; -movetime then only bounds the wait")
	maxPlies := fs.Int("maxplies", 400, "plies after which a game is drawn")
	concurrency := fs.Int("concurrency", 1, "games played at once (each with its own engine processes)")
	verbose := fs.Bool("v", false, "print every game's moves (games lost by an illegal move or no answer always are)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *a == "" || *b == "" {
		return errors.New("need -a and -b, the paths of two UCI engines")
	}
	if *games < 1 || *concurrency < 1 || *moveTime <= 0 || *nodes < 0 {
		return errors.New("-games, -concurrency and -movetime must be positive, -nodes not negative")
	}
	if *aName == "" {
		*aName = baseName(*a)
	}
	if *bName == "" {
		*bName = baseName(*b)
	}
	cfg := config{moveTime: *moveTime, grace: 2*time.Second + *moveTime, maxPlies: *maxPlies, nodes: *nodes}
	budget := moveTime.String()
	if *nodes > 0 {
		cfg.grace = 30 * time.Second // a node budget can take long on a loaded machine
		budget = fmt.Sprintf("%d nodes", *nodes)
	}
	fmt.Fprintf(out, "match: %s [%s] v %s [%s], %d games, %s per move\n", *aName, *aOpt, *bName, *bOpt, *games, budget)

	type job struct{ n int }
	type done struct {
		n     int
		aRed  bool
		open  string
		r     gameResult
		score float64
	}
	jobs := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	errs := make(chan error, *concurrency)
	for w := 0; w < *concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ea, err := startEngine(ctx, *aName, *a, splitOptions(*aOpt))
			if err != nil {
				errs <- err
				for range jobs {
				}
				return
			}
			defer ea.close()
			eb, err := startEngine(ctx, *bName, *b, splitOptions(*bOpt))
			if err != nil {
				errs <- err
				for range jobs {
				}
				return
			}
			defer eb.close()
			for n := range jobs {
				open := openings[(n/2)%len(openings)]
				aRed := n%2 == 0
				red, black := ea, eb
				if !aRed {
					red, black = eb, ea
				}
				r, err := playGame(ctx, red, black, openingMoves(open), cfg, rand.New(rand.NewPCG(uint64(n), 0x9e3779b9)))
				if err != nil {
					errs <- fmt.Errorf("game %d: %w", n+1, err)
					for range jobs {
					}
					return
				}
				results <- done{n: n, aRed: aRed, open: open, r: r, score: elo.ScoreOf(r.outcome, aRed)}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for n := 0; n < *games; n++ {
			select {
			case jobs <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var t tally
	var colour [2]tally // A's results as red, as black
	for d := range results {
		t.add(d.score)
		side := "red"
		if d.aRed {
			colour[0].add(d.score)
		} else {
			colour[1].add(d.score)
			side = "black"
		}
		fmt.Fprintf(out, "game %3d: %s %s, %s, %d plies [%s] (opening %s)\n",
			d.n+1, *aName+" as "+side, elo.Word(d.score), d.r.detail, d.r.plies, t.Brief(), d.open)
		if forfeit := d.r.outcome.Reason == engine.Timeout || d.r.outcome.Reason == engine.Resignation; *verbose || forfeit {
			fmt.Fprintf(out, "          moves: %s\n", strings.Join(d.r.moves, " "))
		}
	}
	select {
	case err := <-errs:
		return err
	default:
	}
	fmt.Fprintf(out, "\n%s v %s, %s per move, %d games:\n  %s\n  as red:   %s\n  as black: %s\n",
		*aName, *bName, budget, t.Games(), t.String(), colour[0].String(), colour[1].String())
	fmt.Fprintln(out, "  (Elo from the logistic model; 95% interval from the per-game score variance, normal approximation;")
	fmt.Fprintln(out, "   when every game is won or lost, the rule-of-three bound 1-3/n instead)")
	return ctx.Err()
}

// splitOptions splits "A=1;B=2" into its options.
func splitOptions(s string) []string {
	var out []string
	for _, o := range strings.Split(s, ";") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

func baseName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}
