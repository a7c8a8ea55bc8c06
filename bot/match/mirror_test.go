package match

import (
	"context"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// poster is a Poster that can post everywhere but in noPost.
type poster struct{ noPost map[string]bool }

func (p poster) CanPostIn(_ context.Context, _, channelID string) bool { return !p.noPost[channelID] }

// acrossVia is an interaction of p in channel of its server, whose
// language is locale.
func (e *env) acrossVia(p Player, channel, locale string) Via {
	return Via{Interaction: "i-" + p.Name + "-" + e.clock.Now().String(), Token: "t-" + p.Name, At: e.clock.Now(),
		Channel: channel, Locale: locale, Place: store.Server}
}

// queueAcross is p joining the queue in channel of guild, allowed to be
// paired across servers when across is not nil.
func (e *env) queueAcross(p Player, guild, channel, locale string, rated bool, across Poster) (*store.Game, *store.QueueEntry) {
	e.t.Helper()
	g, w, err := e.m.Queue(ctx, QueueSpec{Setup: Setup{Kind: store.Gomoku}, Player: p, Rated: rated, GuildID: guild, ChannelID: channel,
		Via: e.acrossVia(p, channel, locale), Reach: &reach{can: map[[2]string]bool{}}, Across: across})
	if err != nil {
		e.t.Fatalf("Queue %s: %v", p.Name, err)
	}
	return g, w
}

// TestQueuePairsAcrossServers: a player who finds nobody in their server is
// paired with one waiting in another server when both allow it, both are
// rated alike and the bot can post in the waiting player's channel; the
// game is in the joiner's channel, mirrored in the waiting player's,
// whose board the bot posts in that server's language, mentioning only
// them.
func TestQueuePairsAcrossServers(t *testing.T) {
	all := poster{}
	for _, c := range []struct {
		name        string
		waitAcross  Poster // nil: alice's server refuses games across servers
		joinAcross  Poster // nil: bob's server refuses
		aliceRated  bool
		settingOff  bool // alice's server turned it off after she joined
		want        bool
		crossedPost string
	}{
		{name: "both allow it", waitAcross: all, joinAcross: all, aliceRated: true, want: true},
		{name: "the waiting player's server refuses", joinAcross: all, aliceRated: true},
		{name: "the joiner's server refuses", waitAcross: all, aliceRated: true},
		{name: "turned off after she joined", waitAcross: all, joinAcross: all, aliceRated: true, settingOff: true},
		{name: "rated differently", waitAcross: all, joinAcross: all},
		{name: "the bot cannot post where she waits", waitAcross: all, joinAcross: poster{noPost: map[string]bool{"x": true}}, aliceRated: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, Config{})
			if g, _ := e.queueAcross(alice, "ga", "x", "zh-CN", c.aliceRated, c.waitAcross); g != nil {
				t.Fatal("alice alone was paired")
			}
			if c.settingOff {
				if err := e.db.SetGuildSetting(ctx, "ga", CrossServerSetting, CrossServerOff); err != nil {
					t.Fatal(err)
				}
			}
			g, _ := e.queueAcross(bob, "gb", "y", "ja", true, c.joinAcross)
			if !c.want {
				if g != nil {
					t.Fatalf("paired: %+v", g)
				}
				return
			}
			if g == nil || g.ChannelID != "y" || g.GuildID != "gb" || g.Locale != "ja" ||
				g.Mirror != (store.Mirror{GuildID: "ga", ChannelID: "x", UserID: alice.ID, Locale: "zh-CN", BoardPost: g.Mirror.BoardPost}) {
				t.Fatalf("the game paired across servers: %+v", g)
			}
			posts := e.posts(g.ID)
			if len(posts) != 2 {
				t.Fatalf("posts %+v", posts)
			}
			for _, p := range posts {
				switch p.ChannelID {
				case "y": // the answer to bob's command
					if p.ID != g.BoardPost || p.Interaction == "" || !slices.Equal(p.Ping, []string{bob.ID}) {
						t.Fatalf("bob's board %+v", p)
					}
				case "x": // posted by the bot where alice waits
					if p.ID != g.Mirror.BoardPost || p.Interaction != "" || !slices.Equal(p.Ping, []string{alice.ID}) {
						t.Fatalf("alice's board %+v", p)
					}
				default:
					t.Fatalf("a post in %s", p.ChannelID)
				}
			}
			for _, u := range []string{alice.ID, bob.ID} {
				if _, ok, err := e.db.QueueEntryOf(ctx, u, e.clock.Now()); err != nil || ok {
					t.Fatalf("%s is still waiting: %v", u, err)
				}
			}
		})
	}
}

// TestQueuePrefersTheSameServer: a player waiting in the joiner's server
// is paired before one of another server.
func TestQueuePrefersTheSameServer(t *testing.T) {
	// carol, in bob's server but in a channel bob cannot reach, waits;
	// alice is paired across.
	e := newEnv(t, Config{})
	e.queueAcross(carol, "gb", "z", "", true, nil)
	e.queueAcross(alice, "ga", "x", "", true, poster{})
	g, _ := e.queueAcross(bob, "gb", "y", "", true, poster{})
	if g == nil || g.Mirror.UserID != alice.ID {
		t.Fatalf("paired %+v", g)
	}
	// carol waits in bob's channel: she comes first.
	e = newEnv(t, Config{})
	e.queueAcross(alice, "ga", "x", "", true, poster{})
	e.queueAcross(carol, "gb", "y", "", true, nil)
	g, _ = e.queueAcross(bob, "gb", "y", "", true, poster{})
	if g == nil || g.Mirrored() {
		t.Fatalf("bob was not paired with carol in his channel: %+v", g)
	}
	if _, ok, err := e.db.QueueEntryOf(ctx, alice.ID, e.clock.Now()); err != nil || !ok {
		t.Fatalf("alice no longer waits: %v", err)
	}
}

// mirrored pairs bob (joining in y of gb, Japanese) with alice (waiting in
// x of ga, Chinese) and returns the game.
func (e *env) mirrored() *store.Game {
	e.t.Helper()
	e.queueAcross(alice, "ga", "x", "zh-CN", true, poster{})
	g, _ := e.queueAcross(bob, "gb", "y", "ja", true, poster{})
	if g == nil || !g.Mirrored() {
		e.t.Fatalf("not paired across servers: %+v", g)
	}
	return g
}

// TestMirrorPlansBothChannels: every change of a game paired across
// servers is planned in both channels in the same attempt: the channel
// the interaction came from gets the new post, the other an edit; each
// player is notified in their own channel; each side's language is kept
// apart; prompts are in both and settled in both.
func TestMirrorPlansBothChannels(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.mirrored()
	at := func(p Player) (Actor, string) {
		if p.ID == alice.ID {
			return Actor{Player: p, Via: e.acrossVia(p, "x", "zh-TW")}, "x"
		}
		return Actor{Player: p, Via: e.acrossVia(p, "y", "ja")}, "y"
	}
	byID := func(id int64) *store.Post {
		for _, p := range e.posts(g.ID) {
			if p.ID == id {
				return p
			}
		}
		t.Fatalf("no post %d", id)
		return nil
	}
	first, second := alice, bob
	if g.Seats[0].UserID == bob.ID {
		first, second = bob, alice
	}

	// A move from each side.
	for i, p := range []Player{first, second} {
		who, ch := at(p)
		before, _ := e.game(g.ID)
		moved, err := e.m.Play(ctx, g.ID, who, []string{"h8", "h9"}[i], AnyPly)
		if err != nil {
			t.Fatal(err)
		}
		mine, theirs := moved.BoardPost, moved.Mirror.BoardPost
		oldTheirs := before.Mirror.BoardPost
		if ch == "x" {
			mine, theirs, oldTheirs = moved.Mirror.BoardPost, moved.BoardPost, before.BoardPost
		}
		if b := byID(mine); b.ChannelID != ch || b.Interaction != who.Via.Interaction || len(b.Ping) != 0 {
			t.Fatalf("move %d: the mover's board %+v", i+1, b)
		}
		other := second
		if i == 1 {
			other = first
		}
		if b := byID(theirs); theirs != oldTheirs || b.Want != store.WantVersion(moved.Version) || !slices.Contains(b.Ping, other.ID) ||
			slices.Contains(b.Ping, p.ID) {
			t.Fatalf("move %d: the other's board %+v (was %d)", i+1, b, oldTheirs)
		}
		if moved.Locale != "ja" || moved.Mirror.Locale != "zh-TW" && ch == "x" {
			t.Fatalf("locales: game %q, mirror %q", moved.Locale, moved.Mirror.Locale)
		}
	}

	// alice asks to undo from x: a prompt in both, bob asked in y; bob
	// answers from y and both prompts are settled.
	asker, _ := at(alice)
	asked, err := e.m.Ask(ctx, g.ID, asker, store.UndoRequest, AnyPly)
	if err != nil {
		t.Fatal(err)
	}
	if asked.PromptPost == 0 || asked.Mirror.PromptPost == 0 {
		t.Fatalf("prompts %d, %d", asked.PromptPost, asked.Mirror.PromptPost)
	}
	if p := byID(asked.PromptPost); p.ChannelID != "y" || !slices.Equal(p.Ping, []string{bob.ID}) || p.Interaction != "" {
		t.Fatalf("bob's prompt %+v", p)
	}
	if p := byID(asked.Mirror.PromptPost); p.ChannelID != "x" || len(p.Ping) != 0 || p.Interaction != asker.Via.Interaction {
		t.Fatalf("alice's prompt %+v", p)
	}
	answerer, _ := at(bob)
	answered, err := e.m.Answer(ctx, g.ID, answerer, false, AnyPly)
	if err != nil {
		t.Fatal(err)
	}
	if answered.PromptPost != 0 || answered.Mirror.PromptPost != 0 ||
		byID(asked.PromptPost).Want != store.WantDeclined || byID(asked.Mirror.PromptPost).Want != store.WantDeclined {
		t.Fatalf("the prompts after the answer: %+v", answered)
	}

	// The player to move (first, after two moves) is reminded in their
	// own channel only; then loses on time: on both boards, the notice in
	// both channels.
	firstCh := "y"
	if first.ID == alice.ID {
		firstCh = "x"
	}
	e.clock.Advance(DefaultMoveTimeout - DefaultRemindBefore + 1)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(DefaultRemindBefore)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	end, _ := e.game(g.ID)
	if end.Status != store.Finished || end.Outcome.Reason != engine.Timeout {
		t.Fatalf("the game after its deadline: %+v", end)
	}
	notices := map[string][]string{}
	for _, p := range e.posts(g.ID) {
		if p.Kind == store.NoticePost {
			notices[p.Want] = append(notices[p.Want], p.ChannelID)
		}
	}
	if !slices.Equal(notices[store.WantRemind], []string{firstCh}) {
		t.Fatalf("reminded in %v, want %s only", notices[store.WantRemind], firstCh)
	}
	if got := notices[store.WantTimeout]; len(got) != 2 || got[0] == got[1] {
		t.Fatalf("loss on time noticed in %v, want both channels", got)
	}
	if byID(end.BoardPost).Want != store.WantVersion(end.Version) || byID(end.Mirror.BoardPost).Want != store.WantVersion(end.Version) {
		t.Fatalf("the final boards: %+v, %+v", byID(end.BoardPost), byID(end.Mirror.BoardPost))
	}
}

// TestMirrorStaysWhereItIs: a board asked for from a third channel (a
// game named by number) is shown in the game's two channels, by the bot,
// and moves neither: each player sees only their own.
func TestMirrorStaysWhereItIs(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.mirrored()
	shown, err := e.m.ShowBoard(ctx, g.ID, Actor{Player: alice, Via: e.acrossVia(alice, "z", "en-GB")})
	if err != nil {
		t.Fatal(err)
	}
	if shown.ChannelID != "y" || shown.Mirror.ChannelID != "x" || shown.Locale != "ja" || shown.Mirror.Locale != "zh-CN" {
		t.Fatalf("the game moved: %+v", shown)
	}
	for _, p := range e.posts(g.ID) {
		if p.ChannelID == "z" || p.Interaction != "" && p.ID == shown.BoardPost {
			t.Fatalf("a post through the third channel: %+v", p)
		}
	}
	if shown.BoardPost == g.BoardPost {
		t.Fatal("no new board in the game's channel")
	}
}

// TestMirrorIntoThread: the mirror moves into a thread started from its
// board: its board there becomes the thread's starter line, a new board is
// posted in the thread, the game's own side stays as it was; once there,
// it stays; the game's end is announced in the channel the thread was
// started in.
func TestMirrorIntoThread(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.mirrored()
	old := g.Mirror.BoardPost
	moved, err := e.m.MirrorIntoThread(ctx, g.ID, "xt")
	if err != nil || moved.Mirror.ChannelID != "xt" || moved.Mirror.ThreadParent != "x" || moved.ChannelID != "y" ||
		moved.Mirror.BoardPost == old || moved.BoardPost != g.BoardPost {
		t.Fatalf("moved: %+v, %v", moved, err)
	}
	var starter, board *store.Post
	for _, p := range e.posts(g.ID) {
		switch p.ID {
		case old:
			starter = p
		case moved.Mirror.BoardPost:
			board = p
		}
	}
	if starter == nil || starter.Want != store.WantThread || board == nil || board.ChannelID != "xt" || board.Kind != store.BoardPost {
		t.Fatalf("the starter %+v, the thread's board %+v", starter, board)
	}
	if again, err := e.m.MirrorIntoThread(ctx, g.ID, "xt2"); err != nil || again.Mirror.ChannelID != "xt" {
		t.Fatalf("moved twice: %+v, %v", again, err)
	}
	if reread, err := e.db.Game(ctx, g.ID); err != nil || reread.Mirror != moved.Mirror {
		t.Fatalf("read back: %+v, %v", reread.Mirror, err)
	}
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	var results []string
	for _, p := range e.posts(g.ID) {
		if p.Want == store.WantResult {
			results = append(results, p.ChannelID)
		}
	}
	if len(results) != 1 || results[0] != "x" {
		t.Fatalf("result lines in %v, want only x (the game's own side has no thread)", results)
	}
}
