package xiangqi

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// playSome plays n moves from fen, each chosen by a fixed rule from the
// legal ones, and returns the game.
func playSome(t testing.TB, fen string, n int) *Game {
	t.Helper()
	g, err := NewGameFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[(i*7+3)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func marshal(t testing.TB, g *Game) string {
	t.Helper()
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestICCS(t *testing.T) {
	p := StartPosition()
	m, err := p.ParseMove("h3e3")
	if err != nil {
		t.Fatal(err)
	}
	if got := ICCS(m); got != "H2-E2" {
		t.Errorf("ICCS(h3e3) = %q, want H2-E2", got)
	}
	for in, want := range map[string]string{"H2-E2": "h3e3", "b0-c2": "b1c3", "i9-i8": "i10i9"} {
		if got, ok := parseICCS(in); !ok || got != want {
			t.Errorf("parseICCS(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"h3e3", "J2-E2", "H2E2", "H2-E", "C2.5"} {
		if got, ok := parseICCS(in); ok {
			t.Errorf("parseICCS(%q) = %q, want not ICCS", in, got)
		}
	}
}

// TestRecordRoundTrip writes games as PGN, ICCS, WXF and as a UCI position
// and reads each back to the same game.
func TestRecordRoundTrip(t *testing.T) {
	for _, fen := range goldenPositions {
		g := playSome(t, fen, 37)
		want := marshal(t, g)
		forms := map[string]string{
			"pgn":       g.PGN(Tags{Red: "Ann", Black: "Bo \"B\"", Result: Result(g.Outcome())}),
			"marshal":   want,
			"uci":       "position fen " + want,
			"fen+iccs":  g.StartFEN() + " moves " + strings.Join(g.ICCSMoves(), " "),
			"fen+wxf":   "[FEN \"" + g.StartFEN() + "\"]\n" + NumberMoves(g.WXFMoves(), g.StartTurn(), 1, 4),
			"numbered":  "[FEN \"" + g.StartFEN() + "\"]\n" + NumberMoves(g.Moves(), g.StartTurn(), 1, 0),
			"chinese":   "[FEN \"" + g.StartFEN() + "\"]\n" + strings.Join(g.Replay(func(p *Position, m Move) string { return p.Chinese(m, true) }), " "),
			"stuck num": "[FEN \"" + g.StartFEN() + "\"]\n" + strings.ReplaceAll(NumberMoves(g.ICCSMoves(), g.StartTurn(), 1, 0), ". ", "."),
		}
		for name, text := range maps.Clone(forms) { // pasted into a one-line field
			forms[name+" on one line"] = strings.ReplaceAll(text, "\n", " ")
		}
		for name, text := range forms {
			got, err := ParseRecord(text)
			if err != nil {
				t.Errorf("%s from %s: %v\n%s", name, fen, err, text)
				continue
			}
			if m := marshal(t, got); m != want {
				t.Errorf("%s from %s: read back as\n%s\nwant\n%s", name, fen, m, want)
			}
		}
	}
}

func TestParseRecordForms(t *testing.T) {
	for text, want := range map[string]string{
		StartFEN:                                 StartFEN,
		"startpos moves h3e3 h10g8":              StartFEN + " moves h3e3 h10g8",
		"position startpos moves h3e3":           StartFEN + " moves h3e3",
		"1. C2.5 H8+7 2. H2+3 R9.8":              StartFEN + " moves h3e3 h10g8 h1g3 i10h10",
		"1. C2=5 H8+7 {a comment} (1... C8.5) *": StartFEN + " moves h3e3 h10g8",
		"炮二平五 马8进7\n马二进三":                        StartFEN + " moves h3e3 h10g8 h1g3",
		"1.H2-E2 H9-G7 1-0":                      StartFEN + " moves h3e3 h10g8",
		"FORMAT ICCS FEN 3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 RED Ann START{ 1. ... E1-D1 }END":              "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2d2",
		`[Game "Chinese Chess"] [Red "A \"B\""] [FEN "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1"] 1. ... E1-D1 *`: "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2d2",
		"C2.5!, H8+7?": StartFEN + " moves h3e3 h10g8",
		"FORMAT ICCS\nRED Ann\nSTART{\n1. H2-E2 H9-G7\n}END\n":                            StartFEN + " moves h3e3 h10g8",
		"FORMAT AXF\nFEN 3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b\nSTART{\n1. ... E1-D1\n}END": "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2d2",
		"3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b":                                             "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1",
		"fen 3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2f2":                      "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2f2",
	} {
		g, err := ParseRecord(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := marshal(t, g); got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}

func TestParseRecordErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		code engine.Code
		ply  int
	}{
		{"", engine.ImportEmpty, 0},
		{"  1. *  ", engine.ImportEmpty, 0},
		{"h3e3 h10g8 h3h10", engine.ImportMove, 3},
		{"C2.5 banana", engine.ImportMove, 2},
		{"H2-E2 H2-E2", engine.ImportMove, 2},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", engine.FENRankPoints, 0},
		{"[FEN \"xyz/9 w\"]\n1. C2.5", engine.FENRanks, 0},
	} {
		_, err := ParseRecord(c.text)
		if got := engine.ErrorCode(err); got != c.code {
			t.Errorf("%q: %v (%s), want %s", c.text, err, got, c.code)
			continue
		}
		if c.ply > 0 {
			var e *engine.Error
			if !errorsAs(err, &e) || e.Args[0] != c.ply {
				t.Errorf("%q: %v names move %v, want %d", c.text, err, e.Args[0], c.ply)
			}
			if _, ok := e.Args[2].(*engine.Error); !ok {
				t.Errorf("%q: the cause %v is not an *engine.Error", c.text, e.Args[2])
			}
		}
	}
}

func errorsAs(err error, target **engine.Error) bool {
	e, ok := err.(*engine.Error)
	*target = e
	return ok
}

// TestParseRecordVietnamese reads a Vietnamese reader's list, the moves in
// Vietnamese notation ("P2-5" a cannon's, "M3/2" a retreat), others as
// ParseRecord reads them.
func TestParseRecordVietnamese(t *testing.T) {
	g := playSome(t, StartFEN, 30)
	vi := g.Replay(func(p *Position, m Move) string { return p.Vietnamese(m) })
	for _, text := range []string{strings.Join(vi, " "), NumberMoves(vi, Red, 1, 3), "[FEN \"" + StartFEN + "\"] " + NumberMoves(vi, Red, 1, 0)} {
		got, err := ParseRecordVietnamese(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if a, b := marshal(t, got), marshal(t, g); a != b {
			t.Fatalf("%q read as %q, want %q", text, a, b)
		}
	}
	got, err := ParseRecordVietnamese("P2-5 h10g8 M2.3")
	if err != nil {
		t.Fatal(err)
	}
	if want := StartFEN + " moves h3e3 h10g8 h1g3"; marshal(t, got) != want {
		t.Errorf("a mixed list read as %q, want %q", marshal(t, got), want)
	}
	if _, err := ParseRecord("P2-5"); engine.ErrorCode(err) != engine.ImportMove {
		t.Errorf("ParseRecord read the Vietnamese P2-5 (a soldier's move in WXF): %v", err)
	}
	if _, err := ParseRecordVietnamese("P2-5 P2-5 P2-5"); engine.ErrorCode(err) != engine.ImportMove {
		t.Errorf("an illegal second move: %v", err)
	}
}

func TestNumberMovesBlackFirst(t *testing.T) {
	got := NumberMoves([]string{"a", "b", "c"}, Black, 5, 0)
	if want := "5. ... a 6. b c"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got = NumberMoves([]string{"a", "b", "c", "d", "e"}, Red, 1, 2)
	if want := "1. a b 2. c d\n3. e"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestPGNGolden pins the PGN of a game from a position with black to
// move. Run with -update after a deliberate change and read the diff.
func TestPGNGolden(t *testing.T) {
	g := playSome(t, goldenPositions[1], 9)
	got := g.PGN(Tags{Event: "Tengen game #7", Site: "Discord", Date: "2026.11.26", Red: "Ann", Black: "Tengen AI (level 3)", Result: "*"})
	path := filepath.Join("testdata", "record.pgn.golden")
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
		t.Errorf("PGN changed:\n%s\nwant\n%s", got, want)
	}
}

// FuzzParseRecord reads any text without panicking, as ParseRecord and as
// ParseRecordVietnamese; what either reads, its PGN reads back to the same
// game.
func FuzzParseRecord(f *testing.F) {
	f.Add(StartFEN + " moves h3e3 h10g8")
	f.Add("1. C2.5 H8+7 2. H2+3 R9.8")
	f.Add("[FEN \"3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1\"]\n1. ... e2f2")
	f.Add("炮二平五 马8进7 {x} (y) ; z\n1-0")
	f.Add("1.H2-E2 H9-G7")
	f.Add("P2-5 M2.3 M3/2")
	f.Fuzz(func(t *testing.T, text string) {
		for _, parse := range []func(string) (*Game, error){ParseRecord, ParseRecordVietnamese} {
			g, err := parse(text)
			if err != nil {
				continue
			}
			again, err := ParseRecord(g.PGN(Tags{Result: Result(g.Outcome())}))
			if err != nil {
				t.Fatalf("PGN of %q does not read back: %v", text, err)
			}
			if a, b := marshal(t, g), marshal(t, again); a != b {
				t.Fatalf("%q: PGN read back as %q, want %q", text, b, a)
			}
		}
	})
}
