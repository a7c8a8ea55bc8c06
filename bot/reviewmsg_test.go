package bot

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// reviewedGame plays a game of kind between two seeded engines (level 4
// for the first player, 8 for the second, a few thousand nodes a move, so
// the same game every time), up to plies moves, and returns it as stored
// when it ends (or when the first player resigns at the last move).
func reviewedGame(t *testing.T, kind store.Kind, plies int) *store.Game {
	t.Helper()
	eg, err := match.NewGame(match.Setup{Kind: kind})
	if err != nil {
		t.Fatal(err)
	}
	play := &match.Engines{Seed: 7, MaxNodes: 4000, Spare: 1}
	for eg.Ply() < plies && !eg.Outcome().Over() {
		level := 4
		if eg.Turn() == engine.Second {
			level = 8
		}
		mv, err := play.Move(context.Background(), eg, level)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := eg.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	text, err := eg.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	o := eg.Outcome()
	if !o.Over() {
		o = engine.WinFor(engine.Second, engine.Resignation)
	}
	return &store.Game{ID: 7, Kind: kind, Rules: map[store.Kind]string{store.Gomoku: "freestyle", store.Xiangqi: "standard"}[kind],
		Size: map[store.Kind]int{store.Gomoku: 15, store.Xiangqi: 9}[kind], Status: store.Finished, Outcome: o, Moves: string(text),
		Seats: [2]store.Seat{store.Human("1", "alice"), store.Human("2", "bob")}}
}

// TestReviewMessageGolden reviews one game of each kind, played by two
// engines, with the real analysis (DefaultReviewNodes a position) and
// compares the review as players see it, in English and Chinese, with
// testdata/review/*.golden; -update rewrites them and writes the images
// beside them.
func TestReviewMessageGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews two whole games with the engines")
	}
	p := &presenter{render: render.NewRenderer(), locale: en}
	a := &match.Engines{Spare: 1}
	for _, tt := range []struct {
		kind  store.Kind
		plies int
	}{{store.Gomoku, 60}, {store.Xiangqi, 70}} {
		t.Run(string(tt.kind), func(t *testing.T) {
			g := reviewedGame(t, tt.kind, tt.plies)
			r, err := match.ReviewGame(context.Background(), a, g.Kind, g.Moves, match.DefaultReviewNodes, nil)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			for _, l := range []locale{en, localeOf("zh-CN")} {
				m, err := p.reviewMessage(g, r, l)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range m.Embeds {
					fmt.Fprintf(&out, "## %s\n%s\n", e.Title, e.Description)
					if e.Footer != nil {
						fmt.Fprintf(&out, "-- %s\n", e.Footer.Text)
					}
					if e.Image != nil {
						fmt.Fprintf(&out, "image %s\n", e.Image.URL)
					}
				}
				for _, f := range m.Files {
					fmt.Fprintf(&out, "file %s %s, %d bytes, sha256 %x\n  alt: %s\n", f.Name, f.ContentType, len(f.Data), sha256.Sum256(f.Data), f.Description)
					if *update && l == en {
						if err := os.WriteFile(filepath.Join("testdata", "review", string(tt.kind)+"-"+f.Name), f.Data, 0o644); err != nil {
							t.Fatal(err)
						}
					}
				}
				out.WriteString("\n")
			}
			matchGolden(t, filepath.Join("testdata", "review", string(tt.kind)+".golden"), out.String(), "TestReviewMessageGolden")
		})
	}
}

// TestLossPercent: the percentage a turning point shows agrees with its
// class: under a threshold never shows the threshold itself.
func TestLossPercent(t *testing.T) {
	for _, c := range []struct {
		loss float64
		want int
	}{
		{0, 0}, {0.0999, 9}, {0.10, 10}, {0.146, 14}, {match.BlunderFrom, 15}, {0.151, 15}, {0.29, 29}, {0.57, 57}, {0.999, 99}, {1, 100},
	} {
		if got := lossPercent(c.loss); got != c.want {
			t.Errorf("lossPercent(%v) = %d, want %d", c.loss, got, c.want)
		}
	}
	for loss := 0.0; loss < 1; loss += 0.001 {
		if p := lossPercent(loss); match.ClassOf(loss, false) == match.Mistake && p >= int(match.BlunderFrom*100) {
			t.Errorf("a mistake of %.4f shows %d%%, the blunders' threshold", loss, p)
		}
	}
}
