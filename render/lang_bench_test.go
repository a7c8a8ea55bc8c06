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
	benchNewLanguage(b, zhCNWords(), [2]string{})
}

// BenchmarkNewLanguageWarmRendererKorean is BenchmarkNewLanguageWarmRenderer
// in Korean, with Korean names: the first Hangul glyphs, from the Hangul
// font, of a Renderer that has drawn English boards only.
func BenchmarkNewLanguageWarmRendererKorean(b *testing.B) {
	benchNewLanguage(b, koWords(), [2]string{"김민준", "이서연"})
}

// benchNewLanguage times the first board in words (and names, if set) of
// a Renderer that has drawn the same board in English, untimed.
func benchNewLanguage(b *testing.B, words Words, names [2]string) {
	en := *matedXiangqi(b)
	other := en
	other.Header.Words = words
	for i, n := range names {
		if n != "" {
			other.Header.Players[i] = Player{Name: n}
		}
	}
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
		if err := r.Xiangqi(&buf, &other, Options{}); err != nil {
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

// BenchmarkRenderXiangqiKorean is BenchmarkRenderXiangqiZhCN in Korean,
// with Korean names: a warm Renderer that has drawn them before.
func BenchmarkRenderXiangqiKorean(b *testing.B) {
	r := NewRenderer()
	x := *matedXiangqi(b)
	x.Header.Words = koWords()
	x.Header.Players = [2]Player{{Name: "김민준"}, {Name: "이서연"}}
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
	benchFontFace(b, namesSubset, '红')
}

// BenchmarkHangulFace is BenchmarkCJKNamesFace for the Hangul font.
func BenchmarkHangulFace(b *testing.B) {
	benchFontFace(b, hangulSubset, '흑')
}

// BenchmarkVietnameseFace is BenchmarkCJKNamesFace for the Vietnamese font.
func BenchmarkVietnameseFace(b *testing.B) {
	benchFontFace(b, vietnameseSubset, 'ắ')
}

func benchFontFace(b *testing.B, data []byte, r rune) {
	b.ReportAllocs()
	for b.Loop() {
		f, err := opentype.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		face, err := newFace(f, 21)
		if err != nil {
			b.Fatal(err)
		}
		if g := newTextFace(face).layout(string(r), nil)[0]; g.mask == nil {
			b.Fatalf("%q drew nothing", r)
		}
	}
	b.ReportMetric(float64(len(data)), "font-bytes")
}
