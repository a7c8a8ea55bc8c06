package ai

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// benchGame is a quiet opening position (black to move, no forced win for
// either side within the benchmarks' reach) for the search benchmarks.
const benchGame = "15 freestyle: h8 j10 j6 k5 g9 j11"

// benchEngine returns a level-10 engine with a 4 MiB table loaded with g.
func benchEngine(b *testing.B, g *gomoku.Game) *Engine {
	b.Helper()
	e := New(Options{Level: 10, TTSize: 4 << 20, MoveTime: time.Hour})
	if err := e.begin(context.Background(), g, 0); err != nil {
		b.Fatal(err)
	}
	return e
}

// mallocs returns the number of heap allocations so far.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// BenchmarkSearch measures the alpha-beta search alone: a fixed-depth
// iterative deepening from benchGame with a cleared table each time. It
// reports nodes per second, nodes per search and heap allocations per node.
func BenchmarkSearch(b *testing.B) {
	for _, depth := range []int{4, 6, 8} {
		b.Run("depth"+string(rune('0'+depth)), func(b *testing.B) {
			g, err := gomoku.ParseGame(benchGame)
			if err != nil {
				b.Fatal(err)
			}
			e := benchEngine(b, g)
			e.opt.MaxDepth = depth
			var nodes, allocs uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				clear(e.tt.entries)
				e.killers = [maxPly][2]int16{}
				e.nodes = 0
				roots := e.rootMoves()
				before := mallocs()
				b.StartTimer()
				e.iterate(roots)
				b.StopTimer()
				allocs += mallocs() - before
				nodes += e.nodes
				b.StartTimer()
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(allocs)/float64(nodes), "allocs/node")
		})
	}
}

// BenchmarkVCF measures the VCF search alone on every VCF position of the
// tactical suite (5 to 8 fours), with a cleared threat cache each time.
func BenchmarkVCF(b *testing.B) {
	var engines []*Engine
	for _, tc := range readTactics(b) {
		if tc.kind != "vcf" {
			continue
		}
		g, err := gomoku.ParseGame(tc.game)
		if err != nil {
			b.Fatal(err)
		}
		engines = append(engines, benchEngine(b, g))
	}
	var nodes, allocs uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, e := range engines {
			b.StopTimer()
			clear(e.threats.entries)
			e.nodes = 0
			before := mallocs()
			b.StartTimer()
			found := e.runVCF(maxVCFDepth, 1<<40, 1)
			b.StopTimer()
			allocs += mallocs() - before
			nodes += e.nodes
			b.StartTimer()
			if found < 0 {
				b.Fatal("no VCF found")
			}
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(engines)), "µs/position")
	b.ReportMetric(float64(allocs)/float64(nodes), "allocs/node")
}

// BenchmarkStopLatency measures how long Think takes to return after its
// context is cancelled in the middle of a search (reported as ns-to-stop).
func BenchmarkStopLatency(b *testing.B) {
	g, err := gomoku.ParseGame(benchGame)
	if err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	for i := 0; i < b.N; i++ {
		started := make(chan struct{}, 1)
		e := New(Options{Level: 10, TTSize: 4 << 20, MoveTime: time.Hour, Info: func(r Result) {
			if r.Depth >= 3 {
				select {
				case started <- struct{}{}:
				default:
				}
			}
		}})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time, 1)
		go func() {
			if _, err := e.Think(ctx, g); err != nil {
				b.Error(err)
			}
			done <- time.Now()
		}()
		<-started
		t0 := time.Now()
		cancel()
		total += (<-done).Sub(t0)
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "ns-to-stop")
}

// BenchmarkThink measures whole decisions at a fixed node budget from
// benchGame, threat searches included.
func BenchmarkThink(b *testing.B) {
	g, err := gomoku.ParseGame(benchGame)
	if err != nil {
		b.Fatal(err)
	}
	e := New(Options{Level: 10, TTSize: 4 << 20, MoveTime: time.Hour, MaxNodes: 100000})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := e.Think(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReset measures readying an engine with the default tables for
// another game: emptying 12 MiB of tables and zeroing the buffers.
func BenchmarkReset(b *testing.B) {
	e := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		e.Reset(Options{Level: 5, Seed: 1})
	}
}
