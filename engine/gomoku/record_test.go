package gomoku

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// someGame plays n moves on a size board under rule, each chosen by a
// fixed rule from the legal ones.
func someGame(t testing.TB, size int, rule Rule, n int) *Game {
	t.Helper()
	g, err := NewGame(size, rule)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[(i*5+1)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestRecordRoundTrip writes games as a .psq file, a numbered list and a
// saved game, and reads each back to the same game.
func TestRecordRoundTrip(t *testing.T) {
	for _, c := range []struct {
		size int
		rule Rule
	}{{Small, Freestyle}, {Small, Renju}, {Large, Standard}} {
		g := someGame(t, c.size, c.rule, 31)
		want := g.String()
		for name, text := range map[string]string{
			"psq":          g.PSQ("Ann", "Tengen AI"),
			"psq one line": strings.ReplaceAll(g.PSQ("Ann", "Tengen AI"), "\n", " "),
			"numbered":     g.NumberedMoves(5),
			"list":         strings.Join(g.Moves(), ", "),
			"upper":        strings.ToUpper(strings.Join(g.Moves(), " ")),
			"saved":        want,
		} {
			got, err := ParseRecord(text, c.size, c.rule)
			if err != nil {
				t.Errorf("%s %d %s: %v\n%s", name, c.size, c.rule, err, text)
				continue
			}
			if got.String() != want {
				t.Errorf("%s: read back as %q, want %q", name, got.String(), want)
			}
		}
	}
}

func TestParseRecordSizeAndRule(t *testing.T) {
	g, err := ParseRecord("Piskvorky 19x19, 11:11, 0\n10,10,0\n11,10,120\nA\nB\n-1\n", Small, Renju)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.String(), "19 renju: j10 k10"; got != want {
		t.Errorf("psq read as %q, want %q (its size, the rule asked)", got, want)
	}
	g, err = ParseRecord("19 standard: j10 k10", Small, Renju)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.String(), "19 standard: j10 k10"; got != want {
		t.Errorf("saved game read as %q, want %q", got, want)
	}
}

func TestParseRecordErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		code engine.Code
		move int
	}{
		{"", engine.ImportEmpty, 0},
		{" 1. ", engine.ImportEmpty, 0},
		{"h8 h9 h8", engine.ImportMove, 3},
		{"h8 z99", engine.ImportMove, 2},
		{"1. h8 h9 2. banana", engine.ImportMove, 3},
		{"Piskvorky 20x20, 11:11, 0\n1,1,0", engine.NotABoardSize, 0},
		{"Piskvorky 15x19, 11:11, 0\n1,1,0", engine.NotABoardSize, 0},
		{"Piskvorky 15x15, 11:11, 0 8,8,0 16,1,0 a b -1", engine.ImportMove, 2},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0", engine.ImportMove, 2},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0", engine.ImportMove, 2},
		{"17 renju: h8", engine.NotABoardSize, 0},
		{"15 gomoku: h8", engine.NotARule, 0},
	} {
		_, err := ParseRecord(c.text, Small, Freestyle)
		if got := engine.ErrorCode(err); got != c.code {
			t.Errorf("%q: %v (%s), want %s", c.text, err, got, c.code)
			continue
		}
		if c.move > 0 {
			e := err.(*engine.Error)
			if e.Args[0] != c.move {
				t.Errorf("%q: %v names move %v, want %d", c.text, err, e.Args[0], c.move)
			}
			if _, ok := e.Args[2].(*engine.Error); !ok {
				t.Errorf("%q: the cause %v is not an *engine.Error", c.text, e.Args[2])
			}
		}
	}
}

// TestPSQGolden pins the .psq file of a game. Run with -update after a
// deliberate change and read the diff.
func TestPSQGolden(t *testing.T) {
	g := someGame(t, Small, Freestyle, 9)
	got := g.PSQ("Ann", "Tengen AI (level 3)") + "\n" + g.NumberedMoves(10) + "\n"
	path := filepath.Join("testdata", "record.psq.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("record changed:\n%s\nwant\n%s", got, want)
	}
}

// FuzzParseRecord reads any text without panicking; what it reads, its
// .psq file reads back to the same game.
func FuzzParseRecord(f *testing.F) {
	f.Add("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1")
	f.Add("1. h8 i9 2. j10")
	f.Add("15 renju: h8 h9 i9")
	f.Add("H8,I9;J10")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseRecord(text, Small, Renju)
		if err != nil {
			return
		}
		again, err := ParseRecord(g.PSQ("a", "b"), Large, g.Rule())
		if err != nil {
			t.Fatalf("the .psq of %q does not read back: %v", text, err)
		}
		if again.String() != g.String() {
			t.Fatalf("%q: read back as %q, want %q", text, again.String(), g.String())
		}
	})
}
