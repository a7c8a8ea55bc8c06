package match

import (
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestChallengeRefusals(t *testing.T) {
	e := newEnv(t, Config{MaxOpenChallenges: 2})
	gomoku := Setup{Kind: store.Gomoku}
	tests := []struct {
		name string
		spec ChallengeSpec
		code engine.Class
		msg  string
	}{
		{"self", ChallengeSpec{Setup: gomoku, Challenger: alice, Opponent: alice}, engine.ClassInvalid, "you cannot challenge yourself: play the AI instead"},
		{"bot", ChallengeSpec{Setup: gomoku, Challenger: alice, Opponent: Player{ID: "9", Name: "robo", Bot: true}}, engine.ClassInvalid, "@robo is a bot and cannot play: challenge a person, or play the AI"},
		{"bot challenger", ChallengeSpec{Setup: gomoku, Challenger: Player{ID: "9", Bot: true}, Opponent: alice}, engine.ClassInvalid, "bots cannot play"},
		{"nobody", ChallengeSpec{Setup: gomoku, Challenger: alice}, engine.ClassInvalid, "name the player you want to challenge"},
		{"bad size", ChallengeSpec{Setup: Setup{Kind: store.Gomoku, Size: 9}, Challenger: alice, Opponent: bob}, engine.ClassInvalid, "gomoku is not played on a board of size 9: choose 15, 19"},
		{"bad seating", ChallengeSpec{Setup: gomoku, Challenger: alice, Opponent: bob, Start: 7}, engine.ClassInternal, "internal error: unknown choice of who starts (7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.m.Challenge(ctx, tt.spec)
			wantCode(t, err, tt.code)
			if err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err, tt.msg)
			}
		})
	}
	if len(e.rec.all()) != 0 {
		t.Errorf("refused challenges sent events: %v", e.rec.all())
	}
}

func TestChallengeLimit(t *testing.T) {
	e := newEnv(t, Config{MaxOpenChallenges: 2})
	spec := ChallengeSpec{Setup: Setup{Kind: store.Xiangqi}, Challenger: alice, Opponent: bob}
	first, err := e.m.Challenge(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Challenge(ctx, spec); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Challenge(ctx, spec)
	wantCode(t, err, engine.ClassLimit)
	if want := "you already have 2 open challenges: wait for answers or withdraw one"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	// Challenges to alice do not count against her.
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: spec.Setup, Challenger: carol, Opponent: alice}); err != nil {
		t.Fatalf("carol's challenge: %v", err)
	}
	if _, err := e.m.Withdraw(ctx, first.ID, as(alice.ID)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Challenge(ctx, spec); err != nil {
		t.Fatalf("after withdrawing one: %v", err)
	}
}

func TestChallengeSeating(t *testing.T) {
	for _, tt := range []struct {
		start Seating
		coin  bool
		first string
	}{
		{ChallengerFirst, false, alice.ID},
		{OpponentFirst, true, bob.ID},
		{RandomFirst, true, alice.ID},
		{RandomFirst, false, bob.ID},
	} {
		e := newEnv(t, Config{Coin: func() bool { return tt.coin }})
		g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Xiangqi}, Challenger: alice, Opponent: bob, Start: tt.start})
		if err != nil {
			t.Fatal(err)
		}
		if g.Seats[engine.First].UserID != tt.first || g.Seats[g.Challenger].UserID != alice.ID {
			t.Errorf("start %d coin %v: seats %+v challenger %v", tt.start, tt.coin, g.Seats, g.Challenger)
		}
		if g.Status != store.Challenge || !g.Deadline.Equal(e.clock.Now().Add(DefaultChallengeTTL)) {
			t.Errorf("status %s deadline %v", g.Status, g.Deadline)
		}
	}
}

func TestAcceptDeclineWithdraw(t *testing.T) {
	e := newEnv(t, Config{})
	issue := func() *store.Game {
		g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := issue()
	_, err := e.m.Accept(ctx, g.ID, as(alice.ID))
	wantCode(t, err, engine.ClassNotYours)
	if want := "only @bob (white) can answer this challenge; you can withdraw it"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Accept(ctx, g.ID, as(carol.ID))
	wantCode(t, err, engine.ClassNotPlayer)
	_, err = e.m.Play(ctx, g.ID, as(alice.ID), "h8", AnyPly)
	wantCode(t, err, engine.ClassInvalid)
	_, err = e.m.Withdraw(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassNotYours)
	_, err = e.m.Accept(ctx, 9999, as(bob.ID))
	wantCode(t, err, engine.ClassNotFound)

	started, err := e.m.Accept(ctx, g.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if started.Status != store.Active || !started.Deadline.Equal(e.clock.Now().Add(DefaultMoveTimeout)) ||
		!started.RemindAt.Equal(started.Deadline.Add(-DefaultRemindBefore)) {
		t.Errorf("accepted game: %+v", started)
	}
	_, err = e.m.Accept(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)
	_, err = e.m.Decline(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)

	d := issue()
	if _, err := e.m.Decline(ctx, d.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Accept(ctx, d.ID, as(bob.ID))
	wantCode(t, err, engine.ClassOver)

	w := issue()
	if _, err := e.m.Withdraw(ctx, w.ID, as(alice.ID)); err != nil {
		t.Fatal(err)
	}
	stored, _ := e.game(w.ID)
	if stored.Status != store.Declined {
		t.Errorf("withdrawn challenge is %s", stored.Status)
	}

	for id, want := range map[int64][]EventKind{
		g.ID: {ChallengeIssued, GameStarted},
		d.ID: {ChallengeIssued, ChallengeDeclined},
		w.ID: {ChallengeIssued, ChallengeWithdrawn},
	} {
		if got := e.rec.kinds(id); !slices.Equal(got, want) {
			t.Errorf("game %d events %v, want %v", id, got, want)
		}
	}
}

func TestChallengeExpiry(t *testing.T) {
	e := newEnv(t, Config{ChallengeTTL: time.Minute})
	spec := ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob}
	late, err := e.m.Challenge(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	ticked, err := e.m.Challenge(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	withdrawn, err := e.m.Challenge(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Minute)

	// Withdrawn after it expired: it expired.
	_, err = e.m.Withdraw(ctx, withdrawn.ID, as(alice.ID))
	wantCode(t, err, engine.ClassExpired)

	// Answered after it expired: stored as expired, reported, refused.
	_, err = e.m.Accept(ctx, late.ID, as(bob.ID))
	wantCode(t, err, engine.ClassExpired)
	if want := "this challenge expired at 09:01 UTC"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if g, _ := e.game(late.ID); g.Status != store.Expired {
		t.Errorf("late challenge is %s, want expired", g.Status)
	}
	// engine.ClassExpired by the clock.
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.game(ticked.ID); g.Status != store.Expired {
		t.Errorf("ticked challenge is %s, want expired", g.Status)
	}
	for _, id := range []int64{late.ID, ticked.ID, withdrawn.ID} {
		if got, want := e.rec.kinds(id), []EventKind{ChallengeIssued, ChallengeExpired}; !slices.Equal(got, want) {
			t.Errorf("game %d events %v, want %v", id, got, want)
		}
	}
	if n, _ := e.db.OpenChallenges(ctx, alice.ID); n != 0 {
		t.Errorf("alice still has %d open challenges", n)
	}
}
