package match

import (
	"sync"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func (e *env) open(spec OpenSpec) *store.Game {
	e.t.Helper()
	if spec.Kind == "" {
		spec.Setup = Setup{Kind: store.Gomoku}
	}
	if spec.Challenger.ID == "" {
		spec.Challenger = alice
	}
	spec.ChannelID = "c1"
	g, err := e.m.Open(ctx, spec)
	if err != nil {
		e.t.Fatalf("Open: %v", err)
	}
	return g
}

func TestOpenChallengeAccepted(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.open(OpenSpec{Start: ChallengerFirst})
	if !IsOpen(g) || g.Seats[engine.Second].UserID != "" {
		t.Fatalf("open challenge stored as %+v", g.Seats)
	}
	// Someone other than bob, who was never named, takes it.
	got, err := e.m.Accept(ctx, g.ID, as(carol.ID))
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != store.Active || got.Seats[engine.First].UserID != alice.ID || got.Seats[engine.Second].UserID != carol.ID {
		t.Fatalf("after carol accepted: %s %+v", got.Status, got.Seats)
	}
	// The new board pings alice, who moves first and learns carol took it.
	posts := e.posts(g.ID)
	if last := posts[len(posts)-1]; last.Kind != store.BoardPost || len(last.Ping) != 1 || last.Ping[0] != alice.ID {
		t.Fatalf("the first board: %+v", last)
	}
	_, err = e.m.Accept(ctx, g.ID, as(bob.ID))
	wantCode(t, err, engine.ClassInvalid)
}

func TestOpenChallengeRefusals(t *testing.T) {
	e := newEnv(t, Config{MaxGames: 1})
	g := e.open(OpenSpec{MinRating: 1400, MaxRating: 1600})

	_, err := e.m.Accept(ctx, g.ID, as(alice.ID))
	if engine.ErrorCode(err) != engine.OpenOwn {
		t.Fatalf("the author accepting: %v", err)
	}
	_, err = e.m.Decline(ctx, g.ID, as(bob.ID))
	if engine.ErrorCode(err) != engine.WithdrawOnlyMaker {
		t.Fatalf("someone else declining: %v", err)
	}
	_, err = e.m.Accept(ctx, g.ID, Actor{Player: Player{ID: "9", Bot: true}})
	if engine.ErrorCode(err) != engine.BotsCannotPlay {
		t.Fatalf("a bot accepting: %v", err)
	}
	high := e.open(OpenSpec{Challenger: bob, MinRating: 1600})
	_, err = e.m.Accept(ctx, high.ID, as(carol.ID))
	if engine.ErrorCode(err) != engine.BelowRange || err.Error() != "your rating (1500) is below the lowest this open challenge admits (1600)" {
		t.Fatalf("carol (1500) accepting 1600+: %v", err)
	}
	low := e.open(OpenSpec{Challenger: bob, MaxRating: 1400})
	_, err = e.m.Accept(ctx, low.ID, as(carol.ID))
	if engine.ErrorCode(err) != engine.AboveRange {
		t.Fatalf("carol (1500) accepting up to 1400: %v", err)
	}
	// carol plays one game against people: at her cap of 1.
	duel, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: bob, Opponent: carol})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Accept(ctx, duel.ID, as(carol.ID)); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Accept(ctx, g.ID, as(carol.ID))
	if engine.ErrorCode(err) != engine.TooManyGames {
		t.Fatalf("carol at her cap accepting: %v", err)
	}
	for _, bad := range []OpenSpec{{MinRating: 1700, MaxRating: 1600}, {MinRating: -1}} {
		bad.Setup, bad.Challenger = Setup{Kind: store.Gomoku}, carol
		if _, err := e.m.Open(ctx, bad); engine.ErrorCode(err) != engine.BadRange {
			t.Fatalf("range %d..%d: %v", bad.MinRating, bad.MaxRating, err)
		}
	}
	// Nothing refused changed the challenge.
	if cur, _ := e.game(g.ID); !IsOpen(cur) || cur.Version != g.Version {
		t.Fatalf("refusals changed the challenge: %+v", cur)
	}
}

func TestOpenChallengeRace(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.open(OpenSpec{})
	players := []string{"201", "202", "203", "204", "205", "206"}
	errs := make([]error, len(players))
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = e.m.Accept(ctx, g.ID, as(p))
		}()
	}
	wg.Wait()
	won := ""
	for i, err := range errs {
		switch {
		case err == nil && won == "":
			won = players[i]
		case err == nil:
			t.Fatalf("both %s and %s took the seat", won, players[i])
		case engine.ErrorCode(err) != engine.AlreadyAccepted && engine.ErrorCode(err) != engine.GameBusy:
			t.Fatalf("%s: %v", players[i], err)
		}
	}
	cur, _ := e.game(g.ID)
	if won == "" || cur.Status != store.Active || cur.Seats[cur.Challenger.Other()].UserID != won {
		t.Fatalf("winner %q, game %s %+v", won, cur.Status, cur.Seats)
	}
	if n := e.rec.count(g.ID, GameStarted); n != 1 {
		t.Fatalf("%d games started", n)
	}
}

func TestOpenChallengeEnds(t *testing.T) {
	e := newEnv(t, Config{})
	expiring := e.open(OpenSpec{})
	withdrawn := e.open(OpenSpec{})
	if _, err := e.m.Withdraw(ctx, withdrawn.ID, as(alice.ID)); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(DefaultChallengeTTL)
	_, err := e.m.Accept(ctx, expiring.ID, as(bob.ID))
	if engine.ErrorCode(err) != engine.ChallengeExpired {
		t.Fatalf("accepting after its expiry: %v", err)
	}
	for id, want := range map[int64]store.Status{expiring.ID: store.Expired, withdrawn.ID: store.Declined} {
		g, _ := e.game(id)
		if g.Status != want || !WasOpen(g) || IsOpen(g) {
			t.Fatalf("game %d: %s %+v", id, g.Status, g.Seats)
		}
	}
	// An untaken one that Tick expires.
	ticked := e.open(OpenSpec{})
	e.clock.Advance(DefaultChallengeTTL)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.game(ticked.ID); g.Status != store.Expired || !WasOpen(g) {
		t.Fatalf("after Tick: %s %+v", g.Status, g.Seats)
	}
}
