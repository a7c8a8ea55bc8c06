package discordtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestWaitEditSeesAnEditRightAfterTheAck reproduces a user goroutine that
// wakes late: the bot acknowledges and edits at once, and the user's action
// only returns after the edit has landed (a hook holds it until then, no
// sleeping). WaitEdit must still see the edit, because the version it waits
// past is the one the initial response left, recorded with the ack.
func TestWaitEditSeesAnEditRightAfterTheAck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		ack  discordgo.InteractionResponseType
	}{
		{"deferred message", discordgo.InteractionResponseDeferredChannelMessageWithSource},
		{"deferred update", discordgo.InteractionResponseDeferredMessageUpdate},
		{"update message", discordgo.InteractionResponseUpdateMessage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			lobby := dc.NewChannel("lobby")
			var late bool // set before the action that should wake late
			discordtest.SetAfterAck(dc, func(id string) {
				if !late {
					return
				}
				if _, err := lobby.WaitMessage(ctx(t), func(m *discordtest.Message) bool { return m.Content == "edited "+id }); err != nil {
					t.Errorf("the bot's edit never came: %v", err)
				}
			})
			startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				if i.Type == discordgo.InteractionApplicationCommand {
					return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
						Type: discordgo.InteractionResponseChannelMessageWithSource,
						Data: &discordgo.InteractionResponseData{Content: "board", Components: buttons("go")},
					})
				}
				resp := &discordgo.InteractionResponse{Type: tc.ack}
				if tc.ack == discordgo.InteractionResponseUpdateMessage {
					resp.Data = &discordgo.InteractionResponseData{Content: "updated"}
				}
				if err := s.InteractionRespond(i.Interaction, resp); err != nil {
					return err
				}
				content := "edited " + i.ID
				_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
				return err
			})
			alice := dc.User("alice")
			r, err := alice.Slash(ctx(t), lobby, "ping")
			if err != nil {
				t.Fatal(err)
			}
			late = true
			r2, err := alice.Click(ctx(t), r.Message(), "go")
			if err != nil {
				t.Fatal(err)
			}
			wctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			m, err := r2.WaitEdit(wctx)
			if err != nil {
				t.Fatalf("WaitEdit missed the edit made right after the ack: %v", err)
			}
			if m.Content != "edited "+r2.InteractionID {
				t.Fatalf("WaitEdit returned %q", m.Content)
			}
		})
	}
}
