package discordtest_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestChannelOption: a channel option offers only the channels of the
// server the command is used in, of the option's channel_types, and the
// interaction resolves the chosen channel.
func TestChannelOption(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	pick := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "where",
		Description: "a text channel", ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), dc.Guild().ID, []*discordgo.ApplicationCommand{
		{Name: "pick", Description: "pick a channel", Options: []*discordgo.ApplicationCommandOption{pick}}}); err != nil {
		t.Fatal(err)
	}
	alice := dc.User("alice")
	lobby, other := dc.NewChannel("lobby"), dc.NewChannel("other")
	elsewhere := dc.NewGuild("elsewhere").NewChannel("far")
	if _, err := alice.Slash(ctx(t), lobby, "pick", discordtest.Opt("where", other.ID)); err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if c, _ := at(p, "data", "resolved", "channels", other.ID).(map[string]any); c == nil || c["type"] != float64(0) {
		t.Errorf("resolved channel %v, want the text channel %s", c, other.ID)
	}
	if _, err := alice.Slash(ctx(t), lobby, "pick", discordtest.Opt("where", elsewhere.ID)); err == nil {
		t.Error("a channel of another server was offered")
	}
	if _, err := alice.Slash(ctx(t), lobby, "pick", discordtest.Opt("where", dc.DM(alice).ID)); err == nil {
		t.Error("a DM was offered for a guild channel option")
	}
}
