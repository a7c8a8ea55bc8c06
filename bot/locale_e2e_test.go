package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestLocalesEndToEnd plays in servers of three languages with players whose
// Discord clients run in English, 简体中文 (小明) and 繁體中文 (小華): every
// refusal and private error is in the reader's own language, while the
// challenge and the board, which everyone sees, follow the server's locale.
func TestLocalesEndToEnd(t *testing.T) {
	t.Parallel()
	// The texts each reader must get (the catalogue's, written out here so a
	// wrong lookup cannot hide behind the same lookup in the test).
	private := map[discordgo.Locale]struct{ notPlaying, notYourTurn, occupied, unreadable string }{
		discordgo.EnglishUS: {"You are not playing in this game.", "It is not your turn.", "That point is already taken.", "is not a point"},
		discordgo.ChineseCN: {"你没有参加这局对局。", "还没轮到你。", "该点已有棋子。", "无法识别这步棋。"},
		discordgo.ChineseTW: {"你沒有參加這局對局。", "還沒輪到你。", "該點已有棋子。", "無法識別這步棋。"},
	}
	for _, server := range []struct {
		locale                   discordgo.Locale
		accept, move, resign, to string
	}{
		{discordgo.EnglishUS, "Accept", "Move…", "Resign", "To move"},
		{discordgo.ChineseCN, "接受", "走棋…", "认输", "轮到"},
		{discordgo.ChineseTW, "接受", "走棋…", "認輸", "輪到"},
	} {
		t.Run(string(server.locale), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, setup{})
			ctx := ctxT(t)
			w.dc.Guild().SetLocale(server.locale)
			ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
			hua := w.dc.User("小華", discordtest.Locale(discordgo.ChineseTW))
			says := func(r *discordtest.Reply, who discordgo.Locale, want string) {
				t.Helper()
				text := ephemeralText(t, r)
				if !strings.Contains(text, want) {
					t.Fatalf("a %s reader got %q, want it to say %q", who, text, want)
				}
				if who != discordgo.EnglishUS && strings.Contains(text, "⚠️ It ") {
					t.Fatalf("a %s reader got an English lead line: %q", who, text)
				}
			}

			// alice (English) challenges 小明; the challenge is public.
			ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
				discordtest.Opt("opponent", ming.ID), discordtest.Opt("first", "me"))))
			if ch.Ephemeral() {
				t.Fatalf("the challenge is private: %+v", ch)
			}
			buttonID(t, ch, server.accept) // in the server's language
			board := w.click(ming, ch, server.accept)
			for _, label := range []string{server.move, server.resign} {
				buttonID(t, board, label)
			}
			if field(board, server.to) == "" {
				t.Fatalf("the board has no %q field in the server's language: %+v", server.to, board.Embeds)
			}

			// 小華 is not playing: told so in 繁體中文 whatever the server speaks.
			says(w.must(hua.Click(ctx, board, buttonID(t, board, server.resign))), discordgo.ChineseTW, private[discordgo.ChineseTW].notPlaying)
			// 小明 moves out of turn: told in 简体中文.
			says(w.must(ming.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8"))), discordgo.ChineseCN, private[discordgo.ChineseCN].notYourTurn)
			// alice mistypes: told in English.
			says(w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "zz"))), discordgo.EnglishUS, private[discordgo.EnglishUS].unreadable)
			// 小明 plays on a taken point.
			board = w.play(w.alice, "h8")
			says(w.must(ming.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8"))), discordgo.ChineseCN, private[discordgo.ChineseCN].occupied)
			says(w.must(ming.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8h8"))), discordgo.ChineseCN, private[discordgo.ChineseCN].unreadable)
			// The new board, posted in answer to alice, still speaks the server's language.
			buttonID(t, board, server.move)
			if field(board, server.to) == "" {
				t.Fatalf("the board after a move has no %q field: %+v", server.to, board.Embeds)
			}
			// 小明's own move posts a board in the server's language too.
			board = w.play(ming, "h9")
			buttonID(t, board, server.move)
			if field(board, server.to) == "" {
				t.Fatalf("小明's board has no %q field: %+v", server.to, board.Embeds)
			}
			w.noFailures()
		})
	}
}
