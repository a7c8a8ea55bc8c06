package match

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestUndoBetweenPeople(t *testing.T) {
	tests := []struct {
		name   string
		moves  []string
		asker  Player
		undone []string
		left   string
	}{
		{"own last move", []string{"h8", "h9", "i8"}, alice, []string{"i8"}, "15 freestyle: h8 h9"},
		{"with the reply", []string{"h8", "h9", "i8"}, bob, []string{"h9", "i8"}, "15 freestyle: h8"},
		{"first move", []string{"h8"}, alice, []string{"h8"}, "15 freestyle:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, Config{})
			g := e.duel(false)
			e.play(g.ID, tt.moves...)
			other := bob
			if tt.asker == bob {
				other = alice
			}
			if _, err := e.m.Ask(ctx, g.ID, as(tt.asker.ID), store.UndoRequest, len(tt.moves)); err != nil {
				t.Fatal(err)
			}
			_, err := e.m.Answer(ctx, g.ID, as(tt.asker.ID), true, AnyPly)
			wantCode(t, err, engine.ClassNotYours)
			if want := "only @" + other.Name; !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "can answer this undo request") {
				t.Errorf("message %q", err)
			}
			_, err = e.m.Answer(ctx, g.ID, as(carol.ID), true, AnyPly)
			wantCode(t, err, engine.ClassNotPlayer)
			after, err := e.m.Answer(ctx, g.ID, as(other.ID), true, len(tt.moves))
			if err != nil {
				t.Fatal(err)
			}
			if after.Moves != tt.left || after.Request.Kind != store.NoRequest {
				t.Errorf("after the undo: moves %q request %+v", after.Moves, after.Request)
			}
			acc := e.rec.waitFor(t, g.ID, RequestAccepted)
			if !slices.Equal(acc.Undone, tt.undone) || acc.Request != store.UndoRequest {
				t.Errorf("accepted event %+v, want undone %v", acc, tt.undone)
			}
			if asker, _ := sideOf(g, tt.asker.ID); e.turn(g.ID) != asker {
				t.Errorf("after the undo it is %v's turn, want the asker's", e.turn(g.ID))
			}
		})
	}
}

func TestRequestRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	_, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly)
	wantCode(t, err, engine.ClassInvalid)
	if want := "you have no move to take back yet"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Ask(ctx, g.ID, as(alice.ID), store.RematchRequest, AnyPly)
	wantCode(t, err, engine.ClassInvalid)
	_, err = e.m.Answer(ctx, g.ID, as(bob.ID), true, AnyPly)
	wantCode(t, err, engine.ClassNoRequest)
	_, err = e.m.Withdraw(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassNoRequest)

	e.play(g.ID, "h8")
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, 1); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, 1)
	wantCode(t, err, engine.ClassInvalid)
	if want := "your draw request is already waiting for @bob (white) to answer"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Ask(ctx, g.ID, as(bob.ID), store.UndoRequest, 1)
	wantCode(t, err, engine.ClassInvalid)
	if want := "the draw request of @alice (black) is waiting for an answer: settle it first"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = e.m.Withdraw(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassNotYours)
	_, err = e.m.Answer(ctx, g.ID, as(bob.ID), true, 0)
	wantCode(t, err, engine.ClassStale)
}

func TestDrawAcceptDeclineWithdraw(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(true)
	e.play(g.ID, "h8", "h9")

	ask := func(by Player) {
		t.Helper()
		if _, err := e.m.Ask(ctx, g.ID, as(by.ID), store.DrawRequest, AnyPly); err != nil {
			t.Fatal(err)
		}
	}
	ask(alice)
	if _, err := e.m.Answer(ctx, g.ID, as(bob.ID), false, AnyPly); err != nil {
		t.Fatal(err)
	}
	ask(bob) // either side may offer, even when not to move
	if _, err := e.m.Withdraw(ctx, g.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	ask(alice)
	end, err := e.m.Answer(ctx, g.ID, as(bob.ID), true, 2)
	if err != nil {
		t.Fatal(err)
	}
	if end.Status != store.Finished || end.Outcome != engine.DrawBy(engine.Agreement) {
		t.Errorf("game ended %s %v", end.Status, end.Outcome)
	}
	want := []EventKind{ChallengeIssued, GameStarted, MoveMade, MoveMade,
		RequestOpened, RequestDeclined, RequestOpened, RequestWithdrawn, RequestOpened, RequestAccepted, GameEnded}
	if got := e.rec.kinds(g.ID); !slices.Equal(got, want) {
		t.Errorf("events %v\nwant %v", got, want)
	}
	st, _ := e.db.Stats(ctx, bob.ID, store.Gomoku)
	if st.People.Draws != 1 {
		t.Errorf("bob's record %+v", st.People)
	}
}

func TestMoveCancelsRequest(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	e.play(g.ID, "h8")
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly); err != nil {
		t.Fatal(err)
	}
	after := e.play(g.ID, "h9") // bob plays on instead of answering
	if after.Request.Kind != store.NoRequest {
		t.Errorf("request survived a move: %+v", after.Request)
	}
	c := e.rec.waitFor(t, g.ID, RequestCancelled)
	if c.Request != store.UndoRequest || c.Actor != engine.Second {
		t.Errorf("cancel event %+v", c)
	}
	_, err := e.m.Answer(ctx, g.ID, as(bob.ID), true, AnyPly)
	wantCode(t, err, engine.ClassNoRequest)
}

func TestRequestExpiry(t *testing.T) {
	e := newEnv(t, Config{RequestTTL: 5 * time.Minute})
	late, ticked := e.duel(false), e.duel(false)
	for _, g := range []*store.Game{late, ticked} {
		e.play(g.ID, "h8")
		if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly); err != nil {
			t.Fatal(err)
		}
	}
	e.clock.Advance(4 * time.Minute)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.game(ticked.ID); g.Request.Kind != store.UndoRequest {
		t.Fatalf("request expired early: %+v", g.Request)
	}
	e.clock.Advance(time.Minute)

	// Answered after it expired: cleared, reported, refused.
	_, err := e.m.Answer(ctx, late.ID, as(bob.ID), true, AnyPly)
	wantCode(t, err, engine.ClassExpired)
	if want := "this undo request expired at 09:05 UTC"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if g, eg := e.game(late.ID); g.Request.Kind != store.NoRequest || eg.Ply() != 1 {
		t.Errorf("expired request applied or kept: %+v ply %d", g.Request, eg.Ply())
	}
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.game(ticked.ID); g.Request.Kind != store.NoRequest {
		t.Errorf("Tick left an expired request: %+v", g.Request)
	}
	for _, g := range []*store.Game{late, ticked} {
		if n := e.rec.count(g.ID, RequestExpired); n != 1 {
			t.Errorf("game %d: %d expiry events, want 1", g.ID, n)
		}
	}
	// A new request may follow.
	if _, err := e.m.Ask(ctx, late.ID, as(alice.ID), store.UndoRequest, AnyPly); err != nil {
		t.Errorf("asking again: %v", err)
	}
}
