package ai

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// middleGames are positions after a dozen moves of engine play.
var middleGames = []string{
	"1r1akab2/6r2/2n1b1cRn/p1R1C1p2/8p/6P2/c1P1P3P/N1C3N1B/9/2BAKA3 b - - 0 12",
	"r1bakabr1/9/7Cn/p3p1C1p/3n5/P5P1P/4P4/R1c1B3N/9/3AKABR1 b - - 0 12",
	"1rbaka1nr/9/4b4/2p3p1p/pnc6/PN2p1PN1/3CP2cP/7C1/9/1RBAKAB1R b - - 19 12",
	"1rbakabnr/9/2n4R1/pCp1p1p2/8p/2PN4P/P3c1P2/4B3N/4A4/1R2KAB2 b - - 3 12",
}

// BenchmarkSearch searches middle-game positions to a fixed depth with a
// fresh table each time and reports nodes per second and allocations per
// node.
func BenchmarkSearch(b *testing.B) {
	games := make([]*xiangqi.Game, len(middleGames))
	for i, fen := range middleGames {
		games[i] = gameFrom(b, fen)
	}
	// One engine per game, as the bot uses them.
	engines := make([]*Engine, len(games))
	for i := range engines {
		engines[i] = New(Options{MoveTime: NoTimeLimit, MaxDepth: 10, TTSize: 1 << 20})
	}
	var nodes uint64
	var before, after runtime.MemStats
	b.ReportAllocs()
	b.ResetTimer()
	runtime.ReadMemStats(&before)
	for i := 0; i < b.N; i++ {
		for j, g := range games {
			e := engines[j]
			e.NewGame()
			r, err := e.Think(context.Background(), g)
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(nodes), "allocs/node")
}

// BenchmarkTimeToDepth measures the time to complete depth 8 from the
// starting position and from a middle game (ns/op is the time to depth).
func BenchmarkTimeToDepth(b *testing.B) {
	for _, bc := range []struct{ name, fen string }{
		{"start/depth8", xiangqi.StartFEN},
		{"middlegame/depth8", middleGames[1]},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := gameFrom(b, bc.fen)
			e := New(Options{MoveTime: NoTimeLimit, MaxDepth: 8})
			var nodes uint64
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e.NewGame()
				r, err := e.Think(context.Background(), g)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkStopLatency measures the time from cancelling a running search
// to Think returning (the brief asks for under 50 ms).
func BenchmarkStopLatency(b *testing.B) {
	g := gameFrom(b, middleGames[0])
	var total time.Duration
	for i := 0; i < b.N; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		started := make(chan struct{})
		once := false
		e := New(Options{MoveTime: NoTimeLimit, Info: func(r Result) {
			if r.Depth == 4 && !once {
				once = true
				close(started)
			}
		}})
		done := make(chan struct{})
		go func() {
			if _, err := e.Think(ctx, g); err != nil {
				b.Error(err)
			}
			close(done)
		}()
		<-started
		t0 := time.Now()
		cancel()
		<-done
		total += time.Since(t0)
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "ns/stop")
}

// BenchmarkEvaluate measures the static evaluation alone.
func BenchmarkEvaluate(b *testing.B) {
	p := mustFEN(b, middleGames[3])
	b.ReportAllocs()
	s := 0
	for i := 0; i < b.N; i++ {
		s += evaluate(p)
	}
	_ = s
}

// BenchmarkReset measures readying an engine with the default table for
// another game: emptying the table, the histories and the evaluation
// cache, and zeroing the buffers.
func BenchmarkReset(b *testing.B) {
	e := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		e.Reset(Options{Level: 5, Seed: 1})
	}
}
