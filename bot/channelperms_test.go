package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestChannelPermissions follows topics/permissions.mdx: the owner has
// everything, ADMINISTRATOR bypasses the overwrites, @everyone's overwrite
// applies first, then the member's roles' together (deny, then allow), then
// the member's own.
func TestChannelPermissions(t *testing.T) {
	const (
		view  = discordgo.PermissionViewChannel
		send  = discordgo.PermissionSendMessages
		react = discordgo.PermissionAddReactions
		admin = discordgo.PermissionAdministrator
		all   = discordgo.PermissionAll | admin
	)
	g := permGuild{ID: "g", OwnerID: "owner", Roles: map[string]int64{
		"g": view | send | react, "mod": send, "muted": 0, "boss": admin, "guest": 0,
	}}
	role := func(id string, allow, deny int64) *discordgo.PermissionOverwrite {
		return &discordgo.PermissionOverwrite{ID: id, Type: discordgo.PermissionOverwriteTypeRole, Allow: allow, Deny: deny}
	}
	member := func(id string, allow, deny int64) *discordgo.PermissionOverwrite {
		return &discordgo.PermissionOverwrite{ID: id, Type: discordgo.PermissionOverwriteTypeMember, Allow: allow, Deny: deny}
	}
	ow := func(o ...*discordgo.PermissionOverwrite) []*discordgo.PermissionOverwrite { return o }
	for _, c := range []struct {
		name       string
		user       string
		roles      []string
		overwrites []*discordgo.PermissionOverwrite
		want       int64
	}{
		{"@everyone's base", "u", nil, nil, view | send | react},
		{"roles add to the base", "u", []string{"mod", "muted"}, nil, view | send | react},
		{"the owner has all, overwrites or not", "owner", nil, ow(role("g", 0, view)), all},
		{"ADMINISTRATOR bypasses overwrites", "u", []string{"boss"}, ow(role("g", 0, view), member("u", 0, send)), all},
		{"@everyone's overwrite denies", "u", nil, ow(role("g", 0, send)), view | react},
		// The docs' example: @everyone may not send, a role may.
		{"a role's allow beats @everyone's deny", "u", []string{"mod"}, ow(role("g", 0, send), role("mod", send, 0)), view | send | react},
		{"the roles together: an allow beats another role's deny", "u", []string{"mod", "muted"},
			ow(role("muted", 0, send), role("mod", send, 0)), view | send | react},
		{"a role's deny", "u", []string{"muted"}, ow(role("muted", 0, send)), view | react},
		{"another role's overwrite does not apply", "u", nil, ow(role("muted", 0, send)), view | send | react},
		{"the member's deny beats a role's allow", "u", []string{"mod"}, ow(role("mod", send, 0), member("u", 0, send)), view | react},
		{"the member's allow beats a role's deny", "u", []string{"muted"}, ow(role("muted", 0, send|view), member("u", view|send, 0)), view | send | react},
		{"another member's overwrite does not apply", "u", nil, ow(member("v", 0, view)), view | send | react},
		{"a private channel: @everyone denied, a role allowed", "u", []string{"guest"}, ow(role("g", 0, view), role("guest", view, 0)), view | send | react},
		{"VIEW_CHANNEL denied, the rest kept", "u", nil, ow(role("g", 0, view)), send | react},
		{"an unknown role adds nothing", "u", []string{"gone"}, nil, view | send | react},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := channelPermissions(g, c.user, c.roles, c.overwrites); got != c.want {
				t.Fatalf("permissions %d (%b), want %d (%b)", got, got, c.want, c.want)
			}
		})
	}
}

// TestTimedOut: a timed-out member keeps only VIEW_CHANNEL and
// READ_MESSAGE_HISTORY; administrators (and so the owner) are exempt.
func TestTimedOut(t *testing.T) {
	const keep = discordgo.PermissionViewChannel | discordgo.PermissionReadMessageHistory
	if got := timedOut(keep | discordgo.PermissionSendMessages); got != keep {
		t.Errorf("timed out: %b, want %b", got, keep)
	}
	g := permGuild{ID: "g", OwnerID: "owner", Roles: map[string]int64{"g": keep | discordgo.PermissionSendMessages}}
	if p := channelPermissions(g, "owner", nil, nil); timedOut(p) != p || !canPlayIn(timedOut(p), false) {
		t.Errorf("the owner timed out: %b", timedOut(p))
	}
}

// TestCanPlayIn: a player needs to see a channel and send messages there
// (in a thread, SEND_MESSAGES_IN_THREADS).
func TestCanPlayIn(t *testing.T) {
	const (
		view     = discordgo.PermissionViewChannel
		send     = discordgo.PermissionSendMessages
		inThread = discordgo.PermissionSendMessagesInThreads
	)
	for _, c := range []struct {
		p      int64
		thread bool
		want   bool
	}{
		{view | send, false, true},
		{view, false, false},
		{send, false, false},
		{discordgo.PermissionAdministrator, false, true},
		{0, false, false},
		{view | send, true, false},
		{view | inThread, true, true},
		{view | inThread, false, false},
		{discordgo.PermissionAdministrator, true, true},
	} {
		if got := canPlayIn(c.p, c.thread); got != c.want {
			t.Errorf("canPlayIn(%b, thread %v) = %v, want %v", c.p, c.thread, got, c.want)
		}
	}
}
