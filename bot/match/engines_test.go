package match

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	gomokuai "github.com/tengen-bot/tengen/engine/gomoku/ai"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	xiangqiai "github.com/tengen-bot/tengen/engine/xiangqi/ai"
	"github.com/tengen-bot/tengen/store"
)

// small keeps the engines' tables small so the tests stay light.
var small = Engines{TTSize: 1 << 20, Seed: 7}

func TestEnginesTakeTheWin(t *testing.T) {
	g, err := gomoku.ParseGame("15 freestyle: h8 a1 i8 a2 j8 a3 k8 a15")
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []int{5, 10} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		move, err := small.Move(ctx, g, level)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if move != "g8" && move != "l8" {
			t.Errorf("level %d played %s, not the five at g8 or l8", level, move)
		}
	}

	// Red wins at once with the chariot: on the ninth rank it takes every
	// square from the black general, whose d file the red general holds.
	x, err := xiangqi.NewGameFromFEN("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	move, err := small.Move(ctx, x, 10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.Play(move); err != nil {
		t.Fatalf("engine's move %s: %v", move, err)
	}
	if o := x.Outcome(); o.Status != engine.Win || o.Winner != xiangqi.Red {
		t.Errorf("after %s the outcome is %v, want a win for red", move, o)
	}
}

func TestEnginesEvaluate(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := xiangqi.NewGame()
	if s, err := small.Evaluate(ctx, start, 10); err != nil || s != 0 {
		t.Errorf("the start position: score %d, %v; want 0 (level)", s, err)
	}
	// Red has two chariots against a bare general: far from level.
	up, err := xiangqi.NewGameFromFEN("4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := small.Evaluate(ctx, up, 10); err != nil || s <= 0 {
		t.Errorf("two chariots up: score %d, %v; want clearly positive", s, err)
	}
	g, err := gomoku.NewGame(15, gomoku.Renju)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := small.Evaluate(ctx, g, 10); err != nil || s != 0 {
		t.Errorf("an empty gomoku board: score %d, %v; want 0 (level)", s, err)
	}
}

func TestEnginesRefuseUnknownGames(t *testing.T) {
	if _, err := small.Move(context.Background(), nil, 1); err == nil {
		t.Error("Move of a nil game: no error")
	}
	if _, err := small.Evaluate(context.Background(), nil, 1); err == nil {
		t.Error("Evaluate of a nil game: no error")
	}
}

// TestEnginesPlaySoloGames plays the real engines through the lifecycle:
// the AI answers every move of a random player until the game ends.
func TestEnginesPlaySoloGames(t *testing.T) {
	for _, kind := range []store.Kind{store.Gomoku, store.Xiangqi} {
		t.Run(string(kind), func(t *testing.T) {
			e := newEnv(t, Config{AI: &small, Budget: func(int) time.Duration { return 50 * time.Millisecond }})
			g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: kind}, Player: alice, Level: 2, Start: ChallengerFirst})
			if err != nil {
				t.Fatal(err)
			}
			human := NewRandomAI(11)
			for i := 0; i < 12; i++ {
				cur, eg := e.game(g.ID)
				if cur.Status != store.Active {
					break
				}
				mv, err := human.Move(ctx, eg, 1)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := e.m.Play(ctx, g.ID, as(alice.ID), mv, eg.Ply()); err != nil {
					t.Fatalf("alice plays %s: %v", mv, err)
				}
				if cur, _ = e.game(g.ID); cur.Status != store.Active {
					break
				}
				e.aiMoved(g.ID)
			}
			if n := e.rec.count(g.ID, AIFailed); n != 0 {
				t.Errorf("the AI failed %d times", n)
			}
		})
	}
}

// benchGames returns a mid-game position of each kind for the benchmarks.
func benchGames(b *testing.B) []engine.Game {
	b.Helper()
	g, err := gomoku.ParseGame("15 freestyle: h8 h9 i8 g8 i9 i10 j10 g7")
	if err != nil {
		b.Fatal(err)
	}
	x, err := xiangqi.NewGameFromFEN("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	return []engine.Game{g, x}
}

// BenchmarkEnginesMove measures one level-1 move with the default table
// size: its time and, mostly, the memory a call allocates. "pooled" reuses
// one Engines, as the lifecycle does; "fresh" makes a new Engines for each
// move, so a new engine, as every call did before engines were pooled.
// The pooled engine is made before the timing starts: the figures are the
// steady state of a worker.
func BenchmarkEnginesMove(b *testing.B) {
	for _, g := range benchGames(b) {
		for _, pooled := range []bool{true, false} {
			b.Run(kindName(g)+"/"+map[bool]string{true: "pooled", false: "fresh"}[pooled], func(b *testing.B) {
				e := new(Engines)
				if _, err := e.Move(context.Background(), g, 1); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if !pooled {
						e = new(Engines)
					}
					if _, err := e.Move(context.Background(), g, 1); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEnginesEvaluate measures the answer to one draw offer at level
// 10 with the default table size, from a pooled engine (made before the
// timing starts).
func BenchmarkEnginesEvaluate(b *testing.B) {
	for _, g := range benchGames(b) {
		b.Run(kindName(g), func(b *testing.B) {
			var e Engines
			if _, err := e.Evaluate(context.Background(), g, 10); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Evaluate(context.Background(), g, 10); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// kindName names g's kind for a sub-benchmark.
func kindName(g engine.Game) string {
	k, _, _ := specOf(g)
	return string(k)
}

// reproducible returns Engines whose searches are fixed by seed and nodes.
func reproducible() *Engines {
	return &Engines{TTSize: 1 << 20, Seed: 7, MaxNodes: 3000, Spare: 1}
}

// named is a test position with its name.
type named struct {
	name string
	g    engine.Game
}

// reuseGames returns positions of both kinds, some level and some not.
func reuseGames(t *testing.T) []named {
	t.Helper()
	var games []named
	for _, text := range []string{
		"15 freestyle: h8 h9 i8 g8 i9 i10 j10 g7",
		"15 renju: h8 j10 j6 k5 g9 j11",
		"15 freestyle: h8 a1 i8 a2 j8 a3 k8 a15",
		"19 standard: j10",
	} {
		g, err := gomoku.ParseGame(text)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, named{text, g})
	}
	for _, fen := range []string{
		"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
		"4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1",
		"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
	} {
		x, err := xiangqi.NewGameFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, named{fen, x})
	}
	return games
}

// TestEnginesReuseMatchesFresh plays every position at several levels
// with one Engines, which reuses one engine of each kind, and checks each
// move and score against a new Engines' (so a new engine's) with the same
// seed and node budget.
func TestEnginesReuseMatchesFresh(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pooled := reproducible()
	calls := 0
	for _, n := range reuseGames(t) {
		g := n.g
		for _, level := range []int{1, 3, 6, 10} {
			want, err := reproducible().Move(ctx, g, level)
			if err != nil {
				t.Fatal(err)
			}
			got, err := pooled.Move(ctx, g, level)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s at level %d: the reused engine plays %s, a new one %s", n.name, level, got, want)
			}
			wantScore, err := reproducible().Evaluate(ctx, g, level)
			if err != nil {
				t.Fatal(err)
			}
			score, err := pooled.Evaluate(ctx, g, level)
			if err != nil || score != wantScore {
				t.Errorf("%s at level %d: the reused engine scores %d, %v; a new one %d", n.name, level, score, err, wantScore)
			}
			calls += 2
		}
	}
	if pooled.made != 2 || pooled.reuse != calls-2 {
		t.Errorf("%d calls made %d engines and reused %d times, want 2 made (one a kind), the rest reused",
			calls, pooled.made, pooled.reuse)
	}
}

// TestEnginesEvaluateAsTheEngine checks the draw semantics: Engines
// scores 0 exactly when the kind's engine would accept a draw (its own
// AcceptsDraw of its own Evaluate), and the engine's score otherwise, so
// the lifecycle's threshold accepts exactly then.
func TestEnginesEvaluateAsTheEngine(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e := reproducible()
	accepted := map[bool]int{}
	const level = 10 // the engines' own Evaluate at the level Engines is asked for
	for _, n := range reuseGames(t) {
		var (
			score  int
			accept bool
			err    error
		)
		switch g := n.g.(type) {
		case *gomoku.Game:
			ge := gomokuai.New(gomokuai.Options{Level: level, TTSize: 1 << 20, MaxNodes: 3000})
			score, err = ge.Evaluate(ctx, g)
			accept = ge.AcceptsDraw(score)
		case *xiangqi.Game:
			score, err = xiangqiai.New(xiangqiai.Options{Level: level, TTSize: 1 << 20, MaxNodes: 3000}).Evaluate(ctx, g)
			accept = xiangqiai.AcceptsDraw(score)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := score
		if accept {
			want = 0
		}
		got, err := e.Evaluate(ctx, n.g, level)
		if err != nil || got != want {
			t.Errorf("%s: Engines scores %d, %v; the engine %d (accepts a draw: %v)", n.name, got, err, score, accept)
		}
		if lifecycle := got >= -DefaultDrawThreshold && got <= DefaultDrawThreshold; lifecycle != accept {
			t.Errorf("%s: the lifecycle accepts a draw: %v, the engine: %v", n.name, lifecycle, accept)
		}
		accepted[accept]++
	}
	if accepted[true] == 0 || accepted[false] == 0 {
		t.Errorf("draws accepted in %d positions, refused in %d: want some of each", accepted[true], accepted[false])
	}
}

// TestEnginesPoolIsBounded runs moves at once from many goroutines: no
// more engines are made than moves run at once, and at most Spare stay
// idle.
func TestEnginesPoolIsBounded(t *testing.T) {
	const callers = 6
	g, err := gomoku.ParseGame("15 freestyle: h8 h9 i8 g8")
	if err != nil {
		t.Fatal(err)
	}
	e := &Engines{TTSize: 1 << 16, Seed: 3, MaxNodes: 500, Spare: 2}
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			for range 5 {
				if _, err := e.Move(context.Background(), g, 3); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	e.mu.Lock()
	defer e.mu.Unlock()
	if idle := len(e.idle[store.Gomoku]); idle > 2 || e.made > callers || e.made+e.reuse != 5*callers {
		t.Errorf("%d idle, %d made, %d reused after %d moves by %d callers; want at most 2 idle and %d made",
			idle, e.made, e.reuse, 5*callers, callers, callers)
	}
}
