package render

import (
	"bufio"
	"compress/lzw"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"time"
)

// ReplayOptions choose how a replay looks and runs.
type ReplayOptions struct {
	Options
	// Delay is how long each move is shown (default 600 ms) and Hold how
	// long the final position is shown before the replay loops (default
	// 5 s). GIF delays are in hundredths of a second.
	Delay, Hold time.Duration
}

func (o ReplayOptions) delays() (delay, hold int, err error) {
	d, h := o.Delay, o.Hold
	if d == 0 {
		d = 600 * time.Millisecond
	}
	if h == 0 {
		h = 5 * time.Second
	}
	if d < 20*time.Millisecond || d > time.Minute || h < 20*time.Millisecond || h > time.Minute {
		return 0, 0, fmt.Errorf("replay delays must be between 20ms and 1m (got %v and %v)", o.Delay, o.Hold)
	}
	return int(d / (10 * time.Millisecond)), int(h / (10 * time.Millisecond)), nil
}

// transparent is the palette index GIF delta frames use for "unchanged";
// board palettes never use it (they have at most maxColors colours).
const transparent = maxColors

// GomokuReplay writes an animated GIF of g's game: the empty board, then
// one frame per move, the last one (g itself, with its win line and
// result) held longer. Frames after the first hold only what changed, so a
// full 225-move game stays small; to keep them small the header highlights
// no player until the last frame (the footer says whose turn it is).
func (r *Renderer) GomokuReplay(w io.Writer, g *Gomoku, opt ReplayOptions) error {
	if _, _, _, err := g.check(); err != nil {
		return err
	}
	n := len(g.Moves)
	return r.replay(w, n+1, opt, func(i int, dst *image.Paletted) (*image.Paletted, error) {
		if i == n {
			return r.drawGomoku(g, opt.Options, dst, true)
		}
		step := Gomoku{Size: g.Size, Moves: g.Moves[:i], ShowNumbers: g.ShowNumbers, Header: Header{Players: g.Header.Players, Words: g.Header.Words}}
		return r.drawGomoku(&step, opt.Options, dst, false)
	})
}

// XiangqiReplay writes an animated GIF with one frame per position: pass
// the starting position and the position after each move (so moves+1
// positions); the last is held longer. All must have the same Flip.
func (r *Renderer) XiangqiReplay(w io.Writer, positions []Xiangqi, opt ReplayOptions) error {
	if len(positions) == 0 {
		return errors.New("a replay needs at least one position")
	}
	for i := range positions {
		if err := positions[i].check(); err != nil {
			return fmt.Errorf("position %d: %w", i, err)
		}
		if positions[i].Flip != positions[0].Flip {
			return fmt.Errorf("position %d is flipped differently from the first", i)
		}
	}
	return r.replay(w, len(positions), opt, func(i int, dst *image.Paletted) (*image.Paletted, error) {
		return r.drawXiangqi(&positions[i], opt.Options, dst, i == len(positions)-1)
	})
}

// replay streams frames 0..n-1 as a GIF: the first whole, the others as the
// bounding box of what changed, unchanged pixels transparent. Only two
// frames are in memory at any time.
func (r *Renderer) replay(w io.Writer, n int, opt ReplayOptions, frame func(i int, dst *image.Paletted) (*image.Paletted, error)) error {
	delay, hold, err := opt.delays()
	if err != nil {
		return err
	}
	gw := &gifWriter{w: bufio.NewWriterSize(w, 32<<10)}
	var prev, cur *image.Paletted
	var delta []byte
	for i := 0; i < n; i++ {
		if cur, err = frame(i, cur); err != nil {
			return fmt.Errorf("replay frame %d: %w", i, err)
		}
		d := delay
		if i == n-1 {
			d = hold
		}
		if i == 0 {
			gw.header(cur.Rect.Dx(), cur.Rect.Dy(), cur.Palette)
			gw.frame(cur.Rect, cur.Pix, d)
		} else {
			box := changed(prev, cur)
			if box.Empty() {
				box = image.Rect(0, 0, 1, 1) // a frame must have a pixel; it is transparent
			}
			delta = deltaPixels(delta, prev, cur, box)
			gw.frame(box, delta, d)
		}
		prev, cur = cur, prev
	}
	gw.trailer()
	if gw.err != nil {
		return fmt.Errorf("render: write GIF: %w", gw.err)
	}
	return nil
}

// changed returns the bounding box of the pixels that differ.
func changed(a, b *image.Paletted) image.Rectangle {
	var box image.Rectangle
	w := a.Rect.Dx()
	for y := 0; y < a.Rect.Dy(); y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		if string(ra) == string(rb) {
			continue
		}
		x0, x1 := 0, w
		for x0 < w && ra[x0] == rb[x0] {
			x0++
		}
		for x1 > x0 && ra[x1-1] == rb[x1-1] {
			x1--
		}
		box = box.Union(image.Rect(x0, y, x1, y+1))
	}
	return box
}

// deltaPixels returns cur's pixels in box, with those equal to prev's made
// transparent.
func deltaPixels(buf []byte, prev, cur *image.Paletted, box image.Rectangle) []byte {
	buf = buf[:0]
	for y := box.Min.Y; y < box.Max.Y; y++ {
		p := prev.Pix[prev.PixOffset(box.Min.X, y):prev.PixOffset(box.Max.X, y)]
		c := cur.Pix[cur.PixOffset(box.Min.X, y):cur.PixOffset(box.Max.X, y)]
		for x := range c {
			if c[x] == p[x] {
				buf = append(buf, transparent)
			} else {
				buf = append(buf, c[x])
			}
		}
	}
	return buf
}

// gifWriter writes a GIF89a stream frame by frame (image/gif can only
// encode a whole animation held in memory). The first error sticks.
type gifWriter struct {
	w   *bufio.Writer
	lzw *lzw.Writer // reused between frames
	err error
	blk [256]byte // a data sub-block: length byte then up to 255 bytes
	n   int
}

func (g *gifWriter) write(b ...byte) {
	if g.err == nil {
		_, g.err = g.w.Write(b)
	}
}

func le16(v int) (byte, byte) { return byte(v), byte(v >> 8) }

// header writes the signature, the screen, a 256-entry global palette
// (index 255 transparent) and the looping extension.
func (g *gifWriter) header(w, h int, p color.Palette) {
	g.write([]byte("GIF89a")...)
	wl, wh := le16(w)
	hl, hh := le16(h)
	g.write(wl, wh, hl, hh, 0xF7, 0, 0) // global table of 2^(7+1) colours
	var table [3 * 256]byte
	for i, c := range p {
		if i >= transparent {
			break
		}
		r, gg, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gg>>8), byte(b>>8)
	}
	g.write(table[:]...)
	g.write(0x21, 0xFF, 11)
	g.write([]byte("NETSCAPE2.0")...)
	g.write(3, 1, 0, 0, 0) // loop forever
}

// frame writes one image: its delay in 1/100 s, drawn over the previous
// frame (disposal "do not dispose"), index 255 transparent.
func (g *gifWriter) frame(r image.Rectangle, pix []byte, delay int) {
	dl, dh := le16(delay)
	g.write(0x21, 0xF9, 4, 1<<2|1, dl, dh, transparent, 0)
	xl, xh := le16(r.Min.X)
	yl, yh := le16(r.Min.Y)
	wl, wh := le16(r.Dx())
	hl, hh := le16(r.Dy())
	g.write(0x2C, xl, xh, yl, yh, wl, wh, hl, hh, 0)
	g.write(8) // LZW minimum code size for 8-bit indices
	if g.lzw == nil {
		g.lzw = lzw.NewWriter(g, lzw.LSB, 8).(*lzw.Writer)
	} else {
		g.lzw.Reset(g, lzw.LSB, 8)
	}
	if _, err := g.lzw.Write(pix); err != nil && g.err == nil {
		g.err = err
	}
	if err := g.lzw.Close(); err != nil && g.err == nil {
		g.err = err
	}
	g.flushBlock()
	g.write(0) // end of the image data
}

// Write packs LZW output into sub-blocks of at most 255 bytes.
func (g *gifWriter) Write(p []byte) (int, error) {
	for _, b := range p {
		g.n++
		g.blk[g.n] = b
		if g.n == 255 {
			g.flushBlock()
		}
	}
	return len(p), g.err
}

func (g *gifWriter) flushBlock() {
	if g.n == 0 {
		return
	}
	g.blk[0] = byte(g.n)
	g.write(g.blk[:g.n+1]...)
	g.n = 0
}

func (g *gifWriter) trailer() {
	g.write(0x3B)
	if g.err == nil {
		g.err = g.w.Flush()
	}
}
