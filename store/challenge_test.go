package store

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// challengeBy returns a gomoku challenge of user (first, the challenger)
// to opponent expiring at deadline.
func challengeBy(user, opponent string, deadline time.Time) *Game {
	return &Game{
		Kind: Gomoku, Rules: "freestyle", Size: 15,
		Seats: [2]Seat{Human(user, ""), Human(opponent, "")}, Challenger: engine.First,
		Status: Challenge, Deadline: deadline,
	}
}

func TestCreateChallengeLimit(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		now := clk.Now()
		const limit = 3
		mustCreate := func(g *Game) *Game {
			t.Helper()
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			return g
		}
		// What does not count against a: a challenge past its deadline, one
		// declined, one accepted, challenges to a.
		mustCreate(challengeBy("a", "b", now))
		declined := mustCreate(challengeBy("a", "b", now.Add(time.Hour)))
		declined.Status = Declined
		accepted := mustCreate(challengeBy("a", "c", now.Add(time.Hour)))
		accepted.Status = Active
		for _, g := range []*Game{declined, accepted} {
			if err := db.Update(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		mustCreate(challengeBy("b", "a", now.Add(time.Hour)))
		// What does: challenges issued by a from either seat, with or without
		// a deadline.
		mustCreate(challengeBy("a", "b", time.Time{}))
		asSecond := challengeBy("c", "a", now.Add(time.Minute))
		asSecond.Challenger = engine.Second
		mustCreate(asSecond)

		third := challengeBy("a", "d", now.Add(time.Hour))
		if err := db.CreateChallenge(ctx, third, limit, now); err != nil {
			t.Fatalf("third open challenge: %v", err)
		}
		if third.ID == 0 || third.Version != 1 {
			t.Fatalf("after CreateChallenge: id %d version %d", third.ID, third.Version)
		}
		if got, err := db.Game(ctx, third.ID); err != nil || !reflect.DeepEqual(got, third) {
			t.Fatalf("stored %+v, %v; want %+v", got, err, third)
		}

		fourth := challengeBy("a", "e", now.Add(time.Hour))
		err := db.CreateChallenge(ctx, fourth, limit, now)
		if engine.ErrorCode(err) != engine.TooManyChallenges {
			t.Fatalf("fourth: err = %#v, want TooManyChallenges", err)
		}
		if want := "you already have 3 open challenges: wait for answers or withdraw one"; err.Error() != want {
			t.Errorf("message %q, want %q", err, want)
		}
		if fourth.ID != 0 {
			t.Errorf("refused challenge got id %d", fourth.ID)
		}
		if live, err := db.UserGames(ctx, "e"); err != nil || len(live) != 0 {
			t.Errorf("the refused challenge was stored: %v, %v", live, err)
		}
		// A minute on, the challenge of c's seat has expired: room for one more.
		if err := db.CreateChallenge(ctx, fourth, limit, now.Add(time.Minute)); err != nil {
			t.Fatalf("after an expiry: %v", err)
		}
		// Others are not limited by a's challenges.
		if err := db.CreateChallenge(ctx, challengeBy("b", "a", now.Add(time.Hour)), limit, now); err != nil {
			t.Fatalf("b's challenge: %v", err)
		}
	})
}

func TestCreateChallengeRefusesOtherGames(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		tests := []struct {
			name string
			g    *Game
			want string
		}{
			{"active game", humanGame("a", "b", false), "not active games"},
			{"challenger side", func() *Game { g := challengeBy("a", "b", time.Time{}); g.Challenger = 5; return g }(), "challenger side 5"},
			{"empty challenger seat", &Game{Kind: Gomoku, Rules: "freestyle", Size: 15, Seats: [2]Seat{{}, Human("b", "")}, Status: Challenge}, "not a person"},
			{"invalid game", func() *Game { g := challengeBy("a", "b", time.Time{}); g.Rules = ""; return g }(), "no rule set"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := db.CreateChallenge(ctx, tt.g, 5, time.Now())
				if engine.ErrorCode(err) != engine.Internal || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("err = %v, want Invalid mentioning %q", err, tt.want)
				}
			})
		}
	})
}

// TestCreateChallengeLimitAcrossConnections races challengers on two
// DBs opened on one file, as two processes would be: the limit holds
// exactly.
func TestCreateChallengeLimitAcrossConnections(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db1, path := open(t, Options{})
		db2, err := Open(context.Background(), path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		ctx := context.Background()
		const limit, racers = 3, 16
		deadline := time.Now().Add(time.Hour)
		for round := range 5 {
			user := fmt.Sprintf("u%d", round)
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, racers)
			for i := range racers {
				db := db1
				if i%2 == 1 {
					db = db2
				}
				wg.Go(func() {
					<-start
					errs[i] = db.CreateChallenge(ctx, challengeBy(user, fmt.Sprintf("o%d", i), deadline), limit, time.Now())
				})
			}
			close(start)
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case engine.ErrorCode(err) != engine.TooManyChallenges:
					t.Fatalf("round %d: %v", round, err)
				}
			}
			n, err := db1.OpenChallenges(ctx, user)
			if err != nil {
				t.Fatal(err)
			}
			if ok != limit || n != limit {
				t.Fatalf("round %d: %d challenges created, %d open; want %d", round, ok, n, limit)
			}
		}
	})
}

func TestRequestsDue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		now := clk.Now()
		mk := func(g *Game, kind RequestKind, at time.Duration) *Game {
			t.Helper()
			if kind != NoRequest {
				g.Request = Request{Kind: kind, By: engine.Second, At: now.Add(at)}
			}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			return g
		}
		old := mk(humanGame("a", "b", false), DrawRequest, -time.Hour)
		atCutoff := mk(humanGame("c", "d", false), UndoRequest, -10*time.Minute)
		recent := mk(humanGame("e", "f", false), UndoRequest, -time.Minute)
		mk(humanGame("g", "h", false), NoRequest, 0)
		offer := humanGame("a", "b", false)
		offer.Status = Challenge
		mk(offer, RematchRequest, -20*time.Minute)
		ended := mk(humanGame("i", "j", false), DrawRequest, -time.Hour)
		ended.Outcome = engine.DrawBy(engine.Agreement)
		if _, err := db.Finish(ctx, ended); err != nil {
			t.Fatal(err)
		}
		// The request of the old game is answered: it leaves the list.
		answered := mk(humanGame("k", "l", false), DrawRequest, -2*time.Hour)
		answered.Request = Request{}
		if err := db.Update(ctx, answered); err != nil {
			t.Fatal(err)
		}

		tests := []struct {
			cutoff time.Duration
			want   []int64
		}{
			{-2 * time.Hour, nil},
			{-time.Hour, []int64{old.ID}},
			{-10 * time.Minute, []int64{old.ID, offer.ID, atCutoff.ID}},
			{0, []int64{old.ID, offer.ID, atCutoff.ID, recent.ID}},
		}
		for _, tt := range tests {
			games, err := db.RequestsDue(ctx, now.Add(tt.cutoff))
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, g := range games {
				got = append(got, g.ID)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("cutoff %v: got %v, want %v", tt.cutoff, got, tt.want)
			}
		}
	})
}

func TestAIGames(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		var want []int64
		for i, g := range []*Game{aiGame("a", 1), humanGame("a", "b", false), aiGame("b", 3), humanGame("c", "d", false)} {
			if i == 2 {
				g.Seats[0], g.Seats[1] = g.Seats[1], g.Seats[0] // the AI moves first
			}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if g.Seats[0].IsAI() || g.Seats[1].IsAI() {
				want = append(want, g.ID)
			}
		}
		ended := aiGame("c", 2)
		ended.Outcome = engine.WinFor(engine.First, engine.Resignation)
		play(t, db, ended, ended.Outcome)
		abandoned := aiGame("d", 2)
		if err := db.CreateGame(ctx, abandoned); err != nil {
			t.Fatal(err)
		}
		abandoned.Status = Abandoned
		if err := db.Update(ctx, abandoned); err != nil {
			t.Fatal(err)
		}
		games, err := db.AIGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, g := range games {
			got = append(got, g.ID)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("AIGames = %v, want %v", got, want)
		}
	})
}

func TestRematchOf(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		first := humanGame("a", "b", true)
		play(t, db, first, engine.WinFor(engine.First, engine.Resignation))
		if _, err := db.RematchOffer(ctx, first.ID); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("RematchOffer before any offer: %v, want NotFound", err)
		}

		offer := func(by engine.Side) *Game {
			g := humanGame("b", "a", true)
			g.Status, g.Challenger, g.RematchOf = Challenge, by, first.ID
			g.Request = Request{Kind: RematchRequest, By: by, At: clk.Now()}
			return g
		}
		o := offer(engine.First)
		if err := db.CreateGame(ctx, o); err != nil {
			t.Fatal(err)
		}
		got, err := db.RematchOffer(ctx, first.ID)
		if err != nil || !reflect.DeepEqual(got, o) {
			t.Fatalf("RematchOffer = %+v, %v; want %+v", got, err, o)
		}
		// The other player's offer, made at the same time elsewhere, is refused.
		err = db.CreateGame(ctx, offer(engine.Second))
		if engine.ErrorCode(err) != engine.RematchPending || !strings.Contains(err.Error(), fmt.Sprintf("(game #%d)", o.ID)) {
			t.Fatalf("second offer: %v, want a Conflict naming game %d", err, o.ID)
		}
		// An offer taken up keeps its link, whatever Update is given.
		o.Status, o.Request, o.RematchOf = Active, Request{}, 0
		if err := db.Update(ctx, o); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Game(ctx, o.ID); err != nil || got.RematchOf != first.ID {
			t.Fatalf("after accepting: RematchOf %d, %v; want %d", got.RematchOf, err, first.ID)
		}
		if _, err := db.RematchOffer(ctx, first.ID); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("RematchOffer after the offer was accepted: %v, want NotFound", err)
		}
		// With no offer pending, a new one may be made.
		if err := db.CreateGame(ctx, offer(engine.Second)); err != nil {
			t.Fatalf("offer after the first was taken up: %v", err)
		}

		for _, tt := range []struct {
			of   int64
			code engine.Code
			want string
		}{
			{-1, engine.Internal, "not positive"},
			{999, engine.GameNotFound, "no game #999"},
		} {
			g := offer(engine.First)
			g.RematchOf = tt.of
			if err := db.CreateGame(ctx, g); engine.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("RematchOf %d: %v, want %v mentioning %q", tt.of, err, tt.code, tt.want)
			}
		}
	})
}

// TestRematchOfferRaceAcrossHandles has both players of a game offer a
// rematch at once, many times over, through two DBs on the same database:
// exactly one offer is stored, and every other gets engine.RematchPending
// naming it (on PostgreSQL the losers' inserts collide in the unique index
// or fail to serialize; the store retries them into the SQLite answer).
func TestRematchOfferRaceAcrossHandles(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db1, loc := open(t, Options{})
		ctx := context.Background()
		db2, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		const racers = 8
		for round := range 4 {
			first := humanGame("a", "b", false)
			play(t, db1, first, engine.WinFor(engine.First, engine.Resignation))
			var wg sync.WaitGroup
			start := make(chan struct{})
			offers := make([]*Game, racers)
			errs := make([]error, racers)
			for i := range racers {
				db := db1
				if i%2 == 1 {
					db = db2
				}
				by := engine.Side(i % 2)
				g := humanGame("b", "a", false)
				g.Status, g.Challenger, g.RematchOf = Challenge, by, first.ID
				g.Request = Request{Kind: RematchRequest, By: by, At: time.Now()}
				offers[i] = g
				wg.Go(func() {
					<-start
					errs[i] = db.CreateGame(ctx, g)
				})
			}
			close(start)
			wg.Wait()
			stored, err := db1.RematchOffer(ctx, first.ID)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			won := 0
			for i, err := range errs {
				switch {
				case err == nil:
					won++
					if offers[i].ID != stored.ID {
						t.Fatalf("round %d: racer %d stored game %d, but the offer is %d", round, i, offers[i].ID, stored.ID)
					}
				case engine.ErrorCode(err) != engine.RematchPending || !strings.Contains(err.Error(), fmt.Sprintf("(game #%d)", stored.ID)):
					t.Fatalf("round %d: racer %d: %v, want RematchPending naming game %d", round, i, err, stored.ID)
				}
			}
			if won != 1 {
				t.Fatalf("round %d: %d offers stored, want 1", round, won)
			}
		}
	})
}
