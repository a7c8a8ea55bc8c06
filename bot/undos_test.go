package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// labels returns the labels of m's buttons.
func labels(m *discordtest.Message) []string {
	var ls []string
	for _, b := range m.Buttons() {
		ls = append(ls, b.Label)
	}
	return ls
}

// hasUndo reports whether m has an Undo button, and its label.
func hasUndo(m *discordtest.Message) (string, bool) {
	for _, l := range labels(m) {
		if strings.HasPrefix(l, "Undo") {
			return l, true
		}
	}
	return "", false
}

// TestUndoButtonAgainstAI: against the AI the Undo button appears only
// when the player has a move to take back and undos left, and says how
// many are left (the default allowance is 3).
func TestUndoButtonAgainstAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	if l, ok := hasUndo(board); ok {
		t.Fatalf("the board before any move offers %q: %v", l, labels(board))
	}
	moves := []string{"a1", "a3", "a5", "a7"}
	for used := 0; used < 3; used++ {
		board = w.play(w.alice, moves[used])
		var err error
		if board, err = w.waitMoves(board, "2"); err != nil {
			t.Fatal(err)
		}
		want := "Undo (" + fmtInt(3-used) + " left)"
		if l, _ := hasUndo(board); l != want {
			t.Fatalf("after %d undos the board shows %v, want %q", used, labels(board), want)
		}
		board = w.click(w.alice, board, want)
		if got := field(board, "Moves played"); got != "0" {
			t.Fatalf("after the undo the board shows %s moves", got)
		}
		if l, ok := hasUndo(board); ok {
			t.Fatalf("nothing to take back, yet the board offers %q", l)
		}
	}
	board = w.play(w.alice, "h8")
	board, err := w.waitMoves(board, "2")
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := hasUndo(board); ok || !slices.Contains(labels(board), "Resign") && !slices.Contains(labels(board), "Abort") {
		t.Fatalf("with no undos left the board shows %v (undo %q)", labels(board), l)
	}
	w.noFailures()
}

// TestUndoButtonLocalised: the number left is in the server's language,
// as the rest of the board.
func TestUndoButtonLocalised(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.dc.Guild().SetLocale(discordgo.ChineseCN)
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	w.do(ming.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	board := w.do(ming.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8")))
	if _, err := w.lobby.WaitMessage(ctx, func(v *discordtest.Message) bool {
		return v.ID == board.ID && slices.Contains(labels(v), "悔棋（剩 3 次）")
	}); err != nil {
		t.Fatalf("the board never offered 悔棋（剩 3 次）: %v (%v)", labels(w.current(board)), err)
	}
	w.noFailures()
}

// TestUndoCapBetweenPeople: a server manager caps the undos between
// people with /limits undos; the lifecycle refuses an undo over the cap
// and the board stops offering Undo to whoever has none left.
func TestUndoCapBetweenPeople(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "limits")), "Undos between players in this server: **unlimited")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "limits", discordtest.Opt("undos", "1"))), "Only members who can manage this server")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "limits", discordtest.Opt("undos", "1"))), "now **1 per player and game")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)

	board := w.startGame()
	if l, ok := hasUndo(board); ok {
		t.Fatalf("the board before any move offers %q", l)
	}
	w.play(w.alice, "h8")
	board = w.play(w.bob, "h9")
	prompt := w.click(w.bob, board, "Undo")
	board = w.click(w.alice, prompt, "Accept")
	// bob has had his undo; alice still has hers, so the board offers it
	if _, ok := hasUndo(board); !ok {
		t.Fatalf("alice has an undo left, yet the board shows %v", labels(board))
	}
	board = w.play(w.bob, "i9")
	wantEphemeral(t, w.must(w.bob.Click(ctx, board, buttonID(t, board, "Undo"))), "all the undos this server allows", "(1)")
	prompt = w.click(w.alice, board, "Undo")
	board = w.click(w.bob, prompt, "Accept")
	board = w.play(w.alice, "j8")
	if l, ok := hasUndo(board); ok {
		t.Fatalf("both players have had their undo, yet the board offers %q", l)
	}

	// none: a new game offers no Undo at all, and a request is refused
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "limits", discordtest.Opt("undos", "none"))), "now **none")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)
	dave, erin := w.dc.User("dave"), w.dc.User("erin")
	ch := w.do(dave.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", erin.ID), discordtest.Opt("first", "me"))))
	w.click(erin, ch, "Accept")
	w.play(dave, "h8")
	board = w.play(erin, "h9")
	if l, ok := hasUndo(board); ok {
		t.Fatalf("undos are off in this server, yet the board offers %q", l)
	}
	w.noFailures()
}

// TestBoardAltText: every board image reaches Discord with its alt text
// (the attachment's description), kept through the AI's edit of the
// board, and the replay GIF of a finished game has one too.
func TestBoardAltText(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	alt := func(m *discordtest.Message, file string) string {
		t.Helper()
		a, ok := m.Attachment(file)
		if !ok {
			t.Fatalf("message %s has no %s", m.ID, file)
		}
		return a.Description
	}
	if got := alt(board, "board.png"); got != "Gomoku board, game #1: 0 moves played. alice (black) to move." {
		t.Fatalf("alt text of the first board: %q", got)
	}
	board = w.play(w.alice, "h8")
	board, err := w.waitMoves(board, "2")
	if err != nil {
		t.Fatal(err)
	}
	got := alt(board, "board.png")
	for _, want := range []string{"2 moves played.", "alice (black) to move.", "Last move: ", "Stones near it: "} {
		if !strings.Contains(got, want) {
			t.Fatalf("alt text after the AI's reply %q lacks %q", got, want)
		}
	}
	ask := w.must(w.alice.Slash(ctx, w.lobby, "resign"))
	w.do(w.alice.Click(ctx, ask.Message(), buttonID(t, ask.Message(), "Yes, abort")))
	final := w.current(board)
	if got := alt(final, "board.png"); !strings.Contains(got, "The game ended without a result.") {
		t.Fatalf("alt text of the aborted board: %q", got)
	}
	w.startGame()
	people := w.play(w.alice, "h8")
	final = w.resign(w.alice, people)
	if got := alt(final, "board.png"); !strings.Contains(got, "bob (white) won by resignation.") {
		t.Fatalf("alt text of the resigned board: %q", got)
	}
	if got := alt(final, "replay.gif"); got != "Replay of Gomoku game #2, move by move: 1 moves played." {
		t.Fatalf("alt text of the replay: %q", got)
	}
	w.noFailures()
}
