package discordtest

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultLocale is the locale of users and guilds unless a test chooses
// another: Discord's own default.
const DefaultLocale = discordgo.EnglishUS

// User is a Discord user of the fake. Users act through Slash, Click,
// Autocomplete and SubmitModal.
type User struct {
	ID   string
	Name string
	Bot  bool
	dc   *Discord

	locale discordgo.Locale // the client's language; guarded by dc.mu
	// closedDMs: the user accepts no DM from the bot (ClosedDMs).
	closedDMs bool
}

// UserOption sets up a user; pass it to Discord.User.
type UserOption func(*User)

// Locale makes the user's Discord client run in locale l: their
// interactions carry it as "locale", as Discord sends it.
func Locale(l discordgo.Locale) UserOption { return func(u *User) { u.locale = l } }

// User returns the user with this name, creating it on first use, and applies
// opts to it (DefaultLocale unless Locale says otherwise). Every user is a
// member of every guild.
//
//	ming := dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
func (dc *Discord) User(name string, opts ...UserOption) *User {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	u, ok := dc.users[name]
	if !ok {
		u = dc.newUserLocked(name, false)
	}
	for _, o := range opts {
		o(u)
	}
	return u
}

// Locale returns the locale of the user's client.
func (u *User) Locale() discordgo.Locale {
	u.dc.mu.Lock()
	defer u.dc.mu.Unlock()
	return u.locale
}

func (dc *Discord) newUserLocked(name string, isBot bool) *User {
	u := &User{ID: dc.newIDLocked(), Name: name, Bot: isBot, dc: dc, locale: DefaultLocale}
	dc.users[name] = u
	dc.usersByID[u.ID] = u
	return u
}

// Guild is a Discord server of the fake.
type Guild struct {
	ID   string
	Name string
	dc   *Discord

	locale    discordgo.Locale // the community's preferred locale; guarded by dc.mu
	botMember bool             // the bot user is in the guild (SetBotMember); guarded by dc.mu
	absent    map[string]bool  // users who are not members (Leave); guarded by dc.mu

	// roles are the guild's roles, @everyone first; memberRoles the roles
	// of each user by id; owner the owner's id ("" for defaultOwnerID).
	// Guarded by dc.mu; see roles.go.
	roles       []*Role
	memberRoles map[string][]*Role
	owner       string
	// timeouts are when each timed-out member's timeout ends (TimeOut);
	// guarded by dc.mu.
	timeouts map[string]time.Time
}

// Leave makes u no longer a member of the guild (every user is one at
// first): u cannot act in its channels, and a user option naming u
// resolves the user without a member, as Discord does for a user outside
// the guild.
func (g *Guild) Leave(u *User) {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	if g.absent == nil {
		g.absent = map[string]bool{}
	}
	g.absent[u.ID] = true
}

// SetLocale sets the guild's preferred locale (DefaultLocale at first):
// interactions in the guild carry it as "guild_locale", and the guild
// object as "preferred_locale", as Discord sends them.
func (g *Guild) SetLocale(l discordgo.Locale) {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	g.locale = l
}

// Locale returns the guild's preferred locale.
func (g *Guild) Locale() discordgo.Locale {
	g.dc.mu.Lock()
	defer g.dc.mu.Unlock()
	return g.locale
}

// NewGuild creates a guild. Guilds created before the bot identifies are in its
// READY and GUILD_CREATE events.
func (dc *Discord) NewGuild(name string) *Guild {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	g := &Guild{ID: dc.newIDLocked(), Name: name, dc: dc, locale: DefaultLocale, botMember: true}
	g.everyoneLocked()
	dc.guilds = append(dc.guilds, g)
	dc.announceLocked("GUILD_CREATE", func() any { return dc.guildCreateLocked(g) })
	return g
}

// NewChannel creates a text channel in the guild.
func (g *Guild) NewChannel(name string) *Channel {
	dc := g.dc
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c := &Channel{ID: dc.newIDLocked(), Name: name, GuildID: g.ID, dc: dc, memberPerms: DefaultPermissions}
	c.setAppPermissionsLocked(DefaultPermissions)
	dc.channels[c.ID] = c
	if g.botMember {
		dc.announceLocked("CHANNEL_CREATE", func() any { return c.wireLocked() })
	}
	return c
}

// NewChannel creates a text channel in the default guild.
func (dc *Discord) NewChannel(name string) *Channel { return dc.guild.NewChannel(name) }

// DM returns the direct-message channel between the bot and u, opening it on first use.
func (dc *Discord) DM(u *User) *Channel {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.dmLocked(u)
}

func (dc *Discord) dmLocked(u *User) *Channel {
	for _, c := range dc.channels {
		if c.recipient == u {
			return c
		}
	}
	c := &Channel{ID: dc.newIDLocked(), Name: "dm-" + u.Name, dc: dc, recipient: u}
	dc.channels[c.ID] = c
	return c
}

// Channel returns the channel with this ID, or nil if there is none.
func (dc *Discord) Channel(id string) *Channel {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.channels[id]
}

// announceLocked dispatches an event to the connected bot, if any, as Discord
// does when a guild or channel appears. dc.mu must be held.
func (dc *Discord) announceLocked(event string, data func() any) {
	if s := dc.gw.current; s != nil {
		if err := dc.dispatchLocked(s, event, data()); err != nil {
			dc.tb.Logf("discordtest: %v (kept for replay on resume)", err)
		}
	}
}

// wireLocked renders the channel as Discord sends it. c.dc.mu must be held.
func (c *Channel) wireLocked() map[string]any {
	if c.recipient != nil {
		return map[string]any{"id": c.ID, "type": 1, "recipients": []wireUser{c.recipient.wire()}, "last_message_id": nil}
	}
	if c.group != nil {
		rs := make([]wireUser, len(c.group))
		for i, u := range c.group {
			rs[i] = u.wire()
		}
		return map[string]any{"id": c.ID, "type": 3, "name": c.Name, "recipients": rs, "owner_id": c.group[0].ID, "last_message_id": nil}
	}
	if c.thread != nil {
		return c.threadWireLocked()
	}
	return map[string]any{"id": c.ID, "type": 0, "name": c.Name, "guild_id": c.GuildID, "position": 0, "flags": 0,
		"permission_overwrites": c.wireOverwritesLocked()}
}

// typeLocked is the channel's type as Discord numbers it: a guild text
// channel, a DM or a group DM. c.dc.mu must be held.
func (c *Channel) typeLocked() discordgo.ChannelType {
	switch {
	case c.recipient != nil:
		return discordgo.ChannelTypeDM
	case c.group != nil:
		return discordgo.ChannelTypeGroupDM
	case c.thread != nil:
		return discordgo.ChannelTypeGuildPublicThread
	}
	return discordgo.ChannelTypeGuildText
}

// Channel is a text channel (in a guild, or a DM when GuildID is empty).
type Channel struct {
	ID      string
	Name    string
	GuildID string
	dc      *Discord

	recipient   *User   // DM channels with the bot only
	group       []*User // group DMs only: who is in it
	memberPerms int64   // every user's permissions in a group DM; guarded by dc.mu
	// overwrites are a guild channel's permission overwrites (roles.go);
	// guarded by dc.mu
	overwrites []overwrite
	// thread is the state of a thread channel (nil for other channels);
	// guarded by dc.mu. See threads.go.
	thread *threadState
}

// Hide takes VIEW_CHANNEL away from u in the channel: a deny in u's
// permission overwrite, so that u has no permission there (a thread's
// permissions are its parent's: hide the parent).
func (c *Channel) Hide(u *User) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	o, _ := c.overwriteLocked(u.ID, discordgo.PermissionOverwriteTypeMember)
	o.id, o.kind = u.ID, discordgo.PermissionOverwriteTypeMember
	o.deny, o.allow = o.deny|discordgo.PermissionViewChannel, o.allow&^discordgo.PermissionViewChannel
	c.setOverwriteLocked(o)
}

// permsForLocked is what u may do in the channel. dc.mu must be held.
func (c *Channel) permsForLocked(u *User) int64 { return c.permissionsLocked(u) }

// memberLocked reports whether u is in the channel: a member of its
// guild who may view it, the user of a DM, or one of a group DM. dc.mu
// must be held.
func (c *Channel) memberLocked(u *User) bool {
	switch {
	case c.recipient != nil:
		return c.recipient == u
	case c.group != nil:
		for _, m := range c.group {
			if m == u {
				return true
			}
		}
		return false
	}
	g := c.dc.guildLocked(c.GuildID)
	return g != nil && !g.absent[u.ID] && has(c.permsForLocked(u), discordgo.PermissionViewChannel)
}

// GroupDM creates a group DM of users (at most 10), in which Tengen can
// only be used through their own installations: the bot user is not in
// it. Interactions there have context 2 (PRIVATE_CHANNEL), name the user's
// installation only, carry the channel's recipients, and app_permissions
// of ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
// (receiving-and-responding.mdx, note *** under "Interaction Structure");
// the bot's token cannot reach the channel (403), and each interaction
// gets at most 5 follow-ups.
func (dc *Discord) GroupDM(users ...*User) *Channel {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	names := make([]string, len(users))
	for i, u := range users {
		names[i] = u.Name
	}
	c := &Channel{ID: dc.newIDLocked(), Name: strings.Join(names, ", "), dc: dc, group: users,
		memberPerms: DefaultPermissions}
	dc.channels[c.ID] = c
	return c
}

// Messages returns the current version of every message in the channel, oldest
// first, ephemeral ones included.
func (c *Channel) Messages() []*Message {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	return c.messagesLocked()
}

func (c *Channel) messagesLocked() []*Message {
	var out []*Message
	for _, id := range c.dc.order[c.ID] {
		if m, ok := c.dc.messages[id]; ok {
			out = append(out, m)
		}
	}
	return out
}

// WaitMessage waits until a message of the channel, in its current version,
// satisfies match (nil matches any), and returns the newest such message.
func (c *Channel) WaitMessage(ctx context.Context, match func(*Message) bool) (*Message, error) {
	var found *Message
	err := c.dc.waitFor(ctx, "a matching message in #"+c.Name, func() bool {
		msgs := c.messagesLocked()
		for i := len(msgs) - 1; i >= 0; i-- {
			if match == nil || match(msgs[i]) {
				found = msgs[i]
				return true
			}
		}
		return false
	})
	return found, err
}

// Message returns the current version of the message with this ID, or nil
// after it was deleted or if it never existed.
func (dc *Discord) Message(id string) *Message {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.messages[id]
}

// timestamp formats t the way Discord does.
func timestamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }
