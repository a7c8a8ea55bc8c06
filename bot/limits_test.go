package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestLimitsCommand: anyone sees the server's rate limits; only members
// who may manage the server change them; strict limits stop a loop of
// challenge and withdraw after one round, with a private, translated
// reply saying when to try again.
func TestLimitsCommand(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "limits")), "Rate limits in this server: **normal: 10 challenges at once")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "limits", discordtest.Opt("preset", "strict"))), "Only members who can manage this server")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "limits", discordtest.Opt("preset", "strict"))), "now **strict")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)

	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	rounds := 0
	for ; rounds < 20; rounds++ {
		r := w.must(ming.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
		m := r.Message()
		if m.Flags&discordgo.MessageFlagsEphemeral != 0 {
			if !strings.Contains(m.Content, "你在短时间内发出的挑战请求太多了") || !strings.Contains(m.Content, "<t:") {
				t.Fatalf("refusal %q", m.Content)
			}
			break
		}
		ch := w.settled(r)
		w.click(ming, ch, "Decline") // the challenger's Decline withdraws
	}
	t.Logf("strict limits: %d challenge-and-withdraw rounds, then refused", rounds)
	if rounds != 1 {
		t.Fatalf("%d rounds before the refusal, want 1 under strict limits", rounds)
	}
	w.noFailures()
}
