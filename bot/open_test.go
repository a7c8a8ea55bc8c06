package bot_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
)

// TestOpenChallenge: /gomoku open posts a challenge with Accept and
// Cancel; its author cannot accept it, someone else cannot cancel it,
// anyone else may accept it, and its author is notified that the game is
// on; /games lists it while it waits.
func TestOpenChallenge(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)

	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open", discordtest.Opt("first", "me"), discordtest.Opt("rule", "renju"))))
	if !strings.Contains(ch.Content, "offers a game to anyone here") || len(ch.Buttons()) != 2 || ch.Buttons()[1].Label != "Cancel" {
		t.Fatalf("the open challenge: %+v", ch)
	}
	if len(ch.Embeds) == 0 || !strings.Contains(ch.Embeds[0].Description, "whoever accepts") {
		t.Fatalf("the open challenge does not say who plays white: %+v", ch.Embeds)
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "games")), "against whoever accepts", "challenge waiting for an answer")

	wantEphemeral(t, w.must(w.alice.Click(ctx, ch, buttonID(t, ch, "Accept"))), "your own open challenge")
	wantEphemeral(t, w.must(w.carol.Click(ctx, ch, buttonID(t, ch, "Cancel"))), "only @alice", "withdraw")

	pings := len(w.alice.Notifications())
	board := w.click(w.bob, ch, "Accept")
	if field(board, "Moves played") != "0" || !strings.Contains(board.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("the first board: %+v", board)
	}
	if len(w.alice.Notifications()) != pings+1 {
		t.Fatalf("alice was not notified that bob took her challenge: %+v", w.alice.Notifications())
	}
	if got := w.current(ch); !strings.Contains(got.Content, "accepted") || len(got.Buttons()) != 0 {
		t.Fatalf("the challenge after it was taken: %+v", got)
	}
	w.play(w.alice, "h8")
	w.nothingDue()
	w.noFailures()
}

// TestOpenChallengeRace: two people clicking Accept at once: exactly one
// plays, the other is told it was already answered.
func TestOpenChallengeRace(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	ch := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("open")))
	id := buttonID(t, ch, "Accept")
	var wg sync.WaitGroup
	replies := make([]*discordtest.Reply, 2)
	for i, u := range []*discordtest.User{w.bob, w.carol} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = w.must(u.Click(ctx, ch, id))
		}()
	}
	wg.Wait()
	w.idle()
	boards, refused := 0, 0
	for _, r := range replies {
		m := w.settled(r)
		if m != nil && field(m, "Moves played") == "0" {
			boards++
			continue
		}
		// The refusal is the answer itself, or a private note after the
		// clicked challenge was updated to show it was taken.
		var said string
		if m != nil && m.Ephemeral() {
			said = m.Content
		}
		for _, f := range r.Followups() {
			if f.Ephemeral() {
				said += f.Content
			}
		}
		if !strings.Contains(said, "already answered") {
			t.Fatalf("an answer to Accept: %+v, follow-ups %+v", m, r.Followups())
		}
		refused++
	}
	if boards != 1 || refused != 1 {
		t.Fatalf("%d boards and %d refusals", boards, refused)
	}
	w.nothingDue()
	w.noFailures()
}

// TestOpenChallengeRange: a rating range admits only the players within
// it, says why to the others, and shows on the challenge.
func TestOpenChallengeRange(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open", discordtest.Opt("min_rating", 1600))))
	if got := field(ch, "Ratings admitted"); got != "1600 or more" {
		t.Fatalf("the range shown: %q", got)
	}
	wantEphemeral(t, w.must(w.bob.Click(ctx, ch, buttonID(t, ch, "Accept"))), "your rating (1500) is below the lowest this open challenge admits (1600)")
	wantEphemeral(t, w.must(w.bob.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open",
		discordtest.Opt("min_rating", 1700), discordtest.Opt("max_rating", 1600)))), "the lowest rating (1700) is above the highest (1600)")
	low := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open", discordtest.Opt("min_rating", 1400), discordtest.Opt("max_rating", 1550))))
	if got := field(low, "Ratings admitted"); got != "1400–1550" {
		t.Fatalf("the range shown: %q", got)
	}
	if board := w.click(w.bob, low, "Accept"); field(board, "Moves played") != "0" {
		t.Fatalf("bob (1500) within 1400–1550: %+v", board)
	}
	w.noFailures()
}

// TestOpenChallengePlaces: refused in a DM with the bot (nobody else sees
// it); in a group DM anyone in it takes it; untaken, it expires and its
// author may also cancel one.
func TestOpenChallengePlaces(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.dc.DM(w.alice), "gomoku", discordtest.Sub("open"))), "nobody could accept an open challenge here")

	gdm := w.dc.GroupDM(w.alice, w.bob, w.carol)
	ch := w.do(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("open", discordtest.Opt("first", "opponent"))))
	// carol, who took it, moves first: alice is notified all the same.
	pings := len(w.alice.Notifications())
	if board := w.click(w.carol, ch, "Accept"); field(board, "Moves played") != "0" || !strings.Contains(board.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("carol taking it in the group DM: %+v", board)
	}
	if len(w.alice.Notifications()) != pings+1 {
		t.Fatalf("alice was not notified that carol took her challenge: %+v", w.alice.Notifications())
	}

	cancelled := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open")))
	if got := w.click(w.alice, cancelled, "Cancel"); !strings.Contains(got.Content, "withdrawn") || len(got.Buttons()) != 0 {
		t.Fatalf("after Cancel: %+v", got)
	}
	late := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("open")))
	expiring := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("open")))
	w.dc.Clock().Advance(match.DefaultChallengeTTL)
	// A click on it before the deadline sweep: the challenge shows it
	// expired, and bob is told why privately.
	r := w.must(w.bob.Click(ctx, late, buttonID(t, late, "Accept")))
	w.settled(r)
	if fs := r.Followups(); len(fs) != 1 || !fs[0].Ephemeral() || !strings.Contains(fs[0].Content, "this challenge expired at") {
		t.Fatalf("the answer to a late Accept: %+v", fs)
	}
	if err := w.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	w.idle()
	for _, m := range []*discordtest.Message{late, expiring} {
		if got := w.current(m); !strings.Contains(got.Content, "expired") || len(got.Buttons()) != 0 {
			t.Fatalf("after its expiry: %+v", got)
		}
	}
	w.nothingDue()
	w.noFailures()
}

// TestOpenGamesCap: a player at their cap of games against people may
// neither take an open challenge nor be paired by the queue.
func TestOpenGamesCap(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{maxGames: 1})
	ctx := ctxT(t)
	w.startGame() // alice's one game
	ch := w.do(w.carol.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("open")))
	wantEphemeral(t, w.must(w.alice.Click(ctx, ch, buttonID(t, ch, "Accept"))), "you already have 1 games against people in progress")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("join", discordtest.Opt("game", "gomoku")))), "you already have 1 games against people in progress")
	w.noFailures()
}
