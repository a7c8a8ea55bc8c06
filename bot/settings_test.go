package bot_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// TestServerSettings: anyone sees the server's settings; only members who
// may manage the server change them; a game started outside the channels
// allowed is refused naming them, inside them it starts, unrated when the
// server says so; /limits and /settings server share one setting; the
// server's settings are refused in a DM.
func TestServerSettings(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	arena := w.dc.NewChannel("arena")
	server := func(u *discordtest.User, ch *discordtest.Channel, opts ...discordtest.Arg) *discordtest.Reply {
		return w.must(u.Slash(ctx, ch, "settings", discordtest.Sub("server", opts...)))
	}
	wantEphemeral(t, server(w.alice, w.lobby), "Settings of this server", "every channel", "rated: **yes**", "Rate limits: **normal", "unlimited")
	wantEphemeral(t, server(w.alice, w.lobby, discordtest.Opt("allow", arena.ID)),
		"only members who can manage this server can change its settings")

	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, server(w.carol, w.lobby, discordtest.Opt("allow", arena.ID), discordtest.Opt("rated", false),
		discordtest.Opt("limits", "strict")), "Saved", "<#"+arena.ID+">", "rated: **no**", "strict")
	wantEphemeral(t, server(w.carol, w.lobby, discordtest.Opt("disallow", w.lobby.ID)),
		"<#"+w.lobby.ID+"> is not one of the channels where games are played here")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)

	// one source of truth: /limits shows what /settings server set
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "limits")), "**strict")

	refusal := "games are played in <#" + arena.ID + "> in this server, not in this channel"
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai"))), refusal)
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID)))), refusal)
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	wantEphemeral(t, w.must(ming.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai"))), "本服务器的对局在 <#"+arena.ID+"> 进行")

	ch := w.do(w.alice.Slash(ctx, arena, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
	board := w.click(w.bob, ch, "Accept")
	id, err := parseButton(board)
	if err != nil {
		t.Fatal(err)
	}
	g, err := w.db.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rated || g.ChannelID != arena.ID || g.Status != store.Active {
		t.Fatalf("game in the arena: rated %v, channel %s, status %v; want unrated, active, in %s", g.Rated, g.ChannelID, g.Status, arena.ID)
	}

	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, server(w.carol, w.lobby, discordtest.Opt("everywhere", true)), "Saved", "every channel")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)
	checkBoard(t, w.do(w.carol.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai"))), "Move…", "Draw", "Abort")

	wantEphemeral(t, server(w.alice, w.dc.DM(w.alice)), "server settings exist only in a server that invited Tengen")
	w.noFailures()
}

// TestMySettings: a player's settings are shown, changed, drawn on the
// boards that are theirs (the size and colours of the image), kept over a
// restart, and their language answers them privately, refusals included.
func TestMySettings(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	me := func(opts ...discordtest.Arg) *discordtest.Reply {
		return w.must(w.alice.Slash(ctx, w.lobby, "settings", discordtest.Sub("me", opts...)))
	}
	wantEphemeral(t, me(), "Your settings", "colours: **wood", "traditional characters", "from your side", "size: **normal", "Coordinates: **yes", "Language: **Discord's")
	wantEphemeral(t, me(discordtest.Opt("theme", "dark"), discordtest.Opt("size", "small"), discordtest.Opt("pieces", "simplified"),
		discordtest.Opt("coordinates", false)), "Saved", "colours: **dark", "simplified characters", "size: **small", "Coordinates: **no")

	board := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Opt("colour", "red"))))
	checkLooks(t, board, 540, true)
	// Bob's board, between people, is his own: his defaults
	ch := w.do(w.bob.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.carol.ID), discordtest.Opt("colour", "red"))))
	checkLooks(t, w.click(w.carol, ch, "Accept"), 720, false)

	wantEphemeral(t, me(discordtest.Opt("language", "ja")), "保存しました", "あなたの設定", "ダーク")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "settings", discordtest.Sub("server", discordtest.Opt("rated", true)))),
		"設定を変更できるのは、このサーバーを管理できるメンバーだけです")

	// in a DM with the bot everything is hers: the board too
	dm := w.do(w.alice.Slash(ctx, w.dc.DM(w.alice), "gomoku", discordtest.Sub("ai")))
	if len(dm.Embeds) != 1 || !strings.Contains(dm.Embeds[0].Title, "対局") {
		t.Fatalf("the board in her DM is not in Japanese: %+v", dm.Embeds)
	}

	w.stop()
	w.start()
	wantEphemeral(t, me(), "あなたの設定", "ダーク", "日本語")
	wantEphemeral(t, me(discordtest.Opt("language", "discord")), "Saved", "Language: **Discord's")
	w.noFailures()
}

// checkLooks checks the board image of m: its width, and whether the
// middle of the board (the river on a Xiangqi board) is the dark theme's.
func checkLooks(t *testing.T, m *discordtest.Message, width int, dark bool) {
	t.Helper()
	att, ok := m.Attachment("board.png")
	if !ok {
		t.Fatalf("no board image on %+v", m)
	}
	img, err := png.Decode(bytes.NewReader(att.Data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	r, _, _, _ := img.At(b.Dx()/2, b.Dy()/2).RGBA()
	if b.Dx() != width || (r>>8 < 0x80) != dark {
		t.Fatalf("board %d px wide, red %#x in the middle; want %d px, dark %v", b.Dx(), r>>8, width, dark)
	}
	if !strings.HasPrefix(att.ContentType, "image/png") {
		t.Fatalf("content type %q", att.ContentType)
	}
}
