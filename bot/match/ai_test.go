package match

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// gateAI thinks until the test opens the gate or the context ends; it
// reports each call on started. Its moves are random.
type gateAI struct {
	started chan int64 // the ply it was asked to move at
	gate    chan struct{}
	random  *RandomAI
}

func newGateAI() *gateAI {
	return &gateAI{started: make(chan int64, 16), gate: make(chan struct{}), random: NewRandomAI(7)}
}

func (a *gateAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	a.started <- int64(g.Ply())
	select {
	case <-a.gate:
		return a.random.Move(ctx, g, level)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (a *gateAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, nil
}

func (a *gateAI) waitStarted(t *testing.T) int64 {
	t.Helper()
	select {
	case ply := <-a.started:
		return ply
	case <-time.After(10 * time.Second):
		t.Fatal("the AI was never asked to move")
		return 0
	}
}

// evalAI plays randomly and judges every position at score.
type evalAI struct {
	*RandomAI
	score int
}

func (a evalAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return a.score, nil
}

// flakyAI fails its first Move, then plays randomly.
type flakyAI struct {
	*RandomAI
	mu     sync.Mutex
	failed bool
}

func (a *flakyAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	a.mu.Lock()
	fail := !a.failed
	a.failed = true
	a.mu.Unlock()
	if fail {
		return "", errors.New("engine crashed")
	}
	return a.RandomAI.Move(ctx, g, level)
}

// solo starts a Gomoku game of alice against the AI at level 3.
func (e *env) solo(start Seating) *store.Game {
	e.t.Helper()
	g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 3, Start: start})
	if err != nil {
		e.t.Fatalf("Solo: %v", err)
	}
	return g
}

// aiMoved waits for the AI's next move in game id.
func (e *env) aiMoved(id int64) Event {
	e.t.Helper()
	for {
		ev := e.rec.waitFor(e.t, id, MoveMade)
		if g := ev.Game; g.Seats[ev.Actor].IsAI() {
			return ev
		}
	}
}

// playRandom plays a random legal move for alice in game id.
func (e *env) playRandom(id int64, r *RandomAI) *store.Game {
	e.t.Helper()
	_, eg := e.game(id)
	mv, err := r.Move(ctx, eg, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	g, err := e.m.Play(ctx, id, as(alice.ID), mv, eg.Ply())
	if err != nil {
		e.t.Fatalf("alice plays %s: %v", mv, err)
	}
	return g
}

func TestSoloRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	for _, tt := range []struct {
		spec SoloSpec
		msg  string
	}{
		{SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 0}, "the AI's level is 1 to 10, not 0"},
		{SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 11}, "the AI's level is 1 to 10, not 11"},
		{SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: Player{ID: "1", Bot: true}, Level: 1}, "bots cannot play"},
		{SoloSpec{Setup: Setup{Kind: store.Gomoku, Rules: "pro"}, Player: alice, Level: 1}, `gomoku has no rule set 'pro': choose freestyle, standard, renju`},
	} {
		_, err := e.m.Solo(ctx, tt.spec)
		wantCode(t, err, engine.ClassInvalid)
		if err.Error() != tt.msg {
			t.Errorf("message %q, want %q", err, tt.msg)
		}
	}
}

func TestSoloGame(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.solo(OpponentFirst) // the AI is black and moves first
	if !g.Seats[engine.First].IsAI() || g.Seats[engine.Second].UserID != alice.ID || g.Rated {
		t.Fatalf("seats %+v rated %v", g.Seats, g.Rated)
	}
	first := e.aiMoved(g.ID)
	if first.Actor != engine.First || first.Game.Version != 2 {
		t.Errorf("AI's first move event %+v", first)
	}
	_, err := e.m.Play(ctx, g.ID, as(alice.ID), "a1", 0)
	wantCode(t, err, engine.ClassStale)
	e.playRandom(g.ID, NewRandomAI(3))
	e.aiMoved(g.ID)
	_, err = e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := e.db.Stats(ctx, alice.ID, store.Gomoku)
	if st.AI[3].Losses != 1 {
		t.Errorf("alice's record against level 3: %+v", st.AI)
	}
}

func TestSoloXiangqi(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Xiangqi}, Player: alice, Level: 10, Start: OpponentFirst})
	if err != nil {
		t.Fatal(err)
	}
	if red := e.aiMoved(g.ID); red.Actor != engine.First || red.Game.Seats[engine.First].AI != 10 {
		t.Errorf("red's move %+v", red)
	}
	_, err = e.m.Play(ctx, g.ID, as(alice.ID), "e10e8", 1)
	if engine.ErrorCode(err) != engine.GeneralStep {
		t.Errorf("a general leaving the palace: %v", err)
	}
	e.playRandom(g.ID, NewRandomAI(8))
	e.aiMoved(g.ID)
}

func TestUndoAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.solo(ChallengerFirst) // alice is black
	r := NewRandomAI(5)
	for range 2 {
		e.playRandom(g.ID, r)
		e.aiMoved(g.ID)
	}
	for i := 1; i <= DefaultAIUndoLimit; i++ {
		after, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, 4)
		if err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		acc := e.rec.waitFor(t, g.ID, RequestAccepted)
		if len(acc.Undone) != 2 || acc.Actor != engine.Second || after.AIUndos != i || after.Request.Kind != store.NoRequest {
			t.Errorf("undo %d: event %+v, undos used %d, request %+v", i, acc, after.AIUndos, after.Request)
		}
		if _, eg := e.game(g.ID); eg.Ply() != 2 || eg.Turn() != engine.First {
			t.Errorf("undo %d: ply %d turn %v, want 2, alice to move", i, eg.Ply(), eg.Turn())
		}
		e.playRandom(g.ID, r)
		e.aiMoved(g.ID)
	}
	_, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, 4)
	wantCode(t, err, engine.ClassLimit)
	if want := "you have used all 3 undos in this game"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if got, _ := e.game(g.ID); got.AIUndos != 3 || got.Moves != e.rec.all()[len(e.rec.all())-1].Game.Moves {
		t.Errorf("refused undo changed the game: %+v", got)
	}
}

func TestNoUndoAgainstAI(t *testing.T) {
	e := newEnv(t, Config{AIUndoLimit: -1})
	g := e.solo(ChallengerFirst)
	e.play(g.ID, "h8")
	e.aiMoved(g.ID)
	_, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, 2)
	wantCode(t, err, engine.ClassLimit)
	if want := "undo is not allowed against the AI"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

func TestUndoWhileAIThinks(t *testing.T) {
	ai := newGateAI()
	e := newEnv(t, Config{AI: ai})
	g := e.solo(ChallengerFirst)
	e.play(g.ID, "h8")
	if ply := ai.waitStarted(t); ply != 1 {
		t.Fatalf("AI asked at ply %d", ply)
	}
	after, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, 1)
	if err != nil {
		t.Fatal(err)
	}
	if acc := e.rec.waitFor(t, g.ID, RequestAccepted); !slices.Equal(acc.Undone, []string{"h8"}) {
		t.Errorf("undone %v, want just alice's move", acc.Undone)
	}
	close(ai.gate) // the AI answers the position that is gone
	if err := e.m.Close(ctx); err != nil {
		t.Fatal(err)
	}
	got, eg := e.game(g.ID)
	if got.Version != after.Version || eg.Ply() != 0 {
		t.Errorf("the AI's stale move was committed: v%d -> v%d, ply %d", after.Version, got.Version, eg.Ply())
	}
	if n := e.rec.count(g.ID, AIFailed); n != 0 {
		t.Errorf("a dropped AI move was reported as a failure")
	}
}

func TestResignWhileAIThinks(t *testing.T) {
	ai := newGateAI()
	e := newEnv(t, Config{AI: ai})
	g := e.solo(OpponentFirst)
	ai.waitStarted(t)
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), 0); err != nil {
		t.Fatal(err)
	}
	close(ai.gate)
	if err := e.m.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if got, eg := e.game(g.ID); got.Outcome != engine.WinFor(engine.First, engine.Resignation) || eg.Ply() != 0 {
		t.Errorf("after resigning: %v ply %d", got.Outcome, eg.Ply())
	}
	if n := e.rec.count(g.ID, MoveMade); n != 0 {
		t.Errorf("%d moves reported after the resignation", n)
	}
}

func TestDrawAgainstAI(t *testing.T) {
	for _, tt := range []struct {
		score  int
		accept bool
	}{
		{0, true}, {-DefaultDrawThreshold, true}, {DefaultDrawThreshold, true},
		{DefaultDrawThreshold + 1, false}, {-400, false},
	} {
		e := newEnv(t, Config{AI: evalAI{NewRandomAI(2), tt.score}})
		g := e.solo(ChallengerFirst)
		e.play(g.ID, "h8")
		e.aiMoved(g.ID)
		if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, 2); err != nil {
			t.Fatal(err)
		}
		if !tt.accept {
			ev := e.rec.waitFor(t, g.ID, RequestDeclined)
			if ev.Actor != engine.Second || ev.Request != store.DrawRequest {
				t.Errorf("score %d: decline event %+v", tt.score, ev)
			}
			continue
		}
		end := e.rec.waitFor(t, g.ID, GameEnded)
		if end.Outcome != engine.DrawBy(engine.Agreement) || end.Actor != engine.Second {
			t.Errorf("score %d: end %+v", tt.score, end)
		}
		st, _ := e.db.Stats(ctx, alice.ID, store.Gomoku)
		if st.AI[3].Draws != 1 {
			t.Errorf("score %d: record %+v", tt.score, st.AI)
		}
	}
}

func TestRestartBetweenMoveAndReply(t *testing.T) {
	ai := newGateAI()
	e := newEnv(t, Config{AI: ai})
	g := e.solo(ChallengerFirst)
	e.play(g.ID, "h8")
	ai.waitStarted(t)
	// The process stops while the AI thinks: Close gives up at once.
	stop, cancel := context.WithCancel(ctx)
	cancel()
	if err := e.m.Close(stop); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close = %v, want the context's error", err)
	}
	if n := e.rec.count(g.ID, AIFailed); n != 0 {
		t.Errorf("an interrupted AI turn was reported as a failure")
	}
	// A new process on the same file picks the AI's turn up.
	m2 := e.start(reopenDB(t, e.path, e.clock), Config{AI: NewRandomAI(9)})
	if err := m2.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	reply := e.aiMoved(g.ID)
	if reply.Actor != engine.Second || len(reply.Move) == 0 {
		t.Errorf("reply %+v", reply)
	}
	if _, eg := e.game(g.ID); eg.Ply() != 2 || eg.Turn() != engine.First {
		t.Errorf("after resuming: ply %d turn %v", eg.Ply(), eg.Turn())
	}
}

func TestAIFailureRetriedOnTick(t *testing.T) {
	e := newEnv(t, Config{AI: &flakyAI{RandomAI: NewRandomAI(4)}})
	g := e.solo(OpponentFirst)
	fail := e.rec.waitFor(t, g.ID, AIFailed)
	if fail.Err == nil || fail.Actor != engine.First {
		t.Errorf("failure event %+v", fail)
	}
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	e.aiMoved(g.ID)
}

func TestManyAIGames(t *testing.T) {
	const games, movesEach = 12, 6
	e := newEnv(t, Config{Workers: 2})
	turns := make(chan int64, 64)
	e.m.cfg.Notifier = NotifyFunc(func(ev Event) {
		e.rec.Notify(ev)
		if ev.Kind == MoveMade && ev.Game.Seats[ev.Actor].IsAI() || ev.Kind == GameStarted && ev.Game.Seats[engine.First].UserID == alice.ID {
			turns <- ev.GameID
		}
	})
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = e.solo(Seating(i % 2)).ID
	}
	// Several handlers play alice's moves as her turns come up.
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := range 4 {
		wg.Go(func() {
			r := NewRandomAI(uint64(w))
			for {
				select {
				case id := <-turns:
					g, eg := e.game(id)
					if g.Status != store.Active {
						continue
					}
					if eg.Ply() >= 2*movesEach {
						if _, err := e.m.Resign(ctx, id, as(alice.ID), eg.Ply()); err != nil {
							t.Errorf("resign %d: %v", id, err)
						}
						continue
					}
					mv, _ := r.Move(ctx, eg, 1)
					if _, err := e.m.Play(ctx, id, as(alice.ID), mv, eg.Ply()); err != nil {
						t.Errorf("play %d: %v", id, err)
					}
				case <-done:
					return
				}
			}
		})
	}
	for _, id := range ids {
		e.rec.waitFor(t, id, GameEnded)
	}
	close(done)
	wg.Wait()
	for _, id := range ids {
		g, eg := e.game(id)
		if g.Status != store.Finished || eg.Ply() < 2*movesEach && !g.Outcome.Over() {
			t.Errorf("game %d: %s at ply %d", id, g.Status, eg.Ply())
		}
	}
}
