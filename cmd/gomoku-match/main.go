// Command gomoku-match plays two Gomocup engines ("pbrains", speaking the
// piskvork protocol) against each other and reports engine A's score and
// the Elo difference with a 95% interval.
//
// Games start from 3-stone openings: the 26 classic ones of openings.txt,
// most of which favour black, or those of the file -openings names, such as
// balanced.txt (128 that classical Rapfi judges level). Each opening is
// played twice with colours swapped, and the interval is computed from
// those pairs.
// With -transforms N the openings are played again seen through N-1 more
// of the board's symmetries (transposed, mirrored): deterministic engines
// that break ties in board order then play other games of the same
// strength, so that a comparison of two builds does not rest on how the
// ties happened to fall in one run (on the node-budget rung against Rapfi
// one build's runs under the eight symmetries scored 27 to 53 of 208).
// Every engine is started afresh for each game, as Gomocup's manager does,
// and gets START, INFO timeout_turn, timeout_match, time_left (also before
// every move), max_memory, game_type and rule (0 freestyle, 1 exactly five,
// 4 renju), and INFO max_node when a node budget is given. Every move is
// judged by engine/gomoku: five in a row wins; a move off the board or on a
// stone, a renju foul, an answer that is not a move, a crash, or no answer
// within timeout_turn plus the engine's grace loses. The think time of every
// move is measured from sending the request to reading the answer; when an
// engine says before each move what kind of move it is (pbrain-tengen's
// "MESSAGE movekind forced|proved|searched ..."), the think times of its
// forced and unforced moves are also reported apart. An
// engine gets its next command no sooner than -settle after its answer,
// because some (Rapfi) drop commands that arrive while they wind down; when
// one still mangles the INFO time_left line before a move and refuses what
// is left of it (an ERROR naming its words), the refusal is counted and
// reported, and its move is still awaited within the same time.
//
// Usage:
//
//	gomoku-match -a /tmp/pbrain-tengen -b '/work/scratch/bin/pbrain-rapfi' \
//	    -rule freestyle -turn 200ms -games 52 -concurrency 2
//
// Results are from engine A's point of view.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/elo"
	"github.com/tengen-bot/tengen/cmd/internal/pbrain"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

//go:embed openings.txt
var openingsText string

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gomoku-match:", err)
		os.Exit(1)
	}
}

// run parses the command line, plays the match and prints the results.
func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("gomoku-match", flag.ContinueOnError)
	fs.SetOutput(out)
	a := fs.String("a", "", "command of engine A, a path then arguments (results are A's)")
	b := fs.String("b", "", "command of engine B")
	aName := fs.String("aname", "", "name of engine A (default: its file name)")
	bName := fs.String("bname", "", "name of engine B (default: its file name)")
	aGrace := fs.Duration("agrace", 100*time.Millisecond, "how late past -turn a move of engine A is still accepted")
	bGrace := fs.Duration("bgrace", 100*time.Millisecond, "how late past -turn a move of engine B is still accepted")
	aNodes := fs.Int("anodes", 0, "node budget per move sent to engine A as INFO max_node (0: none)")
	bNodes := fs.Int("bnodes", 0, "node budget per move sent to engine B as INFO max_node (0: none)")
	ruleName := fs.String("rule", "freestyle", "freestyle, standard (exactly five) or renju")
	games := fs.Int("games", 52, "number of games, rounded up to whole pairs (an opening with colours swapped)")
	first := fs.Int("first", 0, "index of the first pair's opening: in the openings, then in their transformed copies (to continue a match)")
	transforms := fs.Int("transforms", 1, "play the openings seen through this many of the board's 8 symmetries, one after the other")
	openingsFile := fs.String("openings", "", "file of openings, one a line in canonical notation (default: the built-in openings.txt)")
	turn := fs.Duration("turn", 200*time.Millisecond, "timeout_turn: time per move")
	matchTime := fs.Duration("matchtime", 0, "timeout_match: time per game for each engine (0: 1000 times -turn)")
	memory := fs.Int64("memory", 128<<20, "max_memory in bytes")
	settle := fs.Duration("settle", pbrain.Settle, "least time between an engine's answer and its next command (not on its clock)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	verbose := fs.Bool("v", false, "print every game's moves (games lost by a forfeit always are)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *a == "" || *b == "" {
		return errors.New("need -a and -b, the commands of two pbrain engines")
	}
	rule, err := gomoku.ParseRule(*ruleName)
	if err != nil {
		return fmt.Errorf("-rule: %w", err)
	}
	if *games < 1 || *concurrency < 1 || *turn <= 0 || *matchTime < 0 || *aNodes < 0 || *bNodes < 0 || *first < 0 {
		return errors.New("-games, -concurrency and -turn must be positive; -matchtime, -anodes, -bnodes and -first not negative")
	}
	if *transforms < 1 || *transforms > 8 {
		return errors.New("-transforms must be 1 to 8")
	}
	text, source := openingsText, "openings.txt"
	if *openingsFile != "" {
		b, err := os.ReadFile(*openingsFile)
		if err != nil {
			return fmt.Errorf("-openings: %w", err)
		}
		text, source = string(b), *openingsFile
	}
	openings, err := parseOpenings(text, gomoku.Small)
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	openings = transformed(openings, *transforms, gomoku.Small)
	if *aName == "" {
		*aName = baseName(*a)
	}
	if *bName == "" {
		*bName = baseName(*b)
	}
	if *matchTime == 0 {
		*matchTime = 1000 * *turn
	}
	cfg := config{size: gomoku.Small, rule: rule, turn: *turn, match: *matchTime, memory: *memory, startup: 30 * time.Second, settle: *settle}
	pa := player{name: *aName, cmdline: *a, grace: *aGrace, nodes: *aNodes}
	pb := player{name: *bName, cmdline: *b, grace: *bGrace, nodes: *bNodes}
	nGames := (*games + 1) / 2 * 2
	tc := fmt.Sprintf("%s, %v per move", rule, *turn)
	fmt.Fprintf(out, "match: %s v %s, %d games, %s (grace %v and %v)%s%s\n", pa.name, pb.name, nGames, tc, pa.grace, pb.grace,
		nodeNote(pa), nodeNote(pb))

	type done struct {
		n      int
		aBlack bool
		open   int
		r      gameResult
		score  float64
	}
	jobs := make(chan int)
	results := make(chan done)
	errs := make(chan error, *concurrency)
	var wg sync.WaitGroup
	for range *concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				open := (*first + n/2) % len(openings)
				aBlack := n%2 == 0
				black, white := pa, pb
				if !aBlack {
					black, white = pb, pa
				}
				r, err := playGame(ctx, black, white, openings[open], cfg)
				if err != nil {
					errs <- fmt.Errorf("game %d: %w", n+1, err)
					for range jobs {
					}
					return
				}
				results <- done{n: n, aBlack: aBlack, open: open, r: r, score: elo.ScoreOf(r.outcome, aBlack)}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for n := range nGames {
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
	var colour [2]tally // A's results as black, as white
	var clocks [2]clock // A's, B's
	for d := range results {
		t.add(d.n/2, d.score)
		side, sideName := 0, "black"
		if !d.aBlack {
			side, sideName = 1, "white"
		}
		colour[side].add(d.n, d.score)
		for c := range 2 {
			who := 0 // A
			if (c == 0) != d.aBlack {
				who = 1
			}
			clocks[who].times = append(clocks[who].times, d.r.think[c]...)
			clocks[who].kinds = append(clocks[who].kinds, d.r.kinds[c]...)
			clocks[who].late += d.r.late[c]
			clocks[who].refused += d.r.refused[c]
			if d.r.outcome.Reason == engine.Timeout && int(d.r.outcome.Winner) != c {
				clocks[who].lost++
			}
		}
		fmt.Fprintf(out, "game %3d: %s as %s %s, %s, %d plies [%s] (opening %d: %s)\n",
			d.n+1, pa.name, sideName, elo.Word(d.score), d.r.detail, d.r.plies, t.Brief(), d.open+1, openingText(openings[d.open]))
		if forfeit := d.r.outcome.Reason == engine.Timeout || d.r.outcome.Reason == engine.Resignation; *verbose || forfeit {
			fmt.Fprintf(out, "          moves: %s\n", strings.Join(d.r.moves, " "))
		}
	}
	select {
	case err := <-errs:
		return err
	default:
	}
	fmt.Fprintf(out, "\n%s v %s, %s, %d games:\n  %s\n  as black: W/D/L %d/%d/%d\n  as white: W/D/L %d/%d/%d\n",
		pa.name, pb.name, tc, t.Games(), t.String(),
		colour[0].Wins, colour[0].Draws, colour[0].Losses, colour[1].Wins, colour[1].Draws, colour[1].Losses)
	for who, name := range [2]string{pa.name, pb.name} {
		fmt.Fprintf(out, "  %s: %s\n", name, clocks[who].String())
		for _, l := range clocks[who].byKind() {
			fmt.Fprintf(out, "    %s\n", l)
		}
	}
	fmt.Fprintln(out, "  (Elo from the logistic model; 95% interval from the pairs' scores (pentanomial: pairs scoring 0, ½, 1, 1½, 2),")
	fmt.Fprintln(out, "   normal approximation; when every pair is won or lost, the rule-of-three bound instead)")
	return ctx.Err()
}

// nodeNote describes a player's node budget, if any.
func nodeNote(p player) string {
	if p.nodes == 0 {
		return ""
	}
	return fmt.Sprintf(", %s at %d nodes a move", p.name, p.nodes)
}

func baseName(cmdline string) string {
	f := strings.Fields(cmdline)
	if len(f) == 0 {
		return cmdline
	}
	return filepath.Base(f[0])
}
