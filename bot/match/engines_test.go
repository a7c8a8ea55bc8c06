package match

import (
	"context"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
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
// size: its time and, mostly, the memory a call allocates.
func BenchmarkEnginesMove(b *testing.B) {
	for _, g := range benchGames(b) {
		b.Run(kindName(g), func(b *testing.B) {
			var e Engines
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Move(context.Background(), g, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnginesEvaluate measures the answer to one draw offer at level
// 10 with the default table size.
func BenchmarkEnginesEvaluate(b *testing.B) {
	for _, g := range benchGames(b) {
		b.Run(kindName(g), func(b *testing.B) {
			var e Engines
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
