package discordtest

import (
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Permissions of the fake (topics/permissions.mdx "Bitwise Permission
// Flags"; use discordgo's Permission* constants to build a set).
const (
	// DefaultPermissions is what every user, and the bot unless a test says
	// otherwise, may do in a guild channel: a plain member's permissions,
	// among them VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES,
	// READ_MESSAGE_HISTORY, MENTION_EVERYONE and USE_EXTERNAL_APPS.
	DefaultPermissions int64 = 2248473465835073

	// BotDMPermissions are the app's permissions in a DM with its bot user:
	// "ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE ... and additionally
	// USE_EXTERNAL_EMOJIS for DMs with the app's bot user"
	// (interactions/receiving-and-responding.mdx, note *** under "Interaction
	// Structure"); 442368, as in the docs' sample payloads.
	BotDMPermissions int64 = discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks |
		discordgo.PermissionMentionEveryone | discordgo.PermissionUseExternalEmojis
)

// groupDMPermissions are the app's permissions in a group DM or a DM
// between users: "app_permissions includes ATTACH_FILES | EMBED_LINKS |
// MENTION_EVERYONE permissions for (G)DMs with other users"
// (interactions/receiving-and-responding.mdx, note *** under "Interaction
// Structure").
const groupDMPermissions int64 = discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks |
	discordgo.PermissionMentionEveryone

// responsePermissions are "the permissions that can be used in interaction
// responses": the only ones an app without a bot user in the guild gets in
// app_permissions, taken from @everyone (change-log.mdx, June 29, 2022,
// "Calculated Permissions in Interaction Payloads"). The fake applies it to a
// user-installed app whose bot is not a member of the guild
// (Guild.SetBotMember), taking @everyone's as the channel's member permissions.
const responsePermissions = BotDMPermissions

// maxUserAppFollowups is how many follow-ups an interaction of a
// user-installed app not installed in the guild may send
// (interactions/receiving-and-responding.mdx "Create Followup Message").
const maxUserAppFollowups = 5

// Discord's JSON error codes for permissions (topics/opcodes-and-status-codes.mdx).
const (
	codeMissingAccess      = 50001
	codeMissingPermissions = 50013
	codeMaxFollowups       = 40094
)

// has reports whether p grants perm; ADMINISTRATOR grants everything
// (topics/permissions.mdx: it "Allows all permissions and bypasses channel
// permission overwrites").
func has(p, perm int64) bool {
	return p&discordgo.PermissionAdministrator != 0 || p&perm == perm
}

// SetAppPermissions sets the bot's computed permissions in the channel (the
// default is DefaultPermissions), as an overwrite for the bot's member that
// allows exactly p and denies every other permission: what @everyone and
// other users may do does not change them, and Get Channel shows it as
// Discord would. Interactions in the channel carry them as app_permissions,
// and the channel routes the bot calls with its token enforce them (see
// botChannelLocked). A DM's are fixed by Discord (BotDMPermissions), and a
// thread's are its parent's: setting them there has no effect.
func (c *Channel) SetAppPermissions(p int64) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	c.setAppPermissionsLocked(p)
}

// permissionBits are the bits a permission set may have: Discord's
// permissions fit in 53 bits (topics/permissions.mdx).
const permissionBits int64 = 1<<53 - 1

// setAppPermissionsLocked sets the bot's overwrite in a guild channel to
// allow p and deny the rest. dc.mu must be held.
func (c *Channel) setAppPermissionsLocked(p int64) {
	if c.GuildID == "" || c.thread != nil {
		return
	}
	c.setOverwriteLocked(overwrite{id: c.dc.app.ID, kind: discordgo.PermissionOverwriteTypeMember, allow: p, deny: permissionBits &^ p})
}

// AppPermissions returns the app's permissions in the channel, as
// app_permissions reports them.
func (c *Channel) AppPermissions() int64 {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	return c.appPermissionsLocked()
}

func (c *Channel) appPermissionsLocked() int64 {
	switch {
	case c.recipient != nil:
		return BotDMPermissions
	case c.group != nil:
		return groupDMPermissions
	case !c.dc.guildLocked(c.GuildID).botMember:
		return c.members() & responsePermissions
	}
	return c.app()
}

// SetMemberPermissions sets what every user may do in the channel (the
// default is DefaultPermissions), as an overwrite for @everyone that
// allows what p has and @everyone's role lacks and denies the rest (in a
// group DM, it sets them directly): roles and overwrites of users still
// apply on top (see roles.go). Interactions carry it as member.permissions,
// users without VIEW_CHANNEL are never notified of mentions there, and
// without USE_EXTERNAL_APPS a user-installed app's responses are ephemeral
// (topics/permissions.mdx, USE_EXTERNAL_APPS: "When disabled, users will still
// be allowed to use their apps but the responses will be ephemeral. This only
// applies to apps not also installed to the server").
func (c *Channel) SetMemberPermissions(p int64) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	g := c.dc.guildLocked(c.GuildID)
	if g == nil {
		c.memberPerms = p
		return
	}
	base := g.everyoneLocked().perms
	c.setOverwriteLocked(overwrite{id: g.ID, kind: discordgo.PermissionOverwriteTypeRole, allow: p &^ base, deny: base &^ p})
}

// SetBotMember says whether the bot user is a member of the guild (it is at
// first). When it is not, the app is only installed by its users: its
// interactions still arrive (authorizing_integration_owners names only the
// user install, app_permissions holds only what responses can use), but every
// call the bot makes with its token on the guild or its channels is refused
// with 403 Missing Access (discord-platform.md; topics/permissions.mdx), its
// follow-ups are limited to 5 per interaction, and the guild leaves the
// gateway (GUILD_DELETE, and no GUILD_CREATE after READY) until it is a
// member again (GUILD_CREATE).
func (g *Guild) SetBotMember(member bool) {
	dc := g.dc
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if g.botMember == member {
		return
	}
	g.botMember = member
	if member {
		dc.announceLocked("GUILD_CREATE", func() any { return dc.guildCreateLocked(g) })
	} else {
		dc.announceLocked("GUILD_DELETE", func() any { return map[string]any{"id": g.ID, "unavailable": false} })
	}
}

// userAppOnlyLocked reports whether an interaction in ch comes from a
// user-installed app whose bot is not in the guild. dc.mu must be held.
func (dc *Discord) userAppOnlyLocked(ch *Channel) bool {
	return ch.group != nil || ch.GuildID != "" && !dc.guildLocked(ch.GuildID).botMember
}

// forcedEphemeralLocked reports whether a response in ch must be ephemeral:
// the app is user-installed only and the channel denies USE_EXTERNAL_APPS.
func (dc *Discord) forcedEphemeralLocked(ch *Channel) bool {
	return dc.userAppOnlyLocked(ch) && !has(ch.members(), discordgo.PermissionUseExternalApps)
}

// botGuildLocked checks a bot-token call on a guild: the bot must be a member.
func (dc *Discord) botGuildLocked(id string) *apiError {
	g := dc.guildLocked(id)
	if g == nil {
		return newAPIError(http.StatusNotFound, 10004, "Unknown Guild")
	}
	if !g.botMember {
		return newAPIError(http.StatusForbidden, codeMissingAccess, "Missing Access (the bot is not a member of the guild)")
	}
	return nil
}

// botChannelLocked checks a bot-token call on a channel: the bot must be a
// member of its guild and see it (without VIEW_CHANNEL Discord answers
// 50001 Missing Access; topics/permissions.mdx "Implicit Permissions":
// denying it denies everything else), and hold need (50013 Missing
// Permissions otherwise). DMs need nothing. dc.mu must be held.
func (dc *Discord) botChannelLocked(c *Channel, need int64) *apiError {
	if c.recipient != nil {
		return nil
	}
	if c.group != nil {
		return newAPIError(http.StatusForbidden, codeMissingAccess, "Missing Access (the bot user is not in the group DM)")
	}
	if aerr := dc.botGuildLocked(c.GuildID); aerr != nil {
		return aerr
	}
	if !has(c.app(), discordgo.PermissionViewChannel) {
		return newAPIError(http.StatusForbidden, codeMissingAccess, "Missing Access (no VIEW_CHANNEL)")
	}
	if !has(c.app(), need) {
		return newAPIError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// botContentLocked applies the bot's permissions in c to the content of a
// message it creates or edits with its token, once botChannelLocked allowed
// the call (creating needs SEND_MESSAGES: resources/message.mdx "Create
// Message", Limitations; editing its own message needs nothing more than
// seeing the channel: "Edit Message" lets the author edit content, embeds,
// flags and components):
//   - files need ATTACH_FILES ("Allows for uploading images and files"),
//     which the fake also asks of files added by an edit;
//   - embeds need EMBED_LINKS, but Discord drops them silently rather than
//     refuse: it removes them from b and reports it, and a message left empty
//     is refused, with 403 Missing Permissions on a create
//     (discord-api-docs#2601) and 400 Cannot send an empty message on an
//     edit (discord-api-docs#5648); see emptyMessageError.
//
// dc.mu must be held.
func (dc *Discord) botContentLocked(c *Channel, b *messageBody) (droppedEmbeds bool, aerr *apiError) {
	if c.recipient != nil {
		return false, nil
	}
	if len(b.files) > 0 && !has(c.app(), discordgo.PermissionAttachFiles) {
		return false, newAPIError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions (ATTACH_FILES)")
	}
	if len(b.embeds) > 0 && !has(c.app(), discordgo.PermissionEmbedLinks) {
		b.embeds = nil
		return true, nil
	}
	return false, nil
}

// emptyMessageError is Discord's answer to a message with nothing to show:
// 400 Cannot send an empty message, except for a create left empty because
// its embeds were dropped for want of EMBED_LINKS, which is 403 Missing
// Permissions (see botContentLocked).
func emptyMessageError(droppedEmbeds, create bool) *apiError {
	if droppedEmbeds && create {
		return newAPIError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions (EMBED_LINKS: the embeds were dropped and nothing was left)")
	}
	return newAPIError(http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
}

// permString formats permissions as Discord sends them: a decimal string.
func permString(p int64) string { return strconv.FormatInt(p, 10) }
