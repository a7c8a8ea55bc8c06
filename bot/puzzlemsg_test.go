package bot

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// TestPuzzleMessageGolden: a puzzle's answers as their solver sees them,
// in English and Chinese: the task, a right move and the engine's reply,
// the end with the rating change, a wrong move with the solution taken
// back to where it went wrong. The English boards are kept as images in
// testdata/puzzle (go test ./bot -run TestPuzzleMessageGolden -update).
func TestPuzzleMessageGolden(t *testing.T) {
	p := &presenter{render: render.NewRenderer(), locale: en}
	gomokuPuzzle := store.Puzzle{ID: 7, Kind: store.Gomoku, Record: "15 freestyle: h8 a1 i8 a3 j8 o1 k9 o3 k10 g8 k11 k12",
		Solver: engine.First, Theme: "vcf", Plies: 3, Line: []string{"k8", "l8", "k7"}, Rating: glicko2.Rating{Rating: 1300, RD: 350}, Attempts: 4, Solves: 3}
	xiangqiPuzzle := store.Puzzle{ID: 9, Kind: store.Xiangqi, Record: "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
		Solver: engine.First, Theme: "mate", Plies: 1, Line: []string{"b1b10"}, Rating: glicko2.Rating{Rating: 1000, RD: 350}}
	result := store.PuzzleResult{Rated: true,
		Before: store.PuzzlePlayer{Rating: glicko2.Rating{Rating: 1500, RD: 200}, Streak: 2, BestStreak: 4},
		After:  store.PuzzlePlayer{Rating: glicko2.Rating{Rating: 1462, RD: 190}, Streak: 0, BestStreak: 4}}
	won := result
	won.After = store.PuzzlePlayer{Rating: glicko2.Rating{Rating: 1531, RD: 190}, Streak: 3, BestStreak: 4}
	view := func(pz store.Puzzle, played []string, daily string) match.PuzzleView {
		t.Helper()
		g, err := match.Restore(pz.Kind, pz.Record)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range played {
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		return match.PuzzleView{Attempt: store.PuzzleAttempt{ID: 3, Puzzle: pz, Played: played, Line: pz.Line[len(played):], Rated: true, Daily: daily}, Game: g}
	}
	cases := []struct {
		name string
		v    match.PuzzleView
	}{
		{"gomoku-start", view(gomokuPuzzle, nil, "")},
		{"gomoku-right", func() match.PuzzleView {
			v := view(gomokuPuzzle, []string{"k8", "l8"}, "")
			v.Move, v.Reply = "k8", "l8"
			return v
		}()},
		{"gomoku-solved", func() match.PuzzleView {
			v := view(gomokuPuzzle, []string{"k8", "l8", "k7"}, "")
			v.Move, v.Done, v.Solved, v.Result = "k7", true, true, won
			return v
		}()},
		{"xiangqi-daily", view(xiangqiPuzzle, nil, "2026-11-26")},
		{"xiangqi-wrong", func() match.PuzzleView {
			v := view(xiangqiPuzzle, []string{"a9a10"}, "2026-11-26")
			v.Move, v.Done, v.Result, v.Solution = "a9a10", true, result, xiangqiPuzzle.Line
			return v
		}()},
	}
	var out strings.Builder
	for _, c := range cases {
		for li, l := range []locale{en, localeOf("zh-CN")} {
			v := c.v
			g, err := match.Restore(v.Attempt.Puzzle.Kind, mustText(t, v.Game))
			if err != nil {
				t.Fatal(err)
			}
			v.Game = g // each language its own copy: a wrong move is taken back
			m, err := p.puzzleMessage(&request{loc: l, user: match.Player{ID: "1", Name: "alice"}}, v)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "# %s (%s)\n", c.name, []string{"en", "zh-CN"}[li])
			for _, e := range m.Embeds {
				fmt.Fprintf(&out, "## %s\n%s\n-- %s\n", e.Title, e.Description, e.Footer.Text)
			}
			for _, row := range m.Components {
				for _, b := range row.(discordgo.ActionsRow).Components {
					fmt.Fprintf(&out, "[%s] %s\n", b.(discordgo.Button).Label, b.(discordgo.Button).CustomID)
				}
			}
			for _, f := range m.Files {
				fmt.Fprintf(&out, "file %s, %d bytes, sha256 %x\n  alt: %s\n", f.Name, len(f.Data), sha256.Sum256(f.Data), f.Description)
				if *update && l == en {
					if err := os.WriteFile(filepath.Join("testdata", "puzzle", c.name+".png"), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			out.WriteString("\n")
		}
	}
	matchGolden(t, filepath.Join("testdata", "puzzle", "messages.golden"), out.String(), "TestPuzzleMessageGolden")
}

// matchGolden compares got with the golden file at path, or rewrites it
// with -update; test names the test that writes it.
func matchGolden(t *testing.T, path, got, test string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./bot -run %s -update writes it)", err, test)
	}
	if got != string(want) {
		t.Errorf("the output differs from %s:\n%s", path, got)
	}
}

func mustText(t *testing.T, g engine.Game) string {
	t.Helper()
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}
