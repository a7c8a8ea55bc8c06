package discordtest_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestInteractionsCarryLocales checks that an interaction carries its user's
// locale and, in a guild, the guild's preferred locale, as Discord sends them,
// and that a DM carries no guild locale.
func TestInteractionsCarryLocales(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	type seen struct {
		locale, guild discordgo.Locale
		hasGuild      bool
	}
	got := make(chan seen, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		v := seen{locale: i.Locale}
		if i.GuildLocale != nil {
			v.guild, v.hasGuild = *i.GuildLocale, true
		}
		got <- v
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	taipei := dc.NewGuild("台北")
	taipei.SetLocale(discordgo.ChineseTW)
	ming := dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	alice := dc.User("alice")
	for _, tc := range []struct {
		name string
		user *discordtest.User
		ch   *discordtest.Channel
		want seen
	}{
		{"defaults", alice, dc.NewChannel("lobby"), seen{discordtest.DefaultLocale, discordtest.DefaultLocale, true}},
		{"zh-CN user, en-US guild", ming, dc.NewChannel("lobby2"), seen{discordgo.ChineseCN, discordgo.EnglishUS, true}},
		{"zh-CN user, zh-TW guild", ming, taipei.NewChannel("大廳"), seen{discordgo.ChineseCN, discordgo.ChineseTW, true}},
		{"en-US user, zh-TW guild", alice, taipei.NewChannel("大廳2"), seen{discordgo.EnglishUS, discordgo.ChineseTW, true}},
		{"DM", ming, dc.DM(ming), seen{locale: discordgo.ChineseCN}},
	} {
		if _, err := tc.user.Slash(ctx(t), tc.ch, "ping"); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if v := <-got; v != tc.want {
			t.Errorf("%s: the bot saw %+v, want %+v", tc.name, v, tc.want)
		}
	}
	if ming.Locale() != discordgo.ChineseCN || dc.User("小明").Locale() != discordgo.ChineseCN {
		t.Errorf("小明's locale is %q, want zh-CN (kept when looked up again)", ming.Locale())
	}
	if g, err := s.Guild(taipei.ID); err != nil || g.PreferredLocale != string(discordgo.ChineseTW) {
		t.Errorf("GET guild: %+v, %v; want preferred_locale zh-TW", g, err)
	}
}
