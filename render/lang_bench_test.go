package render

import (
	"bytes"
	"testing"

	"golang.org/x/image/font/opentype"
)

// BenchmarkFirstBoardEnglish is the first board a fresh Renderer draws: it
// builds the Xiangqi board's assets (board, sprites, palette, faces) and
// rasterises every glyph of the texts. The baseline for the next two.
func BenchmarkFirstBoardEnglish(b *testing.B) {
	benchFirstBoard(b, Words{})
}

// BenchmarkFirstBoardZhCN is BenchmarkFirstBoardEnglish in Simplified
// Chinese: the same, plus the Chinese glyphs from the CJK names font.
func BenchmarkFirstBoardZhCN(b *testing.B) {
	benchFirstBoard(b, zhCNWords())
}

func benchFirstBoard(b *testing.B, words Words) {
	x := *matedXiangqi(b)
	x.Header.Words = words
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := NewRenderer().Xiangqi(&buf, &x, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewLanguageWarmRenderer is the first zh-CN board of a Renderer
// that has drawn English boards only (untimed): what a new language costs
// a running bot, the rasterising of the Chinese glyphs.
func BenchmarkNewLanguageWarmRenderer(b *testing.B) {
	en := *matedXiangqi(b)
	zh := en
	zh.Header.Words = zhCNWords()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		r := NewRenderer()
		if err := r.Xiangqi(&buf, &en, Options{}); err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		b.StartTimer()
		if err := r.Xiangqi(&buf, &zh, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderXiangqiZhCN is BenchmarkRenderXiangqi's warm path with the
// header and footer in Simplified Chinese.
func BenchmarkRenderXiangqiZhCN(b *testing.B) {
	r := NewRenderer()
	x := *matedXiangqi(b)
	x.Header.Words = zhCNWords()
	benchPNG(b, func(buf *bytes.Buffer) error { return r.Xiangqi(buf, &x, Options{}) })
}

// BenchmarkRenderXiangqiEnglish is BenchmarkRenderXiangqiZhCN in English,
// on the same finished position, for comparison.
func BenchmarkRenderXiangqiEnglish(b *testing.B) {
	r := NewRenderer()
	x := matedXiangqi(b)
	benchPNG(b, func(buf *bytes.Buffer) error { return r.Xiangqi(buf, x, Options{}) })
}

// BenchmarkCJKNamesFace parses the embedded CJK names font and makes a face
// of it at the status line's size and rasterises one character: what the
// process pays once (parsing) and each board size once (the face) before
// any Chinese is drawn.
func BenchmarkCJKNamesFace(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		f, err := opentype.Parse(namesSubset)
		if err != nil {
			b.Fatal(err)
		}
		face, err := newFace(f, 21)
		if err != nil {
			b.Fatal(err)
		}
		if g := newTextFace(face).layout("红", nil)[0]; g.mask == nil {
			b.Fatal("红 drew nothing")
		}
	}
	b.ReportMetric(float64(len(namesSubset)), "font-bytes")
}
