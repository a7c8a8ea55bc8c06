// Command gomoku-label asks a Gomocup engine to judge Gomoku positions, for
// fitting Tengen's evaluation to a stronger engine's judgement (see
// engine/gomoku/ai/STRENGTH.md and TestFitTables in engine/gomoku/ai).
//
// It reads positions from standard input, one a line: the moves from the
// empty board in canonical notation (black first), optionally followed by a
// tab and more fields, which are kept. For each it sends the stones with
// BOARD, lets the engine search up to -nodes nodes (INFO max_node) and
// writes the line with a tab and the engine's evaluation for the side to
// move appended: the last one the engine printed before its move, as "INFO
// EVAL v" or in a MESSAGE line "... | Eval v | ...". Rapfi prints both (the
// first after INFO SHOW_DETAIL 2) in its units, win rate sigmoid(v/200);
// mates, "M5" or "-M5", are written ±30000. A position the engine gives no
// evaluation for within -nodes (Rapfi prints "Eval VAL_NONE" when its first
// depth does not finish, as when a long forced line at the root takes the
// whole budget) is asked again with twice the nodes, up to 8 times -nodes;
// one still without an evaluation is an error.
//
// Usage:
//
//	gomoku-label -engine rapfi/pbrain-rapfi -nodes 10000 -rule renju -j 2 <positions >labelled
//
// Lines come out in the order they went in.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/engineproc"
	"github.com/tengen-bot/tengen/cmd/internal/pbrain"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gomoku-label:", err)
		os.Exit(1)
	}
}

// config is how each position is judged.
type config struct {
	cmdline string
	nodes   int
	rule    gomoku.Rule
	timeout time.Duration // longest wait for one answer
}

// run parses the command line and labels the positions of in onto out.
func run(ctx context.Context, args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("gomoku-label", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	cmdline := fs.String("engine", "", "command of the judging engine, a path then arguments")
	nodes := fs.Int("nodes", 10000, "nodes a position (INFO max_node)")
	ruleName := fs.String("rule", "freestyle", "freestyle, standard (exactly five) or renju")
	workers := fs.Int("j", 1, "engines running at once")
	timeout := fs.Duration("timeout", 30*time.Second, "longest wait for one position's answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cmdline == "" {
		return errors.New("need -engine, the command of a pbrain engine that prints its evaluation")
	}
	rule, err := gomoku.ParseRule(*ruleName)
	if err != nil {
		return fmt.Errorf("-rule: %w", err)
	}
	if *nodes < 1 || *workers < 1 || *timeout <= 0 {
		return errors.New("-nodes, -j and -timeout must be positive")
	}
	cfg := config{cmdline: *cmdline, nodes: *nodes, rule: rule, timeout: *timeout}
	return label(ctx, cfg, *workers, in, out)
}

// job is one input line and, once judged, its output line.
type job struct {
	line string
	done chan result
}

type result struct {
	line string
	err  error
}

// label runs workers engines over the lines of in and writes the labelled
// lines to out in input order.
func label(ctx context.Context, cfg config, workers int, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	order := make(chan chan result, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(ctx, cfg, jobs)
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(jobs)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			j := job{line: sc.Text(), done: make(chan result, 1)}
			select {
			case order <- j.done:
			case <-ctx.Done():
				readErr <- ctx.Err()
				return
			}
			jobs <- j
		}
		readErr <- sc.Err()
	}()
	w := bufio.NewWriter(out)
	var err error
	for done := range order {
		r := <-done
		if r.err != nil {
			err = r.err
			cancel()
			break
		}
		fmt.Fprintln(w, r.line)
	}
	for range order { // let the reader finish after an error
	}
	wg.Wait()
	if err == nil {
		err = <-readErr
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// work judges jobs with one engine, restarting it after a failure so that
// one bad answer does not stop the others; a job that fails twice fails.
func work(ctx context.Context, cfg config, jobs <-chan job) {
	var e *engineproc.Process
	defer func() {
		if e != nil {
			e.Close("END", 2*time.Second)
		}
	}()
	for j := range jobs {
		if ctx.Err() != nil {
			j.done <- result{err: ctx.Err()}
			continue
		}
		var r result
		for attempt := 0; attempt < 2; attempt++ {
			if e == nil {
				if e, r.err = start(ctx, cfg); r.err != nil {
					break
				}
			}
			var ev int
			if ev, r.err = judge(e, j.line, cfg); r.err == nil {
				r.line = j.line + "\t" + strconv.Itoa(ev)
				break
			}
			e.Kill()
			e = nil
		}
		j.done <- r
	}
}

// start starts the engine (in its program's directory, where engines look
// for their configuration) and sets it up.
func start(ctx context.Context, cfg config) (*engineproc.Process, error) {
	e, err := pbrain.Start(ctx, "judge", cfg.cmdline)
	if err != nil {
		return nil, err
	}
	if err := e.Send("START 15"); err != nil {
		e.Kill()
		return nil, err
	}
	if _, err := e.Await(cfg.timeout, func(s string) bool { return strings.EqualFold(s, "OK") }); err != nil {
		e.Kill()
		return nil, fmt.Errorf("START: %w", err)
	}
	setup := fmt.Sprintf("INFO rule %d\nINFO max_node %d\nINFO timeout_turn %d\nINFO timeout_match 0\nINFO SHOW_DETAIL 2",
		pbrain.Rule(cfg.rule), cfg.nodes, cfg.timeout.Milliseconds())
	if err := e.Send(setup); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

// judge sends the position of line and returns the engine's evaluation,
// doubling the node budget while the engine moves without giving one.
func judge(e *engineproc.Process, line string, cfg config) (int, error) {
	moves, _, _ := strings.Cut(line, "\t")
	req, err := boardCommand(strings.Fields(moves), cfg.rule)
	if err != nil {
		return 0, err
	}
	for nodes := cfg.nodes; ; nodes *= 2 {
		send := req
		if nodes != cfg.nodes {
			send = fmt.Sprintf("INFO max_node %d\n%s", nodes, req)
		}
		ev, seen, err := ask(e, send, cfg.timeout)
		if err == nil && nodes != cfg.nodes {
			err = e.Send(fmt.Sprintf("INFO max_node %d", cfg.nodes))
		}
		switch {
		case err != nil:
			return 0, fmt.Errorf("position %q: %w", moves, err)
		case seen:
			return ev, nil
		case nodes >= maxRetryFactor*cfg.nodes:
			return 0, fmt.Errorf("position %q: the engine moved without printing an evaluation, at up to %d nodes", moves, nodes)
		}
	}
}

// maxRetryFactor is how many times -nodes a position is asked with at most.
const maxRetryFactor = 8

// ask sends req and waits for the engine's move, returning the last
// evaluation it printed before it, if any.
func ask(e *engineproc.Process, req string, timeout time.Duration) (ev int, seen bool, err error) {
	if err := e.Send(req); err != nil {
		return 0, false, err
	}
	_, err = e.Await(timeout, func(s string) bool {
		if v, ok := evalIn(s); ok {
			ev, seen = v, true
			return false
		}
		_, _, err := pbrain.ParseMove(s)
		return err == nil
	})
	time.Sleep(pbrain.Settle)
	return ev, seen, err
}

// mate is the evaluation written for a mate ("M5", "-M5" in Rapfi's output).
const mate = 30000

// evalIn reads an evaluation from an engine's line: "INFO EVAL v" (Rapfi
// with SHOW_DETAIL 2, after each depth) or a MESSAGE with "| Eval v |"
// (Rapfi's depth lines and its summary after the search, which has the
// final value). v is a number or a mate, "M5" or "-M5".
func evalIn(s string) (int, bool) {
	var v string
	if rest, ok := strings.CutPrefix(s, "INFO EVAL "); ok {
		v = rest
	} else if _, rest, ok := strings.Cut(s, "| Eval "); ok && strings.HasPrefix(s, "MESSAGE ") {
		v, _, _ = strings.Cut(rest, " ")
	} else {
		return 0, false
	}
	v = strings.TrimSpace(v)
	sign := 1
	if t, ok := strings.CutPrefix(v, "-"); ok {
		sign, v = -1, t
	}
	if t, ok := strings.CutPrefix(strings.TrimPrefix(v, "+"), "M"); ok {
		if _, err := strconv.Atoi(t); err != nil {
			return 0, false
		}
		return sign * mate, true
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, false
	}
	return sign * n, true
}

// boardCommand checks the moves under rule and writes the BOARD command
// for the position they reach.
func boardCommand(moves []string, rule gomoku.Rule) (string, error) {
	g, err := gomoku.NewGame(gomoku.Small, rule)
	if err != nil {
		return "", err
	}
	for i, m := range moves {
		p, err := gomoku.ParsePoint(m, gomoku.Small)
		if err == nil {
			err = g.PlayPoint(p)
		}
		if err != nil {
			return "", fmt.Errorf("move %d (%s) of %q: %w", i+1, m, strings.Join(moves, " "), err)
		}
	}
	if g.Outcome().Over() {
		return "", fmt.Errorf("position %q: the game is over", strings.Join(moves, " "))
	}
	return pbrain.Board(g), nil
}
