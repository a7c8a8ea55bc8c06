package render

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// The naive path is the comparator for the benchmarks: the same pictures
// drawn entirely with gg for every image (wood, grain, every line, label,
// shaded stone and piece, the bands' text) and written with the default
// PNG encoder as RGBA. Only the fonts are parsed and the faces made once.

type naiveFaces struct {
	label, river, piece, name, status font.Face
}

func newNaiveFaces(b testing.TB, a *assets) *naiveFaces {
	fs, err := loadFonts()
	if err != nil {
		b.Fatal(err)
	}
	f := &naiveFaces{}
	cell, s := float64(a.cell), a.scale
	for _, t := range []struct {
		dst  *font.Face
		file *fontFile
		size float64
	}{
		{&f.label, fs.bold, math.Min(0.42*cell, 19*s)}, {&f.river, fs.cjk, 0.62 * cell},
		{&f.piece, fs.cjk, 0.56 * cell}, {&f.name, fs.bold, 24 * s}, {&f.status, fs.medium, 21 * s},
	} {
		if *t.dst, err = newFace(t.file, t.size); err != nil {
			b.Fatal(err)
		}
	}
	return f
}

// naiveBands draws the header and footer text with gg.
func naiveBands(dc *gg.Context, a *assets, f *naiveFaces, h *Header, turn engine.Side, moveNumber, moves int) {
	w := h.Words.filled()
	colours := w.sides(a.key.kind)
	pad := math.Round(7 * a.scale)
	pw, ph := float64(a.w)/2-1.5*pad, float64(a.top)-2*pad
	x := pad
	if turn == 1 {
		x = float64(a.w) - pad - pw
	}
	dc.SetColor(a.th.TurnPill)
	dc.DrawRoundedRectangle(x, pad, pw, ph, ph/2)
	dc.Fill()
	dc.SetFontFace(f.name)
	dc.SetColor(a.th.BandText)
	dc.DrawStringAnchored(h.Players[0].label(&w, colours[0]), 2*ph, float64(a.top)/2, 0, 0.35)
	dc.DrawStringAnchored(h.Players[1].label(&w, colours[1]), float64(a.w)-2*ph, float64(a.top)/2, 1, 0.35)
	dc.SetFontFace(f.status)
	dc.DrawStringAnchored(h.status(&w, colours, turn, moveNumber, moves), float64(a.w)/2, float64(a.h-a.bottom/2), 0.5, 0.35)
}

func naiveGomoku(a *assets, f *naiveFaces, g *Gomoku) ([]byte, error) {
	dc := gg.NewContext(a.w, a.h)
	a.drawBands(dc)
	a.drawGomokuBoard(dc, f.label)
	for i, p := range g.Moves {
		cx, cy := a.center(p.X, g.Size-1-p.Y)
		drawStone(dc, a.th, i%2, cx, cy, float64(a.cell))
		if i == len(g.Moves)-1 {
			drawLastDot(dc, a.th, cx, cy, float64(a.cell))
		}
	}
	n := len(g.Moves)
	naiveBands(dc, a, f, &g.Header, engine.Side(n%2), n+1, n)
	var buf bytes.Buffer
	err := png.Encode(&buf, dc.Image())
	return buf.Bytes(), err
}

func naiveXiangqi(a *assets, f *naiveFaces, x *Xiangqi) ([]byte, error) {
	dc := gg.NewContext(a.w, a.h)
	a.drawBands(dc)
	a.drawXiangqiBoard(dc, f.label, f.river)
	for rank := range x.Board {
		for file, p := range x.Board[rank] {
			if p == xiangqi.NoPiece {
				continue
			}
			cx, cy := a.center(a.screen(Square{file, rank}))
			if x.Check != nil && *x.Check == (Square{file, rank}) {
				drawCheckGlow(dc, a.th, cx, cy, float64(a.cell))
			}
			drawPiece(dc, a.th, f.piece, p.Side(), pieceChars[p.Side()][p.Kind()], cx, cy, float64(a.cell))
			if x.Check != nil && *x.Check == (Square{file, rank}) {
				drawCheckRing(dc, a.th, cx, cy, float64(a.cell))
			}
		}
	}
	for _, s := range []*Square{x.From, x.To} {
		cx, cy := a.center(a.screen(*s))
		if x.Board[s.Rank][s.File] == xiangqi.NoPiece {
			drawFromDot(dc, a.th, cx, cy, float64(a.cell))
		}
		drawMoveMark(dc, a.th, cx, cy, float64(a.cell))
	}
	naiveBands(dc, a, f, &x.Header, x.Turn, x.Ply/2+1, (x.Ply+1)/2)
	var buf bytes.Buffer
	err := png.Encode(&buf, dc.Image())
	return buf.Bytes(), err
}

// BenchmarkRenderGomokuNaive is BenchmarkRenderGomoku's picture drawn the
// naive way.
func BenchmarkRenderGomokuNaive(b *testing.B) {
	a := geometry(assetKey{kind: gomoku15, scale: 100})
	f := newNaiveFaces(b, a)
	g := midGomoku(15, 60)
	benchNaive(b, func() ([]byte, error) { return naiveGomoku(a, f, g) })
}

// BenchmarkRenderXiangqiNaive is BenchmarkRenderXiangqi's picture drawn the
// naive way.
func BenchmarkRenderXiangqiNaive(b *testing.B) {
	a := geometry(assetKey{kind: xiangqiBoard, scale: 100})
	f := newNaiveFaces(b, a)
	x := midXiangqi(b)
	benchNaive(b, func() ([]byte, error) { return naiveXiangqi(a, f, x) })
}

func benchNaive(b *testing.B, render func() ([]byte, error)) {
	b.ReportAllocs()
	var out []byte
	var err error
	for b.Loop() {
		if out, err = render(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "bytes/png")
}

// TestNaiveMatchesFast keeps the comparator honest: on the board (the
// bands' text is laid out differently) it must draw the same picture as
// the fast path, give or take anti-aliasing and the palette.
func TestNaiveMatchesFast(t *testing.T) {
	r := NewRenderer()
	for _, kind := range []gameKind{gomoku15, xiangqiBoard} {
		a := geometry(assetKey{kind: kind, scale: 100})
		f := newNaiveFaces(t, a)
		var naive []byte
		var fast image.Image
		var err error
		if kind == gomoku15 {
			g := midGomoku(15, 60)
			naive, err = naiveGomoku(a, f, g)
			if err == nil {
				fast, err = r.GomokuImage(g, Options{})
			}
		} else {
			x := midXiangqi(t)
			naive, err = naiveXiangqi(a, f, x)
			if err == nil {
				fast, err = r.XiangqiImage(x, Options{})
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(naive))
		if err != nil {
			t.Fatal(err)
		}
		br := a.boardRect()
		if msg := compareImages(fast.(*image.Paletted).SubImage(br), img.(*image.RGBA).SubImage(br)); msg != "" {
			t.Errorf("kind %d: the naive board differs from the fast one: %s", kind, msg)
		}
	}
}
