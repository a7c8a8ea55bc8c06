package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// assets is everything about one board (game, theme, scale, view) that does
// not depend on the position: the geometry, the empty board in true colour
// and as palette indices, the palette, sprites and text faces. Immutable
// once built, apart from the text faces' internal glyph caches.
type assets struct {
	key   assetKey
	th    *theme
	scale float64

	w, h         int // image size
	top, bottom  int // heights of the header and footer bands
	cell         int // distance between lines
	cols, rows   int // intersections
	origin       image.Point
	off          float64 // 0.5 when lines have an odd width, to land on pixel centres
	lineWidth    float64
	base         *image.RGBA
	basePal      *image.Paletted
	pal          *palette
	name, status *textFace
	number       [2]*textFace // move numbers on stones: up to 2 digits, 3 digits
	icons        [2]*image.RGBA
	pill         *image.RGBA

	// Sprites, each the size of a cell box, drawn over the point's box.
	stones    [2]*image.RGBA // Gomoku black, white
	lastDot   *image.RGBA
	winRing   *image.RGBA
	forbidden *image.RGBA
	pieces    [2][xiangqi.Soldier + 1]*image.RGBA // Xiangqi [side][kind]; NoKind unused
	moveMark  *image.RGBA
	fromMark  *image.RGBA
	checkGlow *image.RGBA
	checkRing *image.RGBA
}

// geometry returns the fields of assets that say where things are.
func geometry(k assetKey) *assets {
	s := float64(k.scale) / 100
	a := &assets{key: k, th: &themes[k.theme], scale: s}
	a.w = int(math.Round(BaseWidth * s))
	a.top = int(math.Round(64 * s))
	a.bottom = int(math.Round(44 * s))
	b := boards[k.kind]
	a.cols, a.rows = b.cols, b.rows
	a.cell = int(float64(a.w) / (float64(a.cols-1) + b.margin))
	m := (a.w - (a.cols-1)*a.cell) / 2
	a.origin = image.Pt(m, a.top+m)
	a.h = a.top + (a.rows-1)*a.cell + 2*m + a.bottom
	a.lineWidth = math.Max(1, math.Round(1.6*s))
	if int(a.lineWidth)%2 == 1 {
		a.off = 0.5
	}
	return a
}

// boardRect is the wooden part of the image.
func (a *assets) boardRect() image.Rectangle {
	return image.Rect(0, a.top, a.w, a.h-a.bottom)
}

// center returns the pixel centre of the intersection at screen column c
// and row r (0, 0 = top left).
func (a *assets) center(c, r int) (float64, float64) {
	return float64(a.origin.X+c*a.cell) + a.off, float64(a.origin.Y+r*a.cell) + a.off
}

// box returns the cell box of screen point (c, r): the square a stone or
// piece and its markers live in. Boxes of different points never overlap.
func (a *assets) box(c, r int) image.Rectangle {
	x, y := a.origin.X+c*a.cell-a.cell/2, a.origin.Y+r*a.cell-a.cell/2
	return image.Rect(x, y, x+a.cell, y+a.cell)
}

// sprite draws paint into a transparent cell-sized image, with the
// intersection's centre at the same sub-pixel position as on the board.
func (a *assets) sprite(paint func(dc *gg.Context, cx, cy, cell float64)) *image.RGBA {
	dc := gg.NewContext(a.cell, a.cell)
	h := float64(a.cell/2) + a.off
	paint(dc, h, h, float64(a.cell))
	return dc.Image().(*image.RGBA)
}

// buildAssets draws everything about board k that positions do not change.
func buildAssets(k assetKey) (*assets, error) {
	fs, err := loadFonts()
	if err != nil {
		return nil, err
	}
	a := geometry(k)
	fc, err := a.newFaces(fs)
	if err != nil {
		return nil, err
	}
	dc := gg.NewContext(a.w, a.h)
	a.drawBands(dc)
	var samples []*image.RGBA
	switch k.kind {
	case gomoku15, gomoku19:
		a.drawGomokuBoard(dc, fc.label)
		samples = a.gomokuSprites()
	case xiangqiBoard:
		a.drawXiangqiBoard(dc, fc.label, fc.river)
		samples, err = a.xiangqiSprites(fs, fc.piece)
		if err != nil {
			return nil, err
		}
	}
	a.base = dc.Image().(*image.RGBA)
	a.pill = a.pillSprite()

	// The palette: the board, every sprite over wood, and text colours.
	var over []*image.RGBA
	wood := a.th.WoodTop
	for _, s := range append(samples, a.icons[0], a.icons[1]) {
		over = append(over, flatten(s, wood))
	}
	pill := flatten(a.pill, a.th.Band)
	keep := []color.RGBA{a.th.Line, a.th.Label, a.th.Band, a.th.BandText, a.th.BandDim, a.th.TurnPill,
		a.th.LastMove, a.th.WinRing, a.th.Forbidden, a.th.MoveMark, a.th.Check,
		a.th.WoodTop, a.th.WoodBottom, rgb(0, 0, 0), rgb(0xFF, 0xFF, 0xFF)}
	a.pal = newPalette(keep, append(over, a.base, pill)...)
	a.basePal = image.NewPaletted(a.base.Rect, a.pal.colors)
	a.pal.quantize(a.basePal, a.base, a.base.Rect)

	a.name, a.status, a.number = fc.name, fc.status, fc.number
	return a, nil
}

// faces are the text faces of one board: plain faces for the static
// board (drawn once) and cached-glyph faces for text drawn on every image.
type faces struct {
	label, river, piece font.Face
	name, status        *textFace
	number              [2]*textFace
}

// newFaces makes the faces at this board's sizes.
func (a *assets) newFaces(fs *fontSet) (*faces, error) {
	var f faces
	s, cell := a.scale, float64(a.cell)
	for _, t := range []struct {
		dst  *font.Face
		file *fontFile
		size float64
	}{
		{&f.label, fs.bold, math.Min(0.42*cell, 19*s)},
		{&f.river, fs.cjk, 0.62 * cell},
		{&f.piece, fs.cjk, 0.56 * cell},
	} {
		face, err := newFace(t.file, t.size)
		if err != nil {
			return nil, err
		}
		*t.dst = face
	}
	for _, t := range []struct {
		dst      **textFace
		file     *fontFile
		fallback []*fontFile
		size     float64
	}{
		{&f.name, fs.bold, fs.fallbacks(), 24 * s},
		{&f.status, fs.medium, fs.fallbacks(), 21 * s},
		{&f.number[0], fs.bold, []*fontFile{fs.cjk}, 0.44 * cell},
		{&f.number[1], fs.bold, []*fontFile{fs.cjk}, 0.34 * cell},
	} {
		face, err := newFace(t.file, t.size)
		if err != nil {
			return nil, err
		}
		fallback := make([]font.Face, len(t.fallback))
		for i, file := range t.fallback {
			if fallback[i], err = newFace(file, t.size); err != nil {
				return nil, err
			}
		}
		*t.dst = newTextFace(face, fallback...)
	}
	return &f, nil
}

// drawBands fills the image with the bands' colour; the board goes over it.
func (a *assets) drawBands(dc *gg.Context) {
	dc.SetColor(a.th.Band)
	dc.Clear()
}

// pillSprite is the rounded highlight behind the player to move (or the
// winner), sized for half the header.
func (a *assets) pillSprite() *image.RGBA {
	pad := math.Round(7 * a.scale)
	w, h := float64(a.w)/2-1.5*pad, float64(a.top)-2*pad
	dc := gg.NewContext(int(math.Ceil(w)), int(math.Ceil(h)))
	dc.DrawRoundedRectangle(0, 0, w, h, h/2)
	dc.SetColor(a.th.TurnPill)
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// flatten returns s composited over an opaque background colour, for
// palette sampling.
func flatten(s *image.RGBA, bg color.RGBA) *image.RGBA {
	out := image.NewRGBA(s.Rect)
	draw.Draw(out, out.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	draw.Draw(out, out.Rect, s, s.Rect.Min, draw.Over)
	return out
}

// drawTextCentered draws s with gg, its ink centred on (cx, cy).
func drawTextCentered(dc *gg.Context, face font.Face, s string, cx, cy float64, c color.Color) {
	b, _ := font.BoundString(face, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	dc.SetFontFace(face)
	dc.SetColor(c)
	dc.DrawString(s, math.Round(x), math.Round(y))
}
