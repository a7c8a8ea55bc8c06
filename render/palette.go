package render

import (
	"image"
	"image/color"
	"slices"
)

// lutBits is the precision per channel of the colour-to-index lookup table.
const lutBits = 6

// maxColors is the size of a board palette: one index short of 256 so that
// GIF replays can use index 255 as the transparent colour of delta frames.
const maxColors = 255

// palette is a fixed palette of at most maxColors colours made for one board
// (theme and size), with a lookup table from colour to nearest index, so that
// turning a freshly drawn patch into palette indices costs one table load
// per pixel. It is immutable once built.
type palette struct {
	colors color.Palette
	lut    []uint8 // indexed by lutKey
}

func lutKey(r, g, b uint8) int {
	const s = 8 - lutBits
	return int(r>>s)<<(2*lutBits) | int(g>>s)<<lutBits | int(b>>s)
}

// newPalette builds a palette that contains every colour of keep exactly and
// fills the rest by median cut over the pixels of samples (which are the
// board, the sprites and text that can appear on it).
func newPalette(keep []color.RGBA, samples ...*image.RGBA) *palette {
	type bin struct {
		key        int
		n          int
		sr, sg, sb int
	}
	bins := make(map[int]*bin)
	for _, img := range samples {
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
			for i := 0; i+3 < len(row); i += 4 {
				if row[i+3] != 0xFF {
					continue // sprites are sampled where they are opaque
				}
				k := lutKey(row[i], row[i+1], row[i+2])
				e := bins[k]
				if e == nil {
					e = &bin{key: k}
					bins[k] = e
				}
				e.n++
				e.sr += int(row[i])
				e.sg += int(row[i+1])
				e.sb += int(row[i+2])
			}
		}
	}

	var colors color.Palette
	seen := make(map[color.RGBA]bool)
	for _, c := range keep {
		if !seen[c] {
			seen[c] = true
			colors = append(colors, c)
		}
	}

	// Median cut: split the box whose widest channel is widest, at the
	// weighted median of that channel, until the palette is full.
	all := make([]*bin, 0, len(bins))
	for _, e := range bins {
		all = append(all, e)
	}
	slices.SortFunc(all, func(a, b *bin) int { return a.key - b.key }) // deterministic
	channel := func(e *bin, c int) int {
		switch c {
		case 0:
			return e.sr / e.n
		case 1:
			return e.sg / e.n
		}
		return e.sb / e.n
	}
	widest := func(box []*bin) (ch, width int) {
		for c := 0; c < 3; c++ {
			lo, hi := 255, 0
			for _, e := range box {
				v := channel(e, c)
				lo, hi = min(lo, v), max(hi, v)
			}
			if hi-lo > width {
				ch, width = c, hi-lo
			}
		}
		return ch, width
	}
	boxes := [][]*bin{all}
	for len(colors)+len(boxes) < maxColors {
		best, bestW, bestCh := -1, 0, 0
		for i, box := range boxes {
			if len(box) < 2 {
				continue
			}
			ch, w := widest(box)
			if w > bestW {
				best, bestW, bestCh = i, w, ch
			}
		}
		if best < 0 {
			break
		}
		box := boxes[best]
		slices.SortStableFunc(box, func(a, b *bin) int { return channel(a, bestCh) - channel(b, bestCh) })
		total := 0
		for _, e := range box {
			total += e.n
		}
		cut, acc := 1, 0
		for i, e := range box[:len(box)-1] {
			acc += e.n
			cut = i + 1
			if 2*acc >= total {
				break
			}
		}
		boxes[best] = box[:cut]
		boxes = append(boxes, box[cut:])
	}
	for _, box := range boxes {
		var n, r, g, b int
		for _, e := range box {
			n, r, g, b = n+e.n, r+e.sr, g+e.sg, b+e.sb
		}
		if n == 0 {
			continue
		}
		c := color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 0xFF}
		if !seen[c] {
			seen[c] = true
			colors = append(colors, c)
		}
	}

	p := &palette{colors: colors, lut: make([]uint8, 1<<(3*lutBits))}
	pr := make([]int32, len(colors))
	pg := make([]int32, len(colors))
	pb := make([]int32, len(colors))
	for i, c := range colors {
		rc := c.(color.RGBA)
		pr[i], pg[i], pb[i] = int32(rc.R), int32(rc.G), int32(rc.B)
	}
	const step = 1 << (8 - lutBits)
	for k := range p.lut {
		r := int32(k>>(2*lutBits))*step + step/2
		g := int32(k>>lutBits&(1<<lutBits-1))*step + step/2
		b := int32(k&(1<<lutBits-1))*step + step/2
		best, bestD := 0, int32(1<<30)
		for i := range pr {
			dr, dg, db := pr[i]-r, pg[i]-g, pb[i]-b
			// Weighted towards green, as the eye is.
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		p.lut[k] = uint8(best)
	}
	return p
}

// quantize writes the palette indices of src's pixels in r into dst.
// src must be opaque (boards are).
func (p *palette) quantize(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(src.Rect).Intersect(dst.Rect)
	lut := p.lut
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		for i := range d {
			px := s[4*i : 4*i+3 : 4*i+3]
			d[i] = lut[lutKey(px[0], px[1], px[2])]
		}
	}
}
