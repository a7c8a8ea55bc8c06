package match

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// selfPlay plays a game of kind between two seeded engines (level 5 for
// the first player, 8 for the second, 4,000 nodes a move) and returns its
// record: the same game for the same seed.
func selfPlay(t testing.TB, kind store.Kind, seed int64, plies int) string {
	t.Helper()
	return selfPlayUnder(t, Setup{Kind: kind}, seed, plies)
}

// selfPlayUnder is selfPlay of a game of setup.
func selfPlayUnder(t testing.TB, setup Setup, seed int64, plies int) string {
	t.Helper()
	g := playOut(t, &Engines{Seed: seed, MaxNodes: 4000, Spare: 1}, setup, [2]int{5, 8}, plies)
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// playOut plays a game of setup between play's levels (the first
// player's, the second's) until it ends or plies moves are played.
func playOut(t testing.TB, play *Engines, setup Setup, levels [2]int, plies int) engine.Game {
	t.Helper()
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	for g.Ply() < plies && !g.Outcome().Over() {
		m, err := play.Move(context.Background(), g, levels[g.Turn()])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestFindPuzzlesInRealGames(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays, reviews and searches whole games (run without -short and -race)")
	}
	a := &Engines{Spare: 1}
	for _, kind := range []store.Kind{store.Gomoku, store.Xiangqi} {
		t.Run(string(kind), func(t *testing.T) {
			var found []Puzzle
			for seed := int64(1); seed <= 6 && len(found) == 0; seed++ {
				text := selfPlay(t, kind, seed, 120)
				r, err := ReviewGame(context.Background(), a, kind, text, 20000, nil)
				if err != nil {
					t.Fatal(err)
				}
				ps, err := FindPuzzles(context.Background(), a, kind, text, r, PuzzleConfig{Nodes: 30000})
				if err != nil {
					t.Fatal(err)
				}
				found = append(found, ps...)
			}
			if len(found) == 0 {
				t.Fatal("no puzzle in six games")
			}
			p := found[0]
			t.Logf("%s puzzle at move %d: %s in %d plies, %v", kind, p.Ply, p.Theme, p.Plies, p.Line)
			// Checked again from scratch: the solution wins, and no other
			// first move wins as fast, by a search twice as deep as
			// FindPuzzles'.
			g, err := Restore(kind, p.Record)
			if err != nil {
				t.Fatal(err)
			}
			if g.Turn() != p.Solver || len(p.Line) != p.Plies {
				t.Fatalf("puzzle %+v: solver %v to move", p, g.Turn())
			}
			for _, m := range p.Line {
				if _, err := g.Play(m); err != nil {
					t.Fatalf("the solution %v: %s: %v", p.Line, m, err)
				}
			}
			if o := g.Outcome(); o.Status != engine.Win || o.Winner != p.Solver {
				t.Fatalf("the solution %v ends %v", p.Line, o)
			}
			if err := g.Undo(len(p.Line)); err != nil {
				t.Fatal(err)
			}
			want := map[store.Kind][]string{store.Gomoku: {"vcf", "vct"}, store.Xiangqi: {"mate"}}[kind]
			if p.Theme != want[0] && (len(want) < 2 || p.Theme != want[1]) {
				t.Errorf("theme %q", p.Theme)
			}
			alternatives := g.LegalMoves() // the likeliest first
			for _, m := range alternatives[:min(len(alternatives), 40)] {
				if m == p.Line[0] {
					continue
				}
				if w, err := winsBy(context.Background(), a, g, m, p.Solver, p.Plies, 120000); err != nil || w {
					t.Errorf("%s wins too (%v): the puzzle has two solutions", m, err)
				}
			}
		})
	}
}

var puzzleGames = flag.Int("puzzles", 0, "TestPuzzleYield: self-play games per kind to measure puzzles per CPU-hour (0: skip)")

// TestPuzzleYield measures how many puzzles the engines' own games give
// per CPU-hour: it plays -puzzles games of each kind (level 5 against 8),
// reviews them and searches them for puzzles, one at a time on one core,
// and prints the count, the CPU time (the process's, so that other work on
// the machine does not count) and why candidates were turned down.
func TestPuzzleYield(t *testing.T) {
	if *puzzleGames == 0 {
		t.Skip("a measurement, not a test: go test ./bot/match -run TestPuzzleYield -puzzles 10 -v -timeout 1h")
	}
	a := &Engines{Spare: 1}
	for _, setup := range []Setup{{Kind: store.Gomoku, Rules: "freestyle"}, {Kind: store.Gomoku, Rules: "renju"}, {Kind: store.Xiangqi}} {
		kind := setup.Kind
		var (
			kept, candidates int
			reasons          = map[string]int{}
			themes           = map[string]int{}
			spent            time.Duration
		)
		for seed := int64(1); seed <= int64(*puzzleGames); seed++ {
			text := selfPlayUnder(t, setup, 100+seed, 160) // the games themselves are not counted
			start := cpuTime()                             // one game at a time: the CPU time is the work's
			r, err := ReviewGame(context.Background(), a, kind, text, DefaultReviewNodes, nil)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := FindPuzzles(context.Background(), a, kind, text, r, PuzzleConfig{rejected: func(why string) {
				candidates++
				reasons[strings.SplitN(why, ":", 2)[0]]++
			}})
			if err != nil {
				t.Fatal(err)
			}
			spent += cpuTime() - start
			kept += len(ps)
			candidates += len(ps)
			for _, p := range ps {
				themes[p.Theme]++
				t.Logf("%s %s, game %d move %d: %s in %d plies %v from %q", kind, setup.Rules, seed, p.Ply, p.Theme, p.Plies, p.Line, p.Record)
			}
		}
		fmt.Printf("%s %s: %d games, %d puzzles (%v) of %d candidates checked, turned down: %v; %.1f CPU-seconds, %.0f puzzles per CPU-hour\n",
			kind, setup.Rules, *puzzleGames, kept, themes, candidates, reasons, spent.Seconds(), float64(kept)/spent.Hours())
	}
}

// puzzleRecorder is a Notifier that hands over PuzzlesFound.
type puzzleRecorder chan Event

func (r puzzleRecorder) Notify(e Event) {
	if e.Kind == PuzzlesFound {
		r <- e
	}
}

func TestReviewedGamesGivePuzzles(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("reviews and searches a whole game (run without -short and -race; TestGameReviewIsMadeOnceAndKept covers the review's concurrency under -race)")
	}
	// The game of seed 1 between two engines has a VCT for white at move
	// 14 (TestFindPuzzlesInRealGames): played through the lifecycle and
	// reviewed, it is kept in the store.
	e := newEnv(t, Config{})
	found := make(puzzleRecorder, 1)
	e.m = e.start(e.db, Config{Analyst: &Engines{Spare: 1}, Reviews: e.db, Puzzles: e.db, PuzzleConfig: PuzzleConfig{Nodes: 30000}})
	e.m.cfg.Notifier = found
	moves, err := Restore(store.Gomoku, selfPlay(t, store.Gomoku, 1, 120))
	if err != nil {
		t.Fatal(err)
	}
	g := e.duel(false)
	e.play(g.ID, moves.Moves()...)
	if sg, _ := e.game(g.ID); sg.Status != store.Finished {
		t.Fatalf("the game is %v after its moves", sg.Status)
	}
	if _, _, err := e.m.GameReview(ctx, g.ID, nil); err != nil {
		t.Fatal(err)
	}
	ev := <-found
	if ev.Err != nil || ev.Puzzles == 0 || ev.GameID != g.ID {
		t.Fatalf("PuzzlesFound %+v", ev)
	}
	kept, err := e.db.Puzzles(ctx, store.Gomoku)
	if err != nil || len(kept) != ev.Puzzles || kept[0].GameID != g.ID || kept[0].Ply == 0 || len(kept[0].Line) != kept[0].Plies {
		t.Fatalf("kept %+v, %v", kept, err)
	}
}
