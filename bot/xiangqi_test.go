package bot_test

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// mateLine is a helpmate: red's cannon mates on g10 at the fifth ply while
// the AI (black) walks into it.
var mateAI = map[int]string{1: "d10e9", 3: "c10a8"}

// TestXiangqiAgainstTheAIToMate: a person plays red against the AI in three
// notations; each move shows at once, the AI's reply replaces it on the same
// board, and the mate ends the game with a replay and the AI record updated.
func TestXiangqiAgainstTheAIToMate(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{ai: &scriptAI{script: mateAI}})
	ctx := ctxT(t)
	board := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Opt("level", 1), discordtest.Opt("colour", "red"))))
	checkBoard(t, board, "Move…", "Draw", "Abort")
	if !strings.Contains(board.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("red should move first: %q", board.Content)
	}
	for i, mv := range []struct{ typed, shown string }{
		{"", "b3b5 · 炮八進二 · C8+2"}, // by the picker: piece, then destination
		{"炮八平三", "b5g5 · 炮八平三 · C8.3"},
	} {
		var b *discordtest.Message
		if mv.typed == "" {
			p := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
			menu := p.Components[0].Components[0]
			if len(menu.Options) != 16 { // at the start every red piece can move
				t.Fatalf("pieces offered: %+v", menu.Options)
			}
			p = w.must(w.alice.Select(ctx, p, menu.CustomID, "b3")).Message()
			dest := p.Components[0].Components[0]
			found := false
			for _, o := range dest.Options {
				found = found || (o.Value == "b3b5" && o.Label == mv.shown)
			}
			if !found {
				t.Fatalf("destinations of b3: %+v", dest.Options)
			}
			w.must(w.alice.Select(ctx, p, dest.CustomID, "b3b5"))
			var err error
			b, err = w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
				return !m.Ephemeral() && len(m.Embeds) > 0 && field(m, "Moves played") != "0"
			})
			if err != nil {
				t.Fatal(err)
			}
		} else {
			b = w.play(w.alice, mv.typed)
		}
		// The move's board shows the AI's reply once it is made; the
		// move itself was played as chosen.
		replied, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
			return m.ID == b.ID && field(m, "Moves played") == itoa(2*i+2)
		})
		if err != nil {
			t.Fatalf("the AI's reply never replaced move %d: %v", i, err)
		}
		if played := w.moves(t, replied); len(played) != 2*i+2 || played[2*i] != strings.Fields(mv.shown)[0] {
			t.Fatalf("move %d: the game's moves are %v, want %s at %d", i, played, mv.shown, 2*i)
		}
		checkBoard(t, replied, earlyAIButtons...)
		if !strings.Contains(replied.Content, "your move") {
			t.Fatalf("after the AI's reply: %q", replied.Content)
		}
	}
	final := w.play(w.alice, "C3+5")
	checkBoard(t, final, "Rematch", "Review")
	if !strings.Contains(final.Content, "wins by checkmate") {
		t.Fatalf("final: %q", final.Content)
	}
	if _, ok := final.Attachment("replay.gif"); !ok {
		t.Fatal("no replay")
	}
	st, err := w.db.Stats(ctx, w.alice.ID, store.Xiangqi)
	if err != nil || st.AI[1].Wins != 1 {
		t.Fatalf("alice's record against level 1: %+v, %v", st, err)
	}
	// a rematch against the AI starts at once, colours swapped: the AI is red
	w.must(w.alice.Click(ctx, final, buttonID(t, final, "Rematch")))
	next, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return m.ID != final.ID && len(m.Buttons()) == 4 && field(m, "Moves played") == "1"
	})
	if err != nil {
		t.Fatalf("the rematch board with the AI's first move: %v", err)
	}
	if !strings.Contains(next.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("rematch: %q", next.Content)
	}
	w.noFailures()
}

// TestUndoAgainstTheAI: an undo against the AI applies at once, on the board.
func TestUndoAgainstTheAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	b := w.play(w.alice, "h8")
	b, err := w.waitMoves(b, "2")
	if err != nil {
		t.Fatal(err)
	}
	after := w.click(w.alice, b, "Undo (3 left)")
	if after.ID != b.ID || field(after, "Moves played") != "0" {
		t.Fatalf("after the undo: %s moves on %s", field(after, "Moves played"), after.ID)
	}
	w.noFailures()
}

// TestDrawOfferToTheAI: the AI answers a draw offer in its own time (this
// one finds the position level and accepts); the prompt and the board
// follow with the bot token.
func TestDrawOfferToTheAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	b := w.play(w.alice, "h8")
	b, err := w.waitMoves(b, "2")
	if err != nil {
		t.Fatal(err)
	}
	prompt := w.click(w.alice, b, "Draw")
	if len(prompt.Buttons()) != 0 || prompt.ID == b.ID {
		t.Fatalf("prompt: %q, %d buttons", prompt.Content, len(prompt.Buttons()))
	}
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return m.ID == prompt.ID && strings.Contains(m.Content, "accepted the draw request")
	}); err != nil {
		t.Fatal(err)
	}
	final, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool { return m.ID == b.ID && len(m.Buttons()) == 3 }) // Rematch, Review, Moves
	if err != nil {
		t.Fatal(err)
	}
	checkBoard(t, final, "Rematch", "Review")
	if !strings.Contains(final.Content, "Draw by agreement") {
		t.Fatalf("final: %q", final.Content)
	}
	w.noFailures()
}
