package bot

import (
	"github.com/bwmarrin/discordgo"
)

// A member's permissions in a channel, computed as Discord documents it
// (topics/permissions.mdx, "Permission Hierarchy" and "Permission
// Overwrites"), for a channel an interaction did not come from: Discord
// tells member.permissions only for the interaction's own channel.
//
//  1. The guild's owner has every permission.
//  2. The base is @everyone's permissions (the role whose id is the
//     guild's) ORed with those of every role the member has; ADMINISTRATOR
//     there grants every permission and bypasses the overwrites.
//  3. The channel's overwrite for @everyone: its deny, then its allow.
//  4. The overwrites of the member's roles, together: all their denies,
//     then all their allows.
//  5. The member's own overwrite: its deny, then its allow.
//
// Without VIEW_CHANNEL a member implicitly has no other permission in the
// channel ("Implicit Permissions"): canPlayIn asks for it.

// permGuild is what a guild tells of permissions: its owner and the
// permissions of its roles by id.
type permGuild struct {
	ID, OwnerID string
	Roles       map[string]int64
}

// channelPermissions returns what the member userID with roles may do in
// a channel of g with these overwrites.
func channelPermissions(g permGuild, userID string, roles []string, overwrites []*discordgo.PermissionOverwrite) int64 {
	if userID != "" && userID == g.OwnerID {
		return discordgo.PermissionAll | discordgo.PermissionAdministrator
	}
	p := g.Roles[g.ID]
	for _, r := range roles {
		p |= g.Roles[r]
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll | discordgo.PermissionAdministrator
	}
	has := map[string]bool{}
	for _, r := range roles {
		has[r] = true
	}
	var everyone, member *discordgo.PermissionOverwrite
	var allow, deny int64
	for _, o := range overwrites {
		switch {
		case o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == g.ID:
			everyone = o
		case o.Type == discordgo.PermissionOverwriteTypeRole && has[o.ID]:
			allow, deny = allow|o.Allow, deny|o.Deny
		case o.Type == discordgo.PermissionOverwriteTypeMember && o.ID == userID:
			member = o
		}
	}
	if everyone != nil {
		p = p&^everyone.Deny | everyone.Allow
	}
	p = p&^deny | allow
	if member != nil {
		p = p&^member.Deny | member.Allow
	}
	return p
}

// timedOut is what a member with permissions p may do while timed out
// ("Permissions For Timed Out Members"): only VIEW_CHANNEL and
// READ_MESSAGE_HISTORY, unless they are an administrator (the owner's
// permissions include ADMINISTRATOR here).
func timedOut(p int64) int64 {
	if p&discordgo.PermissionAdministrator != 0 {
		return p
	}
	return p & (discordgo.PermissionViewChannel | discordgo.PermissionReadMessageHistory)
}

// canPlayIn reports whether permissions p let a member see a channel and
// send messages there: what a player needs to play a game in it. In a
// thread, whose permissions are its parent's, sending takes
// SEND_MESSAGES_IN_THREADS instead of SEND_MESSAGES ("Inherited
// Permissions (Threads)").
func canPlayIn(p int64, thread bool) bool {
	need := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages)
	if thread {
		need = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads
	}
	return p&discordgo.PermissionAdministrator != 0 || p&need == need
}
