package discordtest_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// BenchmarkSlashRoundTrip measures one user action end to end: gateway
// dispatch, the bot's REST callback with its contract check, and the reply.
func BenchmarkSlashRoundTrip(b *testing.B) {
	dc := discordtest.New(b)
	startBot(b, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong", Components: buttons("a", "b", "c")},
		})
	})
	ch := dc.NewChannel("c")
	alice := dc.User("alice")
	c := ctx(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := alice.Slash(c, ch, "ping"); err != nil {
			b.Fatal(err)
		}
	}
}
