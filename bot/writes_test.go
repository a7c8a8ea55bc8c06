package bot_test

import (
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestMoveIsOneWrite counts the store's durable writes (a commit and its
// fsync each) per move: a /move, a move made with the picker, and a move
// against the AI are each one write, with the posts Discord must show in
// the same transaction (the AI's reply is a second change of the game, so
// a second write). What the deliverer records of Discord afterwards is
// bookkeeping written without an fsync and is not counted.
func TestMoveIsOneWrite(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	writes := func(step string, want int64, do func()) {
		t.Helper()
		w.idle()
		before := w.writes.Load()
		do()
		w.idle()
		if got := w.writes.Load() - before; got != want {
			t.Errorf("%s: %d durable writes, want %d", step, got, want)
		}
	}

	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	board := w.click(w.bob, ch, "Accept")
	for _, mv := range []string{"h8", "h9", "i8", "i9"} {
		player := w.alice
		if mv[1] == '9' {
			player = w.bob
		}
		writes("/move "+mv, 1, func() { board = w.play(player, mv) })
	}
	writes("a move with the picker", 1, func() {
		p := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
		p = w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "j")).Message()
		w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "8"))
	})

	w.do(w.carol.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	for _, mv := range []string{"h8", "j10", "k11"} {
		writes("/move "+mv+" against the AI, and its reply", 2, func() { w.play(w.carol, mv) })
	}
}
