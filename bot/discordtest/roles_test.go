package discordtest_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestPermissionsFromRolesAndOverwrites: a user's permissions in a channel
// follow topics/permissions.mdx: @everyone's role and the user's roles,
// ADMINISTRATOR and the owner bypassing overwrites, then the channel's
// overwrites for @everyone, the user's roles together and the user; and
// what the fake tells of them (member.permissions and member.roles in an
// interaction, who may act in the channel) follows.
func TestPermissionsFromRolesAndOverwrites(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	g := dc.Guild()
	alice, bob, carol, dave, erin := dc.User("alice"), dc.User("bob"), dc.User("carol"), dc.User("dave"), dc.User("erin")
	const (
		view = discordgo.PermissionViewChannel
		send = discordgo.PermissionSendMessages
		all  = discordgo.PermissionAll | discordgo.PermissionAdministrator
	)
	players := g.NewRole("players", 0)
	muted := g.NewRole("muted", 0)
	boss := g.NewRole("boss", discordgo.PermissionAdministrator)
	g.GiveRole(alice, players)
	g.GiveRole(bob, players)
	g.GiveRole(bob, muted)
	g.GiveRole(carol, boss)
	g.SetOwner(dave)
	// A private channel: @everyone may not see it, players may, and the
	// docs' example: @everyone may not send, a role may.
	club := dc.NewChannel("club")
	club.SetRoleOverwrite(g.Everyone(), 0, view|send)
	club.SetRoleOverwrite(players, view|send, 0)
	club.SetRoleOverwrite(muted, 0, send) // an allow of another role wins
	club.SetUserOverwrite(alice, 0, discordgo.PermissionAddReactions)
	base := discordtest.DefaultPermissions
	for _, c := range []struct {
		u    *discordtest.User
		want int64
	}{
		{alice, base &^ discordgo.PermissionAddReactions},
		{bob, base},
		{carol, all},
		{dave, all},
		{erin, base &^ (view | send)},
	} {
		if got := club.PermissionsOf(c.u); got != c.want {
			t.Errorf("%s in #club: %d, want %d", c.u.Name, got, c.want)
		}
	}
	if _, err := erin.Slash(ctx(t), club, "ping"); err == nil {
		t.Error("erin acted in a channel she cannot see")
	}
	if _, err := bob.Slash(ctx(t), club, "ping"); err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if got := at(p, "member", "permissions"); got != perms(base) {
		t.Errorf("bob's member.permissions %v, want %s", got, perms(base))
	}
	roles, _ := at(p, "member", "roles").([]any)
	if len(roles) != 2 || !slices.Contains(roles, any(players.ID)) || !slices.Contains(roles, any(muted.ID)) {
		t.Errorf("bob's member.roles %v, want players and muted", roles)
	}
	// SetMemberPermissions is an @everyone overwrite: roles still apply.
	lobby := dc.NewChannel("lobby")
	lobby.SetMemberPermissions(base &^ send)
	lobby.SetRoleOverwrite(players, send, 0)
	if got := lobby.PermissionsOf(erin); got != base&^send {
		t.Errorf("erin in #lobby: %d, want %d", got, base&^send)
	}
	if got := lobby.PermissionsOf(alice); got != base {
		t.Errorf("alice in #lobby: %d, want %d", got, base)
	}
	lobby.Hide(alice)
	if got := lobby.PermissionsOf(alice); got != base&^view {
		t.Errorf("alice hidden from #lobby: %d, want %d", got, base&^view)
	}
	// The bot's permissions are its own overwrite's: what @everyone may do
	// does not change them, and they are what a member's computation gives.
	for _, ch := range []*discordtest.Channel{club, lobby} {
		if got := ch.AppPermissions(); got != base || ch.PermissionsOf(dc.User("Tengen")) != base {
			t.Errorf("the bot in #%s: %d, want %d", ch.Name, got, base)
		}
	}
	lobby.SetAppPermissions(base &^ send)
	if got := lobby.AppPermissions(); got != base&^send {
		t.Errorf("the bot in #lobby after SetAppPermissions: %d, want %d", got, base&^send)
	}

	// A timed-out member keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY
	// until the timeout ends; an administrator is exempt.
	until := dc.Clock().Now().Add(time.Hour)
	g.TimeOut(erin, until)
	g.TimeOut(carol, until)
	if got := lobby.PermissionsOf(erin); got != view|discordgo.PermissionReadMessageHistory {
		t.Errorf("erin, timed out: %d", got)
	}
	if got := lobby.PermissionsOf(carol); got != all {
		t.Errorf("carol, an administrator timed out: %d, want %d", got, all)
	}
	dc.Clock().Advance(time.Hour)
	if got := lobby.PermissionsOf(erin); got != base&^send {
		t.Errorf("erin after her timeout: %d, want %d", got, base&^send)
	}
}

// TestRolesMembersAndChannelsOverREST: Get Guild Roles, Get Guild Member
// and Get Channel answer as Discord does (the shapes of its OpenAPI spec,
// permissions as strings), 404 for a user who is not a member, and 403
// Missing Access where the bot is not in the guild.
func TestRolesMembersAndChannelsOverREST(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	g := dc.Guild()
	alice, bob := dc.User("alice"), dc.User("bob")
	players := g.NewRole("players", discordgo.PermissionAddReactions)
	g.GiveRole(alice, players)
	ch := dc.NewChannel("club")
	ch.SetRoleOverwrite(g.Everyone(), 0, discordgo.PermissionViewChannel)
	ch.SetUserOverwrite(alice, discordgo.PermissionViewChannel, 0)
	g.Leave(bob)
	until := dc.Clock().Now().Add(time.Hour).Truncate(time.Millisecond)
	g.TimeOut(alice, until)

	body, err := s.Request(http.MethodGet, discordgo.EndpointGuildRoles(g.ID), nil)
	if err != nil {
		t.Fatal(err)
	}
	var roles []map[string]any
	if err := json.Unmarshal(body, &roles); err != nil {
		t.Fatal(err)
	}
	if len(roles) != 2 || roles[0]["id"] != g.ID || roles[0]["permissions"] != perms(discordtest.DefaultPermissions) ||
		roles[1]["id"] != players.ID || roles[1]["permissions"] != perms(discordgo.PermissionAddReactions) {
		t.Errorf("roles %v", roles)
	}
	for _, r := range roles {
		b, _ := json.Marshal(r)
		if err := discordtest.ValidateSchema("GuildRoleResponse", b); err != nil {
			t.Errorf("role %s: %v", b, err)
		}
	}

	body, err = s.Request(http.MethodGet, discordgo.EndpointGuildMember(g.ID, alice.ID), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := discordtest.ValidateSchema("GuildMemberResponse", body); err != nil {
		t.Errorf("member %s: %v", body, err)
	}
	var m discordgo.Member
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	if m.User == nil || m.User.ID != alice.ID || !slices.Equal(m.Roles, []string{players.ID}) ||
		m.CommunicationDisabledUntil == nil || !m.CommunicationDisabledUntil.Equal(until) {
		t.Errorf("member %+v", m)
	}
	if _, err := s.GuildMember(g.ID, bob.ID); err == nil {
		t.Error("bob, who left, is a member")
	} else if status, code := restCode(t, err); status != 404 || code != 10007 {
		t.Errorf("bob: HTTP %d code %d, want 404 10007", status, code)
	}

	body, err = s.Request(http.MethodGet, discordgo.EndpointChannel(ch.ID), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := discordtest.ValidateSchema("GuildChannelResponse", body); err != nil {
		t.Errorf("channel %s: %v", body, err)
	}
	var c discordgo.Channel
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	// The bot's own overwrite pins its permissions (SetAppPermissions).
	want := map[string]discordgo.PermissionOverwrite{
		dc.AppID(): {ID: dc.AppID(), Type: discordgo.PermissionOverwriteTypeMember, Allow: discordtest.DefaultPermissions,
			Deny: (1<<53 - 1) &^ discordtest.DefaultPermissions},
		g.ID:     {ID: g.ID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		alice.ID: {ID: alice.ID, Type: discordgo.PermissionOverwriteTypeMember, Allow: discordgo.PermissionViewChannel},
	}
	if len(c.PermissionOverwrites) != len(want) {
		t.Fatalf("overwrites %+v, want %+v", c.PermissionOverwrites, want)
	}
	for _, o := range c.PermissionOverwrites {
		if *o != want[o.ID] {
			t.Errorf("overwrite %+v, want %+v", *o, want[o.ID])
		}
	}

	g.SetBotMember(false)
	for name, call := range map[string]func() error{
		"roles":  func() error { _, err := s.GuildRoles(g.ID); return err },
		"member": func() error { _, err := s.GuildMember(g.ID, alice.ID); return err },
	} {
		if status, code := restCode(t, call()); status != 403 || code != 50001 {
			t.Errorf("%s without the bot in the guild: HTTP %d code %d, want 403 50001", name, status, code)
		}
	}
}
