package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

func TestNumberedLines(t *testing.T) {
	moves := []string{"a", "b", "c", "d", "e"}
	for _, c := range []struct {
		first engine.Side
		from  int
		want  string
	}{
		{engine.First, 0, "1. a b|2. c d|3. e"},
		{engine.First, 3, "2. c d|3. e"}, // whole lines
		{engine.First, -7, "1. a b|2. c d|3. e"},
		{engine.Second, 0, "1. … a|2. b c|3. d e"},
		{engine.Second, 2, "2. b c|3. d e"},
		{engine.Second, 4, "3. d e"},
	} {
		if got := strings.Join(numberedLines(moves, c.first, c.from), "|"); got != c.want {
			t.Errorf("first %v, from %d: %q, want %q", c.first, c.from, got, c.want)
		}
	}
}

func TestSplitLines(t *testing.T) {
	lines := []string{"1. aaaa", "2. bbbb", "3. cccc", "4. é"}
	got := splitLines(lines, 16)
	if want := []string{"1. aaaa\n2. bbbb", "3. cccc\n4. é"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, c := range got {
		if n := utf8.RuneCountInString(c); n > 16 {
			t.Errorf("chunk %q has %d characters", c, n)
		}
	}
}

// TestMovesMessageLimits: a list longer than a message's embeds may hold
// comes as a file with its end in the embed, every part within Discord's
// limits.
func TestMovesMessageLimits(t *testing.T) {
	g := &store.Game{ID: 7, Kind: store.Xiangqi}
	eg := xiangqi.NewGame()
	// the horses go out and back (no position thrice): a long game
	out := []string{"b1c3", "b10c8", "c3b1", "c8b10", "h1g3", "h10g8", "g3h1", "g8h10"}
	for i := 0; i < 40 && !eg.Outcome().Over(); i++ {
		for _, mv := range out {
			if eg.Outcome().Over() {
				break
			}
			if _, err := eg.Play(mv); err != nil {
				break
			}
		}
	}
	m := movesMessage(en, g, eg)
	if len(m.Embeds) == 0 || !m.Ephemeral {
		t.Fatalf("moves message %+v", m)
	}
	total := 0
	for _, e := range m.Embeds {
		if n := utf8.RuneCountInString(e.Description); n > maxDescription {
			t.Errorf("an embed of %d characters", n)
		}
		total += utf8.RuneCountInString(e.Title + e.Description)
	}
	if total > maxEmbedsText || len(m.Embeds) > maxEmbeds {
		t.Errorf("%d embeds of %d characters", len(m.Embeds), total)
	}
	if !strings.HasPrefix(m.Embeds[0].Description, "1. H8+7 H2+3\n2. H7-8 H3-2") {
		t.Errorf("the list starts %q", m.Embeds[0].Description[:min(40, len(m.Embeds[0].Description))])
	}
	// A list too long for the embeds: the file has all of it.
	lines := make([]string, 900)
	for i := range lines {
		lines[i] = strings.Repeat("x", 20)
	}
	long := listMessage(en, "title", lines, "all.txt", 0)
	if len(long.Files) != 1 || long.Files[0].Name != "all.txt" || strings.Count(string(long.Files[0].Data), "\n") != 900 {
		t.Fatalf("a list of 900 lines: files %+v", long.Files)
	}
	if len(long.Embeds) != 1 || !strings.HasSuffix(long.Embeds[0].Description, lines[899]) || long.Content == "" {
		t.Fatalf("a list of 900 lines: %d embeds, content %q", len(long.Embeds), long.Content)
	}
	if n := utf8.RuneCountInString(long.Embeds[0].Title + long.Embeds[0].Description); n > maxDescription {
		t.Errorf("its embed holds %d characters", n)
	}
}

// TestExportFitsAMessage: the export of a long game keeps its text within
// Discord's 2,000 characters, cutting the lists (the file has them all).
func TestExportFitsAMessage(t *testing.T) {
	eg := xiangqi.NewGame()
	for i := 0; i < 160 && !eg.Outcome().Over(); i++ {
		moves := eg.LegalMoves()
		if _, err := eg.Play(moves[(i*7+3)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	g := &store.Game{ID: 3, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active,
		Seats: [2]store.Seat{store.Human("1", "Ann"), store.AI(4)}}
	if eg.Ply() <= 60 {
		t.Fatalf("the game ended after %d moves: too short to need cutting", eg.Ply())
	}
	for _, l := range []locale{en, zhCN, localeOf("vi")} {
		m := exportMessage(l, g, eg)
		if n := utf8.RuneCountInString(m.Content); n > maxContent {
			t.Errorf("locale %d: the export of %d moves has %d characters", l, eg.Ply(), n)
		}
		if !strings.Contains(m.Content, l.t("export.cut")) {
			t.Errorf("locale %d: %d moves, not cut:\n%s", l, eg.Ply(), m.Content)
		}
		if len(m.Files) != 1 || !strings.Contains(string(m.Files[0].Data), "[Black \"Tengen AI (level 4)\"]") {
			t.Errorf("locale %d: files %+v", l, m.Files)
		}
	}
}

// TestRecordTextsGolden pins what the game record shows in every
// language: a board's list of the last moves, the Moves list and the
// export's text, for a Xiangqi game imported from a position with black
// to move and for a Gomoku game. Run with -update after a deliberate
// change and read the diff.
func TestRecordTextsGolden(t *testing.T) {
	xq, err := xiangqi.ParseRecord("r1bakab2/9/2n1c2cn/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 9 && !xq.Outcome().Over(); i++ {
		moves := xq.LegalMoves()
		if _, err := xq.Play(moves[i%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	if xq.Ply() != 9 {
		t.Fatalf("the Xiangqi game ended after %d moves", xq.Ply())
	}
	gm, err := gomoku.ParseRecord("h8 i9 j10 h9 h10 g11 i10 j9 g9 f8 k11 f10", gomoku.Small, gomoku.Renju)
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		g  *store.Game
		eg engine.Game
	}{
		{&store.Game{ID: 12, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active, Start: 3,
			Seats: [2]store.Seat{store.Human("1", "Ann"), store.AI(5)}}, xq},
		{&store.Game{ID: 13, Kind: store.Gomoku, Rules: "renju", Size: 15, Status: store.Active,
			Seats: [2]store.Seat{store.Human("1", "Ann"), store.Human("2", "Bo")}}, gm},
	}
	var sb strings.Builder
	for _, code := range []string{"en", "zh-CN", "zh-TW", "ja", "ko", "vi"} {
		loc := localeOf(discordgo.Locale(code))
		if code == "en" {
			loc = en
		}
		for _, x := range games {
			fmt.Fprintf(&sb, "## %s %s\n### board\n%s\n### Moves\n", code, x.g.Kind, recentMoves(loc, x.eg))
			for _, e := range movesMessage(loc, x.g, x.eg).Embeds {
				sb.WriteString(e.Title + "\n" + e.Description + "\n")
			}
			fmt.Fprintf(&sb, "### export\n%s\n", exportMessage(loc, x.g, x.eg).Content)
		}
	}
	got := sb.String()
	path := filepath.Join("testdata", "record", "texts.golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the record's texts changed (run with -update and read the diff):\n%s", got)
	}
}
