package render

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEvalGraphGolden(t *testing.T) {
	// A game that swings: even, the first player ahead, a blunder, the
	// second player wins.
	exp := []float64{0.5, 0.52, 0.55, 0.6, 0.58, 0.7, 0.72, 0.3, 0.25, 0.2, 0.1, 0.12, 0.05, 0}
	for _, tt := range []struct {
		name string
		g    Graph
		opt  Options
	}{
		{"graph-gomoku", Graph{Expected: exp, Marks: []int{7, 10}}, Options{}},
		{"graph-xiangqi-dark", Graph{Expected: exp, Marks: []int{7}, Xiangqi: true}, Options{Theme: "dark", Scale: 0.5}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := NewRenderer().EvalGraph(&buf, tt.g, tt.opt); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			s := tt.opt.Scale
			if s == 0 {
				s = 1
			}
			if b := img.Bounds(); b.Dx() != int(graphWidth*s) || b.Dy() != int(graphHeight*s) {
				t.Errorf("size %v at scale %v", b, s)
			}
			path := filepath.Join("testdata", tt.name+".png")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := readPNG(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render -run TestEvalGraph -update to create it)", err)
			}
			if msg := compareImages(img, want); msg != "" {
				got := filepath.Join(t.TempDir(), tt.name+".png")
				os.WriteFile(got, buf.Bytes(), 0o644)
				t.Errorf("%s differs from %s: %s (got image: %s)", tt.name, path, msg, got)
			}
		})
	}
}

func TestEvalGraphRefusesBadInput(t *testing.T) {
	r := NewRenderer()
	for _, tt := range []struct {
		g    Graph
		opt  Options
		want string
	}{
		{Graph{Expected: []float64{0.5}}, Options{}, "two positions"},
		{Graph{Expected: []float64{0.5, 1.2}}, Options{}, "not between 0 and 1"},
		{Graph{Expected: []float64{0.5, 0.4}, Marks: []int{2}}, Options{}, "mark 1 at position 2"},
		{Graph{Expected: []float64{0.5, 0.4}}, Options{Theme: "neon"}, "unknown theme"},
		{Graph{Expected: []float64{0.5, 0.4}}, Options{Scale: 9}, "scale"},
	} {
		err := r.EvalGraph(&bytes.Buffer{}, tt.g, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v %+v: %v, want an error saying %q", tt.g, tt.opt, err, tt.want)
		}
	}
}
