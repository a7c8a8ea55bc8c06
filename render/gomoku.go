package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// Point is a Gomoku intersection in the engine's notation: X = 0 is column
// a (the letters include i), Y = 0 is row 1 at the bottom. On 15×15, h8 is
// Point{7, 7}, the centre.
type Point struct{ X, Y int }

// String returns the point in the engine's notation, e.g. "h8", or as
// "(x, y)" when it is on no board the engine has.
func (p Point) String() string {
	if p.X < 0 || p.X >= gomoku.Large || p.Y < 0 || p.Y >= gomoku.Large {
		return fmt.Sprintf("(%d, %d)", p.X, p.Y)
	}
	return gomoku.PointAt(p.X, p.Y).String()
}

// Gomoku is a Gomoku position to draw.
type Gomoku struct {
	Size int // gomoku.Small (15) or gomoku.Large (19)
	// Moves are the stones in the order played, black first: they give each
	// stone its colour and number. The last one is marked.
	Moves []Point
	// ShowNumbers writes each stone's move number on it.
	ShowNumbers bool
	// WinLine is the winning five (or more) to highlight, if any.
	WinLine []Point
	// Forbidden are renju forbidden points for black, marked when it is
	// black's turn (the caller decides; they must be empty points).
	Forbidden []Point
	Header    Header
}

// check validates g and returns its stones: 0 empty, 1 black, 2 white, and
// each stone's move number.
func (g *Gomoku) check() (kind gameKind, stones [gomoku.Large][gomoku.Large]uint8, numbers [gomoku.Large][gomoku.Large]int16, err error) {
	kind, err = gomokuKind(g.Size)
	if err != nil {
		return 0, stones, numbers, err
	}
	n := g.Size
	on := func(p Point) bool { return p.X >= 0 && p.X < n && p.Y >= 0 && p.Y < n }
	for i, p := range g.Moves {
		if !on(p) {
			return 0, stones, numbers, fmt.Errorf("move %d (%v) is off the %d×%d board", i+1, p, n, n)
		}
		if stones[p.X][p.Y] != 0 {
			return 0, stones, numbers, fmt.Errorf("move %d (%v) is on a point already played at move %d", i+1, p, numbers[p.X][p.Y])
		}
		stones[p.X][p.Y] = uint8(i%2) + 1
		numbers[p.X][p.Y] = int16(i + 1)
	}
	for _, p := range g.WinLine {
		if !on(p) || stones[p.X][p.Y] == 0 {
			return 0, stones, numbers, fmt.Errorf("winning line point %v has no stone", p)
		}
	}
	for _, p := range g.Forbidden {
		if !on(p) {
			return 0, stones, numbers, fmt.Errorf("forbidden point %v is off the %d×%d board", p, n, n)
		}
		if stones[p.X][p.Y] != 0 {
			return 0, stones, numbers, fmt.Errorf("forbidden point %v already has a stone", p)
		}
	}
	return kind, stones, numbers, nil
}

// Gomoku writes g as a PNG image to w.
func (r *Renderer) Gomoku(w io.Writer, g *Gomoku, opt Options) error {
	return r.encodeWith(w, func(dst *image.Paletted) (*image.Paletted, error) {
		return r.drawGomoku(g, opt, dst, true)
	})
}

// GomokuImage returns g as a paletted image.
func (r *Renderer) GomokuImage(g *Gomoku, opt Options) (*image.Paletted, error) {
	return r.drawGomoku(g, opt, nil, true)
}

// drawGomoku draws g into dst (reused if big enough); turnPill is false
// for the moves of a replay.
func (r *Renderer) drawGomoku(g *Gomoku, opt Options, dst *image.Paletted, turnPill bool) (*image.Paletted, error) {
	kind, stones, numbers, err := g.check()
	if err != nil {
		return nil, err
	}
	k, err := opt.key(kind, false)
	if err != nil {
		return nil, err
	}
	a, err := r.get(k)
	if err != nil {
		return nil, err
	}
	f := r.newFrame(a, dst)
	defer f.release()

	n := g.Size
	var marks [gomoku.Large][gomoku.Large]uint8
	const (
		markWin = 1 << iota
		markForbidden
		markLast
	)
	for _, p := range g.WinLine {
		marks[p.X][p.Y] |= markWin
	}
	for _, p := range g.Forbidden {
		marks[p.X][p.Y] |= markForbidden
	}
	if len(g.Moves) > 0 {
		p := g.Moves[len(g.Moves)-1]
		marks[p.X][p.Y] |= markLast
	}
	var digits [8]byte
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			s, m := stones[x][y], marks[x][y]
			if s == 0 && m == 0 {
				continue
			}
			col, row := x, n-1-y
			box := a.box(col, row)
			f.patch(box, func(img *image.RGBA) {
				if s == 0 {
					draw.Draw(img, box, a.forbidden, image.Point{}, draw.Over)
					return
				}
				draw.Draw(img, box, a.stones[s-1], image.Point{}, draw.Over)
				if m&markWin != 0 {
					draw.Draw(img, box, a.winRing, image.Point{}, draw.Over)
				}
				switch {
				case g.ShowNumbers:
					num := strconv.AppendInt(digits[:0], int64(numbers[x][y]), 10)
					face := a.number[0]
					if len(num) > 2 {
						face = a.number[1]
					}
					c := a.th.WhiteStone
					if s == 2 {
						c = a.th.BlackStone
					}
					if m&markLast != 0 {
						c = a.th.LastMove
					}
					cx, cy := a.center(col, row)
					face.drawCentered(img, string(num), int(cx), int(cy), c)
				case m&markLast != 0:
					draw.Draw(img, box, a.lastDot, image.Point{}, draw.Over)
				}
			})
		}
	}
	turn := engine.Side(len(g.Moves) % 2)
	f.drawBandsText(&g.Header, turn, len(g.Moves)+1, len(g.Moves), turnPill)
	return f.dst, nil
}

// starPoints returns the hoshi of an n×n board as (column, row) indices.
func starPoints(n int) [][2]int {
	if n == 19 {
		var s [][2]int
		for _, x := range []int{3, 9, 15} {
			for _, y := range []int{3, 9, 15} {
				s = append(s, [2]int{x, y})
			}
		}
		return s
	}
	c, e := n/2, 3
	return [][2]int{{e, e}, {n - 1 - e, e}, {c, c}, {e, n - 1 - e}, {n - 1 - e, n - 1 - e}}
}

// drawWood fills the board area with the theme's wood: a gradient and, for
// wood themes, faint grain. The grain runs along rows so that the paletted
// image keeps long runs and compresses well.
func (a *assets) drawWood(dc *gg.Context) {
	br := a.boardRect()
	grad := gg.NewLinearGradient(0, float64(br.Min.Y), 0, float64(br.Max.Y))
	grad.AddColorStop(0, a.th.WoodTop)
	grad.AddColorStop(1, a.th.WoodBottom)
	dc.SetFillStyle(grad)
	dc.DrawRectangle(float64(br.Min.X), float64(br.Min.Y), float64(br.Dx()), float64(br.Dy()))
	dc.Fill()
	if a.th.GrainStrength > 0 {
		rng := rand.New(rand.NewPCG(15, 19)) // fixed: the board is the same every time
		for y := float64(br.Min.Y); y < float64(br.Max.Y); {
			h := (1 + 3*rng.Float64()) * a.scale
			alpha := a.th.GrainStrength * (0.025 + 0.05*rng.Float64())
			dc.SetColor(color.NRGBA{0x6B, 0x3E, 0x12, uint8(255 * alpha)})
			dc.DrawRectangle(float64(br.Min.X), y, float64(br.Dx()), h)
			dc.Fill()
			y += h + (2+9*rng.Float64())*a.scale
		}
	}
	// A darker edge makes the board a slab between the bands.
	dc.SetColor(a.th.Border)
	e := math.Max(1, math.Round(3*a.scale))
	dc.DrawRectangle(0, float64(br.Min.Y), float64(br.Dx()), e)
	dc.DrawRectangle(0, float64(br.Max.Y)-e, float64(br.Dx()), e)
	dc.Fill()
}

// drawGomokuBoard draws the empty board: wood, grid, star points and the
// coordinates in the engine's notation on all four sides.
func (a *assets) drawGomokuBoard(dc *gg.Context, label font.Face) {
	a.drawWood(dc)
	n := a.cols
	x0, y0 := a.center(0, 0)
	x1, y1 := a.center(n-1, n-1)
	dc.SetColor(a.th.Line)
	dc.SetLineCapSquare()
	dc.SetLineWidth(a.lineWidth)
	for i := 0; i < n; i++ {
		x, y := a.center(i, i)
		dc.DrawLine(x, y0, x, y1)
		dc.DrawLine(x0, y, x1, y)
	}
	dc.Stroke()
	dc.SetLineWidth(2 * a.lineWidth)
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Stroke()
	for _, s := range starPoints(n) {
		x, y := a.center(s[0], s[1])
		dc.DrawCircle(x, y, math.Max(2.5, 0.11*float64(a.cell)))
	}
	dc.Fill()

	if a.key.noCoords {
		return
	}
	m := float64(a.origin.X)
	for i := 0; i < n; i++ {
		x, y := a.center(i, i)
		letter := string(rune('a' + i))
		drawTextCentered(dc, label, letter, x, y0-0.55*m, a.th.Label)
		drawTextCentered(dc, label, letter, x, y1+0.55*m, a.th.Label)
		num := strconv.Itoa(n - i)
		drawTextCentered(dc, label, num, x0-0.55*m, y, a.th.Label)
		drawTextCentered(dc, label, num, x1+0.55*m, y, a.th.Label)
	}
}

// gomokuSprites builds the stones and markers and returns them for palette
// sampling.
func (a *assets) gomokuSprites() []*image.RGBA {
	th := a.th
	for s := 0; s < 2; s++ {
		a.stones[s] = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawStone(dc, th, s, cx, cy, cell) })
	}
	a.lastDot = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawLastDot(dc, th, cx, cy, cell) })
	a.winRing = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawWinRing(dc, th, cx, cy, cell) })
	a.forbidden = a.sprite(func(dc *gg.Context, cx, cy, cell float64) { drawForbidden(dc, th, cx, cy, cell) })
	size := int(math.Round(0.56 * float64(a.top)))
	for s := 0; s < 2; s++ {
		dc := gg.NewContext(size, size)
		drawStone(dc, th, s, float64(size)/2, float64(size)/2, float64(size))
		a.icons[s] = dc.Image().(*image.RGBA)
	}
	// Numbered and marked stones, so their colours are in the palette.
	sample := a.sprite(func(dc *gg.Context, cx, cy, cell float64) {
		drawStone(dc, th, 0, cx, cy, cell)
		drawWinRing(dc, th, cx, cy, cell)
		drawLastDot(dc, th, cx, cy, cell)
	})
	return []*image.RGBA{a.stones[0], a.stones[1], a.lastDot, a.winRing, a.forbidden, sample}
}

// drawStone paints a shaded stone of side s (0 black, 1 white) with its
// soft shadow, filling 94% of a cell.
func drawStone(dc *gg.Context, th *theme, s int, cx, cy, cell float64) {
	r := 0.47 * cell
	dc.SetColor(color.NRGBA{0, 0, 0, 0x30})
	dc.DrawCircle(cx+0.05*r, cy+0.08*r, r)
	dc.Fill()
	dc.SetColor(color.NRGBA{0, 0, 0, 0x20})
	dc.DrawCircle(cx+0.03*r, cy+0.05*r, r*1.02)
	dc.Fill()
	g := gg.NewRadialGradient(cx-0.35*r, cy-0.4*r, 0, cx, cy, r)
	if s == 0 {
		g.AddColorStop(0, color.RGBA{0x70, 0x70, 0x76, 0xFF})
		g.AddColorStop(0.45, color.RGBA{0x2A, 0x2A, 0x2E, 0xFF})
		g.AddColorStop(1, th.BlackStone)
	} else {
		g.AddColorStop(0, color.RGBA{0xFF, 0xFF, 0xFF, 0xFF})
		g.AddColorStop(0.55, th.WhiteStone)
		g.AddColorStop(1, color.RGBA{0xC8, 0xC2, 0xB4, 0xFF})
	}
	dc.SetFillStyle(g)
	dc.DrawCircle(cx, cy, r)
	dc.Fill()
	rim := th.BlackRim
	if s == 1 {
		rim = th.WhiteRim
	}
	dc.SetColor(rim)
	dc.SetLineWidth(math.Max(1, 0.035*cell))
	dc.DrawCircle(cx, cy, r-0.5*math.Max(1, 0.035*cell))
	dc.Stroke()
}

// drawLastDot marks the last stone played.
func drawLastDot(dc *gg.Context, th *theme, cx, cy, cell float64) {
	dc.SetColor(th.LastMove)
	dc.DrawCircle(cx, cy, 0.17*cell)
	dc.Fill()
}

// drawWinRing circles a stone of the winning line.
func drawWinRing(dc *gg.Context, th *theme, cx, cy, cell float64) {
	w := 0.09 * cell
	dc.SetColor(th.WinRing)
	dc.SetLineWidth(w)
	dc.DrawCircle(cx, cy, 0.47*cell-w/2)
	dc.Stroke()
}

// drawForbidden crosses out a renju forbidden point.
func drawForbidden(dc *gg.Context, th *theme, cx, cy, cell float64) {
	d := 0.2 * cell
	dc.SetColor(th.Forbidden)
	dc.SetLineWidth(0.085 * cell)
	dc.SetLineCapRound()
	dc.DrawLine(cx-d, cy-d, cx+d, cy+d)
	dc.DrawLine(cx-d, cy+d, cx+d, cy-d)
	dc.Stroke()
}
