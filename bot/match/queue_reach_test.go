package match

import (
	"context"
	"testing"

	"github.com/tengen-bot/tengen/store"
)

// reach is a Reach that knows who can play where and where the bot can
// post (everywhere but in noPost), and counts the questions.
type reach struct {
	can    map[[2]string]bool // {user, channel}
	noPost map[string]bool
	asked  int
}

func (r *reach) CanPost(_ context.Context, channelID string) bool { return !r.noPost[channelID] }

func (r *reach) CanPlay(_ context.Context, userID, channelID string) bool {
	r.asked++
	return r.can[[2]string{userID, channelID}]
}

func (e *env) queueReach(p Player, channel string, r *reach) (*store.Game, *store.QueueEntry) {
	e.t.Helper()
	g, w, err := e.m.Queue(ctx, QueueSpec{Setup: Setup{Kind: store.Gomoku}, Player: p, GuildID: "g", ChannelID: channel,
		Via: Via{Interaction: "i-" + p.Name, Token: "t-" + p.Name, Channel: channel, Locale: "vi", Place: store.Server}, Reach: r})
	if err != nil {
		e.t.Fatalf("Queue %s: %v", p.Name, err)
	}
	return g, w
}

// TestQueuePairsAcrossChannels: a player waiting in another channel of the
// server is paired in the joiner's channel when they can play there, else
// in their own when the joiner can play there, else not at all; those
// waiting in the joiner's channel come first.
func TestQueuePairsAcrossChannels(t *testing.T) {
	for _, c := range []struct {
		name   string
		can    [][2]string
		noPost string // where the bot cannot post
		want   string // the game's channel, "" for none
	}{
		{"both can play in both", [][2]string{{alice.ID, "y"}, {bob.ID, "x"}}, "", "y"},
		{"alice cannot play in y, bob can in x", [][2]string{{bob.ID, "x"}}, "", "x"},
		{"bob can play in x, the bot cannot post there", [][2]string{{bob.ID, "x"}}, "x", ""},
		{"the bot need not post where bob answers", [][2]string{{alice.ID, "y"}}, "y", "y"},
		{"neither can play in the other's", nil, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, Config{})
			r := &reach{can: map[[2]string]bool{}, noPost: map[string]bool{c.noPost: true}}
			for _, k := range c.can {
				r.can[k] = true
			}
			if g, _ := e.queueReach(alice, "x", r); g != nil {
				t.Fatal("alice alone was paired")
			}
			g, w := e.queueReach(bob, "y", r)
			if c.want == "" {
				if g != nil || w == nil {
					t.Fatalf("paired in %+v", g)
				}
				for _, u := range []string{alice.ID, bob.ID} {
					if _, ok, err := e.db.QueueEntryOf(ctx, u, e.clock.Now()); err != nil || !ok {
						t.Fatalf("%s is not waiting: %v", u, err)
					}
				}
				return
			}
			if g == nil || g.ChannelID != c.want || g.GuildID != "g" || g.Place != store.Server || g.Locale != "vi" {
				t.Fatalf("game %+v, want one in %s", g, c.want)
			}
			if _, ok := sideOf(g, alice.ID); !ok {
				t.Fatalf("seats %+v", g.Seats)
			}
			posts := e.posts(g.ID)
			b := posts[len(posts)-1]
			if b.Kind != store.BoardPost || len(b.Ping) != 2 {
				t.Fatalf("the first board %+v", b)
			}
			// In bob's channel the board answers his command; in alice's the
			// bot posts it there.
			if b.ChannelID != c.want || (b.Interaction != "") != (c.want == "y") {
				t.Fatalf("the first board %+v, want it in %s", b, c.want)
			}
			for _, u := range []string{alice.ID, bob.ID} {
				if _, ok, _ := e.db.QueueEntryOf(ctx, u, e.clock.Now()); ok {
					t.Fatalf("%s still waits", u)
				}
			}
		})
	}
}

// TestQueueSameChannelFirst: a player waiting in the joiner's channel is
// paired before a closer one elsewhere, and without asking Reach; without
// Reach nobody elsewhere is.
func TestQueueSameChannelFirst(t *testing.T) {
	e := newEnv(t, Config{})
	r := &reach{can: map[[2]string]bool{{alice.ID, "y"}: true, {carol.ID, "y"}: true}}
	e.queue(alice, "x", Setup{Kind: store.Gomoku})
	e.queue(carol, "y", Setup{Kind: store.Gomoku})
	g, _ := e.queueReach(bob, "y", r)
	if g == nil || g.ChannelID != "y" || r.asked != 0 {
		t.Fatalf("game %+v after %d questions", g, r.asked)
	}
	if _, ok := sideOf(g, carol.ID); !ok {
		t.Fatalf("bob was paired with %+v, not carol who waits here", g.Seats)
	}
	if g, w := e.queue(carol, "y", Setup{Kind: store.Gomoku}); g != nil || w == nil {
		t.Fatal("paired across channels without Reach")
	}
	// With Reach, carol is paired with alice in y, asking once.
	if g, _ := e.queueReach(carol, "y", r); g == nil || g.ChannelID != "y" || r.asked != 1 {
		t.Fatalf("game %+v after %d questions", g, r.asked)
	}
}
