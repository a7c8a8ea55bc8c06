package match

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestPlayWhoMayMove(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	tests := []struct {
		name string
		user string
		move string
		ply  int
		code engine.Code
		msg  string
	}{
		{"not your turn", bob.ID, "h8", AnyPly, engine.NotYourTurn, "it is not your turn: waiting for @alice (black)"},
		{"stranger", carol.ID, "h8", AnyPly, engine.NotInGame, "you are not playing in game #1: it is @alice (black) against @bob (white)"},
		{"stale button", alice.ID, "h8", 3, engine.StaleButton, "that button belongs to move 3, but game #1 is at move 0 now: use the latest board"},
		{"off the board", alice.ID, "z99", AnyPly, engine.OffBoard, ""},
		{"gibberish", alice.ID, "hello", AnyPly, engine.NotAPoint, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.m.Play(ctx, g.ID, as(tt.user), tt.move, tt.ply)
			if err == nil {
				t.Fatal("accepted")
			}
			if engine.ErrorCode(err) != tt.code {
				t.Fatalf("error %q: code %v, want %v", err, engine.ErrorCode(err), tt.code)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err, tt.msg)
			}
		})
	}
	if after, _ := e.game(g.ID); after.Version != g.Version {
		t.Errorf("refused moves wrote the game: version %d -> %d", g.Version, after.Version)
	}
	played, err := e.m.Play(ctx, g.ID, as(alice.ID), "H8", 0)
	if err != nil {
		t.Fatal(err)
	}
	if played.Moves != "15 freestyle: h8" {
		t.Errorf("stored moves %q", played.Moves)
	}
	_, err = e.m.Play(ctx, g.ID, as(bob.ID), "h8", 1)
	if engine.ErrorCode(err) != engine.Occupied {
		t.Errorf("playing on a stone: %v", err)
	}
}

// storedCheck is a Notifier that checks every event's game is already
// stored as reported.
type storedCheck struct {
	t  *testing.T
	db *store.DB
	*recorder
}

func (s storedCheck) Notify(e Event) {
	g, err := s.db.Game(ctx, e.GameID)
	if err != nil {
		s.t.Errorf("event %v: %v", e.Kind, err)
	} else if g.Version < e.Game.Version || g.Moves != e.Game.Moves && g.Version == e.Game.Version {
		s.t.Errorf("event %v reported before it was stored: stored v%d %q, event v%d %q", e.Kind, g.Version, g.Moves, e.Game.Version, e.Game.Moves)
	}
	s.recorder.Notify(e)
}

func TestPlayToFiveRated(t *testing.T) {
	e := newEnv(t, Config{})
	e.m.cfg.Notifier = storedCheck{t, e.db, e.rec}
	g := e.duel(true)
	// Black: a1 h8 i8 j8 k8 l8; white: o15 h9 i9 j9 k9 (eleven moves: a
	// game shorter than MinRatedPlies moves no rating).
	e.play(g.ID, "a1", "o15", "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9")
	end := e.play(g.ID, "l8")
	if end.Status != store.Finished || end.Outcome != engine.WinFor(engine.First, engine.Five) {
		t.Fatalf("game ended %s %v", end.Status, end.Outcome)
	}
	over := e.rec.waitFor(t, g.ID, GameEnded)
	if stored, _ := e.game(g.ID); over.Game.Deadline != stored.Deadline || over.Game.RemindAt != stored.RemindAt || !stored.Deadline.IsZero() {
		t.Errorf("reported deadlines %v/%v, stored %v/%v", over.Game.Deadline, over.Game.RemindAt, stored.Deadline, stored.RemindAt)
	}
	if !over.Ratings.Rated || over.Ratings.After[engine.First].Rating <= over.Ratings.Before[engine.First].Rating ||
		over.Outcome != end.Outcome || over.Actor != engine.First {
		t.Errorf("game over event %+v", over)
	}
	if got := e.rec.count(g.ID, MoveMade); got != 11 {
		t.Errorf("%d move events, want 11", got)
	}
	st, err := e.db.Stats(ctx, alice.ID, store.Gomoku)
	if err != nil {
		t.Fatal(err)
	}
	if st.People.Wins != 1 {
		t.Errorf("alice's record %+v", st.People)
	}
	r, err := e.db.Rating(ctx, bob.ID, store.Gomoku)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rating >= store.InitialRating {
		t.Errorf("bob's rating after a loss: %v", r.Rating)
	}
	_, err = e.m.Play(ctx, g.ID, as(bob.ID), "a1", AnyPly)
	wantCode(t, err, engine.ClassOver)
	if want := "game #1 is over: black wins by five in a row"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

func TestResign(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	e.play(g.ID, "h8")
	// Either player may resign, whoever is to move.
	_, err := e.m.Resign(ctx, g.ID, as(alice.ID), 0)
	wantCode(t, err, engine.ClassStale)
	_, err = e.m.Resign(ctx, g.ID, as(carol.ID), AnyPly)
	wantCode(t, err, engine.ClassNotPlayer)
	end, err := e.m.Resign(ctx, g.ID, as(alice.ID), 1)
	if err != nil {
		t.Fatal(err)
	}
	if end.Outcome != engine.WinFor(engine.Second, engine.Resignation) {
		t.Errorf("outcome %v", end.Outcome)
	}
	_, err = e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly)
	wantCode(t, err, engine.ClassOver)
	if !strings.Contains(err.Error(), "white wins by resignation") {
		t.Errorf("message %q", err)
	}
}

func TestXiangqiGame(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Xiangqi}, Challenger: alice, Opponent: bob, Start: OpponentFirst})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Play(ctx, g.ID, as(alice.ID), "h3e3", AnyPly)
	wantCode(t, err, engine.ClassTurn)
	if want := "it is not your turn: waiting for @bob (red)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	// Moves go through the engine's notation and rules.
	e.play(g.ID, "h3e3", "h10g8")
	_, err = e.m.Play(ctx, g.ID, as(bob.ID), "e1e3", AnyPly)
	if engine.ErrorCode(err) == engine.OK {
		t.Fatalf("illegal xiangqi move accepted: %v", err)
	}
	if stored, eg := e.game(g.ID); eg.Ply() != 2 || !strings.HasSuffix(stored.Moves, "moves h3e3 h10g8") {
		t.Errorf("stored %q", stored.Moves)
	}
}
