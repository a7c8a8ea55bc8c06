package match

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestRematchBetweenPeople(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(true)
	_, err := e.m.Rematch(ctx, g.ID, alice.ID)
	wantCode(t, err, Invalid)
	if _, err := e.m.Resign(ctx, g.ID, bob.ID, AnyPly); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, g.ID, carol.ID)
	wantCode(t, err, NotAPlayer)

	offer, err := e.m.Rematch(ctx, g.ID, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if offer.Status != store.Challenge || offer.Seats[engine.First].UserID != bob.ID ||
		offer.Seats[offer.Challenger].UserID != bob.ID || !offer.Rated || offer.Request.Kind != store.RematchRequest {
		t.Fatalf("rematch offer %+v", offer)
	}
	_, err = e.m.Rematch(ctx, g.ID, bob.ID)
	wantCode(t, err, Invalid)
	_, err = e.m.Accept(ctx, offer.ID, bob.ID)
	wantCode(t, err, NotYourRequest)

	// Alice asks for the rematch too: that accepts bob's offer.
	started, err := e.m.Rematch(ctx, g.ID, alice.ID)
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
	if _, err := e.m.Resign(ctx, g.ID, alice.ID, AnyPly); err != nil {
		t.Fatal(err)
	}
	offer, err := e.m.Rematch(ctx, g.ID, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Withdraw(ctx, offer.ID, alice.ID); err != nil {
		t.Fatal(err)
	}
	if ev := e.rec.waitFor(t, offer.ID, ChallengeWithdrawn); ev.Request != store.RematchRequest {
		t.Errorf("withdraw event %+v", ev)
	}
	again, err := e.m.Rematch(ctx, g.ID, alice.ID)
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
	_, err = e.m.Accept(ctx, again.ID, bob.ID)
	wantCode(t, err, GameOver)
}

func TestRematchOfAGameNeverPlayed(t *testing.T) {
	e := newEnv(t, Config{})
	c, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, c.ID, alice.ID)
	wantCode(t, err, Invalid)
	if _, err := e.m.Decline(ctx, c.ID, bob.ID); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Rematch(ctx, c.ID, bob.ID)
	wantCode(t, err, Invalid)
	if want := "game #1 was never played to a result: start a new one instead"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Rematch(ctx, 42, bob.ID)
	wantCode(t, err, NotFound)
}

func TestRematchAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.solo(ChallengerFirst)
	if _, err := e.m.Resign(ctx, g.ID, alice.ID, AnyPly); err != nil {
		t.Fatal(err)
	}
	next, err := e.m.Rematch(ctx, g.ID, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if next.Status != store.Active || next.Seats[engine.First].AI != 3 || next.Seats[engine.Second].UserID != alice.ID {
		t.Fatalf("rematch %+v", next)
	}
	e.aiMoved(next.ID) // the AI is black now and opens
}
