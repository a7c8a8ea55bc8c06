package discordtest

import (
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Roles, member roles, channel permission overwrites and the guild owner:
// what a user may do in a guild channel is computed from them as Discord
// documents it (topics/permissions.mdx, "Permission Hierarchy" and
// "Permission Overwrites"; see permissionsLocked), and everything the fake
// says of a user's permissions follows: an interaction's
// member.permissions, a resolved member's or channel's permissions, who
// can see a channel (and so act or be notified there), and app_permissions
// of a user-installed app (@everyone's). The bot's own are computed the
// same way, from an overwrite for its member in each channel that allows
// exactly what SetAppPermissions says (DefaultPermissions at first), as if
// an admin had pinned them.
//
// Every guild has the @everyone role, whose id is the guild's, with
// DefaultPermissions; Guild.NewRole adds others, Guild.GiveRole gives them
// to users. Channel.SetRoleOverwrite and Channel.SetUserOverwrite set a
// channel's overwrites; SetMemberPermissions and Hide are shorthands for
// an @everyone overwrite and a user's VIEW_CHANNEL deny.

// defaultOwnerID is the owner of a guild until SetOwner: a user who is
// not among the fake's, so that no user has the owner's permissions
// unless a test says so.
const defaultOwnerID = "100000000000000001"

// Role is a role of a guild.
type Role struct {
	ID   string
	Name string
	g    *Guild

	perms    int64 // guarded by dc.mu
	position int
}

// overwrite is a channel's permission overwrite for a role or a member
// (resources/channel.mdx "Overwrite Object").
type overwrite struct {
	id          string
	kind        discordgo.PermissionOverwriteType
	allow, deny int64
}

// everyoneLocked returns the guild's @everyone role, creating it on first
// use. dc.mu must be held.
func (g *Guild) everyoneLocked() *Role {
	if len(g.roles) == 0 {
		g.roles = []*Role{{ID: g.ID, Name: "@everyone", g: g, perms: DefaultPermissions}}
	}
	return g.roles[0]
}

// Everyone returns the guild's @everyone role (its id is the guild's).
func (g *Guild) Everyone() *Role {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	return g.everyoneLocked()
}

// NewRole adds a role with permissions perms to the guild.
func (g *Guild) NewRole(name string, perms int64) *Role {
	dc := g.dc
	dc.mu.Lock()
	defer dc.mu.Unlock()
	g.everyoneLocked()
	r := &Role{ID: dc.newIDLocked(), Name: name, g: g, perms: perms, position: len(g.roles)}
	g.roles = append(g.roles, r)
	return r
}

// SetPermissions sets the role's permissions.
func (r *Role) SetPermissions(p int64) {
	r.g.dc.mu.Lock()
	defer r.g.dc.mu.Unlock()
	r.perms = p
}

// GiveRole gives the role r to u in the guild.
func (g *Guild) GiveRole(u *User, r *Role) {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	if g.memberRoles == nil {
		g.memberRoles = map[string][]*Role{}
	}
	for _, had := range g.memberRoles[u.ID] {
		if had == r {
			return
		}
	}
	g.memberRoles[u.ID] = append(g.memberRoles[u.ID], r)
}

// SetOwner makes u the guild's owner, who has every permission.
func (g *Guild) SetOwner(u *User) {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	g.owner = u.ID
}

// TimeOut times u out in the guild until until (topics/permissions.mdx
// "Permissions For Timed Out Members"): until then u has no permission but
// VIEW_CHANNEL and READ_MESSAGE_HISTORY, unless u is the owner or an
// administrator, and Get Guild Member tells until when.
func (g *Guild) TimeOut(u *User, until time.Time) {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	if g.timeouts == nil {
		g.timeouts = map[string]time.Time{}
	}
	g.timeouts[u.ID] = until
}

// timedOutLocked returns when u's timeout ends, if u is timed out now.
// dc.mu must be held.
func (g *Guild) timedOutLocked(u *User) (time.Time, bool) {
	until, ok := g.timeouts[u.ID]
	return until, ok && until.After(g.dc.clock.Now())
}

// ownerLocked is the id of the guild's owner. dc.mu must be held.
func (g *Guild) ownerLocked() string {
	if g.owner == "" {
		return defaultOwnerID
	}
	return g.owner
}

// roleIDsLocked returns the ids of u's roles in the guild (@everyone, which
// every member has, is not listed, as Discord does). dc.mu must be held.
func (g *Guild) roleIDsLocked(u *User) []string {
	ids := []string{}
	for _, r := range g.memberRoles[u.ID] {
		ids = append(ids, r.ID)
	}
	return ids
}

// SetRoleOverwrite sets the channel's overwrite for role r (the guild's
// @everyone role included).
func (c *Channel) SetRoleOverwrite(r *Role, allow, deny int64) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	c.setOverwriteLocked(overwrite{id: r.ID, kind: discordgo.PermissionOverwriteTypeRole, allow: allow, deny: deny})
}

// SetUserOverwrite sets the channel's overwrite for the member u.
func (c *Channel) SetUserOverwrite(u *User, allow, deny int64) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	c.setOverwriteLocked(overwrite{id: u.ID, kind: discordgo.PermissionOverwriteTypeMember, allow: allow, deny: deny})
}

// overwriteLocked returns the channel's overwrite for id, if any. dc.mu
// must be held.
func (c *Channel) overwriteLocked(id string, kind discordgo.PermissionOverwriteType) (overwrite, bool) {
	for _, o := range c.overwrites {
		if o.id == id && o.kind == kind {
			return o, true
		}
	}
	return overwrite{}, false
}

// setOverwriteLocked puts o in place of the channel's overwrite for the
// same role or member. dc.mu must be held.
func (c *Channel) setOverwriteLocked(o overwrite) {
	for i, had := range c.overwrites {
		if had.id == o.id && had.kind == o.kind {
			c.overwrites[i] = o
			return
		}
	}
	c.overwrites = append(c.overwrites, o)
}

// allPermissions is what the owner and an administrator may do.
const allPermissions = discordgo.PermissionAll | discordgo.PermissionAdministrator

// permissionsLocked computes what u may do in the guild channel c (a
// thread: its parent), or a member with no role and no overwrite of their
// own when u is nil, following topics/permissions.mdx: the owner may do
// everything; else the base is @everyone's permissions ORed with those of
// u's roles, and ADMINISTRATOR there grants everything; else the
// channel's overwrites apply, @everyone's first, then those of u's roles
// together (their denies, then their allows), then u's own; a timed-out u
// keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY. Without
// VIEW_CHANNEL the others are implicitly denied ("Implicit Permissions"),
// which those who check them apply (canSeeLocked, botChannelLocked):
// like Discord's member.permissions, the value keeps them. dc.mu must be
// held.
func (c *Channel) permissionsLocked(u *User) int64 {
	c = c.base()
	g := c.dc.guildLocked(c.GuildID)
	if g == nil {
		return c.memberPerms
	}
	if u != nil && u.ID == g.ownerLocked() {
		return allPermissions
	}
	p := g.everyoneLocked().perms
	var roles []*Role
	if u != nil {
		roles = g.memberRoles[u.ID]
	}
	for _, r := range roles {
		p |= r.perms
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return allPermissions
	}
	if o, ok := c.overwriteLocked(g.ID, discordgo.PermissionOverwriteTypeRole); ok {
		p = p&^o.deny | o.allow
	}
	var allow, deny int64
	for _, r := range roles {
		if o, ok := c.overwriteLocked(r.ID, discordgo.PermissionOverwriteTypeRole); ok {
			allow, deny = allow|o.allow, deny|o.deny
		}
	}
	p = p&^deny | allow
	if u != nil {
		if o, ok := c.overwriteLocked(u.ID, discordgo.PermissionOverwriteTypeMember); ok {
			p = p&^o.deny | o.allow
		}
		if _, out := g.timedOutLocked(u); out {
			p &= discordgo.PermissionViewChannel | discordgo.PermissionReadMessageHistory
		}
	}
	return p
}

// PermissionsOf returns what u may do in the channel, computed from the
// guild's roles, u's roles, the channel's overwrites and the owner.
func (c *Channel) PermissionsOf(u *User) int64 {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	return c.permissionsLocked(u)
}

// wireRolesLocked renders the guild's roles as Discord sends them
// (topics/permissions.mdx "Role Object"). dc.mu
// must be held.
func (g *Guild) wireRolesLocked() []map[string]any {
	g.everyoneLocked()
	out := make([]map[string]any, len(g.roles))
	for i, r := range g.roles {
		out[i] = map[string]any{
			"id": r.ID, "name": r.Name, "permissions": permString(r.perms), "position": r.position,
			"color": 0, "colors": map[string]any{"primary_color": 0, "secondary_color": nil, "tertiary_color": nil},
			"hoist": false, "managed": false, "mentionable": false, "icon": nil, "unicode_emoji": nil, "flags": 0,
		}
	}
	return out
}

// wireOverwritesLocked renders the channel's overwrites as Discord sends
// them: allow and deny as strings. dc.mu must be held.
func (c *Channel) wireOverwritesLocked() []map[string]any {
	out := []map[string]any{}
	for _, o := range c.overwrites {
		out = append(out, map[string]any{"id": o.id, "type": int(o.kind), "allow": permString(o.allow), "deny": permString(o.deny)})
	}
	return out
}

// getRoles serves GET /guilds/{guild_id}/roles (resources/guild.mdx "Get
// Guild Roles").
func (dc *Discord) getRoles(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if aerr := dc.botGuildLocked(q.param("guild_id")); aerr != nil {
		return aerr.Status, aerr
	}
	return http.StatusOK, dc.guildLocked(q.param("guild_id")).wireRolesLocked()
}
