package discordtest_test

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestGroupDM: an interaction in a group DM has context 2, names only the
// user's installation, carries the channel with its recipients and the
// (G)DM app_permissions; the bot token cannot reach the channel, follow-ups
// stop at 5, and only its recipients can act there.
func TestGroupDM(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	alice, bob, carol := dc.User("alice"), dc.User("bob"), dc.User("carol")
	ch := dc.GroupDM(alice, bob)
	if _, err := alice.Slash(ctx(t), ch, "ping"); err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if got := at(p, "context"); got != float64(discordgo.InteractionContextPrivateChannel) {
		t.Errorf("context %v, want 2", got)
	}
	if owners := at(p, "authorizing_integration_owners").(map[string]any); len(owners) != 1 || owners["1"] != alice.ID {
		t.Errorf("authorizing_integration_owners %v, want only alice's install", owners)
	}
	want := int64(discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionMentionEveryone)
	if got := at(p, "app_permissions"); got != perms(want) {
		t.Errorf("app_permissions %v, want %s", got, perms(want))
	}
	channel := at(p, "channel").(map[string]any)
	if channel["type"] != float64(discordgo.ChannelTypeGroupDM) || len(channel["recipients"].([]any)) != 2 {
		t.Errorf("channel %v, want a group DM with its 2 recipients", channel)
	}
	if p["member"] != nil || at(p, "user", "id") != alice.ID {
		t.Errorf("a group DM interaction has a user and no member: %v", p)
	}
	if _, err := s.ChannelMessageSend(ch.ID, "hi"); err == nil {
		t.Error("the bot token posted in a group DM it is not in")
	} else if status, code := restCode(t, err); status != 403 || code != 50001 {
		t.Errorf("bot token in a group DM: HTTP %d code %d, want 403 50001", status, code)
	}
	if _, err := carol.Slash(ctx(t), ch, "ping"); err == nil {
		t.Error("carol acted in a group DM she is not in")
	}
}

// TestCommandsOfferedByContext: Discord's client offers a global command
// only in the contexts it lists, and, where only users installed the app,
// only if it is available through the user installation.
func TestCommandsOfferedByContext(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	app := dc.AppID()
	guildOnly := &discordgo.ApplicationCommand{Name: "guildonly", Description: "Only in servers",
		Contexts: &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}}
	serverInstall := &discordgo.ApplicationCommand{Name: "serverinstall", Description: "Server install only"}
	if _, err := s.ApplicationCommandBulkOverwrite(app, "", append(commands, guildOnly, serverInstall)); err != nil {
		t.Fatal(err)
	}
	alice, bob := dc.User("alice"), dc.User("bob")
	userGuild := dc.NewGuild("theirs")
	userGuild.SetBotMember(false)
	for _, tt := range []struct {
		where   string
		ch      *discordtest.Channel
		command string
		offered bool
	}{
		{"server", dc.NewChannel("c"), "guildonly", true},
		{"bot DM", dc.DM(alice), "guildonly", false},
		{"group DM", dc.GroupDM(alice, bob), "guildonly", false},
		{"server", dc.NewChannel("d"), "serverinstall", true},
		{"user-installed server", userGuild.NewChannel("e"), "serverinstall", false},
		{"group DM", dc.GroupDM(alice, bob), "serverinstall", false},
		{"user-installed server", userGuild.NewChannel("f"), "ping", true},
		{"group DM", dc.GroupDM(alice, bob), "ping", true},
	} {
		_, err := alice.Slash(ctx(t), tt.ch, tt.command)
		if got := !errors.Is(err, discordtest.ErrNotOffered); got != tt.offered {
			t.Errorf("/%s in a %s: offered %v (%v), want %v", tt.command, tt.where, got, err, tt.offered)
		}
	}
}

// TestResolvedMembers: a user option resolves a member of the server with
// their permissions in the channel; a user outside the server resolves
// without a member; one who may not view the channel, without VIEW_CHANNEL.
func TestResolvedMembers(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	alice, bob, carol := dc.User("alice"), dc.User("bob"), dc.User("carol")
	ch := dc.NewChannel("lobby")
	dc.Guild().Leave(carol)
	ch.Hide(bob)
	for _, u := range []*discordtest.User{bob, carol} {
		if _, err := alice.Slash(ctx(t), ch, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", u.ID))); err != nil {
			t.Fatal(err)
		}
		p := <-raw
		members, _ := at(p, "data", "resolved", "members").(map[string]any)
		m, isMember := members[u.ID].(map[string]any)
		switch u {
		case bob:
			if !isMember || m["permissions"] != perms(discordtest.DefaultPermissions&^discordgo.PermissionViewChannel) {
				t.Errorf("bob, hidden from the channel: member %v", m)
			}
		case carol:
			if isMember {
				t.Errorf("carol, not in the server, resolved as a member: %v", m)
			}
		}
	}
	if _, err := carol.Slash(ctx(t), ch, "ping"); err == nil {
		t.Error("carol acted in a server she is not in")
	}
}
