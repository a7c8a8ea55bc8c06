package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// reach tells the /play queue whether a member of a server that installed
// Tengen can play in one of its channels (match.Reach): Discord tells a
// member's permissions only for the channel an interaction comes from, so
// reach computes them (channelPermissions) from what the bot may read
// with its token: the guild (its roles and owner: Get Guild), the member
// (their roles, and a timeout: Get Guild Member, which needs no
// privileged intent) and
// the channel (its permission overwrites: Get Channel; a thread's are its
// parent's); and whether the bot itself can post in a channel, the same
// way. It serves one join: what it read is kept for its other
// questions, never longer, so that a change of roles counts at the next
// join. A request that fails (the bot cannot see the channel, Discord is
// down) makes the answer "no", logged.
type reach struct {
	rest    *rest
	log     *slog.Logger
	guildID string

	now      func() time.Time
	guild    *permGuild
	members  map[string]member
	channels map[string]overwrites
}

// member is what reach knows of a member: their roles, and until when
// they are timed out (zero when they are not).
type member struct {
	roles    []string
	timedOut time.Time
}

// overwrites are a channel's permission overwrites (a thread's parent's),
// and whether it is a thread.
type overwrites struct {
	list   []*discordgo.PermissionOverwrite
	thread bool
}

// newReach returns the reach of a join in guildID at now.
func newReach(r *rest, log *slog.Logger, guildID string, now func() time.Time) *reach {
	return &reach{rest: r, log: log, guildID: guildID, now: now, members: map[string]member{},
		channels: map[string]overwrites{}}
}

// CanPlay reports whether userID can see channelID and send messages there.
func (x *reach) CanPlay(ctx context.Context, userID, channelID string) bool {
	p, thread, err := x.permissions(ctx, userID, channelID)
	if err != nil {
		x.log.Warn("cannot tell whether a player can play in a channel: not paired there",
			"guild", x.guildID, "user", userID, "channel", channelID, "err", err)
		return false
	}
	return canPlayIn(p, thread)
}

// CanSee reports whether userID can see channelID (a thread: its parent).
func (x *reach) CanSee(ctx context.Context, userID, channelID string) bool {
	p, _, err := x.permissions(ctx, userID, channelID)
	if err != nil {
		x.log.Warn("cannot tell whether a member can see a channel: its games are not shown to them",
			"guild", x.guildID, "user", userID, "channel", channelID, "err", err)
		return false
	}
	return p&(discordgo.PermissionAdministrator|discordgo.PermissionViewChannel) != 0
}

// CanPost reports whether the bot can see channelID and send messages
// there with its token, its permissions computed as a member's (its
// roles, its managed role among them, and the channel's overwrites).
func (x *reach) CanPost(ctx context.Context, channelID string) bool {
	bot := x.botID()
	if bot == "" {
		x.log.Warn("cannot tell whether the bot can post in a channel: its id is not known yet", "channel", channelID)
		return false
	}
	p, thread, err := x.permissions(ctx, bot, channelID)
	if err != nil {
		x.log.Warn("cannot tell whether the bot can post in a channel: no game there",
			"guild", x.guildID, "channel", channelID, "err", err)
		return false
	}
	return canPlayIn(p, thread)
}

// botID is the bot user's id: the gateway's READY tells it, else the
// application's (an app's bot user has its id).
func (x *reach) botID() string {
	if st := x.rest.s.State; st != nil && st.User != nil && st.User.ID != "" {
		return st.User.ID
	}
	return x.rest.appID()
}

// permissions computes userID's permissions in channelID, and tells
// whether it is a thread.
func (x *reach) permissions(ctx context.Context, userID, channelID string) (int64, bool, error) {
	if x.guild == nil {
		var g discordgo.Guild
		if err := x.get(ctx, discordgo.EndpointGuild(x.guildID), &g); err != nil {
			return 0, false, fmt.Errorf("reading guild %s: %w", x.guildID, err)
		}
		pg := permGuild{ID: g.ID, OwnerID: g.OwnerID, Roles: map[string]int64{}}
		for _, r := range g.Roles {
			pg.Roles[r.ID] = r.Permissions
		}
		x.guild = &pg
	}
	mem, ok := x.members[userID]
	if !ok {
		var m discordgo.Member
		if err := x.get(ctx, discordgo.EndpointGuildMember(x.guildID, userID), &m); err != nil {
			return 0, false, fmt.Errorf("reading member %s: %w", userID, err)
		}
		mem.roles = m.Roles
		if m.CommunicationDisabledUntil != nil {
			mem.timedOut = *m.CommunicationDisabledUntil
		}
		x.members[userID] = mem
	}
	ow, ok := x.channels[channelID]
	if !ok {
		var err error
		if ow, err = x.overwrites(ctx, channelID); err != nil {
			return 0, false, err
		}
		x.channels[channelID] = ow
	}
	p := channelPermissions(*x.guild, userID, mem.roles, ow.list)
	if mem.timedOut.After(x.now()) {
		p = timedOut(p)
	}
	return p, ow.thread, nil
}

// overwrites returns the permission overwrites of channelID, which must
// be in the guild: a thread's are its parent's ("Inherited Permissions
// (Threads)"; a private thread, which takes membership besides, is
// refused).
func (x *reach) overwrites(ctx context.Context, channelID string) (overwrites, error) {
	var c discordgo.Channel
	if err := x.get(ctx, discordgo.EndpointChannel(channelID), &c); err != nil {
		return overwrites{}, fmt.Errorf("reading channel %s: %w", channelID, err)
	}
	if c.GuildID != x.guildID {
		return overwrites{}, fmt.Errorf("channel %s is not in guild %s", channelID, x.guildID)
	}
	if !c.IsThread() {
		return overwrites{list: c.PermissionOverwrites}, nil
	}
	if c.Type == discordgo.ChannelTypeGuildPrivateThread {
		return overwrites{}, fmt.Errorf("channel %s is a private thread", channelID)
	}
	parent, err := x.overwrites(ctx, c.ParentID)
	if err != nil {
		return overwrites{}, fmt.Errorf("the parent of thread %s: %w", channelID, err)
	}
	return overwrites{list: parent.list, thread: true}, nil
}

// get reads endpoint with the bot token into out.
func (x *reach) get(ctx context.Context, endpoint string, out any) error {
	return x.rest.do(ctx, http.MethodGet, endpoint, endpoint, nil, nil, out)
}

// servers tells the /play queue whether the bot can post in a channel of
// any server (match.Poster), for a pairing across servers: a reach for
// each server asked about, for one join.
type servers struct {
	rest  *rest
	log   *slog.Logger
	now   func() time.Time
	reach map[string]*reach
}

// newServers returns the servers of a join at now.
func newServers(r *rest, log *slog.Logger, now func() time.Time) *servers {
	return &servers{rest: r, log: log, now: now, reach: map[string]*reach{}}
}

// CanPostIn reports whether the bot can post messages in channelID of
// guildID, computed as reach.CanPost does.
func (s *servers) CanPostIn(ctx context.Context, guildID, channelID string) bool {
	x, ok := s.reach[guildID]
	if !ok {
		x = newReach(s.rest, s.log, guildID, s.now)
		s.reach[guildID] = x
	}
	return x.CanPost(ctx, channelID)
}
