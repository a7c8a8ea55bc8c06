package match

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestTimeoutWithReminder(t *testing.T) {
	e := newEnv(t, Config{MoveTimeout: 10 * time.Hour, RemindBefore: 2 * time.Hour})
	g := e.duel(true)
	e.play(g.ID, "h8") // bob (white) to move
	tick := func() {
		t.Helper()
		if err := e.m.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	e.clock.Advance(8*time.Hour - time.Second)
	tick()
	if n := e.rec.count(g.ID, ReminderDue); n != 0 {
		t.Fatalf("reminded %d times too early", n)
	}
	e.clock.Advance(time.Second)
	tick()
	tick() // a reminder is sent once
	if n := e.rec.count(g.ID, ReminderDue); n != 1 {
		t.Fatalf("%d reminders, want 1", n)
	}
	if r := e.rec.waitFor(t, g.ID, ReminderDue); r.Actor != engine.Second {
		t.Errorf("reminded %v, want white", r.Actor)
	}
	e.clock.Advance(2*time.Hour - time.Second)
	tick()
	if got, _ := e.game(g.ID); got.Status != store.Active {
		t.Fatalf("game ended early: %s", got.Status)
	}
	e.clock.Advance(time.Second)
	tick()
	end := e.rec.waitFor(t, g.ID, GameEnded)
	// one move: too short to move ratings
	if end.Outcome != engine.WinFor(engine.First, engine.Timeout) || end.Actor != engine.Second || end.Ratings.Rated {
		t.Errorf("end %+v", end)
	}
	st, _ := e.db.Stats(ctx, bob.ID, store.Gomoku)
	if st.People.Losses != 1 {
		t.Errorf("bob's record %+v", st.People)
	}
}

func TestMoveResetsDeadline(t *testing.T) {
	e := newEnv(t, Config{MoveTimeout: time.Hour, RemindBefore: -1})
	g := e.duel(false)
	if g.RemindAt != (time.Time{}) {
		t.Errorf("reminder set although disabled: %v", g.RemindAt)
	}
	e.clock.Advance(59 * time.Minute)
	after := e.play(g.ID, "h8")
	if want := e.clock.Now().Add(time.Hour); !after.Deadline.Equal(want) {
		t.Errorf("deadline %v, want %v", after.Deadline, want)
	}
	e.clock.Advance(59 * time.Minute)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := e.game(g.ID); got.Status != store.Active {
		t.Errorf("game ended although each move was in time: %s", got.Status)
	}
}

func TestAbandonIdleAIGame(t *testing.T) {
	e := newEnv(t, Config{AIAbandonAfter: 3 * time.Hour})
	g := e.solo(ChallengerFirst)
	e.play(g.ID, "h8")
	e.aiMoved(g.ID)
	e.clock.Advance(3 * time.Hour)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	got, _ := e.game(g.ID)
	if got.Status != store.Abandoned {
		t.Fatalf("idle AI game is %s, want abandoned", got.Status)
	}
	if want := []EventKind{GameStarted, MoveMade, MoveMade, GameAbandoned}; !slices.Equal(e.rec.kinds(g.ID), want) {
		t.Errorf("events %v, want %v", e.rec.kinds(g.ID), want)
	}
	st, _ := e.db.Stats(ctx, alice.ID, store.Gomoku)
	if st.Total().Games() != 0 {
		t.Errorf("an abandoned game counted: %+v", st)
	}
	_, err := e.m.Play(ctx, g.ID, as(alice.ID), "a1", AnyPly)
	wantCode(t, err, engine.ClassOver)
}

func TestAIGameNotAbandonedWhileAIOwesAMove(t *testing.T) {
	ai := newGateAI()
	e := newEnv(t, Config{AI: ai, AIAbandonAfter: time.Hour})
	g := e.solo(OpponentFirst)
	ai.waitStarted(t)
	e.clock.Advance(2 * time.Hour)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := e.game(g.ID); got.Status != store.Active {
		t.Errorf("game abandoned while the AI was thinking: %s", got.Status)
	}
	close(ai.gate)
	e.aiMoved(g.ID)
}

// indexedOnly is a store whose LiveGames fails: Tick and Resume must find
// their work through the indexed queries, not by reading every live game.
type indexedOnly struct{ *store.DB }

func (indexedOnly) LiveGames(context.Context) ([]*store.Game, error) {
	return nil, errors.New("read every live game")
}

func TestTickFindsItsWorkThroughIndexedQueries(t *testing.T) {
	e := newEnv(t, Config{})
	e.m = e.start(indexedOnly{e.db}, Config{RequestTTL: 5 * time.Minute, AI: &flakyAI{RandomAI: NewRandomAI(4)}})
	duel := e.duel(false)
	e.play(duel.ID, "h8")
	if _, err := e.m.Ask(ctx, duel.ID, as(alice.ID), store.DrawRequest, AnyPly); err != nil {
		t.Fatal(err)
	}
	solo := e.solo(OpponentFirst) // the AI's first move fails; Tick retries it
	e.rec.waitFor(t, solo.ID, AIFailed)

	e.clock.Advance(5*time.Minute - time.Millisecond)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	e.aiMoved(solo.ID)
	if g, _ := e.game(duel.ID); g.Request.Kind != store.DrawRequest {
		t.Fatalf("request expired a millisecond early: %+v", g.Request)
	}
	e.clock.Advance(time.Millisecond)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.game(duel.ID); g.Request.Kind != store.NoRequest {
		t.Errorf("Tick left an expired request: %+v", g.Request)
	}
	if ev := e.rec.waitFor(t, duel.ID, RequestExpired); ev.Request != store.DrawRequest || ev.Actor != engine.First {
		t.Errorf("expiry event %+v", ev)
	}
	if err := e.m.Resume(ctx); err != nil {
		t.Fatal(err)
	}
}
