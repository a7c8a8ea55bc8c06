package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestTimeControlEverywhere: the server's default time control
// (/settings server time) clocks the games started here without one;
// open challenges and the /play queue take a time option too, and the
// queue pairs only players asking for the same control.
func TestTimeControlEverywhere(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	server := func(u *discordtest.User, opts ...discordtest.Arg) *discordtest.Reply {
		return w.must(u.Slash(ctx, w.lobby, "settings", discordtest.Sub("server", opts...)))
	}
	wantEphemeral(t, server(w.alice), "Time control of games started without one: **1 day per move**")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, server(w.carol, discordtest.Opt("time", "5+")), "'5+' is not a time control")
	wantEphemeral(t, server(w.carol, discordtest.Opt("time", "10+5")), "Saved", "games started without one: **10+5")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)

	// A challenge without a time option gets the server's 10+5; one with
	// its own keeps it.
	board := w.startGame()
	if got := field(board, "Clock (10+5)"); !strings.Contains(got, "**10:00**") {
		t.Fatalf("the default clock: %q (fields %+v)", got, board.Embeds)
	}
	ch := w.do(w.carol.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.alice.ID),
		discordtest.Opt("time", "3+2"))))
	if b := w.click(w.alice, ch, "Accept"); field(b, "Clock (3+2)") == "" {
		t.Fatalf("a challenge's own clock: %+v", b.Embeds)
	}

	// An open challenge with a clock: whoever takes it plays on it.
	dave, erin := w.dc.User("dave"), w.dc.User("erin")
	open := w.do(dave.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("open", discordtest.Opt("time", "30+20"))))
	if b := w.click(erin, open, "Accept"); field(b, "Clock (30+20)") == "" {
		t.Fatalf("the open challenge's game: %+v", b.Embeds)
	}

	// The queue: 3+2 and 10+5 do not meet; two 3+2 do, on a 3+2 clock.
	frank, gina, hana := w.dc.User("frank"), w.dc.User("gina"), w.dc.User("hana")
	join := func(u *discordtest.User, tc string) *discordtest.Reply {
		return w.must(u.Slash(ctx, w.lobby, "play", discordtest.Sub("join", discordtest.Opt("game", "gomoku"), discordtest.Opt("time", tc))))
	}
	wantEphemeral(t, join(frank, "3+2"), "You are waiting for a game of Gomoku (freestyle · 15×15 · ⏱ 3+2)")
	wantEphemeral(t, join(gina, "10+5"), "You are waiting")
	paired := w.settled(join(hana, "3+2"))
	if field(paired, "Clock (3+2)") == "" || !strings.Contains(paired.Content, "<@"+frank.ID+">") {
		t.Fatalf("the paired game: %q %+v", paired.Content, paired.Embeds)
	}
	w.noFailures()
}
