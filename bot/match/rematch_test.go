package match

import (
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestRematchBetweenPeople(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(true)
	_, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	wantCode(t, err, engine.ClassInvalid)
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, g.ID, as(carol.ID))
	wantCode(t, err, engine.ClassNotPlayer)
	// a rated game resigned before MinRatedPlies finished unrated, and its
	// rematch is offered unrated too

	offer, err := e.m.Rematch(ctx, g.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if offer.Status != store.Challenge || offer.Seats[engine.First].UserID != bob.ID ||
		offer.Seats[offer.Challenger].UserID != bob.ID || offer.Rated || offer.Request.Kind != store.RematchRequest {
		t.Fatalf("rematch offer %+v", offer)
	}
	_, err = e.m.Rematch(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)
	_, err = e.m.Accept(ctx, offer.ID, as(bob.ID))
	wantCode(t, err, engine.ClassNotYours)

	// Alice asks for the rematch too: that accepts bob's offer.
	started, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if started.ID != offer.ID || started.Status != store.Active || started.Request.Kind != store.NoRequest {
		t.Fatalf("rematch %+v", started)
	}
	if ev := e.rec.waitFor(t, offer.ID, GameStarted); ev.Request != store.RematchRequest || ev.Actor != engine.Second {
		t.Errorf("start event %+v", ev)
	}
	e.play(offer.ID, "h8")
	if got, _ := e.game(offer.ID); got.Seats[engine.Second].UserID != alice.ID {
		t.Errorf("alice should be white now: %+v", got.Seats)
	}
}

func TestRematchOfferExpiresAndWithdraws(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	offer, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Withdraw(ctx, offer.ID, as(alice.ID)); err != nil {
		t.Fatal(err)
	}
	if ev := e.rec.waitFor(t, offer.ID, ChallengeWithdrawn); ev.Request != store.RematchRequest {
		t.Errorf("withdraw event %+v", ev)
	}
	again, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(DefaultRequestTTL)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := e.game(again.ID); got.Status != store.Expired {
		t.Errorf("rematch offer is %s after its time", got.Status)
	}
	_, err = e.m.Accept(ctx, again.ID, as(bob.ID))
	wantCode(t, err, engine.ClassOver)
}

func TestRematchOfAGameNeverPlayed(t *testing.T) {
	e := newEnv(t, Config{})
	c, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, c.ID, as(alice.ID))
	wantCode(t, err, engine.ClassInvalid)
	if _, err := e.m.Decline(ctx, c.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, c.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)
	if want := "game #1 was never played to a result: start a new one instead"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Rematch(ctx, 42, as(bob.ID))
	wantCode(t, err, engine.ClassNotFound)
}

func TestRematchAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.solo(ChallengerFirst)
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	next, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if next.Status != store.Active || next.Seats[engine.First].AI != 3 || next.Seats[engine.Second].UserID != alice.ID || next.RematchOf != g.ID {
		t.Fatalf("rematch %+v", next)
	}
	e.aiMoved(next.ID) // the AI is black now and opens
}

// TestRematchOffersBelongToTheirGame: an offer is linked to the game it
// rematches, so asking for the rematch of another game between the same
// players, with the same setup, makes a new offer instead of taking it up.
func TestRematchOffersBelongToTheirGame(t *testing.T) {
	e := newEnv(t, Config{})
	first, second := e.duel(false), e.duel(false)
	for _, g := range []*store.Game{first, second} {
		if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
			t.Fatal(err)
		}
	}
	offer, err := e.m.Rematch(ctx, first.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if offer.RematchOf != first.ID {
		t.Fatalf("offer's RematchOf %d, want %d", offer.RematchOf, first.ID)
	}
	other, err := e.m.Rematch(ctx, second.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if other.ID == offer.ID || other.Status != store.Challenge || other.RematchOf != second.ID ||
		other.Seats[other.Challenger].UserID != bob.ID {
		t.Fatalf("bob's rematch of game %d took up alice's offer of game %d: %+v", second.ID, first.ID, other)
	}
	// Each offer is answered through its own game.
	started, err := e.m.Rematch(ctx, first.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if started.ID != offer.ID || started.Status != store.Active || started.RematchOf != first.ID {
		t.Fatalf("bob's rematch of game %d: %+v, want offer %d started", first.ID, started, offer.ID)
	}
	if got, _ := e.game(other.ID); got.Status != store.Challenge {
		t.Errorf("the other offer is %s", got.Status)
	}
}

func TestRematchAfterTheOfferRanOut(t *testing.T) {
	e := newEnv(t, Config{RequestTTL: time.Minute})
	g := e.duel(false)
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	offer, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	// No Tick has expired alice's offer when bob asks: his request finds
	// it out of time, expires it and makes his own offer.
	e.clock.Advance(time.Minute)
	mine, err := e.m.Rematch(ctx, g.ID, as(bob.ID))
	if err != nil {
		t.Fatal(err)
	}
	if mine.ID == offer.ID || mine.Status != store.Challenge || mine.Seats[mine.Challenger].UserID != bob.ID {
		t.Fatalf("bob's rematch %+v", mine)
	}
	if got, _ := e.game(offer.ID); got.Status != store.Expired {
		t.Errorf("alice's offer is %s, want expired", got.Status)
	}
	if ev := e.rec.waitFor(t, offer.ID, ChallengeExpired); ev.Request != store.RematchRequest {
		t.Errorf("expiry event %+v", ev)
	}
	_, err = e.m.Rematch(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)
}

func TestRematchOfferCountsAsAChallenge(t *testing.T) {
	e := newEnv(t, Config{MaxOpenChallenges: 1})
	g := e.duel(false)
	if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Xiangqi}, Challenger: alice, Opponent: carol}); err != nil {
		t.Fatal(err)
	}
	_, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	wantCode(t, err, engine.ClassLimit)
	if want := "you already have 1 open challenges: wait for answers or withdraw one"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if _, err := e.m.Rematch(ctx, g.ID, as(bob.ID)); err != nil {
		t.Errorf("bob, with no challenge open: %v", err)
	}
}
