package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Options choose how a board looks. The zero value is the default: the light
// wood theme at scale 1 (boards 720 pixels wide).
type Options struct {
	// Theme is a name from ThemeNames: "wood" (default) or "dark".
	Theme string
	// Scale multiplies every dimension; 0 means 1. Allowed: 0.25 to 4, in
	// steps of 0.05 (it is rounded), so that the cache stays small.
	Scale float64
	// Pieces is the style of the Xiangqi pieces, a name from PieceStyles:
	// "traditional" (default: 帥傌俥, serif) or "simplified" (帅马车, sans).
	// Gomoku boards ignore it.
	Pieces string
	// NoCoordinates leaves the coordinates out of the board's margins.
	NoCoordinates bool
}

// PieceStyles lists the names Options.Pieces accepts, default first.
func PieceStyles() []string { return []string{"traditional", "simplified"} }

// pieceStyle returns the index of the piece style called name
// (case-insensitive; "" is the default).
func pieceStyle(name string) (int, error) {
	if name == "" {
		return 0, nil
	}
	for i, n := range PieceStyles() {
		if strings.EqualFold(n, name) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown piece style %q (known: %s)", name, strings.Join(PieceStyles(), ", "))
}

// BaseWidth is the width in pixels of every board image at scale 1.
const BaseWidth = 720

// cacheBudget bounds the memory a Renderer spends on cached boards (theme,
// size, scale, view): about 3.3 MB each at scale 1, 16 times that at 4.
const cacheBudget = 96 << 20

// gameKind says which board a cache entry holds.
type gameKind uint8

const (
	gomoku15 gameKind = iota
	gomoku19
	xiangqiBoard
)

// boards is the read-only table of what each kind of board is: the
// intersections across and down, as the engines count them, and the margin
// around the grid, in cells, which holds the coordinates.
var boards = [...]struct {
	cols, rows int
	margin     float64
}{
	gomoku15:     {gomoku.Small, gomoku.Small, 2.6},
	gomoku19:     {gomoku.Large, gomoku.Large, 2.6},
	xiangqiBoard: {xiangqi.Files, xiangqi.Ranks, 2.3},
}

// gomokuKind returns the board of a size×size Gomoku game.
func gomokuKind(size int) (gameKind, error) {
	for _, k := range [...]gameKind{gomoku15, gomoku19} {
		if boards[k].cols == size {
			return k, nil
		}
	}
	return 0, fmt.Errorf("board size %d is not supported (%d or %d)", size, gomoku.Small, gomoku.Large)
}

// assetKey identifies everything that does not change between positions.
type assetKey struct {
	kind  gameKind
	theme int
	scale int // hundredths
	flip  bool
	// pieces is the Xiangqi piece style (always 0 for Gomoku), noCoords
	// leaves the coordinates out.
	pieces   int
	noCoords bool
}

// Renderer draws boards. It caches each board's static parts the first time
// they are needed, so keep one Renderer for the life of the program. It is
// safe for concurrent use: cached assets are immutable, and fonts are only
// rasterised under a lock. The zero Renderer is ready to use.
type Renderer struct {
	mu     sync.Mutex
	assets map[assetKey]*assetEntry
	cached int // bytes, estimated by assetBytes
	budget int // at most this many cached bytes (beyond the board in use)

	scratch sync.Pool // *[]byte, RGBA pixels of patches
	images  sync.Pool // *image.Paletted, images being encoded
	pngBufs pngPool
}

type assetEntry struct {
	once  sync.Once
	a     *assets
	err   error
	bytes int
}

// assetBytes estimates the memory of k's assets: the board in true colour
// and as indices, and the palette's lookup table.
func assetBytes(k assetKey) int {
	g := geometry(k)
	return 5*g.w*g.h + 1<<(3*lutBits)
}

// NewRenderer returns a Renderer with an empty cache (the same as
// new(Renderer)).
func NewRenderer() *Renderer {
	return &Renderer{}
}

// key validates opts and returns the cache key for a board of the given kind.
func (o Options) key(kind gameKind, flip bool) (assetKey, error) {
	th, err := themeByName(o.Theme)
	if err != nil {
		return assetKey{}, err
	}
	s := o.Scale
	if s == 0 {
		s = 1
	}
	if math.IsNaN(s) || s < 0.25 || s > 4 {
		return assetKey{}, fmt.Errorf("scale %g is out of range (0.25 to 4)", o.Scale)
	}
	pieces := 0
	if kind == xiangqiBoard {
		if pieces, err = pieceStyle(o.Pieces); err != nil {
			return assetKey{}, err
		}
	}
	return assetKey{kind: kind, theme: th, scale: int(math.Round(s*20)) * 5, flip: flip, pieces: pieces, noCoords: o.NoCoordinates}, nil
}

// get returns the assets for k, building them once.
func (r *Renderer) get(k assetKey) (*assets, error) {
	r.mu.Lock()
	if r.assets == nil {
		r.assets = make(map[assetKey]*assetEntry)
	}
	if r.budget == 0 {
		r.budget = cacheBudget
	}
	e, ok := r.assets[k]
	if !ok {
		e = &assetEntry{bytes: assetBytes(k)}
		// Evict arbitrary boards until the new one fits; renders holding
		// an evicted board keep using it.
		for old, oe := range r.assets {
			if r.cached+e.bytes <= r.budget {
				break
			}
			delete(r.assets, old)
			r.cached -= oe.bytes
		}
		r.assets[k] = e
		r.cached += e.bytes
	}
	r.mu.Unlock()
	e.once.Do(func() {
		e.a, e.err = buildAssets(k)
		if e.err != nil {
			e.err = fmt.Errorf("render: build board: %w", e.err)
		}
	})
	return e.a, e.err
}

// frame is one image being drawn: a copy of the static board's indices
// into which patches are drawn in true colour and quantised back.
type frame struct {
	r   *Renderer
	a   *assets
	dst *image.Paletted
	buf *[]byte
}

// newFrame starts a frame on a, reusing dst's pixels when it is big enough.
func (r *Renderer) newFrame(a *assets, dst *image.Paletted) *frame {
	n := len(a.basePal.Pix)
	if dst == nil || cap(dst.Pix) < n {
		dst = image.NewPaletted(a.base.Rect, a.pal.colors)
	} else {
		*dst = image.Paletted{Pix: dst.Pix[:n], Stride: a.basePal.Stride, Rect: a.basePal.Rect, Palette: a.pal.colors}
	}
	copy(dst.Pix, a.basePal.Pix)
	bp, _ := r.scratch.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	return &frame{r: r, a: a, dst: dst, buf: bp}
}

func (f *frame) release() {
	f.r.scratch.Put(f.buf)
	f.buf = nil
}

// patch redraws rect: it starts from the static board's true colours, lets
// paint draw over them, and quantises the result into the frame. Patches of
// one frame must not overlap (each point owns its cell).
func (f *frame) patch(rect image.Rectangle, paint func(img *image.RGBA)) {
	rect = rect.Intersect(f.a.base.Rect)
	if rect.Empty() {
		return
	}
	n := 4 * rect.Dx() * rect.Dy()
	if cap(*f.buf) < n {
		*f.buf = make([]byte, n)
	}
	img := &image.RGBA{Pix: (*f.buf)[:n], Stride: 4 * rect.Dx(), Rect: rect}
	base := f.a.base
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(rect.Min.X, y):img.PixOffset(rect.Max.X, y)],
			base.Pix[base.PixOffset(rect.Min.X, y):base.PixOffset(rect.Max.X, y)])
	}
	paint(img)
	f.a.pal.quantize(f.dst, img, rect)
}

// pngPool lets the PNG encoder reuse its buffers between images.
type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// encodePNG writes img as a paletted PNG, trading a little size for speed.
func (r *Renderer) encodePNG(w io.Writer, img *image.Paletted) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &r.pngBufs}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("render: encode PNG: %w", err)
	}
	return nil
}

// encodeWith draws an image with paint into a pooled image and writes it
// to w as PNG.
func (r *Renderer) encodeWith(w io.Writer, paint func(dst *image.Paletted) (*image.Paletted, error)) error {
	dst, _ := r.images.Get().(*image.Paletted)
	img, err := paint(dst)
	if err != nil {
		if dst != nil {
			r.images.Put(dst)
		}
		return err
	}
	err = r.encodePNG(w, img)
	r.images.Put(img)
	return err
}
