package match

import (
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// clockDuel starts an accepted Gomoku game with time control tc: alice
// black (first, to move), bob white.
func (e *env) clockDuel(tc TimeControl) *store.Game {
	e.t.Helper()
	g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku, Time: tc}, Challenger: alice, Opponent: bob, ChannelID: "c1"})
	if err != nil {
		e.t.Fatalf("Challenge: %v", err)
	}
	if g, err = e.m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
		e.t.Fatalf("Accept: %v", err)
	}
	return g
}

// movesAt plays move for userID in game id through an interaction that
// arrived at at.
func (e *env) moveAt(id int64, userID, move string, at time.Time) (*store.Game, error) {
	return e.m.Play(ctx, id, Actor{Player: Player{ID: userID}, Via: Via{At: at}}, move, AnyPly)
}

func (e *env) tick() {
	e.t.Helper()
	if err := e.m.Tick(ctx); err != nil {
		e.t.Fatal(err)
	}
}

// opening plays h8 and h9 at once in the new live game id, which starts
// both clocks (a first move is not charged); alice (black) is then to
// move.
func (e *env) opening(id int64) *store.Game {
	e.t.Helper()
	return e.play(id, "h8", "h9")
}

// TestClockFirstMoves: each player's first move is free but due within
// FirstMoveWindow; the clocks start with it.
func TestClockFirstMoves(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.clockDuel(Blitz)
	start := e.clock.Now()
	if g.TimeControl != "3+2" || g.Clock != [2]time.Duration{3 * time.Minute, 3 * time.Minute} ||
		!g.TurnStart.Equal(start) || !g.Deadline.Equal(start.Add(FirstMoveWindow)) || !g.RemindAt.IsZero() {
		t.Fatalf("started: control %q clocks %v turn %v deadline %v remind %v", g.TimeControl, g.Clock, g.TurnStart, g.Deadline, g.RemindAt)
	}
	e.clock.Advance(5 * time.Minute)
	g = e.play(g.ID, "h8")
	if g.Clock[engine.First] != 3*time.Minute || !g.Deadline.Equal(e.clock.Now().Add(FirstMoveWindow)) {
		t.Fatalf("after alice's first move: clocks %v, bob's deadline %v", g.Clock, g.Deadline)
	}
	e.clock.Advance(time.Minute)
	g = e.play(g.ID, "h9")
	if g.Clock != [2]time.Duration{3 * time.Minute, 3 * time.Minute} || !g.Deadline.Equal(e.clock.Now().Add(3*time.Minute)) {
		t.Fatalf("after bob's first move: clocks %v, alice's flag %v", g.Clock, g.Deadline)
	}
}

// TestNoFirstMoveAbandons: a player who makes no first move in
// FirstMoveWindow has the game abandoned, not lost.
func TestNoFirstMoveAbandons(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.clockDuel(Blitz)
	e.play(g.ID, "h8")
	e.clock.Advance(FirstMoveWindow)
	e.tick()
	if got, _ := e.game(g.ID); got.Status != store.Abandoned || got.Outcome.Over() {
		t.Fatalf("without bob's first move: %s %+v", got.Status, got.Outcome)
	}
	st, err := e.db.Stats(ctx, bob.ID, store.Gomoku)
	if err != nil || st.People.Losses != 0 {
		t.Fatalf("bob's record %+v, %v", st.People, err)
	}

	g = e.clockDuel(Blitz)
	e.clock.Advance(FirstMoveWindow + time.Second)
	_, err = e.moveAt(g.ID, alice.ID, "h8", e.clock.Now())
	if engine.ErrorCode(err) != engine.GameAbandoned {
		t.Fatalf("a first move too late: %v, want GameAbandoned", err)
	}
}

// TestClockIncrementAndDeadline: each move is charged the time since its
// turn began, gets the increment, and the deadline is the flag of the side
// to move.
func TestClockIncrementAndDeadline(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Blitz).ID)
	e.clock.Advance(40 * time.Second)
	g = e.play(g.ID, "i8") // alice used 40 s, gets 2 s
	if want := 3*time.Minute - 38*time.Second; g.Clock[engine.First] != want {
		t.Fatalf("alice has %v, want %v", g.Clock[engine.First], want)
	}
	if !g.Deadline.Equal(e.clock.Now().Add(3 * time.Minute)) {
		t.Fatalf("bob's flag at %v, want 3 minutes from now", g.Deadline)
	}
	e.clock.Advance(10 * time.Second)
	_, eg := e.game(g.ID)
	if left := Remaining(g, eg, e.clock.Now()); left != [2]time.Duration{3*time.Minute - 38*time.Second, 3*time.Minute - 10*time.Second} {
		t.Fatalf("remaining %v", left)
	}
	// The move is charged up to its arrival, not to its processing.
	arrived := e.clock.Now()
	e.clock.Advance(5 * time.Second)
	if g, _ = e.moveAt(g.ID, bob.ID, "i9", arrived); g.Clock[engine.Second] != 3*time.Minute-8*time.Second {
		t.Fatalf("bob has %v, want 2:52", g.Clock[engine.Second])
	}
	if !g.Deadline.Equal(e.clock.Now().Add(3*time.Minute - 38*time.Second)) {
		t.Fatalf("alice's flag at %v", g.Deadline)
	}
}

// TestFlagFallsOnTick: with nobody interacting, Tick ends the game on time
// exactly when the flag falls, not a moment before.
func TestFlagFallsOnTick(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Blitz).ID)
	e.clock.Advance(time.Minute)
	g = e.play(g.ID, "i8") // bob to move, 3:00 left
	next, err := e.m.NextDeadline(ctx)
	if err != nil || !next.Equal(g.Deadline) {
		t.Fatalf("next deadline %v, %v; want bob's flag %v", next, err, g.Deadline)
	}
	e.clock.Advance(3*time.Minute - time.Millisecond)
	e.tick()
	if got, _ := e.game(g.ID); got.Status != store.Active {
		t.Fatalf("flag fell early: %s", got.Status)
	}
	e.clock.Advance(time.Millisecond)
	e.tick()
	end := e.rec.waitFor(t, g.ID, GameEnded)
	if end.Outcome != engine.WinFor(engine.First, engine.Timeout) || end.Game.Clock[engine.Second] != 0 {
		t.Fatalf("end %+v clocks %v", end.Outcome, end.Game.Clock)
	}
	if next, err := e.m.NextDeadline(ctx); err != nil || !next.IsZero() {
		t.Fatalf("after the flag: next deadline %v, %v", next, err)
	}
}

// TestLateMoveLoses: a move that arrives after the flag fell loses on
// time, even when Tick has not run; one that arrived in time counts though
// it is processed after the flag.
func TestLateMoveLoses(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Blitz).ID)
	e.clock.Advance(3*time.Minute - time.Second)
	inTime := e.clock.Now()
	e.clock.Advance(5 * time.Second)
	g, err := e.moveAt(g.ID, alice.ID, "i8", inTime)
	if err != nil || g.Clock[engine.First] != 3*time.Second {
		t.Fatalf("a move that arrived in time: %v, clock %v", err, g.Clock)
	}
	e.clock.Advance(3*time.Minute + time.Second)
	_, err = e.moveAt(g.ID, bob.ID, "i9", e.clock.Now())
	if engine.ErrorCode(err) != engine.FlagFell {
		t.Fatalf("late move: %v, want FlagFell", err)
	}
	got, _ := e.game(g.ID)
	if got.Status != store.Finished || got.Outcome != engine.WinFor(engine.First, engine.Timeout) || got.Moves != g.Moves {
		t.Fatalf("after the late move: %s %+v moves %q", got.Status, got.Outcome, got.Moves)
	}
}

// TestClockSurvivesRestart: a new Manager over the reopened store neither
// gives nor takes time.
func TestClockSurvivesRestart(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Rapid).ID)
	e.clock.Advance(30 * time.Second)
	g = e.play(g.ID, "i8") // bob to move with 10:00
	e.clock.Advance(4 * time.Minute)
	if err := e.m.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(5 * time.Minute) // the bot is down; bob's clock runs
	e.db = reopenDB(t, e.path, e.clock)
	e.m = e.start(e.db, Config{})
	got, eg := e.game(g.ID)
	if left := Remaining(got, eg, e.clock.Now()); left[engine.Second] != time.Minute || left[engine.First] != 10*time.Minute-25*time.Second {
		t.Fatalf("after the restart: %v", left)
	}
	e.clock.Advance(time.Minute - time.Millisecond)
	e.tick()
	if got, _ := e.game(g.ID); got.Status != store.Active {
		t.Fatal("the restart took time")
	}
	e.clock.Advance(time.Millisecond)
	e.tick()
	if got, _ := e.game(g.ID); got.Outcome != engine.WinFor(engine.First, engine.Timeout) {
		t.Fatalf("the restart gave time: %s %+v", got.Status, got.Outcome)
	}
}

// TestUndoDoesNotStopClock: the player to move is charged the time a
// request waited; an accepted undo gives the turn back with no increment.
func TestUndoDoesNotStopClock(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Blitz).ID)
	g = e.play(g.ID, "i8") // alice 3:02, bob to move
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(20 * time.Second)
	g, err := e.m.Answer(ctx, g.ID, as(bob.ID), true, AnyPly)
	if err != nil {
		t.Fatal(err)
	}
	if g.Clock != [2]time.Duration{3*time.Minute + 2*time.Second, 3*time.Minute - 20*time.Second} {
		t.Fatalf("after the undo: %v", g.Clock)
	}
	if !g.Deadline.Equal(e.clock.Now().Add(3*time.Minute + 2*time.Second)) {
		t.Fatalf("alice's flag at %v", g.Deadline)
	}
}

// TestClockAgainstAI: only the person's clock runs; the AI's thinking is
// counted to nobody, and the person loses on time at their flag.
func TestClockAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku, Time: Blitz}, Player: alice, Level: 3, Start: ChallengerFirst})
	if err != nil {
		t.Fatal(err)
	}
	e.play(g.ID, "h8") // the first move: free
	e.aiMoved(g.ID)
	e.clock.Advance(10 * time.Second)
	_, eg := e.game(g.ID)
	mv, err := NewRandomAI(2).Move(ctx, eg, 1)
	if err != nil {
		t.Fatal(err)
	}
	e.play(g.ID, mv)
	e.aiMoved(g.ID)
	g, _ = e.game(g.ID)
	if g.Clock[engine.First] != 3*time.Minute-8*time.Second || !g.Deadline.Equal(e.clock.Now().Add(g.Clock[engine.First])) {
		t.Fatalf("after the AI's move: clocks %v deadline %v", g.Clock, g.Deadline)
	}
	e.clock.Advance(g.Clock[engine.First])
	e.tick()
	if got, _ := e.game(g.ID); got.Status != store.Finished || got.Outcome != engine.WinFor(engine.Second, engine.Timeout) {
		t.Fatalf("at alice's flag: %s %+v", got.Status, got.Outcome)
	}
}

// TestCorrespondenceDays: a days control sets the move deadline; the
// default stays Config.MoveTimeout; a rematch keeps the control.
func TestCorrespondenceDays(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.clockDuel(TimeControl{Days: 3})
	if !g.Deadline.Equal(e.clock.Now().Add(72*time.Hour)) || g.TimeControl != "3d" || g.Clock != [2]time.Duration{} {
		t.Fatalf("3d: deadline %v control %q clocks %v", g.Deadline, g.TimeControl, g.Clock)
	}
	d := e.duel(false)
	if !d.Deadline.Equal(e.clock.Now().Add(DefaultMoveTimeout)) || d.TimeControl != "" {
		t.Fatalf("default: deadline %v control %q", d.Deadline, d.TimeControl)
	}
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	r, err := e.m.Rematch(ctx, g.ID, as(bob.ID))
	if err != nil || r.TimeControl != "3d" {
		t.Fatalf("rematch: %v control %q", err, r.TimeControl)
	}
}

// TestFlagBeforeOtherOperations: a resignation, a request or an answer
// that arrives after the flag fell finds the game lost on time.
func TestFlagBeforeOtherOperations(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.opening(e.clockDuel(Blitz).ID)
	e.play(g.ID, "i8") // bob to move
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, AnyPly); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(3 * time.Minute)
	_, err := e.m.Answer(ctx, g.ID, as(bob.ID), true, AnyPly)
	if engine.ErrorCode(err) != engine.FlagFell {
		t.Fatalf("accepting the draw after the flag: %v, want FlagFell", err)
	}
	if got, _ := e.game(g.ID); got.Outcome != engine.WinFor(engine.First, engine.Timeout) {
		t.Fatalf("outcome %+v", got.Outcome)
	}

	g = e.opening(e.clockDuel(Blitz).ID)
	e.clock.Advance(3 * time.Minute)
	_, err = e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly) // alice, to move, flagged first
	if engine.ErrorCode(err) != engine.GameEndedWon {
		t.Fatalf("resigning after the opponent's flag: %v, want GameEndedWon", err)
	}
	if got, _ := e.game(g.ID); got.Outcome != engine.WinFor(engine.Second, engine.Timeout) {
		t.Fatalf("outcome %+v", got.Outcome)
	}
}
