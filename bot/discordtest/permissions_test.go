package discordtest_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// rawInteractions delivers the INTERACTION_CREATE payloads the session
// receives, as Discord sent them.
func rawInteractions(t *testing.T, s *discordgo.Session) <-chan map[string]any {
	t.Helper()
	out := make(chan map[string]any, 16)
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		if e.Type != "INTERACTION_CREATE" {
			return
		}
		var p map[string]any
		if err := json.Unmarshal(e.RawData, &p); err != nil {
			t.Errorf("INTERACTION_CREATE is not JSON: %v", err)
			return
		}
		out <- p
	})
	return out
}

func perms(p int64) string { return strconv.FormatInt(p, 10) }

// at walks a decoded JSON value along keys.
func at(v any, keys ...string) any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// TestInteractionsCarryPermissions: app_permissions follows the channel's
// setting, member.permissions the users', a resolved channel carries both,
// and a DM with the bot has the fixed set the docs give.
func TestInteractionsCarryPermissions(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	if _, err := s.ApplicationCommandCreate(dc.AppID(), "", &discordgo.ApplicationCommand{
		Name: "watch", Description: "Watch a channel",
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionChannel, Name: "where", Description: "Where", Required: true}},
	}); err != nil {
		t.Fatal(err)
	}
	lobby, other := dc.NewChannel("lobby"), dc.NewChannel("other")
	alice := dc.User("alice")
	const app = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	const members = discordgo.PermissionViewChannel | discordgo.PermissionUseExternalApps
	lobby.SetAppPermissions(app)
	lobby.SetMemberPermissions(members)
	if _, err := alice.Slash(ctx(t), lobby, "watch", discordtest.Opt("where", other.ID)); err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if got := at(p, "app_permissions"); got != perms(app) {
		t.Errorf("app_permissions %v, want %s", got, perms(app))
	}
	if got := at(p, "member", "permissions"); got != perms(members) {
		t.Errorf("member.permissions %v, want %s", got, perms(members))
	}
	resolved := at(p, "data", "resolved", "channels", other.ID)
	if at(resolved, "app_permissions") != perms(discordtest.DefaultPermissions) || at(resolved, "permissions") != perms(discordtest.DefaultPermissions) {
		t.Errorf("resolved channel %v, want default app and member permissions", resolved)
	}
	if _, err := alice.Slash(ctx(t), dc.DM(alice), "ping"); err != nil {
		t.Fatal(err)
	}
	if got := at(<-raw, "app_permissions"); got != "442368" || discordtest.BotDMPermissions != 442368 {
		t.Errorf("app_permissions in the bot's DM %v, want 442368", got)
	}
}

// TestBotTokenRoutesEnforcePermissions calls the channel routes with the
// bot token in a channel missing one permission each.
func TestBotTokenRoutesEnforcePermissions(t *testing.T) {
	const all = discordtest.DefaultPermissions
	file := func() []*discordgo.File {
		return []*discordgo.File{{Name: "board.png", Reader: strings.NewReader("png")}}
	}
	// A fresh embed per call: discordgo writes its Type, and subtests run
	// in parallel.
	embed := func() []*discordgo.MessageEmbed { return []*discordgo.MessageEmbed{{Title: "Board"}} }
	type call struct {
		name       string
		do         func(s *discordgo.Session, ch, msg string) error
		wantStatus int // 0: succeeds
		wantCode   int
	}
	send := func(m *discordgo.MessageSend) func(s *discordgo.Session, ch, _ string) error {
		return func(s *discordgo.Session, ch, _ string) error {
			_, err := s.ChannelMessageSendComplex(ch, m)
			return err
		}
	}
	edit := func(m *discordgo.MessageEdit) func(s *discordgo.Session, ch, msg string) error {
		return func(s *discordgo.Session, ch, msg string) error {
			m.Channel, m.ID = ch, msg
			_, err := s.ChannelMessageEditComplex(m)
			return err
		}
	}
	get := func(s *discordgo.Session, ch, msg string) error { _, err := s.ChannelMessage(ch, msg); return err }
	getChannel := func(s *discordgo.Session, ch, _ string) error { _, err := s.Channel(ch); return err }
	del := func(s *discordgo.Session, ch, msg string) error { return s.ChannelMessageDelete(ch, msg) }
	tests := []struct {
		name  string
		perms int64
		calls []call
	}{
		{"no VIEW_CHANNEL", all &^ discordgo.PermissionViewChannel, []call{
			{"send", send(&discordgo.MessageSend{Content: "hi"}), 403, 50001},
			{"get channel", getChannel, 403, 50001},
			{"get message", get, 403, 50001},
			{"edit", edit(&discordgo.MessageEdit{Content: ptr("hi")}), 403, 50001},
			{"delete", del, 403, 50001},
		}},
		{"no SEND_MESSAGES", all &^ discordgo.PermissionSendMessages, []call{
			{"send", send(&discordgo.MessageSend{Content: "hi"}), 403, 50013},
			{"edit its own message", edit(&discordgo.MessageEdit{Content: ptr("edited")}), 0, 0},
			{"get message", get, 0, 0},
			{"delete its own message", del, 0, 0},
		}},
		{"no ATTACH_FILES", all &^ discordgo.PermissionAttachFiles, []call{
			{"send a file", send(&discordgo.MessageSend{Content: "board", Files: file()}), 403, 50013},
			{"edit in a file", edit(&discordgo.MessageEdit{Files: file()}), 403, 50013},
			{"send text", send(&discordgo.MessageSend{Content: "hi"}), 0, 0},
		}},
		{"no EMBED_LINKS", all &^ discordgo.PermissionEmbedLinks, []call{
			{"send only an embed", send(&discordgo.MessageSend{Embeds: embed()}), 403, 50013},
			{"edit to only an embed", edit(&discordgo.MessageEdit{Content: ptr(""), Embeds: ptr(embed())}), 400, 50006},
			{"send text and an embed", send(&discordgo.MessageSend{Content: "hi", Embeds: embed()}), 0, 0},
		}},
		{"no READ_MESSAGE_HISTORY", all &^ discordgo.PermissionReadMessageHistory, []call{
			{"get message", get, 403, 50013},
			{"send", send(&discordgo.MessageSend{Content: "hi"}), 0, 0},
		}},
		{"ADMINISTRATOR alone", discordgo.PermissionAdministrator, []call{
			{"send a file and an embed", send(&discordgo.MessageSend{Content: "hi", Files: file(), Embeds: embed()}), 0, 0},
			{"get message", get, 0, 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			s := dc.Session()
			ch := dc.NewChannel("c")
			old, err := s.ChannelMessageSend(ch.ID, "posted while allowed")
			if err != nil {
				t.Fatal(err)
			}
			ch.SetAppPermissions(tt.perms)
			for _, c := range tt.calls {
				err := c.do(s, ch.ID, old.ID)
				if c.wantStatus == 0 {
					if err != nil {
						t.Errorf("%s: %v", c.name, err)
					}
					continue
				}
				if status, code := restCode(t, err); status != c.wantStatus || code != c.wantCode {
					t.Errorf("%s: HTTP %d code %d, want %d %d", c.name, status, code, c.wantStatus, c.wantCode)
				}
			}
			if m := dc.Message(old.ID); m != nil && len(m.Attachments) != 0 {
				t.Errorf("a refused edit took effect: %+v", m)
			}
		})
	}
}

func TestEmbedsDroppedWithoutEmbedLinks(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	ch.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionEmbedLinks)
	m, err := s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "board", Embeds: []*discordgo.MessageEmbed{{Title: "Board"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Embeds) != 0 || len(dc.Message(m.ID).Embeds) != 0 {
		t.Fatalf("the embed was kept: %+v", m.Embeds)
	}
}

// TestInteractionResponsesNeedNoChannelPermissions: an interaction token is a
// webhook; responses work in a channel where the bot can do nothing.
func TestInteractionResponsesNeedNoChannelPermissions(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "board", Embeds: []*discordgo.MessageEmbed{{Title: "Board"}},
				Files: []*discordgo.File{{Name: "board.png", Reader: strings.NewReader("png")}},
			},
		}); err != nil {
			return err
		}
		got <- func() error {
			if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: ptr("board, edited")}); err != nil {
				return err
			}
			_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "your move"})
			return err
		}()
		return nil
	})
	ch := dc.NewChannel("c")
	ch.SetAppPermissions(0)
	r, err := dc.User("alice").Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if m := r.Message(); m.Content != "board, edited" || len(m.Embeds) != 1 || len(m.Attachments) != 1 || len(r.Followups()) != 1 {
		t.Fatalf("response %+v, follow-ups %d", m, len(r.Followups()))
	}
}

// TestUserInstalledApp: in a guild the bot user is not in, interactions still
// arrive, but the bot token can do nothing there, follow-ups stop at 5, and
// responses are ephemeral where USE_EXTERNAL_APPS is denied.
func TestUserInstalledApp(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	followups := make(chan error, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := pong(s, i); err != nil {
			return err
		}
		followups <- func() error {
			for range 6 {
				if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "more"}); err != nil {
					return err
				}
			}
			return nil
		}()
		return nil
	})
	raw := rawInteractions(t, s)
	deleted := make(chan string, 1)
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { deleted <- g.ID })
	g := dc.NewGuild("elsewhere")
	ch := g.NewChannel("c")
	g.SetBotMember(false)
	select {
	case id := <-deleted:
		if id != g.ID {
			t.Fatalf("GUILD_DELETE for %s, want %s", id, g.ID)
		}
	case <-ctx(t).Done():
		t.Fatal("no GUILD_DELETE when the bot left the guild")
	}
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if owners := at(p, "authorizing_integration_owners"); len(owners.(map[string]any)) != 1 || at(owners, "1") != alice.ID {
		t.Errorf("authorizing_integration_owners %v, want only the user install", owners)
	}
	want := discordtest.DefaultPermissions & (discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionMentionEveryone | discordgo.PermissionUseExternalEmojis)
	if got := at(p, "app_permissions"); got != perms(want) {
		t.Errorf("app_permissions %v, want %s", got, perms(want))
	}
	if status, code := restCode(t, <-followups); status != 400 || code != 40094 || len(r.Followups()) != 5 {
		t.Errorf("6th follow-up: HTTP %d code %d after %d follow-ups, want 400 40094 after 5", status, code, len(r.Followups()))
	}
	for name, call := range map[string]func() error{
		"send":        func() error { _, err := s.ChannelMessageSend(ch.ID, "hi"); return err },
		"get channel": func() error { _, err := s.Channel(ch.ID); return err },
		"get guild":   func() error { _, err := s.Guild(g.ID); return err },
		"get member":  func() error { _, err := s.GuildMember(g.ID, alice.ID); return err },
	} {
		if status, code := restCode(t, call()); status != 403 || code != 50001 {
			t.Errorf("%s: HTTP %d code %d, want 403 50001", name, status, code)
		}
	}
	ch.SetMemberPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionUseExternalApps)
	r, err = alice.Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	<-followups
	if m := r.Message(); !m.Ephemeral() || m.VisibleTo != alice.ID {
		t.Fatalf("response %+v, want it ephemeral where USE_EXTERNAL_APPS is denied", m)
	}
}

func TestUsersWhoCannotSeeTheChannelAreNotNotified(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	ch.SetMemberPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionViewChannel)
	if _, err := s.ChannelMessageSend(ch.ID, mention(dc.User("alice"))+" your move"); err != nil {
		t.Fatal(err)
	}
	if got := dc.Notifications(); len(got) != 0 {
		t.Fatalf("notified %+v in a channel they cannot see", got)
	}
}
