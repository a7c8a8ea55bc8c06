package match

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// Puzzle positions whose solutions the rules prove.
const (
	// Black plays k8, a four on row 8 (g8 is white's) and on column k (k12
	// is white's): white blocks one, black completes the other. Only k8
	// wins in 3 plies.
	doubleFour = "15 freestyle: h8 a1 i8 a3 j8 o1 k9 o3 k10 g8 k11 k12"
	// The same without white's g8 (at n15 instead): g8 also wins in 3
	// plies (an open four), which only the engine proves.
	twoRoads = "15 freestyle: h8 a1 i8 a3 j8 o1 k9 o3 k10 n15 k11 k12"
	// Two chariots: b1 to b10 mates at once.
	chariots = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
)

// solveEnv is an env whose Manager has puzzles and an engine.
func solveEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t, Config{})
	e.m = e.start(e.db, Config{Analyst: &Engines{Spare: 1}, Puzzles: e.db})
	return e
}

// keep stores a puzzle of kind at record whose solution is line and
// returns it as kept.
func (e *env) keep(kind store.Kind, record, theme string, line ...string) store.Puzzle {
	e.t.Helper()
	g, err := Restore(kind, record)
	if err != nil {
		e.t.Fatal(err)
	}
	p := store.Puzzle{Kind: kind, Record: record, Solver: g.Turn(), Theme: theme, Plies: len(line), Line: line,
		Rating: glicko2.Rating{Rating: PuzzleSeed(theme, len(line))}}
	if _, err := e.db.SavePuzzles(ctx, []store.Puzzle{p}); err != nil {
		e.t.Fatal(err)
	}
	all, err := e.db.Puzzles(ctx, kind)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, k := range all {
		if k.Record == record {
			return k
		}
	}
	e.t.Fatalf("puzzle %s not kept", record)
	return store.Puzzle{}
}

func TestSolvingAPuzzleMoveByMove(t *testing.T) {
	e := solveEnv(t)
	p := e.keep(store.Gomoku, doubleFour, "vcf", "k8", "l8", "k7")
	v, err := e.m.NextPuzzle(ctx, alice.ID, store.Gomoku, "", "g1")
	if err != nil || v.Attempt.Puzzle.ID != p.ID || v.Resumed || v.Game.Ply() != 12 || v.Left() != 2 || !v.Attempt.Rated {
		t.Fatalf("next: %+v, %v", v, err)
	}
	// Asking again shows the same try.
	if again, err := e.m.NextPuzzle(ctx, alice.ID, store.Gomoku, "", "g1"); err != nil || !again.Resumed || again.Attempt.ID != v.Attempt.ID {
		t.Fatalf("next again: %+v, %v", again, err)
	}
	// A move the rules refuse changes nothing.
	if _, err := e.m.SolveMove(ctx, alice.ID, "h8"); engine.ErrorCode(err) != engine.Occupied {
		t.Fatalf("an occupied point: %v", err)
	}
	if _, err := e.m.SolveMove(ctx, alice.ID, "z99"); engine.ErrorCode(err).Class() != engine.ClassOffBoard &&
		engine.ErrorCode(err).Class() != engine.ClassNotation {
		t.Fatalf("no point: %v", err)
	}
	v, err = e.m.SolveMove(ctx, alice.ID, "k8")
	if err != nil || v.Done || v.Reply != "l8" || !slices.Equal(v.Attempt.Played, []string{"k8", "l8"}) || v.Left() != 1 {
		t.Fatalf("k8: %+v, %v", v, err)
	}
	v, err = e.m.SolveMove(ctx, alice.ID, "k7")
	if err != nil || !v.Done || !v.Solved || !v.Result.Rated || v.Result.After.Streak != 1 ||
		v.Result.After.Rating.Rating <= glicko2.DefaultRating {
		t.Fatalf("k7: %+v, %v", v, err)
	}
	if o := v.Game.Outcome(); o.Status != engine.Win || o.Winner != engine.First {
		t.Fatalf("the board after the five: %v", o)
	}
	if _, err := e.m.SolveMove(ctx, alice.ID, "a15"); engine.ErrorCode(err) != engine.NoPuzzleActive {
		t.Fatalf("a move after the end: %v", err)
	}
	if _, err := e.m.NextPuzzle(ctx, alice.ID, store.Gomoku, "", ""); engine.ErrorCode(err) != engine.NoPuzzles {
		t.Fatalf("every puzzle tried: %v", err)
	}

	// bob goes wrong: the try ends, with the solution.
	if _, err := e.m.NextPuzzle(ctx, bob.ID, store.Gomoku, "", ""); err != nil {
		t.Fatal(err)
	}
	v, err = e.m.SolveMove(ctx, bob.ID, "l8")
	if err != nil || !v.Done || v.Solved || !slices.Equal(v.Solution, p.Line) || v.Result.After.Streak != 0 ||
		v.Result.After.Rating.Rating >= glicko2.DefaultRating || v.Result.After.Failed != 1 {
		t.Fatalf("a wrong move: %+v, %v", v, err)
	}
	me, err := e.m.PuzzlePlayer(ctx, bob.ID, store.Gomoku)
	if err != nil || me != v.Result.After {
		t.Fatalf("bob's record %+v, %v", me, err)
	}
}

func TestASolverMayWinByAnotherRoad(t *testing.T) {
	if testing.Short() {
		t.Skip("searches with the engine")
	}
	e := solveEnv(t)
	// The kept solution starts with k8; g8 wins as fast, which the engine
	// proves; k7 then wins only in 5 plies, too slow.
	e.keep(store.Gomoku, twoRoads, "vcf", "k8", "l8", "k7")
	if _, err := e.m.NextPuzzle(ctx, alice.ID, store.Gomoku, "", ""); err != nil {
		t.Fatal(err)
	}
	v, err := e.m.SolveMove(ctx, alice.ID, "g8")
	if err != nil || v.Done || (v.Reply != "f8" && v.Reply != "k8") {
		t.Fatalf("g8: %+v, %v", v, err)
	}
	five := map[string]string{"f8": "k8", "k8": "f8"}[v.Reply]
	if v, err = e.m.SolveMove(ctx, alice.ID, five); err != nil || !v.Solved {
		t.Fatalf("%s: %+v, %v", five, v, err)
	}
	if _, err := e.m.NextPuzzle(ctx, bob.ID, store.Gomoku, "", ""); err != nil {
		t.Fatal(err)
	}
	if v, err := e.m.SolveMove(ctx, bob.ID, "k7"); err != nil || !v.Done || v.Solved {
		t.Fatalf("a slower four: %+v, %v", v, err)
	}
}

func TestGivingUpAndDefending(t *testing.T) {
	e := solveEnv(t)
	// White to move, against black's double four at k8: a puzzle the test
	// keeps by hand, saying k8 is the only defence (FindPuzzles would not
	// keep it: white is lost there); the judge takes a kept solution as
	// it is, FindPuzzles having proved it.
	defend := e.keep(store.Gomoku, doubleFour+" a5", ThemeDefend, "k8")
	if _, err := e.m.GiveUpPuzzle(ctx, alice.ID); engine.ErrorCode(err) != engine.NoPuzzleActive {
		t.Fatalf("giving up nothing: %v", err)
	}
	v, err := e.m.NextPuzzle(ctx, alice.ID, store.Gomoku, ThemeDefend, "")
	if err != nil || v.Attempt.Puzzle.ID != defend.ID || v.Attempt.Puzzle.Solver != engine.Second {
		t.Fatalf("a defence: %+v, %v", v, err)
	}
	if v, err = e.m.GiveUpPuzzle(ctx, alice.ID); err != nil || !v.Done || v.Solved || !slices.Equal(v.Solution, []string{"k8"}) ||
		v.Result.After.Failed != 1 {
		t.Fatalf("given up: %+v, %v", v, err)
	}
	if _, err := e.m.CurrentPuzzle(ctx, alice.ID); engine.ErrorCode(err) != engine.NoPuzzleActive {
		t.Fatalf("after giving up: %v", err)
	}
	if _, err := e.m.NextPuzzle(ctx, bob.ID, store.Gomoku, ThemeDefend, ""); err != nil {
		t.Fatal(err)
	}
	if v, err = e.m.SolveMove(ctx, bob.ID, "k8"); err != nil || !v.Done || !v.Solved || v.Reply != "" {
		t.Fatalf("the defence: %+v, %v", v, err)
	}
	if _, err := e.m.NextPuzzle(ctx, carol.ID, store.Gomoku, ThemeDefend, ""); err != nil {
		t.Fatal(err)
	}
	if v, err = e.m.SolveMove(ctx, carol.ID, "l8"); err != nil || !v.Done || v.Solved {
		t.Fatalf("another block: %+v, %v", v, err)
	}
}

func TestDailyPuzzleIsTheSameForEveryone(t *testing.T) {
	e := solveEnv(t)
	if _, err := e.m.DailyPuzzle(ctx, alice.ID, store.Xiangqi, "g1"); engine.ErrorCode(err) != engine.NoDailyPuzzle {
		t.Fatalf("no puzzle yet: %v", err)
	}
	e.keep(store.Xiangqi, chariots, "mate", "b1b10")
	e.keep(store.Xiangqi, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "mate", "a1d1")
	va, err := e.m.DailyPuzzle(ctx, alice.ID, store.Xiangqi, "g1")
	if err != nil || va.Attempt.Daily != store.DayOf(e.clock.Now()) {
		t.Fatalf("alice's daily: %+v, %v", va, err)
	}
	vb, err := e.m.DailyPuzzle(ctx, bob.ID, store.Xiangqi, "g1")
	if err != nil || vb.Attempt.Puzzle.ID != va.Attempt.Puzzle.ID {
		t.Fatalf("bob's daily %+v, alice's %d (%v)", vb.Attempt.Puzzle, va.Attempt.Puzzle.ID, err)
	}
	daily := va.Attempt.Puzzle
	e.clock.Advance(40 * time.Second)
	if v, err := e.m.SolveMove(ctx, alice.ID, daily.Line[0]); err != nil || !v.Solved {
		t.Fatalf("alice solves: %+v, %v", v, err)
	}
	if v, err := e.m.SolveMove(ctx, bob.ID, "a9a10"); err != nil || !v.Done || v.Solved {
		t.Fatalf("bob's check is no mate: %+v, %v", v, err)
	}
	if _, err := e.m.DailyPuzzle(ctx, alice.ID, store.Xiangqi, "g1"); engine.ErrorCode(err) != engine.DailyDone {
		t.Fatalf("the daily twice: %v", err)
	}
	b, err := e.m.DailyLeaders(ctx, "g1", store.Xiangqi)
	if err != nil || b.Puzzle != daily.ID || len(b.Today) != 1 || b.Today[0].UserID != alice.ID || b.Today[0].Took != 40*time.Second ||
		len(b.Month) != 1 || b.Month[0].Solved != 1 {
		t.Fatalf("the leaderboard: %+v, %v", b, err)
	}
	// Tomorrow another puzzle is everyone's.
	e.clock.Advance(24 * time.Hour)
	vc, err := e.m.DailyPuzzle(ctx, alice.ID, store.Xiangqi, "g1")
	if err != nil || vc.Attempt.Puzzle.ID == daily.ID {
		t.Fatalf("tomorrow's: %+v, %v", vc.Attempt.Puzzle, err)
	}
}

// TestSelfPlayStocksPuzzles: the engines play each other, as low-priority
// work, until each kind has its stock of puzzles; every puzzle kept plays
// out as its theme says.
func TestSelfPlayStocksPuzzles(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays, reviews and searches whole games (run without -short and -race)")
	}
	e := newEnv(t, Config{})
	found := make(puzzleRecorder, 64)
	play := &Engines{MaxNodes: 3000, Spare: 1}
	e.m = e.start(e.db, Config{AI: play, Analyst: &Engines{Spare: 1}, Puzzles: e.db, PuzzleStock: 1,
		ReviewNodes: 10000, PuzzleConfig: PuzzleConfig{Nodes: 30000}, Budget: func(int) time.Duration { return time.Second }})
	e.m.cfg.Notifier = found
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); e.m.StockPuzzles(sctx, 0) }()
	deadline := time.After(10 * time.Minute)
	for {
		g, _ := e.db.PuzzleCount(ctx, store.Gomoku)
		x, _ := e.db.PuzzleCount(ctx, store.Xiangqi)
		if g >= 1 && x >= 1 {
			break
		}
		select {
		case ev := <-found:
			if ev.Err != nil {
				t.Fatal(ev.Err)
			}
		case <-deadline:
			t.Fatalf("no stock after 10 minutes: %d gomoku, %d xiangqi puzzles", g, x)
		}
	}
	cancel()
	<-done
	for _, kind := range []store.Kind{store.Gomoku, store.Xiangqi} {
		ps, err := e.db.Puzzles(ctx, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			t.Logf("%s puzzle: %s in %d plies, %v, seeded %.0f", kind, p.Theme, p.Plies, p.Line, p.Rating.Rating)
			g, err := Restore(kind, p.Record)
			if err != nil || g.Turn() != p.Solver || p.GameID != 0 {
				t.Fatalf("puzzle %+v: %v", p, err)
			}
			for _, m := range p.Line {
				if _, err := g.Play(m); err != nil {
					t.Fatalf("the solution %v: %s: %v", p.Line, m, err)
				}
			}
			o := g.Outcome()
			won := o.Status == engine.Win && o.Winner == p.Solver
			if (p.Theme == ThemeDefend || p.Theme == ThemeMaterial) == won {
				t.Errorf("the solution of a %s puzzle ends %v", p.Theme, o)
			}
		}
	}
}

// TestDefenceWithSeveralAnswersIsNoPuzzle: against black's open three
// h8-j8, white holds at either end: no puzzle.
func TestDefenceWithSeveralAnswersIsNoPuzzle(t *testing.T) {
	if testing.Short() {
		t.Skip("searches with the engine")
	}
	g, err := Restore(store.Gomoku, "15 freestyle: h8 a1 i8 a15 j8")
	if err != nil {
		t.Fatal(err)
	}
	var why []string
	_, ok, err := proveDefence(ctx, &Engines{Spare: 1}, g, PuzzleConfig{rejected: func(w string) { why = append(why, w) }}.withDefaults(store.Gomoku))
	if err != nil || ok || len(why) != 1 || !strings.HasPrefix(why[0], "defence - two defences: ") {
		t.Fatalf("kept %v (%v), turned down: %v", ok, err, why)
	}
	if g.Ply() != 5 {
		t.Errorf("the position was left at ply %d", g.Ply())
	}
}

var selfPlayGames = flag.Int("selfplay", 0, "TestSelfPlayYield: self-play games per setup to measure the puzzle stock's yield per CPU-hour (0: skip)")

// TestSelfPlayYield measures what stocking puzzles costs: -selfplay games
// of each setup StockPuzzles plays, made as it makes them (the engines'
// moves, the review and the search for puzzles), one at a time, counted
// in the process's CPU time.
func TestSelfPlayYield(t *testing.T) {
	if *selfPlayGames == 0 {
		t.Skip("a measurement, not a test: go test ./bot/match -run TestSelfPlayYield -selfplay 10 -v -timeout 2h")
	}
	e := newEnv(t, Config{})
	e.m = e.start(e.db, Config{AI: &Engines{Spare: 1}, Analyst: &Engines{Spare: 1}, Puzzles: e.db, Workers: 1})
	for _, s := range stockSetups {
		var (
			games, found, plies int
			themes              = map[string]int{}
		)
		start := cpuTime()
		for seed := range uint64(*selfPlayGames) {
			sp, err := e.m.SelfPlayPuzzles(ctx, s, 1000+seed)
			if err != nil {
				t.Fatal(err)
			}
			games++
			found += len(sp.Puzzles)
			g, _ := Restore(s.Kind, sp.Record)
			plies += g.Ply()
			for _, p := range sp.Puzzles {
				themes[p.Theme]++
			}
		}
		spent := cpuTime() - start
		fmt.Printf("self-play %s %s: %d games (%d plies), %d puzzles %v, %.0f CPU-seconds, %.0f puzzles per CPU-hour\n",
			s.Kind, s.Rules, games, plies, found, themes, spent.Seconds(), float64(found)/spent.Hours())
	}
}

// TestFoundDefenceHoldsUp: a defence FindPuzzles found in a self-play game
// (TestPuzzleYield's freestyle game 15, move 45: white must play l10) is
// proved again, and checked independently: a search twice as deep as
// the proof's finds no win for black after l10, and each of the twenty
// likeliest other moves is proved lost by a search twice as deep as the
// proof's.
func TestFoundDefenceHoldsUp(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("searches every move of a position (run without -short and -race)")
	}
	const found = "15 freestyle: h8 f8 f9 h9 e10 g8 g10 i10 f7 i11 f10 d10 g9 e11 g7 k12 j11 e7 i12 h11 k10 h13 l9 m8 i7 j6 j10 h12 h10 h14 h15 f12 g13 c9 b8 g11 f11 f6 j7 h7 d8 k8 j9 j8 l8"
	a := &Engines{Spare: 1}
	g, err := Restore(store.Gomoku, found)
	if err != nil {
		t.Fatal(err)
	}
	cfg := PuzzleConfig{}.withDefaults(store.Gomoku)
	p, ok, err := proveDefence(ctx, a, g, cfg)
	if err != nil || !ok || p.Theme != ThemeDefend || len(p.Line) != 1 || p.Line[0] != "l10" || p.Solver != engine.Second {
		t.Fatalf("proved %+v, %v, %v", p, ok, err)
	}
	if lost, err := losesBy(ctx, a, g, "l10", 2*cfg.VerifyNodes); err != nil || lost {
		t.Errorf("l10 loses to a deeper search (%v)", err)
	}
	n := 0
	for _, m := range g.LegalMoves() {
		if m == "l10" || n == 20 {
			continue
		}
		n++
		if lost, err := losesBy(ctx, a, g, m, 2*cfg.MoveNodes); err != nil || !lost {
			t.Errorf("%s holds too (%v)", m, err)
		}
	}
}

// TestFoundMaterialHoldsUp: a win of material FindPuzzles found in a
// self-play game (TestPuzzleYield's Xiangqi game 6, move 11: black traps
// red's cannon on h9) is proved again and checked independently: the
// solution wins at least a cannon's worth, and a search twice as deep as
// the proof's scores every other first move at least 200 worse.
func TestFoundMaterialHoldsUp(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("searches every move of a position (run without -short and -race)")
	}
	const found = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves c4c5 h10g8 a4a5 g7g6 b3g3 g8f6 g3g6 c10e8 g6g9 i10i9 g9h9"
	a := &Engines{Spare: 1}
	g, err := Restore(store.Xiangqi, found)
	if err != nil {
		t.Fatal(err)
	}
	cfg := PuzzleConfig{}.withDefaults(store.Xiangqi)
	p, ok, err := proveMaterial(ctx, a, g, cfg)
	if err != nil || !ok || p.Theme != ThemeMaterial || p.Solver != engine.Second || !slices.Equal(p.Line, []string{"h8g8", "g1e3", "i9h9"}) {
		t.Fatalf("proved %+v, %v, %v", p, ok, err)
	}
	xg := g.(*xiangqi.Game)
	before := balance(xg, p.Solver)
	v, err := a.Analyse(ctx, g, 2*cfg.Nodes)
	if err != nil || v.Best != p.Line[0] {
		t.Fatalf("the deeper search prefers %s (%v)", v.Best, err)
	}
	for _, m := range p.Line {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if gain := balance(xg, p.Solver) - before; gain < materialScore {
		t.Errorf("the solution wins %d", gain)
	}
	if err := g.Undo(len(p.Line)); err != nil {
		t.Fatal(err)
	}
	for _, m := range g.LegalMoves() {
		if m == p.Line[0] {
			continue
		}
		if near, err := scoresNear(ctx, a, g, m, v.Score-secondBest, 2*cfg.MoveNodes); err != nil || near {
			t.Errorf("%s scores within %d of %s (%v)", m, secondBest, p.Line[0], err)
		}
	}
}
