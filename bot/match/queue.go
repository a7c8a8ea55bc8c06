package match

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// The /play queue pairs two players who ask for the same game (kind,
// rules, size and time control) in the same channel, or in two channels
// of one server when Tengen can tell who sees which (QueueSpec.Reach:
// Discord tells a member's permissions only for the channel an
// interaction comes from, so the bot computes the others'). A player
// joining is paired at once with the waiting player whose rating is
// closest to theirs, provided the difference is within the waiting
// player's window; else they wait. Those waiting in the joiner's channel
// come first; then, closest rating first, those waiting in the server's
// other channels: the game is played in the joiner's channel when the
// waiting player can play there, else in the waiting player's when the
// joiner can play there and the bot can post there, else they are not
// paired. A player whose server installed Tengen and allows it
// (CrossServerSetting) who finds nobody in their server is paired, on the
// same terms and rated alike, with one waiting in another such server
// where the bot can post (QueueSpec.Across): neither can see the other's
// channel, so the game, in the joiner's channel, is mirrored in the
// waiting player's (store.Mirror; see posts.go), its board posted there by
// the bot in that server's language. The window widens the longer one waits (PairWindow): 100
// rating points at first, 50 more every 30 seconds, up to 400. An entry
// waits Config.QueueTTL (DefaultQueueTTL: 10 minutes), then lapses
// silently (the answer to joining says until when). A user has one entry:
// joining again replaces it. The game starts, with random colours, where
// the second player joined, as the answer to their command; its first
// board mentions (and notifies) both. Taking the waiting entry and
// creating the game are one transaction (store.CreatePaired): two players
// joining at once never both take the same one, and a crash leaves either
// both waiting or the game. A game started in the waiting player's
// channel has its first board posted there (not as the answer to the
// joiner's command), mentioning both.

// DefaultQueueTTL is Config.QueueTTL when 0.
const DefaultQueueTTL = 10 * time.Minute

// Pairing windows: PairWindow's first width, its growth per step of
// waiting, and its widest.
const (
	pairWindowFirst = 100.0
	pairWindowStep  = 50.0
	pairWindowEvery = 30 * time.Second
	pairWindowMax   = 400.0
)

// PairWindow is how far apart, in rating points, a player who has waited
// for waited may be paired.
func PairWindow(waited time.Duration) float64 {
	steps := float64(max(waited, 0) / pairWindowEvery)
	return min(pairWindowFirst+pairWindowStep*steps, pairWindowMax)
}

// queueTTL is Config.QueueTTL with its default.
func (c Config) queueTTL() time.Duration {
	if c.QueueTTL <= 0 {
		return DefaultQueueTTL
	}
	return c.QueueTTL
}

// QueueSpec is a player asking the queue for a game.
type QueueSpec struct {
	Setup
	Player Player
	// Rated games move both players' ratings when finished.
	Rated              bool
	GuildID, ChannelID string
	// Via is the interaction the player joined through.
	Via Via
	// Reach, when not nil, tells who can play in the other channels of
	// GuildID, so that the player may be paired with one waiting there;
	// nil keeps the player to those waiting in ChannelID.
	Reach Reach
	// Across, when not nil, lets the player be paired with one waiting in
	// another server (theirs installed Tengen and allows it); nil keeps
	// them to GuildID.
	Across Poster
}

// Poster tells whether Tengen can post a board in a channel of any
// server with its bot token (false when it cannot be told).
type Poster interface {
	// CanPostIn reports whether the bot can post messages in channelID of
	// server guildID.
	CanPostIn(ctx context.Context, guildID, channelID string) bool
}

// CrossServerSetting is the server setting (store.GuildSetting) that
// refuses games paired across servers when it is CrossServerOff, for
// those waiting there and those joining there alike; unset allows them.
const (
	CrossServerSetting = "cross_server"
	CrossServerOff     = "off"
)

// Reach tells whether a member of a server can play in one of its
// channels, and whether Tengen can post a board there. Each answer is
// false when it cannot be told (the implementation reports why).
type Reach interface {
	// CanPlay reports whether userID can see channelID and send messages
	// there.
	CanPlay(ctx context.Context, userID, channelID string) bool
	// CanPost reports whether the bot can post messages in channelID
	// with its token (a game's first board there answers no interaction).
	CanPost(ctx context.Context, channelID string) bool
}

// maxReached is how many players waiting in other channels Queue asks
// Reach about for one join: each may cost Discord requests.
const maxReached = 5

// Queue pairs spec.Player with a waiting player, or puts them in the
// queue. It returns the game when they were paired, else their entry.
func (m *Manager) Queue(ctx context.Context, spec QueueSpec) (*store.Game, *store.QueueEntry, error) {
	p := spec.Player
	switch {
	case p.ID == "":
		return nil, nil, engine.E(engine.Internal, "the queue entry has no player")
	case p.Bot:
		return nil, nil, engine.E(engine.BotsCannotPlay)
	}
	setup, err := spec.Setup.normalize()
	if err != nil {
		return nil, nil, err
	}
	if err := m.checkGames(ctx, p.ID); err != nil {
		return nil, nil, err
	}
	r, err := m.st.Rating(ctx, p.ID, setup.Kind)
	if err != nil {
		return nil, nil, fmt.Errorf("rating of %s: %w", p.ID, err)
	}
	for range m.cfg.Retries {
		now := m.now()
		me := store.QueueEntry{UserID: p.ID, Name: p.Name, GuildID: spec.GuildID, ChannelID: spec.ChannelID,
			Kind: setup.Kind, Rules: setup.Rules, Size: setup.Size, TimeControl: setup.Time.String(),
			Rating: r.Rating, JoinedAt: now, ExpiresAt: now.Add(m.cfg.queueTTL()),
			Locale: spec.Via.Locale, Across: spec.Across != nil && spec.GuildID != "", Rated: spec.Rated}
		waiting, err := m.st.Waiting(ctx, me, true, now)
		if err != nil {
			return nil, nil, err
		}
		other, ok := closest(waiting, me, now)
		channel := spec.ChannelID
		if !ok && spec.Reach != nil && spec.GuildID != "" {
			elsewhere, err := m.st.Waiting(ctx, me, false, now)
			if err != nil {
				return nil, nil, err
			}
			other, channel, ok = reachable(ctx, spec, elsewhere, me, now)
		}
		across := false
		if !ok && me.Across {
			others, err := m.st.WaitingAcross(ctx, me, CrossServerSetting, CrossServerOff, now)
			if err != nil {
				return nil, nil, err
			}
			other, ok = postable(ctx, spec.Across, others, me, now)
			channel, across = spec.ChannelID, ok
		}
		if !ok {
			if err := m.st.JoinQueue(ctx, me); err != nil {
				return nil, nil, fmt.Errorf("join the queue: %w", err)
			}
			return nil, &me, nil
		}
		g, err := m.pair(ctx, spec, setup, other, channel, across)
		if engine.ErrorCode(err) == engine.QueueTaken {
			continue // someone else took them first: look again
		}
		return g, nil, err
	}
	return nil, nil, engine.E(engine.QueueTaken)
}

// closest returns the waiting entry whose rating is closest to me's among
// those within their window, the longest waiting first on a tie.
func closest(waiting []store.QueueEntry, me store.QueueEntry, now time.Time) (store.QueueEntry, bool) {
	var (
		best  store.QueueEntry
		found bool
		gap   float64
	)
	for _, w := range waiting { // oldest first
		d := math.Abs(w.Rating - me.Rating)
		if d > PairWindow(now.Sub(w.JoinedAt)) || found && d >= gap {
			continue
		}
		best, found, gap = w, true, d
	}
	return best, found
}

// reachable returns, among the entries waiting in the other channels of
// me's server, the closest in rating within their window (the longest
// waiting first on a tie) with whom spec's player can be paired, and the
// channel of their game: spec's when the waiting player can play there,
// else the waiting player's when spec's player can play there and the
// bot can post there. It asks
// spec.Reach about maxReached entries at most.
func reachable(ctx context.Context, spec QueueSpec, waiting []store.QueueEntry, me store.QueueEntry, now time.Time) (store.QueueEntry, string, bool) {
	for _, w := range nearest(waiting, me, now) {
		switch {
		case spec.Reach.CanPlay(ctx, w.UserID, spec.ChannelID):
			return w, spec.ChannelID, true
		case spec.Reach.CanPlay(ctx, spec.Player.ID, w.ChannelID) && spec.Reach.CanPost(ctx, w.ChannelID):
			return w, w.ChannelID, true
		}
	}
	return store.QueueEntry{}, "", false
}

// nearest returns the first maxReached of the entries waiting (oldest
// first) whose rating is within their window of me's, the closest first,
// the longest waiting first on a tie.
func nearest(waiting []store.QueueEntry, me store.QueueEntry, now time.Time) []store.QueueEntry {
	var near []store.QueueEntry
	for _, w := range waiting {
		if math.Abs(w.Rating-me.Rating) <= PairWindow(now.Sub(w.JoinedAt)) {
			near = append(near, w)
		}
	}
	slices.SortStableFunc(near, func(a, b store.QueueEntry) int {
		return cmp.Compare(math.Abs(a.Rating-me.Rating), math.Abs(b.Rating-me.Rating))
	})
	return near[:min(len(near), maxReached)]
}

// postable returns, among the entries waiting in other servers, the
// closest in rating to me within their window (the longest waiting first
// on a tie) in whose channel the bot can post. It asks p about maxReached
// entries at most.
func postable(ctx context.Context, p Poster, waiting []store.QueueEntry, me store.QueueEntry, now time.Time) (store.QueueEntry, bool) {
	for _, w := range nearest(waiting, me, now) {
		if p.CanPostIn(ctx, w.GuildID, w.ChannelID) {
			return w, true
		}
	}
	return store.QueueEntry{}, false
}

// pair starts the game of spec's player against the waiting entry other
// in channel: where spec's player joined, its first board the answer to
// their command, or where other waits, its first board posted there. A
// game across servers (across) is in spec's channel and mirrored in
// other's, its board there posted by the bot.
func (m *Manager) pair(ctx context.Context, spec QueueSpec, setup Setup, other store.QueueEntry, channel string, across bool) (*store.Game, error) {
	via := spec.Via
	if channel != spec.ChannelID {
		via = Via{Locale: spec.Via.Locale, Place: spec.Via.Place}
	}
	l, side, err := m.newPeopleGame(ctx, setup, spec.GuildID, channel, via, RandomFirst)
	if err != nil {
		return nil, err
	}
	if channel != spec.ChannelID {
		l.g.Place = spec.Via.Place // the same server
	}
	g := l.g
	if across {
		g.Mirror = store.Mirror{GuildID: other.GuildID, ChannelID: other.ChannelID, UserID: other.UserID, Locale: other.Locale}
	}
	g.Seats[side], g.Seats[side.Other()] = store.Human(spec.Player.ID, spec.Player.Name), store.Human(other.UserID, other.Name)
	g.Rated, g.Status = spec.Rated, store.Active
	m.armTurn(l, m.now())
	l.newBoard(via, []string{other.UserID, spec.Player.ID})
	if err := m.st.CreatePaired(ctx, g, &l.plan, other, spec.Player.ID); err != nil {
		if engine.ErrorCode(err) == engine.QueueTaken {
			return nil, err
		}
		return nil, fmt.Errorf("create the paired game: %w", err)
	}
	m.report(l, []Event{l.event(GameStarted, side)}, store.RatingChanges{})
	return l.g, nil
}

// LeaveQueue takes userID out of the queue (engine.NotQueued when they
// are not waiting).
func (m *Manager) LeaveQueue(ctx context.Context, userID string) error {
	err := m.st.LeaveQueue(ctx, userID, m.now())
	if err != nil && engine.ErrorCode(err) != engine.NotQueued {
		return fmt.Errorf("leave the queue: %w", err)
	}
	return err
}

// WaitingElsewhere returns the players waiting for the game entry e asks
// for in the other channels of its server, for the answer to joining to
// say where they are.
func (m *Manager) WaitingElsewhere(ctx context.Context, e store.QueueEntry) ([]store.QueueEntry, error) {
	return m.st.Waiting(ctx, e, false, m.now())
}
