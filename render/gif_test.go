package render

import (
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// fullGomoku fills the 15×15 board: 225 moves.
func fullGomoku() *Gomoku {
	g := midGomoku(15, 225)
	g.Header.Outcome = engine.DrawBy(engine.FullBoard)
	return g
}

// wanderingXiangqi returns n+1 positions from the start, each moving one
// piece to an empty point (not legal Xiangqi, but the images do not care),
// with the last move and an occasional check marked.
func wanderingXiangqi(n int) []Xiangqi {
	start := xiangqi.StartPosition()
	x := *XiangqiFromPosition(&start, xiangqi.NoMove, Header{Players: [2]Player{{Name: "Wei"}, {AI: true, Level: 4}}}, false)
	rng := rand.New(rand.NewPCG(1, 2))
	out := []Xiangqi{x}
	for len(out) <= n {
		from := Square{rng.IntN(9), rng.IntN(10)}
		to := Square{rng.IntN(9), rng.IntN(10)}
		p := x.Board[from.Rank][from.File]
		if p == xiangqi.NoPiece || p.Kind() == xiangqi.General || x.Board[to.Rank][to.File] != xiangqi.NoPiece {
			continue
		}
		x.Board[from.Rank][from.File], x.Board[to.Rank][to.File] = xiangqi.NoPiece, p
		x.From, x.To, x.Check = &from, &to, nil
		if len(out)%7 == 0 {
			x.Check = &Square{4, 9}
		}
		x.Ply++
		x.Turn = x.Turn.Other()
		out = append(out, x)
	}
	return out
}

func TestReplays(t *testing.T) {
	r := NewRenderer()
	g := fullGomoku()
	positions := wanderingXiangqi(200)
	tests := []struct {
		name   string
		frames int
		write  func(*bytes.Buffer) error
		final  func() (*image.Paletted, error)
	}{
		{"gomoku 225 moves", 226,
			func(b *bytes.Buffer) error { return r.GomokuReplay(b, g, ReplayOptions{}) },
			func() (*image.Paletted, error) { return r.GomokuImage(g, Options{}) }},
		{"xiangqi 200 moves, flipped, dark", 201,
			func(b *bytes.Buffer) error {
				for i := range positions {
					positions[i].Flip = true
				}
				return r.XiangqiReplay(b, positions, ReplayOptions{Options: Options{Theme: "dark"}, Delay: time.Second, Hold: 3 * time.Second})
			},
			func() (*image.Paletted, error) { return r.XiangqiImage(&positions[200], Options{Theme: "dark"}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d bytes", b.Len())
			if b.Len() > 8<<20 {
				t.Errorf("replay is %d bytes, over 8 MiB", b.Len())
			}
			anim, err := gif.DecodeAll(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if len(anim.Image) != tt.frames {
				t.Fatalf("%d frames, want %d", len(anim.Image), tt.frames)
			}
			last := anim.Delay[len(anim.Delay)-1]
			for i, d := range anim.Delay[:len(anim.Delay)-1] {
				if d >= last {
					t.Fatalf("frame %d is shown %d/100 s, not shorter than the final %d", i, d, last)
				}
			}
			// Playing every frame over the last must give the final image.
			canvas := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
			for _, fr := range anim.Image {
				draw.Draw(canvas, fr.Rect, fr, fr.Rect.Min, draw.Over)
			}
			want, err := tt.final()
			if err != nil {
				t.Fatal(err)
			}
			if msg := compareImages(canvas, want); msg != "" {
				t.Errorf("the played animation ends differently from the final board: %s", msg)
			}
			if anim.Image[1].Rect.Dx()*anim.Image[1].Rect.Dy() >= anim.Config.Width*anim.Config.Height {
				t.Errorf("frame 1 covers the whole image %v; delta frames should be smaller", anim.Image[1].Rect)
			}
		})
	}
}

func TestReplayErrors(t *testing.T) {
	r := NewRenderer()
	var b bytes.Buffer
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no positions", r.XiangqiReplay(&b, nil, ReplayOptions{}), "at least one position"},
		{"mixed flip", r.XiangqiReplay(&b, []Xiangqi{{}, {Flip: true}}, ReplayOptions{}), "position 1 is flipped differently"},
		{"bad position", r.XiangqiReplay(&b, []Xiangqi{{}, {Check: &Square{0, 0}}}, ReplayOptions{}), "position 1: check square a1 has no general"},
		{"bad delay", r.GomokuReplay(&b, &Gomoku{Size: 15}, ReplayOptions{Delay: time.Millisecond}), "replay delays must be between 20ms and 1m"},
		{"bad game", r.GomokuReplay(&b, &Gomoku{Size: 9}, ReplayOptions{}), "board size 9"},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, tt.err, tt.want)
		}
	}
}

// BenchmarkReplayGomoku encodes a full 225-move Gomoku replay.
func BenchmarkReplayGomoku(b *testing.B) {
	r := NewRenderer()
	g := fullGomoku()
	var buf bytes.Buffer
	if _, err := r.GomokuImage(g, Options{}); err != nil { // build the board outside the timing
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := r.GomokuReplay(&buf, g, ReplayOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
}
