package render

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// glyph is a rasterised glyph: its coverage mask, placed relative to the
// dot, and how far it moves the dot.
type glyph struct {
	mask    *image.Alpha // nil for blank glyphs such as space
	rect    image.Rectangle
	advance fixed.Int26_6
}

// textFace draws text from glyphs rasterised once and cached. font.Face is
// not safe for concurrent use, so the face is only touched under mu; the
// cached glyphs are immutable and drawn without the lock.
type textFace struct {
	mu       sync.Mutex
	face     font.Face
	fallback []font.Face // tried in order when face lacks a rune
	glyphs   map[rune]*glyph
	metrics  font.Metrics
}

func newTextFace(face font.Face, fallback ...font.Face) *textFace {
	return &textFace{face: face, fallback: fallback, glyphs: make(map[rune]*glyph), metrics: face.Metrics()}
}

// layout returns the glyphs of s, rasterising the ones not seen before.
// Runes no font has are drawn as '?'.
func (t *textFace) layout(s string, buf []*glyph) []*glyph {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, r := range s {
		g, ok := t.glyphs[r]
		if !ok {
			g = t.rasterise(r)
			t.glyphs[r] = g
		}
		buf = append(buf, g)
	}
	return buf
}

func (t *textFace) rasterise(r rune) *glyph {
	face := t.face
	if _, ok := face.GlyphAdvance(r); !ok {
		face = nil
		for _, f := range t.fallback {
			if hasGlyph(f, r) {
				face = f
				break
			}
		}
		switch {
		case face != nil:
		case r == '?':
			return &glyph{}
		default:
			if g, ok := t.glyphs['?']; ok {
				return g
			}
			g := t.rasterise('?')
			t.glyphs['?'] = g
			return g
		}
	}
	dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
	g := &glyph{advance: adv}
	if !ok || dr.Empty() {
		return g
	}
	// The face reuses its mask buffer: copy it out.
	m := image.NewAlpha(dr)
	draw.Draw(m, dr, mask, mp, draw.Src)
	g.mask, g.rect = m, dr
	return g
}

func hasGlyph(f font.Face, r rune) bool {
	_, ok := f.GlyphAdvance(r)
	return ok
}

// width returns the advance width of s in pixels.
func (t *textFace) width(s string) int {
	var buf [64]*glyph
	var w fixed.Int26_6
	for _, g := range t.layout(s, buf[:0]) {
		w += g.advance
	}
	return w.Round()
}

// fit returns s, cut and ended with "…" if needed, so that it is at most
// maxWidth pixels wide. It measures each glyph once, so long input is cheap.
func (t *textFace) fit(s string, maxWidth int) string {
	if t.width(s) <= maxWidth {
		return s
	}
	limit := fixed.I(maxWidth) - fixed.I(t.width("…"))
	var w fixed.Int26_6
	var buf [1]*glyph
	for i, r := range s {
		g := t.layout(string(r), buf[:0])[0]
		if w+g.advance > limit {
			return s[:i] + "…"
		}
		w += g.advance
	}
	return s + "…"
}

// ink returns the bounds of s's ink when drawn with its dot at (0, 0).
func (t *textFace) ink(s string) image.Rectangle {
	var buf [64]*glyph
	var dot fixed.Int26_6
	var r image.Rectangle
	for _, g := range t.layout(s, buf[:0]) {
		if g.mask != nil {
			r = r.Union(g.rect.Add(image.Pt(dot.Round(), 0)))
		}
		dot += g.advance
	}
	return r
}

// draw draws s in colour c with its dot (left end of the baseline) at
// (x, y) over dst.
func (t *textFace) draw(dst *image.RGBA, s string, x, y int, c color.RGBA) {
	var buf [64]*glyph
	src := image.NewUniform(c)
	dot := fixed.I(x)
	for _, g := range t.layout(s, buf[:0]) {
		if g.mask != nil {
			r := g.rect.Add(image.Pt(dot.Round(), y))
			draw.DrawMask(dst, r, src, image.Point{}, g.mask, g.rect.Min, draw.Over)
		}
		dot += g.advance
	}
}

// drawCentered draws s with its ink centred on (cx, cy).
func (t *textFace) drawCentered(dst *image.RGBA, s string, cx, cy int, c color.RGBA) {
	ink := t.ink(s)
	t.draw(dst, s, cx-(ink.Min.X+ink.Max.X)/2, cy-(ink.Min.Y+ink.Max.Y)/2, c)
}
