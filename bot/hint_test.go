package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestHintsAgainstTheAI: against the AI the board offers Hint with the
// number left; a click answers privately with the engine's move, its line
// and the board with the move played, and the board then counts one fewer.
// Only the player may ask; once the hints are used the button goes (the
// lifecycle refuses more: match's TestHintsAgainstTheAI). Boards between
// people have no Hint.
func TestHintsAgainstTheAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{hints: 2})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	checkBoard(t, board, "Move…", "Draw", "Hint (2 left)", "Abort")

	wantEphemeral(t, w.must(w.bob.Click(ctx, board, buttonID(t, board, "Hint (2 left)"))), "not playing")
	r := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Hint (2 left)")))
	m := r.Message()
	if m == nil || !m.Ephemeral() || !strings.HasPrefix(m.Content, "💡 Hint for game #1: **") ||
		!strings.Contains(m.Content, "Hints left in this game: 1.") {
		t.Fatalf("the hint: %+v", m)
	}
	if a, ok := m.Attachment("board.png"); !ok || len(a.Data) == 0 || !strings.Contains(a.Description, "Last move:") {
		t.Errorf("the hint's board: %+v", a)
	}
	w.idle()
	board = w.current(board)
	checkBoard(t, board, "Move…", "Draw", "Hint (1 left)", "Abort")

	// The second and last hint: the button goes.
	wantHint := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Hint (1 left)"))).Message()
	if wantHint == nil || !strings.Contains(wantHint.Content, "Hints left in this game: 0.") {
		t.Fatalf("the second hint: %+v", wantHint)
	}
	w.idle()
	board = w.current(board)
	if slices.ContainsFunc(labels(board), func(l string) bool { return strings.HasPrefix(l, "Hint") }) {
		t.Errorf("the board still offers a hint: %v", labels(board))
	}

	// Between people: no Hint.
	duel := w.startGame()
	if slices.ContainsFunc(labels(duel), func(l string) bool { return strings.HasPrefix(l, "Hint") }) {
		t.Errorf("a board between people offers a hint: %v", labels(duel))
	}

	// The server's managers choose how many: new games get that many.
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "settings", discordtest.Sub("server", discordtest.Opt("hints", 1)))),
		"Saved", "Hints per game against the AI: **1**")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)
	one := w.do(w.carol.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Opt("colour", "red"))))
	checkBoard(t, one, "Move…", "Draw", "Hint (1 left)", "Abort")
	w.noFailures()
}
