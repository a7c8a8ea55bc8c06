package render

import (
	"bytes"
	"testing"
)

// BenchmarkRenderGomoku draws a 15×15 board with 60 stones and the
// last-move marker to PNG bytes, at the default size.
func BenchmarkRenderGomoku(b *testing.B) {
	r := NewRenderer()
	g := midGomoku(15, 60)
	benchPNG(b, func(buf *bytes.Buffer) error { return r.Gomoku(buf, g, Options{}) })
}

// BenchmarkRenderXiangqi draws a middle game with a check and the last move
// marked to PNG bytes, at the default size.
func BenchmarkRenderXiangqi(b *testing.B) {
	r := NewRenderer()
	x := midXiangqi(b)
	benchPNG(b, func(buf *bytes.Buffer) error { return r.Xiangqi(buf, x, Options{}) })
}

func benchPNG(b *testing.B, render func(*bytes.Buffer) error) {
	var buf bytes.Buffer
	if err := render(&buf); err != nil { // warm the cache outside the timing
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf.Reset()
		if err := render(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkXiangqiFromGame turns a middle game (midXiangqiGame) into the
// view the renderer draws: the adapter's cost on top of the drawing.
func BenchmarkXiangqiFromGame(b *testing.B) {
	g := midXiangqiGame(b)
	h := Header{Players: [2]Player{{Name: "Wei"}, {Name: "Bob the Cannon"}}}
	b.ReportAllocs()
	for b.Loop() {
		XiangqiFromGame(g, h, false)
	}
}

// BenchmarkXiangqiPositions turns a 60-move game into the 61 views of its
// replay.
func BenchmarkXiangqiPositions(b *testing.B) {
	g := longXiangqiGame(b, 60)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := XiangqiPositions(g, Header{}, false); err != nil {
			b.Fatal(err)
		}
	}
}
