package bot

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A thread per game (the server setting threadsSetting): a game that
// starts in a server channel where the setting is on and the app may
// create public threads and send messages in them gets a public thread
// started from its first board (Discord's "Start Thread from Message":
// the thread has the message's id). The lifecycle then moves the game
// there (match.Manager.IntoThread): the first board becomes a one-line
// pointer to the thread, the board and its prompts live in the thread,
// and the game's end is announced in the channel in one line. Commands
// typed in the thread find the game: its channel is the thread.
//
// Where the app lacks the permissions, the game stays in the channel, and
// /settings server says why to the server's managers. Where the bot user
// is not in the server (the app is installed by users only) there are no
// threads: the bot token cannot post there.

// threadsSetting is the server setting "on" or "off" (the default): a
// thread for each game.
const threadsSetting = "threads"

// threadPerms are what the app needs in a channel to give a game a thread:
// starting one (CREATE_PUBLIC_THREADS) and posting the board in it
// (SEND_MESSAGES_IN_THREADS).
const threadPerms = discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// threadArchiveMinutes is the threads' auto_archive_duration: a week, the
// longest Discord allows, so that a game waiting for a move is not
// archived (an archived thread takes no edits; the deliverer unarchives it
// when it must: reopen).
const threadArchiveMinutes = 10080

// isThread reports whether a channel type is a thread.
func isThread(t discordgo.ChannelType) bool {
	switch t {
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread, discordgo.ChannelTypeGuildNewsThread:
		return true
	}
	return false
}

// threadsOn reports whether q's server wants a thread per game.
func (b *Bot) threadsOn(q *request) (bool, error) {
	if q.i.GuildID == "" || q.via.Place != store.Server {
		return false, nil
	}
	v, err := b.setting(q, threadsSetting, settingOff)
	return v == settingOn, err
}

// wantsThread reports whether a game starting through q gets a thread:
// the server wants one, q is not in a thread already, and the app may
// start one in q's channel and post in it.
func (b *Bot) wantsThread(q *request) bool {
	on, err := b.threadsOn(q)
	if err != nil {
		b.log.Warn("reading the server's threads setting: the game stays in the channel", "guild", q.i.GuildID, "err", err)
		return false
	}
	return on && q.parent == "" && q.i.AppPermissions&threadPerms == threadPerms
}

// openThread starts a thread from the message messageID, the first board
// of game id in q's channel, and moves the game into it. A failure leaves
// the game in the channel, and is logged.
func (b *Bot) openThread(q *request, id int64, messageID string) {
	g, err := b.st.Game(q.ctx, id)
	if err != nil {
		b.log.Warn("opening a game's thread: the game stays in the channel", "game", id, "err", err)
		return
	}
	b.startThread(q.ctx, g, q.i.ChannelID, messageID, threadName(g, q.public), func(thread string) error {
		_, err := b.m.IntoThread(q.ctx, id, thread, q.actor())
		return err
	})
}

// boardThread gives a game's side a thread of its own when the deliverer
// has just posted, as message messageID with the bot token, that side's
// first board (post p of game g, eg its engine state): no interaction answers for it, so no handler
// starts its thread (openThread). Two boards are posted so: the mirror's
// of a game paired across servers, and the board of a game paired in
// another channel of the server (/play join), in the channel where the
// other player waited, before any move. It does so when that side's
// server wants a thread per game and the bot may start one in that
// channel and post in it (computed from the server's roles and the
// channel's overwrites: no interaction reports the app's permissions
// there). A failure leaves the side in its channel, and is logged, as
// openThread leaves it.
func (b *Bot) boardThread(ctx context.Context, g *store.Game, eg engine.Game, p *store.Post, messageID string) {
	if !g.Status.Live() || p.Kind != store.BoardPost || p.Interaction != "" {
		return
	}
	mirror := g.Mirrored() && p.ChannelID == g.Mirror.ChannelID && g.Mirror.ThreadParent == ""
	own := p.ChannelID == g.ChannelID && g.ThreadParent == "" && g.Place == store.Server && eg.Ply() <= g.Start
	guild := g.GuildID
	switch {
	case mirror:
		guild = g.Mirror.GuildID
	case !own:
		return
	}
	v, err := b.st.GuildSetting(ctx, guild, threadsSetting)
	if err != nil || v != settingOn {
		if err != nil && engine.ErrorCode(err) != engine.SettingNotSet {
			b.log.Warn("reading a server's threads setting: the game stays in the channel", "game", g.ID, "guild", guild, "err", err)
		}
		return
	}
	x := newReach(b.rest, b.log, guild, b.clock.Now)
	perms, thread, err := x.permissions(ctx, x.botID(), p.ChannelID)
	switch {
	case err != nil:
		b.log.Warn("cannot tell whether the bot may start a thread: the game stays in the channel", "game", g.ID, "channel", p.ChannelID, "err", err)
		return
	case thread: // a rematch played in a thread stays there
		return
	case perms&discordgo.PermissionAdministrator == 0 && perms&threadPerms != threadPerms:
		b.log.Info("the bot may not start a thread in the game's channel: the game stays there", "game", g.ID, "channel", p.ChannelID)
		return
	}
	b.startThread(ctx, g, p.ChannelID, messageID, threadName(g, b.pres.postLocale(g, p)), func(thread string) error {
		var err error
		if mirror {
			_, err = b.m.MirrorIntoThread(ctx, g.ID, thread)
		} else {
			_, err = b.m.IntoThread(ctx, g.ID, thread, match.Actor{Player: match.Player{ID: g.Seats[engine.First].UserID}})
		}
		return err
	})
}

// startThread starts a thread named name from message messageID in
// channelID, a board of game g, and has into move the game (or its
// mirror) there; then the thread's board is delivered (the lifecycle
// reports no event for the move). A failure leaves the game where it was,
// and is logged.
func (b *Bot) startThread(ctx context.Context, g *store.Game, channelID, messageID, name string, into func(thread string) error) {
	th, err := b.rest.startThread(ctx, channelID, messageID, name)
	if err != nil {
		b.log.Warn("opening a game's thread: the game stays in the channel", "game", g.ID, "channel", channelID, "err", err)
		return
	}
	if err := into(th.ID); err != nil {
		b.log.Warn("moving a game into its thread: the game stays in the channel", "game", g.ID, "thread", th.ID, "err", err)
		return
	}
	b.deliver.add(g.ID)
}

// threadName is the name of game g's thread: its kind, number and
// players, at most 100 characters as Discord allows.
func threadName(g *store.Game, loc locale) string {
	name := loc.t("thread.name", kindName(loc, g.Kind), g.ID, plainName(loc, g.Seats[0]), plainName(loc, g.Seats[1]))
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	return name
}

// plainName names a seat without a mention: its player's name, or the AI.
func plainName(loc locale, s store.Seat) string {
	if s.IsAI() {
		return loc.t("ai.name", s.AI)
	}
	return s.Name
}

// threadLine is the board a game's thread was started from, once the game
// is in the thread: one line pointing to it.
func threadLine(g *store.Game, loc locale, thread string) *message {
	return &message{Content: loc.t("thread.line", kindName(loc, g.Kind), g.ID, seatName(loc, g.Seats[0]), seatName(loc, g.Seats[1]), "<#"+thread+">")}
}

// resultLine is the line announcing in the channel a game's thread was
// started from how the game ended.
func resultLine(g *store.Game, loc locale, thread string) *message {
	what := loc.t("thread.abandoned")
	if g.Status == store.Finished {
		what = outcomeText(loc, g)
	}
	return &message{Content: loc.t("thread.result", kindName(loc, g.Kind), g.ID, "<#"+thread+">", what)}
}

// threadWarning is what /settings server says to a server that wants
// threads where the app cannot make them ("" when it can, or does not
// want them).
func threadWarning(q *request, on bool) string {
	if !on || q.i.AppPermissions&threadPerms == threadPerms {
		return ""
	}
	return q.loc.t("settings.server.threads_missing")
}

// startThread starts a public thread named name from message messageID
// of channelID (resources/channel.mdx "Start Thread from Message").
func (r *rest) startThread(ctx context.Context, channelID, messageID, name string) (*discordgo.Channel, error) {
	var ch discordgo.Channel
	body := &discordgo.ThreadStart{Name: name, AutoArchiveDuration: threadArchiveMinutes}
	endpoint := discordgo.EndpointChannelMessageThread(channelID, messageID)
	if err := r.do(ctx, http.MethodPost, endpoint, endpoint, body, nil, &ch); err != nil {
		return nil, fmt.Errorf("starting a thread from message %s: %w", messageID, err)
	}
	return &ch, nil
}

// unarchive unarchives thread id, which the bot started (topics/threads:
// its creator may).
func (r *rest) unarchive(ctx context.Context, id string) error {
	archived := false
	if err := r.do(ctx, http.MethodPatch, discordgo.EndpointChannel(id), discordgo.EndpointChannel(id),
		&discordgo.ChannelEdit{Archived: &archived}, nil, nil); err != nil {
		return fmt.Errorf("unarchiving thread %s: %w", id, err)
	}
	return nil
}

// reopen unarchives the thread of game g when err says that an edit of
// post p found it archived (Discord archives a thread after its
// auto_archive_duration without activity, and then takes no edits), and
// reports whether to try the edit again.
func (d *deliverer) reopen(ctx context.Context, g *store.Game, p *store.Post, err error) bool {
	if err == nil || g.ThreadParent == "" || p.ChannelID != g.ChannelID || restCode(err) != discordgo.ErrCodePerformedOperationOnArchivedThread {
		return false
	}
	if err := d.rest.unarchive(ctx, p.ChannelID); err != nil {
		d.log.Warn("the game's thread is archived and could not be unarchived", "game", g.ID, "err", err)
		return false
	}
	return true
}

// sendPerm is the permission posting in g's channel needs: Send Messages,
// or Send Messages in Threads in a thread.
func sendPerm(g *store.Game) int64 {
	if g.ThreadParent != "" {
		return discordgo.PermissionSendMessagesInThreads
	}
	return permSend
}

// inThread replaces Send Messages in want with what g's channel needs.
func inThread(g *store.Game, want int64) int64 {
	if want&permSend != 0 {
		want = want&^permSend | sendPerm(g)
	}
	return want
}

// threadSettingText is the /settings server line about threads.
func threadSettingText(q *request, on bool) string {
	lines := []string{q.loc.t("settings.server.threads", yesNo(q.loc, on))}
	if w := threadWarning(q, on); w != "" {
		lines = append(lines, w)
	}
	return strings.Join(lines, "\n")
}
