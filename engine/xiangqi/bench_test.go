package xiangqi

import (
	"testing"
	"time"
)

// BenchmarkPerft runs perft 4 from the start position (3290240 nodes) and
// reports nodes per second.
func BenchmarkPerft(b *testing.B) {
	b.ReportAllocs()
	p := StartPosition()
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += p.Perft(4)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// BenchmarkGenerateMoves generates the legal moves of a set of middle-game
// positions.
func BenchmarkGenerateMoves(b *testing.B) {
	positions := randomPositions(3, 64, 60)
	var buf [MaxMoves]Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		_ = p.GenerateMoves(buf[:0])
		i++
	}
}

// BenchmarkGenerateCaptures generates the legal captures of the same positions.
func BenchmarkGenerateCaptures(b *testing.B) {
	positions := randomPositions(3, 64, 60)
	var buf [MaxMoves]Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		_ = p.GenerateCaptures(buf[:0])
		i++
	}
}

// BenchmarkMakeUnmake makes and unmakes every legal move of the start
// position; the metric is per move pair.
func BenchmarkMakeUnmake(b *testing.B) {
	p := StartPosition()
	moves := p.GenerateMoves(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := moves[i%len(moves)]
		u := p.MakeMove(m)
		p.UnmakeMove(m, u)
		i++
	}
}
