package render

import (
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"
)

// Graph is a game's evaluation graph: the first player's expected score
// (0 lost, 1 won) in each position, from the start. It carries no words,
// so that it reads the same in every language: the message around it
// names the players and explains the marks.
type Graph struct {
	// Expected has one value per position: before the first move, then
	// after each move.
	Expected []float64
	// Marks are positions (indices into Expected) to mark with their
	// number, 1 first: the turning points the message lists.
	Marks []int
	// Xiangqi colours the sides red and black; otherwise black and
	// white (Gomoku).
	Xiangqi bool
}

// The graph's size at scale 1.
const (
	graphWidth  = BaseWidth
	graphHeight = 260
)

// EvalGraph draws g as a PNG in the theme and at the scale of opt.
func (r *Renderer) EvalGraph(w io.Writer, g Graph, opt Options) error {
	if len(g.Expected) < 2 {
		return fmt.Errorf("render: an evaluation graph needs two positions or more, got %d", len(g.Expected))
	}
	for i, e := range g.Expected {
		if !(e >= 0 && e <= 1) {
			return fmt.Errorf("render: expected score %v of position %d is not between 0 and 1", e, i)
		}
	}
	ti, err := themeByName(opt.Theme)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	th := &themes[ti]
	s := opt.Scale
	if s == 0 {
		s = 1
	}
	if s < 0.25 || s > 4 {
		return fmt.Errorf("render: scale %v is outside 0.25 to 4", s)
	}
	fs, err := loadFonts()
	if err != nil {
		return err
	}
	face, err := newFace(fs.bold, 15*s)
	if err != nil {
		return err
	}
	W, H := math.Round(graphWidth*s), math.Round(graphHeight*s)
	pad, left, bottom := 12*s, 50*s, 24*s
	x0, x1, y0, y1 := left, W-pad, pad, H-bottom // plot area: y0 top (first wins), y1 bottom
	n := len(g.Expected) - 1
	x := func(i int) float64 { return x0 + (x1-x0)*float64(i)/float64(n) }
	y := func(e float64) float64 { return y1 - (y1-y0)*e }

	first, second := th.BlackStone, th.WhiteStone
	if g.Xiangqi {
		first, second = th.PieceRed, th.PieceBlack
	}
	dc := gg.NewContext(int(W), int(H))
	dc.SetColor(th.Band)
	dc.Clear()
	// The second player's share fills the plot; the first player's rises
	// from the bottom to the curve.
	dc.SetColor(lighten(second, 0.15))
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Fill()
	dc.MoveTo(x0, y1)
	for i, e := range g.Expected {
		dc.LineTo(x(i), y(e))
	}
	dc.LineTo(x1, y1)
	dc.ClosePath()
	dc.SetColor(first)
	dc.Fill()

	// Even, and a grid every ten moves with the move numbers under it.
	dc.SetFontFace(face)
	dc.SetLineWidth(1.5 * s)
	dc.SetColor(th.BandDim)
	dc.SetDash(6*s, 4*s)
	dc.DrawLine(x0, y(0.5), x1, y(0.5))
	dc.Stroke()
	dc.SetDash()
	step := 10
	for n/step > 12 {
		step *= 2
	}
	dc.SetLineWidth(1 * s)
	for ply := 0; ply <= n; ply += step {
		dc.SetColor(th.BandDim)
		if ply > 0 && ply < n {
			dc.DrawLine(x(ply), y0, x(ply), y1)
			dc.Stroke()
		}
		if n-ply >= step/2 || ply == 0 {
			dc.DrawStringAnchored(strconv.Itoa(ply), x(ply), y1+4*s, 0.5, 1)
		}
	}
	dc.DrawStringAnchored(strconv.Itoa(n), x(n), y1+4*s, 0.5, 1)
	dc.SetColor(th.BandDim)
	for _, e := range []float64{0, 0.5, 1} {
		dc.DrawStringAnchored(strconv.Itoa(int(e*100))+"%", x0-5*s, y(e), 1, 0.35)
	}

	// The marks: a ring on the curve, and the mark's number in a badge
	// above it (below it near the top).
	for k, i := range g.Marks {
		if i < 0 || i > n {
			return fmt.Errorf("render: mark %d at position %d of %d", k+1, i, n)
		}
		cx, cy := x(i), y(g.Expected[i])
		dc.DrawCircle(cx, cy, 6*s)
		dc.SetColor(th.LastMove)
		dc.SetLineWidth(3 * s)
		dc.Stroke()
		by := cy - 20*s
		if by < y0+10*s {
			by = cy + 20*s
		}
		dc.DrawCircle(cx, by, 10*s)
		dc.SetColor(th.LastMove)
		dc.Fill()
		dc.SetColor(color.White)
		dc.DrawStringAnchored(strconv.Itoa(k+1), cx, by, 0.5, 0.35)
	}
	dc.SetColor(th.Border)
	dc.SetLineWidth(2 * s)
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Stroke()
	if err := png.Encode(w, dc.Image()); err != nil {
		return fmt.Errorf("render: encode evaluation graph: %w", err)
	}
	return nil
}

// lighten moves c a share f of the way to white.
func lighten(c color.RGBA, f float64) color.RGBA {
	l := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f) }
	return color.RGBA{l(c.R), l(c.G), l(c.B), c.A}
}
