package bot_test

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// privateMessage returns the private answer of a reply once settled.
func (w *world) privateMessage(r *discordtest.Reply, err error) *discordtest.Message {
	w.t.Helper()
	m := w.do(r, err)
	if m == nil || !m.Ephemeral() {
		w.t.Fatalf("expected a private answer, got %+v", m)
	}
	return m
}

// embedText is every title and description of m's embeds.
func embedText(m *discordtest.Message) string {
	var sb strings.Builder
	for _, e := range m.Embeds {
		sb.WriteString(e.Title + "\n" + e.Description + "\n")
	}
	return sb.String()
}

// goldenRecord compares got with testdata/record/name, rewriting it with
// -update.
func goldenRecord(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "record", name)
	if updating() {
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
		t.Errorf("%s changed (run with -update and read the diff):\n%s\nwant:\n%s", name, got, want)
	}
}

// updating reports whether the tests run with -update (the flag is the
// package's internal tests').
func updating() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	on, _ := f.Value.(flag.Getter).Get().(bool)
	return on
}

// exported is what /export answered for game id: its text and its file,
// whose date (the game's, checked here) the golden file shows as "…".
func (w *world) exported(t *testing.T, m *discordtest.Message, id int64, file string) string {
	t.Helper()
	a, ok := m.Attachment(file)
	if !ok {
		t.Fatalf("the export has no %s: %+v", file, m.Attachments)
	}
	text := string(a.Data)
	if strings.Contains(text, "[Date ") {
		g, err := w.db.Game(ctxT(t), id)
		if err != nil {
			t.Fatal(err)
		}
		date := `[Date "` + g.CreatedAt.UTC().Format("2006.01.02") + `"]`
		if !strings.Contains(text, date) {
			t.Fatalf("the record is not dated %s:\n%s", date, text)
		}
		text = strings.Replace(text, date, `[Date "…"]`, 1)
	}
	return m.Content + "\n--- " + file + "\n" + text
}

// TestRecordXiangqi plays a Xiangqi game against the AI with the move
// list on each board, lists every move with the Moves button in English
// (WXF) and Chinese (Chinese notation), exports it, imports the exported
// PGN into a new game against the AI, continues it, and checks that an
// undo stops at the imported start.
func TestRecordXiangqi(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Opt("colour", "red"))))
	if got := field(board, "Moves"); got != "" || slices.Contains(labels(board), "Moves") {
		t.Fatalf("a board before any move lists %q, buttons %v", got, labels(board))
	}
	var err error
	for i, mv := range []string{"h3e3", "h1g3"} {
		board = w.play(w.alice, mv)
		if board, err = w.waitMoves(board, fmtInt(2*i+2)); err != nil {
			t.Fatal(err)
		}
	}
	list := field(board, "Moves")
	if !strings.HasPrefix(list, "1. C2.5 ") || !strings.Contains(list, "\n2. H2+3 ") {
		t.Fatalf("the board lists %q, want the moves in WXF, numbered", list)
	}

	// The whole list, privately, in the clicker's notation: anyone may look.
	all := w.privateMessage(w.bob.Click(ctx, w.current(board), buttonID(t, board, "Moves")))
	if text := embedText(all); !strings.Contains(text, "Xiangqi · game #1 · 4 moves") || !strings.Contains(text, "1. C2.5 ") {
		t.Fatalf("Moves for bob: %q", text)
	}
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	all = w.privateMessage(ming.Click(ctx, w.current(board), buttonID(t, board, "Moves")))
	if text := embedText(all); !strings.Contains(text, "1. 炮二平五 ") || !strings.Contains(text, "2. 马二进三 ") {
		t.Fatalf("Moves for 小明: %q", text)
	}

	// The record: FEN, ICCS and WXF as text, a PGN file.
	exp := w.privateMessage(w.alice.Slash(ctx, w.lobby, "export"))
	goldenRecord(t, "xiangqi-export.golden", w.exported(t, exp, 1, "tengen-1.pgn"))
	pgn, _ := exp.Attachment("tengen-1.pgn")

	// Imported into a new game against the AI: alice, red, is to move.
	imp := w.do(w.alice.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"),
		discordtest.Opt("text", string(pgn.Data)), discordtest.Opt("level", 2)))
	if field(imp, "Moves played") != "4" || field(imp, "Imported") != "after move 4 · unrated" ||
		!strings.Contains(field(imp, "To move"), w.alice.ID) || !strings.Contains(field(imp, "Moves"), "1. C2.5 ") {
		t.Fatalf("imported board: %+v", imp.Embeds)
	}
	if slices.ContainsFunc(labels(imp), func(l string) bool { return strings.HasPrefix(l, "Undo") }) {
		t.Fatalf("the imported board offers to undo an imported move: %v", labels(imp))
	}
	next := w.do(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "C8.6"), discordtest.Opt("game", 2)))
	if next, err = w.waitMoves(next, "6"); err != nil {
		t.Fatal(err)
	}
	undone := w.click(w.alice, next, "Undo (3 left)")
	if field(undone, "Moves played") != "4" {
		t.Fatalf("after the undo the board shows %s moves, want the imported 4", field(undone, "Moves played"))
	}
	if l, ok := hasUndo(undone); ok {
		t.Fatalf("at the imported start the board still offers %q", l)
	}
	exp2 := w.privateMessage(w.alice.Slash(ctx, w.lobby, "export", discordtest.Opt("game", 2)))
	if !strings.Contains(exp2.Content, "Imported with its first 4 moves") || !strings.Contains(exp2.Content, "1. C2.5 ") {
		t.Fatalf("the export of the imported game: %q", exp2.Content)
	}
	w.noFailures()
}

// TestRecordGomokuChallenge imports a Gomocup position file as an
// unrated challenge whose opponent moves next, plays on, and exports the
// game as a .psq file.
func TestRecordGomokuChallenge(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	psq := "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n7,9,0\nsomeone\nsomeone else\n-1\n"
	ch := w.do(w.alice.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "gomoku"), discordtest.Opt("text", psq),
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("next", "opponent")))
	if field(ch, "Rated") != "" {
		t.Fatalf("an imported challenge is rated: %+v", ch.Embeds)
	}
	board := w.click(w.bob, ch, "Accept")
	if field(board, "Moves played") != "3" || !strings.Contains(field(board, "To move"), w.bob.ID) ||
		field(board, "Moves") != "1. h8 i9\n2. g7" {
		t.Fatalf("the imported board: %+v", board.Embeds)
	}
	board = w.play(w.bob, "j10")
	exp := w.privateMessage(w.bob.Slash(ctx, w.lobby, "export"))
	goldenRecord(t, "gomoku-export.golden", w.exported(t, exp, 1, "tengen-1.psq"))

	// The exported file, attached as it is, continues against the AI.
	psqFile, _ := exp.Attachment("tengen-1.psq")
	again := w.do(w.bob.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "gomoku"),
		discordtest.Opt("file", discordtest.Upload{Name: "tengen-1.psq", ContentType: "text/plain", Data: psqFile.Data})))
	if field(again, "Imported") != "after move 4 · unrated" || field(again, "Moves") != "1. h8 i9\n2. g7 j10" {
		t.Fatalf("the imported file's board: %+v", again.Embeds)
	}
	w.noFailures()
}

// TestRecordVietnamese: a Vietnamese reader imports moves in Vietnamese
// notation as written ("P2-5" is a cannon's move there, a soldier's in
// WXF), and the Moves button shows them so to her.
func TestRecordVietnamese(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	lan := w.dc.User("Lan", discordtest.Locale(discordgo.Vietnamese))
	board := w.do(lan.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "1. P2-5 M8.7 2. M2.3")))
	// The board is public, in the server's language (English here).
	if field(board, "Moves played") != "3" || field(board, "Moves") != "1. C2.5 H8+7\n2. H2+3" {
		t.Fatalf("Lan's import: %s", fieldsText(board))
	}
	all := w.privateMessage(lan.Click(ctx, w.current(board), buttonID(t, board, "Moves")))
	if text := embedText(all); !strings.Contains(text, "1. P2-5 M8.7\n2. M2.3") {
		t.Fatalf("Lan's Moves: %q", text)
	}
	wantEphemeral(t, w.must(lan.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "P2-5 P2-5 P2-5"))),
		"nước thứ 3 (P2-5) không đi được")
	w.noFailures()
}

// fieldsText is every field of m's embeds, "name: value" a line.
func fieldsText(m *discordtest.Message) string {
	var sb strings.Builder
	for _, e := range m.Embeds {
		for _, f := range e.Fields {
			sb.WriteString(f.Name + ": " + f.Value + "\n")
		}
	}
	return sb.String()
}

// TestRecordChineseFile: a Chinese move list saved by Chinese software in
// GBK (not UTF-8) is read as such, and in traditional Chinese as Big5.
func TestRecordChineseFile(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	for _, c := range []struct {
		who  *discordtest.User
		text string
		enc  encoding.Encoding
	}{
		{w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN)), "1. 炮二平五 马8进7\r\n2. 马二进三 车9平8\r\n", simplifiedchinese.GBK},
		{w.dc.User("小華", discordtest.Locale(discordgo.ChineseTW)), "1. 炮二平五 馬8進7\r\n2. 馬二進三 車9平8\r\n", traditionalchinese.Big5},
	} {
		data, err := c.enc.NewEncoder().Bytes([]byte(c.text))
		if err != nil {
			t.Fatal(err)
		}
		board := w.do(c.who.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"),
			discordtest.Opt("file", discordtest.Upload{Name: "棋谱.txt", Data: data})))
		if field(board, "Moves played") != "4" || !strings.Contains(field(board, "To move"), c.who.ID) {
			t.Fatalf("%s's file: %+v", c.who.Name, board.Embeds)
		}
	}
	up := discordtest.Upload{Name: "big.pgn", Data: []byte(strings.Repeat("1. C2.5 ", 9000))}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"), discordtest.Opt("file", up))),
		"big.pgn is too large for a game record (at most 64 KB)")
	up.Data = []byte("1. C2.5")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"), discordtest.Opt("file", up),
		discordtest.Opt("text", "1. C2.5"))), "not both")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "import", discordtest.Opt("game", "xiangqi"))), "there is nothing to import")
	w.noFailures()
}

// TestRecordRefusals: what cannot be imported is refused privately,
// naming the first move that cannot be played and why, in the reader's
// language, and no game is created.
func TestRecordRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	for _, c := range []struct {
		who   *discordtest.User
		args  []discordtest.Arg
		wants []string
	}{
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "1. C2.5 H8+7 2. C2.5")},
			[]string{"move 3 (C2.5) cannot be played", "there is no red cannon on file 2"}},
		{ming, []discordtest.Arg{discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "1. C2.5 H8+7 2. C2.5")},
			[]string{"第 3 步（C2.5）无法走出", "红方"}},
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "1. *")},
			[]string{"there is nothing to import"}},
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "xiangqi"), discordtest.Opt("text", "rnbakabnr/9/1c5c1/p1p1p1p1p/9 w")},
			[]string{"want 10 ranks"}},
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "gomoku"), discordtest.Opt("text", "h8 a1 i8 a2 j8 a3 k8 a4 l8")},
			[]string{"the imported game is already over (five in a row)"}},
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "gomoku"), discordtest.Opt("text", "Piskvorky 20x20, 11:11, 0\n1,1,0")},
			[]string{"'20x20' is not a board size"}},
		{w.alice, []discordtest.Arg{discordtest.Opt("game", "gomoku"), discordtest.Opt("text", "h8 h9"),
			discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("level", 4)}, []string{"not both"}},
	} {
		wantEphemeral(t, w.must(c.who.Slash(ctx, w.lobby, "import", c.args...)), c.wants...)
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "export")), "no game to export")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "export", discordtest.Opt("game", 99))), "there is no game #99")
	if games, err := w.db.UserGames(ctx, w.alice.ID); err != nil || len(games) != 0 {
		t.Fatalf("refused imports left games: %v, %v", games, err)
	}
	// A game played in alice's DM with the bot is hers to export; not carol's.
	dm := w.dc.DM(w.alice)
	w.do(w.alice.Slash(ctx, dm, "gomoku", discordtest.Sub("ai")))
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "export", discordtest.Opt("game", 1))), "game #1 was played elsewhere")
	mine := w.privateMessage(w.alice.Slash(ctx, w.lobby, "export", discordtest.Opt("game", 1)))
	if _, ok := mine.Attachment("tengen-1.psq"); !ok {
		t.Fatalf("alice's export of her DM game: %+v", mine)
	}
	w.noFailures()
}

// TestRecordHTTPMode: over the interactions endpoint an answer with a
// file cannot be the HTTP response itself (Discord takes files only
// through the callback route), so /export's private answer with its file
// and the Moves list arrive as in gateway mode.
func TestRecordHTTPMode(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	board = w.play(w.alice, "h8")
	board, err := w.waitMoves(board, "2")
	if err != nil {
		t.Fatal(err)
	}
	all := w.privateMessage(w.bob.Click(ctx, w.current(board), buttonID(t, board, "Moves")))
	if text := embedText(all); !strings.Contains(text, "1. h8 ") {
		t.Fatalf("Moves over HTTP: %q", text)
	}
	exp := w.privateMessage(w.alice.Slash(ctx, w.lobby, "export"))
	if a, ok := exp.Attachment("tengen-1.psq"); !ok || !strings.HasPrefix(string(a.Data), "Piskvorky 15x15, 11:11, 0\n8,8,0\n") {
		t.Fatalf("the export over HTTP: %q, %+v", exp.Content, exp.Attachments)
	}
	w.noFailures()
}
