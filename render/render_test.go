package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// goldenCases are the reference images: both games, both Gomoku boards,
// both themes, a finished game of each, a check, renju forbidden points and
// the flipped view.
func goldenCases(t *testing.T) []struct {
	name  string
	opt   Options
	paint func(r *Renderer) (*image.Paletted, error)
} {
	win := &Gomoku{Size: 15,
		Moves:   points(t, "h8 h9 i9 j8 g9 g8 i7 i8 k8 f7 g7 h7 j10 k11 e8 j6 f6"),
		WinLine: points(t, "f6 g7 h8 i9 j10"),
		Header: Header{Players: [2]Player{{Name: "Alice"}, {Name: "Bob"}},
			Outcome: engine.WinFor(engine.First, engine.Five)},
	}
	// Black to play; j8 would make two open threes (h8-i8-j8, j8-j9-j10).
	renju := &Gomoku{Size: 15,
		Moves:     points(t, "h8 h9 i8 g7 j10 k11 j9 g9"),
		Forbidden: points(t, "j8"),
		Header:    Header{Players: [2]Player{{Name: "Chen"}, {AI: true, Level: 7}}},
	}
	numbered := midGomoku(19, 41)
	numbered.ShowNumbers = true
	flipped := *midXiangqi(t)
	flipped.Flip = true
	type c = struct {
		name  string
		opt   Options
		paint func(r *Renderer) (*image.Paletted, error)
	}
	cases := []c{
		{"gomoku15_mid", Options{}, func(r *Renderer) (*image.Paletted, error) { return r.GomokuImage(midGomoku(15, 60), Options{}) }},
		{"gomoku15_win", Options{}, func(r *Renderer) (*image.Paletted, error) { return r.GomokuImage(win, Options{}) }},
		{"gomoku15_renju", Options{}, func(r *Renderer) (*image.Paletted, error) { return r.GomokuImage(renju, Options{}) }},
		{"gomoku19_numbers_dark", Options{}, func(r *Renderer) (*image.Paletted, error) {
			return r.GomokuImage(numbered, Options{Theme: "dark"})
		}},
		{"xiangqi_check", Options{}, func(r *Renderer) (*image.Paletted, error) { return r.XiangqiImage(midXiangqi(t), Options{}) }},
		{"xiangqi_mate", Options{}, func(r *Renderer) (*image.Paletted, error) { return r.XiangqiImage(matedXiangqi(t), Options{}) }},
		{"xiangqi_flipped_dark", Options{}, func(r *Renderer) (*image.Paletted, error) {
			return r.XiangqiImage(&flipped, Options{Theme: "dark"})
		}},
		{"xiangqi_simplified_nocoords", Options{}, func(r *Renderer) (*image.Paletted, error) {
			return r.XiangqiImage(midXiangqi(t), Options{Pieces: "simplified", NoCoordinates: true, Scale: 0.75})
		}},
		{"gomoku15_nocoords_dark", Options{}, func(r *Renderer) (*image.Paletted, error) {
			return r.GomokuImage(midGomoku(15, 60), Options{Theme: "dark", NoCoordinates: true})
		}},
	}
	for _, l := range languageScenes(t) {
		cases = append(cases, c{l.name, Options{}, l.paint})
	}
	return cases
}

func TestGolden(t *testing.T) {
	r := NewRenderer()
	for _, tt := range goldenCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			img, err := tt.paint(r)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.name+".png")
			var buf bytes.Buffer
			if err := r.encodePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := readPNG(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render -run TestGolden -update to create it)", err)
			}
			if msg := compareImages(img, want); msg != "" {
				got := filepath.Join(t.TempDir(), tt.name+".png")
				os.WriteFile(got, buf.Bytes(), 0o644)
				t.Errorf("%s differs from %s: %s (got image: %s)", tt.name, path, msg, got)
			}
		})
	}
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	return img, nil
}

// compareImages allows small differences, so that a change in the font
// rasteriser or the palette does not fail every golden: a pixel differs
// when a channel is off by more than 40, and up to 0.02% of pixels may
// (a changed digit in the status line is about 150 pixels).
func compareImages(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	b := got.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				bad++
			}
		}
	}
	if limit := b.Dx() * b.Dy() / 5000; bad > limit {
		return fmt.Sprintf("%d pixels differ (limit %d)", bad, limit)
	}
	return ""
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 40 || d < -40
}

func TestCompareImagesDetectsChange(t *testing.T) {
	r := NewRenderer()
	a, err := r.GomokuImage(midGomoku(15, 20), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.GomokuImage(midGomoku(15, 21), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if msg := compareImages(a, a); msg != "" {
		t.Errorf("image differs from itself: %s", msg)
	}
	if msg := compareImages(a, b); msg == "" {
		t.Error("one more stone and a new header went unnoticed")
	}
}

func TestRenderErrors(t *testing.T) {
	r := NewRenderer()
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"size", r.Gomoku(nil, &Gomoku{Size: 13}, Options{}), "board size 13 is not supported"},
		{"off board", r.Gomoku(nil, &Gomoku{Size: 15, Moves: []Point{{7, 7}, {15, 0}}}, Options{}), "move 2 (p1) is off the 15×15 board"},
		{"twice", r.Gomoku(nil, &Gomoku{Size: 15, Moves: points(t, "h8 h9 h8")}, Options{}), "move 3 (h8) is on a point already played at move 1"},
		{"win empty", r.Gomoku(nil, &Gomoku{Size: 15, Moves: points(t, "h8"), WinLine: points(t, "h9")}, Options{}), "winning line point h9 has no stone"},
		{"forbidden taken", r.Gomoku(nil, &Gomoku{Size: 15, Moves: points(t, "h8"), Forbidden: points(t, "h8")}, Options{}), "forbidden point h8 already has a stone"},
		{"theme", r.Gomoku(nil, &Gomoku{Size: 15}, Options{Theme: "neon"}), `unknown theme "neon" (known: wood, dark)`},
		{"scale", r.Gomoku(nil, &Gomoku{Size: 15}, Options{Scale: 9}), "scale 9 is out of range (0.25 to 4)"},
		{"piece", r.Xiangqi(nil, &Xiangqi{Board: [10][9]xiangqi.Piece{{xiangqi.MakePiece(xiangqi.Red, xiangqi.General), 99}}}, Options{}), "square b1 holds 99, which is not a Xiangqi piece"},
		{"no kind", r.Xiangqi(nil, &Xiangqi{Board: [10][9]xiangqi.Piece{9: {4: xiangqi.MakePiece(xiangqi.Black, xiangqi.NoKind)}}}, Options{}), "square e10 holds 8, which is not a Xiangqi piece"},
		{"check", r.Xiangqi(nil, &Xiangqi{Check: &Square{4, 0}}, Options{}), "check square e1 has no general"},
		{"from", r.Xiangqi(nil, &Xiangqi{From: &Square{9, 0}}, Options{}), "last move's from square (9, 0) is off the board"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, tt.err, tt.want)
		}
	}
}

// TestNotation checks that points and squares are named as the engines
// name them, and off-board ones by their coordinates.
func TestNotation(t *testing.T) {
	for _, tt := range []struct {
		s    fmt.Stringer
		want string
	}{
		{Point{7, 7}, "h8"}, {Point{8, 0}, "i1"}, {Point{18, 18}, "s19"}, {Point{19, 0}, "(19, 0)"}, {Point{0, -1}, "(0, -1)"},
		{Square{4, 0}, "e1"}, {Square{0, 9}, "a10"}, {Square{9, 0}, "(9, 0)"}, {Square{0, 10}, "(0, 10)"},
	} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestConcurrentRenders draws boards from many goroutines at once (run with
// -race) and checks each matches the same board drawn alone.
func TestConcurrentRenders(t *testing.T) {
	r := NewRenderer()
	var want [2][]byte
	for i := range want {
		var b bytes.Buffer
		var err error
		if i == 0 {
			err = NewRenderer().Gomoku(&b, midGomoku(15, 30+i), Options{})
		} else {
			err = NewRenderer().Xiangqi(&b, midXiangqi(t), Options{Theme: "dark"})
		}
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b.Bytes()
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			var err error
			if g%2 == 0 {
				err = r.Gomoku(&b, midGomoku(15, 30), Options{})
			} else {
				err = r.Xiangqi(&b, midXiangqi(t), Options{Theme: "dark"})
			}
			if err == nil && !bytes.Equal(b.Bytes(), want[g%2]) {
				err = fmt.Errorf("goroutine %d: image differs from the one drawn alone", g)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestCacheStaysWithinBudget(t *testing.T) {
	r := NewRenderer()
	r.budget = 2 * assetBytes(assetKey{kind: gomoku15, scale: 50})
	g := midGomoku(15, 10)
	for _, scale := range []float64{0.25, 0.3, 0.5, 0.35, 0.25} {
		img, err := r.GomokuImage(g, Options{Scale: scale})
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Rect.Dx(); w != int(BaseWidth*scale+0.5) {
			t.Errorf("scale %g: width %d", scale, w)
		}
		r.mu.Lock()
		n, cached := len(r.assets), r.cached
		r.mu.Unlock()
		if cached > r.budget {
			t.Errorf("after scale %g: %d boards cached, %d bytes (budget %d)", scale, n, cached, r.budget)
		}
	}
	if len(r.assets) >= 4 {
		t.Errorf("all %d boards are still cached: nothing was evicted", len(r.assets))
	}
}

// TestPNGSize keeps the busiest boards at the default scale within the
// 120 KB budget, and checks the image size follows the scale.
func TestPNGSize(t *testing.T) {
	r := NewRenderer()
	full15, full19 := midGomoku(15, 225), midGomoku(19, 300)
	full15.ShowNumbers, full19.ShowNumbers = true, true
	tests := []struct {
		name   string
		opt    Options
		w, h   int
		render func(*bytes.Buffer, Options) error
	}{
		{"full 15×15 numbered", Options{}, 720, 828, func(b *bytes.Buffer, o Options) error { return r.Gomoku(b, full15, o) }},
		{"19×19 300 numbered dark", Options{Theme: "dark"}, 720, 828, func(b *bytes.Buffer, o Options) error { return r.Gomoku(b, full19, o) }},
		{"xiangqi check", Options{}, 720, 897, func(b *bytes.Buffer, o Options) error { return r.Xiangqi(b, midXiangqi(t), o) }},
		{"xiangqi quarter", Options{Scale: 0.25}, 180, 224, func(b *bytes.Buffer, o Options) error { return r.Xiangqi(b, midXiangqi(t), o) }},
		{"gomoku double", Options{Scale: 2}, 1440, 1656, func(b *bytes.Buffer, o Options) error { return r.Gomoku(b, full15, o) }},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := tt.render(&b, tt.opt); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if cfg.Width != tt.w || cfg.Height != tt.h {
			t.Errorf("%s: %d×%d, want %d×%d", tt.name, cfg.Width, cfg.Height, tt.w, tt.h)
		}
		if tt.opt.Scale == 0 && b.Len() > 120<<10 {
			t.Errorf("%s: %d bytes, over 120 KB", tt.name, b.Len())
		}
	}
}

// TestUnknownPieceStyle: a piece style render does not know is an error,
// not a default board; Gomoku ignores the style.
func TestUnknownPieceStyle(t *testing.T) {
	r := NewRenderer()
	if _, err := r.XiangqiImage(midXiangqi(t), Options{Pieces: "western"}); err == nil || !strings.Contains(err.Error(), "western") {
		t.Fatalf("err = %v, want the unknown style named", err)
	}
	if _, err := r.GomokuImage(midGomoku(15, 10), Options{Pieces: "western"}); err != nil {
		t.Fatalf("Gomoku with a piece style: %v", err)
	}
}
