package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Square is a Xiangqi point in the engine's coordinate notation: File 0 is
// file a at red's left, Rank 0 is rank 1, red's back rank. Red's cannon
// opening h3e3 moves Square{7, 2} to Square{4, 2}.
type Square struct{ File, Rank int }

// String returns the square in coordinate notation, e.g. "e1" or "a10",
// or as "(file, rank)" when it is off the board.
func (s Square) String() string {
	if sq := s.engine(); sq.Valid() {
		return sq.String()
	}
	return fmt.Sprintf("(%d, %d)", s.File, s.Rank)
}

// engine returns the engine's square for s, xiangqi.NoSquare (which is not
// Valid) when s is off the board.
func (s Square) engine() xiangqi.Square { return xiangqi.SquareAt(s.File, s.Rank) }

// Xiangqi is a Xiangqi position to draw. XiangqiFromPosition and
// XiangqiFromGame fill it from the engine's position.
type Xiangqi struct {
	// Board holds the engine's piece on each point, xiangqi.NoPiece where
	// there is none, indexed [rank][file] with rank 0 red's back rank (as
	// xiangqi.SquareAt counts them).
	Board [xiangqi.Ranks][xiangqi.Files]xiangqi.Piece
	// Turn is the side to move and Ply the number of half-moves played,
	// for the status line, which counts moves in pairs as players do
	// ("Move 14" is red's 14th move and black's reply).
	Turn engine.Side
	Ply  int
	// From and To mark the last move; Check marks a general in check.
	From, To, Check *Square
	// Flip shows black's view: the board turned 180°, labels following.
	Flip   bool
	Header Header
}

// pieceChars are the characters engraved on the pieces, by side and kind.
var pieceChars = [2][xiangqi.Soldier + 1]string{
	xiangqi.Red: {xiangqi.General: "帥", xiangqi.Advisor: "仕", xiangqi.Elephant: "相",
		xiangqi.Horse: "傌", xiangqi.Chariot: "俥", xiangqi.Cannon: "炮", xiangqi.Soldier: "兵"},
	xiangqi.Black: {xiangqi.General: "將", xiangqi.Advisor: "士", xiangqi.Elephant: "象",
		xiangqi.Horse: "馬", xiangqi.Chariot: "車", xiangqi.Cannon: "砲", xiangqi.Soldier: "卒"},
}

// simplifiedChars are the pieces' characters in the simplified style:
// mainland China's sets, with the same character for both sides' horses,
// chariots and cannons (told apart by colour).
var simplifiedChars = [2][xiangqi.Soldier + 1]string{
	xiangqi.Red: {xiangqi.General: "帅", xiangqi.Advisor: "仕", xiangqi.Elephant: "相",
		xiangqi.Horse: "马", xiangqi.Chariot: "车", xiangqi.Cannon: "炮", xiangqi.Soldier: "兵"},
	xiangqi.Black: {xiangqi.General: "将", xiangqi.Advisor: "士", xiangqi.Elephant: "象",
		xiangqi.Horse: "马", xiangqi.Chariot: "车", xiangqi.Cannon: "炮", xiangqi.Soldier: "卒"},
}

// isPiece reports whether p is one of the engine's fourteen pieces (not
// xiangqi.NoPiece, nor a value no piece has).
func isPiece(p xiangqi.Piece) bool {
	return p.Kind() != xiangqi.NoKind && xiangqi.MakePiece(p.Side(), p.Kind()) == p
}

func (x *Xiangqi) check() error {
	for rank := range x.Board {
		for file, p := range x.Board[rank] {
			if p != xiangqi.NoPiece && !isPiece(p) {
				return fmt.Errorf("square %v holds %d, which is not a Xiangqi piece", Square{file, rank}, uint8(p))
			}
		}
	}
	for _, m := range []struct {
		what string
		s    *Square
	}{{"last move's from", x.From}, {"last move's to", x.To}, {"check", x.Check}} {
		if m.s != nil && !m.s.engine().Valid() {
			return fmt.Errorf("%s square %v is off the board", m.what, *m.s)
		}
	}
	if x.Check != nil {
		if p := x.Board[x.Check.Rank][x.Check.File]; p.Kind() != xiangqi.General {
			return fmt.Errorf("check square %v has no general", *x.Check)
		}
	}
	if x.Ply < 0 {
		return fmt.Errorf("ply %d is negative", x.Ply)
	}
	return nil
}

// Xiangqi writes x as a PNG image to w.
func (r *Renderer) Xiangqi(w io.Writer, x *Xiangqi, opt Options) error {
	return r.encodeWith(w, func(dst *image.Paletted) (*image.Paletted, error) {
		return r.drawXiangqi(x, opt, dst, true)
	})
}

// XiangqiImage returns x as a paletted image.
func (r *Renderer) XiangqiImage(x *Xiangqi, opt Options) (*image.Paletted, error) {
	return r.drawXiangqi(x, opt, nil, true)
}

// screen returns the screen column and row of a square.
func (a *assets) screen(s Square) (col, row int) {
	if a.key.flip {
		return a.cols - 1 - s.File, s.Rank
	}
	return s.File, a.rows - 1 - s.Rank
}

// drawXiangqi draws x into dst (reused if big enough); turnPill is false
// for the moves of a replay.
func (r *Renderer) drawXiangqi(x *Xiangqi, opt Options, dst *image.Paletted, turnPill bool) (*image.Paletted, error) {
	if err := x.check(); err != nil {
		return nil, err
	}
	k, err := opt.key(xiangqiBoard, x.Flip)
	if err != nil {
		return nil, err
	}
	a, err := r.get(k)
	if err != nil {
		return nil, err
	}
	f := r.newFrame(a, dst)
	defer f.release()
	is := func(p *Square, s Square) bool { return p != nil && *p == s }
	for rank := range x.Board {
		for file, p := range x.Board[rank] {
			sq := Square{file, rank}
			from, to, check := is(x.From, sq), is(x.To, sq), is(x.Check, sq)
			if p == xiangqi.NoPiece && !from && !to {
				continue
			}
			box := a.box(a.screen(sq))
			f.patch(box, func(img *image.RGBA) {
				if check {
					draw.Draw(img, box, a.checkGlow, image.Point{}, draw.Over)
				}
				if p != xiangqi.NoPiece {
					draw.Draw(img, box, a.pieces[p.Side()][p.Kind()], image.Point{}, draw.Over)
				} else if from {
					draw.Draw(img, box, a.fromMark, image.Point{}, draw.Over)
				}
				if check {
					draw.Draw(img, box, a.checkRing, image.Point{}, draw.Over)
				}
				if from || to {
					draw.Draw(img, box, a.moveMark, image.Point{}, draw.Over)
				}
			})
		}
	}
	f.drawBandsText(&x.Header, x.Turn, x.Ply/2+1, (x.Ply+1)/2, turnPill) // moves: red's count
	return f.dst, nil
}

// drawXiangqiBoard draws the empty board: wood, the grid broken by the
// river, palaces, position marks, the river's words and coordinates.
func (a *assets) drawXiangqiBoard(dc *gg.Context, label, river font.Face) {
	a.drawWood(dc)
	x0, y0 := a.center(0, 0)
	x1, y1 := a.center(a.cols-1, a.rows-1)
	_, yr0 := a.center(0, 4)
	_, yr1 := a.center(0, 5)
	dc.SetColor(a.th.Line)
	dc.SetLineCapSquare()
	dc.SetLineWidth(a.lineWidth)
	for row := 0; row < a.rows; row++ {
		_, y := a.center(0, row)
		dc.DrawLine(x0, y, x1, y)
	}
	for col := 1; col < a.cols-1; col++ {
		x, _ := a.center(col, 0)
		dc.DrawLine(x, y0, x, yr0)
		dc.DrawLine(x, yr1, x, y1)
	}
	// Palaces (files d..f, three ranks at each end).
	for _, rows := range [][2]int{{0, 2}, {7, 9}} {
		xa, ya := a.center(3, rows[0])
		xb, yb := a.center(5, rows[1])
		dc.DrawLine(xa, ya, xb, yb)
		dc.DrawLine(xa, yb, xb, ya)
	}
	dc.Stroke()
	dc.SetLineWidth(2 * a.lineWidth)
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Stroke()
	e := 0.12 * float64(a.cell)
	dc.SetLineWidth(math.Max(1.5, a.lineWidth*1.5))
	dc.DrawRectangle(x0-e, y0-e, x1-x0+2*e, y1-y0+2*e)
	dc.Stroke()

	// Position marks for cannons and soldiers (symmetric, so the same in
	// both views).
	dc.SetLineWidth(a.lineWidth)
	g, l := 0.08*float64(a.cell), 0.2*float64(a.cell)
	mark := func(col, row int) {
		cx, cy := a.center(col, row)
		for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			if col == 0 && d[0] < 0 || col == a.cols-1 && d[0] > 0 {
				continue
			}
			x, y := cx+d[0]*g, cy+d[1]*g
			dc.MoveTo(x+d[0]*l, y)
			dc.LineTo(x, y)
			dc.LineTo(x, y+d[1]*l)
		}
	}
	for _, row := range []int{2, 7} {
		mark(1, row)
		mark(7, row)
	}
	for _, row := range []int{3, 6} {
		for col := 0; col < a.cols; col += 2 {
			mark(col, row)
		}
	}
	dc.Stroke()

	ym := (yr0 + yr1) / 2
	for i, r := range []rune(riverRunes) {
		x := x0 + [4]float64{1.5, 2.5, 5.5, 6.5}[i]*float64(a.cell)
		drawTextCentered(dc, river, string(r), x, ym, a.th.Label)
	}
	if a.key.noCoords {
		return
	}
	m := float64(a.origin.X)
	for file := 0; file < a.cols; file++ {
		col, _ := a.screen(Square{file, 0})
		x, _ := a.center(col, 0)
		s := string(rune('a' + file))
		drawTextCentered(dc, label, s, x, y0-0.6*m, a.th.Label)
		drawTextCentered(dc, label, s, x, y1+0.6*m, a.th.Label)
	}
	for rank := 0; rank < a.rows; rank++ {
		_, row := a.screen(Square{0, rank})
		_, y := a.center(0, row)
		s := strconv.Itoa(rank + 1)
		drawTextCentered(dc, label, s, x0-0.6*m, y, a.th.Label)
		drawTextCentered(dc, label, s, x1+0.6*m, y, a.th.Label)
	}
}

// xiangqiSprites builds the pieces and markers and returns them for
// palette sampling.
func (a *assets) xiangqiSprites(fs *fontSet, chars font.Face) ([]*image.RGBA, error) {
	th := a.th
	chars, engraved := chars, pieceChars
	if a.key.pieces == 1 {
		sans, err := newFace(fs.names, 0.56*float64(a.cell))
		if err != nil {
			return nil, err
		}
		chars, engraved = sans, simplifiedChars
	}
	var out []*image.RGBA
	for side := xiangqi.Red; side <= xiangqi.Black; side++ {
		for kind := xiangqi.General; kind <= xiangqi.Soldier; kind++ {
			a.pieces[side][kind] = a.sprite(func(dc *gg.Context, cx, cy, cell float64) {
				drawPiece(dc, th, chars, side, engraved[side][kind], cx, cy, cell)
			})
			out = append(out, a.pieces[side][kind])
		}
	}
	a.moveMark = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawMoveMark(dc, th, cx, cy, cell) })
	a.fromMark = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawFromDot(dc, th, cx, cy, cell) })
	a.checkGlow = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawCheckGlow(dc, th, cx, cy, cell) })
	a.checkRing = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawCheckRing(dc, th, cx, cy, cell) })
	out = append(out, a.moveMark, a.fromMark, a.checkGlow, a.checkRing)

	size := int(math.Round(0.62 * float64(a.top)))
	iconFont := fs.cjk
	if a.key.pieces == 1 {
		iconFont = fs.names
	}
	small, err := newFace(iconFont, 0.56*float64(size))
	if err != nil {
		return nil, err
	}
	for side := xiangqi.Red; side <= xiangqi.Black; side++ {
		dc := gg.NewContext(size, size)
		h := float64(size) / 2
		drawPiece(dc, th, small, side, engraved[side][xiangqi.General], h, h, float64(size))
		a.icons[side] = dc.Image().(*image.RGBA)
	}
	return out, nil
}

// drawPiece paints a round piece: shadow, ivory face, a rim and an inner
// ring in the side's colour, and the engraved character.
func drawPiece(dc *gg.Context, th *theme, chars font.Face, side engine.Side, ch string, cx, cy, cell float64) {
	r := 0.46 * cell
	ink := th.PieceRed
	if side == xiangqi.Black {
		ink = th.PieceBlack
	}
	dc.SetColor(color.NRGBA{0, 0, 0, 0x40})
	dc.DrawCircle(cx+0.04*r, cy+0.08*r, r)
	dc.Fill()
	g := gg.NewRadialGradient(cx-0.3*r, cy-0.35*r, 0, cx, cy, r)
	g.AddColorStop(0, color.RGBA{0xFF, 0xFB, 0xF0, 0xFF})
	g.AddColorStop(0.6, th.PieceFace)
	g.AddColorStop(1, color.RGBA{0xC9, 0xAE, 0x80, 0xFF})
	dc.SetFillStyle(g)
	dc.DrawCircle(cx, cy, r)
	dc.Fill()
	dc.SetColor(ink)
	dc.SetLineWidth(math.Max(1, 0.045*cell))
	dc.DrawCircle(cx, cy, r-0.5*math.Max(1, 0.045*cell))
	dc.Stroke()
	dc.SetLineWidth(math.Max(1, 0.025*cell))
	dc.DrawCircle(cx, cy, 0.78*r)
	dc.Stroke()
	drawTextCentered(dc, chars, ch, cx, cy, ink)
}

// drawMoveMark draws corner brackets around a square of the last move.
func drawMoveMark(dc *gg.Context, th *theme, cx, cy, cell float64) {
	w := math.Max(2, 0.065*cell)
	e, l := 0.5*cell-w/2-0.5, 0.2*cell
	dc.SetColor(th.MoveMark)
	dc.SetLineWidth(w)
	dc.SetLineCapSquare()
	for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		x, y := cx+d[0]*e, cy+d[1]*e
		dc.MoveTo(x-d[0]*l, y)
		dc.LineTo(x, y)
		dc.LineTo(x, y-d[1]*l)
	}
	dc.Stroke()
}

// drawFromDot marks the empty square a piece has just left.
func drawFromDot(dc *gg.Context, th *theme, cx, cy, cell float64) {
	dc.SetColor(th.MoveMark)
	dc.DrawCircle(cx, cy, 0.09*cell)
	dc.Fill()
}

// drawCheckGlow is the red halo under a general in check.
func drawCheckGlow(dc *gg.Context, th *theme, cx, cy, cell float64) {
	c := th.Check
	g := gg.NewRadialGradient(cx, cy, 0.3*cell, cx, cy, 0.5*cell)
	g.AddColorStop(0, color.NRGBA{c.R, c.G, c.B, 0xFF})
	g.AddColorStop(0.7, color.NRGBA{c.R, c.G, c.B, 0xE0})
	g.AddColorStop(1, color.NRGBA{c.R, c.G, c.B, 0})
	dc.SetFillStyle(g)
	dc.DrawCircle(cx, cy, 0.5*cell)
	dc.Fill()
}

// drawCheckRing recolours the rim of a general in check.
func drawCheckRing(dc *gg.Context, th *theme, cx, cy, cell float64) {
	w := 0.08 * cell
	dc.SetColor(th.Check)
	dc.SetLineWidth(w)
	dc.DrawCircle(cx, cy, 0.46*cell-w/2)
	dc.Stroke()
}
