package match

import (
	"sync"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// race runs the functions at the same time and returns their errors.
func race(fns ...func() error) []error {
	errs := make([]error, len(fns))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, fn := range fns {
		wg.Go(func() {
			<-start
			errs[i] = fn()
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// managers returns two Managers on the game: one process, or two processes
// sharing the database file (each with its own connections).
func (e *env) managers(twoProcesses bool) (*Manager, *Manager) {
	if !twoProcesses {
		return e.m, e.m
	}
	return e.m, e.start(reopenDB(e.t, e.path, e.clock), Config{})
}

func TestDoubleAcceptOfOneUndo(t *testing.T) {
	for _, two := range []bool{false, true} {
		e := newEnv(t, Config{})
		m1, m2 := e.managers(two)
		for round := range 10 {
			g := e.duel(false)
			e.play(g.ID, "h8", "h9", "i8")
			if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, 3); err != nil {
				t.Fatal(err)
			}
			accept := func(m *Manager) func() error {
				return func() error { _, err := m.Answer(ctx, g.ID, as(bob.ID), true, 3); return err }
			}
			errs := race(accept(m1), accept(m2))
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case engine.ErrorCode(err).Class() == engine.ClassNoRequest || engine.ErrorCode(err).Class() == engine.ClassStale:
				default:
					t.Errorf("two processes %v round %d: %v", two, round, err)
				}
			}
			if ok != 1 {
				t.Fatalf("two processes %v round %d: %d accepts applied, want 1 (%v)", two, round, ok, errs)
			}
			if got, eg := e.game(g.ID); eg.Ply() != 2 || got.Moves != "15 freestyle: h8 h9" {
				t.Fatalf("two processes %v round %d: after the undo %q", two, round, got.Moves)
			}
			if n := e.rec.count(g.ID, RequestAccepted); n != 1 {
				t.Fatalf("two processes %v round %d: %d accept events", two, round, n)
			}
		}
	}
}

func TestWinningMoveAndResignTogether(t *testing.T) {
	for _, two := range []bool{false, true} {
		e := newEnv(t, Config{})
		m1, m2 := e.managers(two)
		wins := map[engine.Reason]int{}
		for round := range 12 {
			g := e.duel(true)
			e.play(g.ID, "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9")
			move := func() error { _, err := m1.Play(ctx, g.ID, as(alice.ID), "l8", 8); return err }
			resign := func() error { _, err := m2.Resign(ctx, g.ID, as(bob.ID), 8); return err }
			if round%2 == 1 {
				move, resign = resign, move
			}
			errs := race(move, resign)
			applied := 0
			for _, err := range errs {
				switch {
				case err == nil:
					applied++
				case engine.ErrorCode(err).Class() == engine.ClassOver || engine.ErrorCode(err).Class() == engine.ClassStale:
				default:
					t.Errorf("two processes %v round %d: %v", two, round, err)
				}
			}
			got, eg := e.game(g.ID)
			if applied != 1 || got.Status != store.Finished {
				t.Fatalf("two processes %v round %d: %d applied, status %s (%v)", two, round, applied, got.Status, errs)
			}
			switch got.Outcome.Reason {
			case engine.Five:
				if eg.Ply() != 9 {
					t.Errorf("won by five at ply %d", eg.Ply())
				}
			case engine.Resignation:
				if eg.Ply() != 8 {
					t.Errorf("resigned, yet the winning move was stored: ply %d", eg.Ply())
				}
			default:
				t.Errorf("outcome %v", got.Outcome)
			}
			wins[got.Outcome.Reason]++
			if n := e.rec.count(g.ID, GameEnded); n != 1 {
				t.Fatalf("%d game-ended events", n)
			}
			st, _ := e.db.Stats(ctx, alice.ID, store.Gomoku)
			if st.People.Games() != round+1 {
				t.Fatalf("alice has %d games recorded after %d", st.People.Games(), round+1)
			}
		}
		t.Logf("two processes %v: outcomes %v", two, wins)
	}
}

func TestDoubleMove(t *testing.T) {
	e := newEnv(t, Config{})
	m1, m2 := e.managers(true)
	g := e.duel(false)
	errs := race(
		func() error { _, err := m1.Play(ctx, g.ID, as(alice.ID), "h8", 0); return err },
		func() error { _, err := m2.Play(ctx, g.ID, as(alice.ID), "i9", 0); return err },
	)
	applied := 0
	for _, err := range errs {
		if err == nil {
			applied++
		} else if c := engine.ErrorCode(err).Class(); c != engine.ClassStale && c != engine.ClassTurn {
			t.Errorf("unexpected error %v", err)
		}
	}
	if _, eg := e.game(g.ID); applied != 1 || eg.Ply() != 1 {
		t.Errorf("%d moves applied, ply %d (%v)", applied, eg.Ply(), errs)
	}
}

// TestChallengeLimitUnderRace has alice issue challenges from two Managers
// at once, in one process and in two sharing the database file: she never
// ends up with more open than the limit.
func TestChallengeLimitUnderRace(t *testing.T) {
	const limit, racers = 3, 8
	for _, two := range []bool{false, true} {
		e := newEnv(t, Config{MaxOpenChallenges: limit})
		m1, m2 := e.managers(two)
		m2.cfg.MaxOpenChallenges = limit
		for round := range 5 {
			fns := make([]func() error, racers)
			for i := range fns {
				m := m1
				if i%2 == 1 {
					m = m2
				}
				fns[i] = func() error {
					_, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob})
					return err
				}
			}
			ok := 0
			for _, err := range race(fns...) {
				switch {
				case err == nil:
					ok++
				case engine.ErrorCode(err).Class() != engine.ClassLimit:
					t.Fatalf("two processes %v round %d: %v", two, round, err)
				case err.Error() != "you already have 3 open challenges: wait for answers or withdraw one":
					t.Errorf("message %q", err)
				}
			}
			n, err := e.db.OpenChallenges(ctx, alice.ID)
			if err != nil {
				t.Fatal(err)
			}
			if ok != limit || n != limit {
				t.Fatalf("two processes %v round %d: %d challenges issued, %d open; want %d", two, round, ok, n, limit)
			}
			// Their time runs out; the next round starts from none.
			e.clock.Advance(DefaultChallengeTTL)
			if err := e.m.Tick(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRematchAskedByBothAtOnce has both players ask for the rematch at the
// same moment, in one process and in two: one offer is made and the other
// request accepts it, never two offers.
func TestRematchAskedByBothAtOnce(t *testing.T) {
	for _, two := range []bool{false, true} {
		e := newEnv(t, Config{})
		m1, m2 := e.managers(two)
		for round := range 8 {
			g := e.duel(false)
			if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
				t.Fatal(err)
			}
			games := make([]*store.Game, 2)
			ask := func(i int, m *Manager, user Player) func() error {
				return func() error {
					var err error
					games[i], err = m.Rematch(ctx, g.ID, as(user.ID))
					return err
				}
			}
			for i, err := range race(ask(0, m1, alice), ask(1, m2, bob)) {
				if err != nil {
					t.Fatalf("two processes %v round %d: rematch %d: %v", two, round, i, err)
				}
			}
			if games[0].ID != games[1].ID {
				t.Fatalf("two processes %v round %d: two rematches, games %d and %d", two, round, games[0].ID, games[1].ID)
			}
			got, _ := e.game(games[0].ID)
			if got.Status != store.Active || got.RematchOf != g.ID {
				t.Fatalf("two processes %v round %d: rematch %+v", two, round, got)
			}
			if _, err := e.m.Resign(ctx, got.ID, as(alice.ID), AnyPly); err != nil {
				t.Fatal(err)
			}
		}
	}
}
