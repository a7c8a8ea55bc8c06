package store

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

var (
	firstWins  = engine.WinFor(engine.First, engine.Five)
	secondWins = engine.WinFor(engine.Second, engine.Resignation)
	drawn      = engine.DrawBy(engine.Agreement)
)

func TestFinishRecordsResult(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		g.Request = Request{Kind: DrawRequest, By: engine.First, At: clk.Now()}
		g.Deadline = clk.Now().Add(time.Hour)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Minute)
		g.Moves = "h8 h9 i8"
		g.Outcome = drawn
		rc, err := db.Finish(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if rc.Rated {
			t.Fatal("an unrated game changed ratings")
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Fatalf("stored\n%+v\nreturned\n%+v", got, g)
		}
		if got.Status != Finished || got.Outcome != drawn || got.Moves != "h8 h9 i8" || got.Request.Kind != NoRequest ||
			!got.Deadline.IsZero() || !got.FinishedAt.Equal(clk.Now()) || got.Version != 2 {
			t.Fatalf("finished game = %+v", got)
		}
		if _, err := db.Finish(ctx, g); engine.ErrorCode(err) != engine.AlreadyOver {
			t.Fatalf("finishing twice: err = %v, want AlreadyOver", err)
		}
		if r, _ := db.Rating(ctx, "a", Gomoku); r.Games() != 0 {
			t.Fatalf("unrated game counted in the rating: %+v", r)
		}
	})
}

func TestFinishRefusesBadOutcomes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		stale := *g
		tests := []struct {
			name string
			o    engine.Outcome
			want string
		}{
			{"ongoing", engine.Outcome{}, "cannot finish"},
			{"bad winner", engine.Outcome{Status: engine.Win, Winner: 5, Reason: engine.Five}, "cannot finish"},
			{"no reason", engine.Outcome{Status: engine.Draw}, "no reason"},
			{"unknown reason", engine.Outcome{Status: engine.Draw, Reason: 200}, "no name for end reason"},
		}
		for _, tt := range tests {
			g.Outcome = tt.o
			if _, err := db.Finish(ctx, g); engine.ErrorCode(err) != engine.Internal || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: err = %v, want Invalid %q", tt.name, err, tt.want)
			}
		}
		g.Moves = "x"
		if err := db.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
		stale.Outcome = firstWins
		if _, err := db.Finish(ctx, &stale); engine.ErrorCode(err).Class() != engine.ClassConflict {
			t.Fatalf("stale finish: err = %v, want Conflict", err)
		}
		if s, _ := db.Stats(ctx, "a", Gomoku); s.People.Games() != 0 {
			t.Fatal("a refused finish changed the records")
		}
	})
}

// TestEveryReasonRoundTrips makes sure every engine reason has a stored
// name: a reason added to the engine without one fails here.
func TestEveryReasonRoundTrips(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		for r := engine.Reason(1); !strings.HasPrefix(r.String(), "reason("); r++ {
			o := engine.WinFor(engine.Second, r)
			if r.IsDraw() {
				o = engine.DrawBy(r)
			}
			g := aiGame("u", 1)
			play(t, db, g, o)
			got, err := db.Game(context.Background(), g.ID)
			if err != nil || got.Outcome != o {
				t.Errorf("reason %v: stored %v (%v), want %v", r, got.Outcome, err, o)
			}
		}
	})
}

func TestRecordsAndStreaks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		// a is first in every game; results are seen from a's side.
		for _, o := range []engine.Outcome{firstWins, firstWins, secondWins, firstWins, firstWins, firstWins, drawn, secondWins, secondWins} {
			play(t, db, humanGame("a", "b", false), o)
		}
		play(t, db, aiGame("a", 3), firstWins)
		play(t, db, aiGame("a", 3), secondWins)
		play(t, db, aiGame("a", 5), drawn)
		xq := aiGame("a", 3)
		xq.Kind = Gomoku
		play(t, db, xq, firstWins)
		abandoned := aiGame("a", 3)
		if err := db.CreateGame(ctx, abandoned); err != nil {
			t.Fatal(err)
		}
		abandoned.Status = Abandoned
		if err := db.Update(ctx, abandoned); err != nil {
			t.Fatal(err)
		}

		tests := []struct {
			user string
			kind Kind
			want Stats
		}{
			{"a", Gomoku, Stats{UserID: "a", Kind: Gomoku,
				People: Record{Score: Score{Wins: 5, Losses: 3, Draws: 1}, Streak: -2, BestStreak: 3},
				AI:     map[int]Record{3: {Score: Score{Wins: 1}, Streak: 1, BestStreak: 1}}}},
			{"b", Gomoku, Stats{UserID: "b", Kind: Gomoku,
				People: Record{Score: Score{Wins: 3, Losses: 5, Draws: 1}, Streak: 2, BestStreak: 2},
				AI:     map[int]Record{}}},
			{"a", Xiangqi, Stats{UserID: "a", Kind: Xiangqi, AI: map[int]Record{
				3: {Score: Score{Wins: 1, Losses: 1}, Streak: -1, BestStreak: 1},
				5: {Score: Score{Draws: 1}}}}},
			{"nobody", Xiangqi, Stats{UserID: "nobody", Kind: Xiangqi, AI: map[int]Record{}}},
		}
		for _, tt := range tests {
			got, err := db.Stats(ctx, tt.user, tt.kind)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("Stats(%s, %s) =\n%+v\nwant\n%+v", tt.user, tt.kind, *got, tt.want)
			}
		}
		st, _ := db.Stats(ctx, "a", Xiangqi)
		if got := st.Total(); got != (Score{Wins: 1, Losses: 1, Draws: 1}) {
			t.Errorf("Total = %+v", got)
		}
		if _, err := db.Stats(ctx, "a", "go"); engine.ErrorCode(err) != engine.Internal {
			t.Errorf("unknown kind: err = %v", err)
		}
	})
}

func TestHeadToHead(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		play(t, db, humanGame("a", "b", false), firstWins)  // a beats b
		play(t, db, humanGame("b", "a", true), firstWins)   // b beats a
		play(t, db, humanGame("b", "a", false), secondWins) // a beats b
		play(t, db, humanGame("a", "b", false), drawn)
		play(t, db, humanGame("a", "c", false), firstWins) // other opponent
		other := humanGame("a", "b", false)
		other.Kind, other.Rules = Xiangqi, "standard"
		play(t, db, other, firstWins) // other kind
		live := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, live); err != nil { // unfinished
			t.Fatal(err)
		}
		tests := []struct {
			a, b string
			kind Kind
			want Score
		}{
			{"a", "b", Gomoku, Score{Wins: 2, Losses: 1, Draws: 1}},
			{"b", "a", Gomoku, Score{Wins: 1, Losses: 2, Draws: 1}},
			{"a", "b", Xiangqi, Score{Wins: 1}},
			{"b", "c", Gomoku, Score{}},
		}
		for _, tt := range tests {
			if got, err := db.HeadToHead(ctx, tt.a, tt.b, tt.kind); err != nil || got != tt.want {
				t.Errorf("HeadToHead(%s, %s, %s) = %+v, %v; want %+v", tt.a, tt.b, tt.kind, got, err, tt.want)
			}
		}
	})
}

func sameRating(a, b glicko2.Rating) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-9 && math.Abs(a.RD-b.RD) < 1e-9 && math.Abs(a.Volatility-b.Volatility) < 1e-12
}

func TestRatings(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()

		// Two new players: one Glicko-2 period each.
		rc := play(t, db, humanGame("a", "b", true), firstWins)
		fresh := glicko2.New()
		wantA := glicko2.Update(fresh, []glicko2.Result{{Opponent: fresh, Score: 1}}, DefaultTau)
		wantB := glicko2.Update(fresh, []glicko2.Result{{Opponent: fresh, Score: 0}}, DefaultTau)
		if !rc.Rated || rc.Before != [2]glicko2.Rating{fresh, fresh} || !sameRating(rc.After[0], wantA) || !sameRating(rc.After[1], wantB) {
			t.Fatalf("first rated game: %+v, want after %+v / %+v", rc, wantA, wantB)
		}
		ra, err := db.Rating(ctx, "a", Gomoku)
		if err != nil {
			t.Fatal(err)
		}
		if !sameRating(glicko2.Rating{Rating: ra.Rating, RD: ra.RD, Volatility: ra.Volatility}, wantA) ||
			ra.Score != (Score{Wins: 1}) || !ra.RatedAt.Equal(clk.Now()) {
			t.Fatalf("Rating(a) = %+v", ra)
		}

		// Three weeks and a day idle: three periods of RD growth, on read and
		// when the next game is rated.
		clk.Advance(3*DefaultRatingPeriod + 24*time.Hour)
		grown := wantA.Idle(3)
		ra, _ = db.Rating(ctx, "a", Gomoku)
		if math.Abs(ra.RD-grown.RD) > 1e-9 || ra.RD <= wantA.RD {
			t.Fatalf("after 3 idle periods RD = %v, want %v", ra.RD, grown.RD)
		}
		rc = play(t, db, humanGame("b", "a", true), drawn)
		if !sameRating(rc.Before[1], grown) || !sameRating(rc.Before[0], wantB.Idle(3)) {
			t.Fatalf("second game before = %+v, want idle growth applied", rc.Before)
		}
		if want := glicko2.Update(grown, []glicko2.Result{{Opponent: wantB.Idle(3), Score: 0.5}}, DefaultTau); !sameRating(rc.After[1], want) {
			t.Fatalf("second game after(a) = %+v, want %+v", rc.After[1], want)
		}

		// The AI never moves ratings, and rated AI games cannot exist.
		before, _ := db.Rating(ctx, "a", Xiangqi)
		if rc := play(t, db, aiGame("a", 10), firstWins); rc.Rated {
			t.Fatal("an AI game was rated")
		}
		if after, _ := db.Rating(ctx, "a", Xiangqi); after != before {
			t.Fatalf("AI game moved the rating: %+v -> %+v", before, after)
		}
		if r, _ := db.Rating(ctx, "newcomer", Gomoku); r.Rating != InitialRating || r.RD != InitialRD || r.Games() != 0 {
			t.Fatalf("newcomer = %+v", r)
		}
	})
}

func TestFinishNeedsAStartedGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		g := humanGame("a", "b", true)
		g.Status = Challenge
		if err := db.CreateGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		g.Outcome = firstWins
		if _, err := db.Finish(context.Background(), g); engine.ErrorCode(err) != engine.NotStarted || !strings.Contains(err.Error(), "not started") {
			t.Fatalf("finishing a challenge: err = %v, want Conflict 'not started'", err)
		}
	})
}

// TestConcurrentFinishesOfOnePlayer finishes many rated games of one
// player at once, through two DBs on the same database: every game must
// count in the player's rating and record (none lost to another's
// read-then-write), and the leaderboard tallies must still match the
// rating rows.
func TestConcurrentFinishesOfOnePlayer(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		opt := Options{MinGames: 1, MaxRD: InitialRD}
		db1, loc := open(t, opt)
		ctx := context.Background()
		db2, err := Open(ctx, loc, opt)
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		const games = 16
		var all []*Game
		for i := range games {
			g := humanGame("hub", fmt.Sprintf("opp%02d", i), true)
			if err := db1.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			g.Outcome = []engine.Outcome{firstWins, secondWins, drawn}[i%3]
			all = append(all, g)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, games)
		for i, g := range all {
			db := db1
			if i%2 == 1 {
				db = db2
			}
			wg.Go(func() {
				<-start
				_, errs[i] = db.Finish(ctx, g)
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("finish %d: %v", i, err)
			}
		}
		r, err := db1.Rating(ctx, "hub", Gomoku)
		if err != nil {
			t.Fatal(err)
		}
		want := Score{Wins: (games + 2) / 3, Losses: (games + 1) / 3, Draws: games / 3}
		if r.Score != want {
			t.Errorf("hub's rated score %+v, want %+v: a finish was lost", r.Score, want)
		}
		st, err := db1.Stats(ctx, "hub", Gomoku)
		if err != nil {
			t.Fatal(err)
		}
		if st.People.Score != want {
			t.Errorf("hub's record %+v, want %+v", st.People.Score, want)
		}
		var counted, onBoard int
		if err := db1.read().QueryRowContext(ctx, `SELECT coalesce(sum(players), 0) FROM board_buckets`).Scan(&counted); err != nil {
			t.Fatal(err)
		}
		if err := db1.read().QueryRowContext(ctx, `SELECT count(*) FROM ratings WHERE on_board = 1`).Scan(&onBoard); err != nil {
			t.Fatal(err)
		}
		if counted != games+1 || onBoard != games+1 {
			t.Errorf("buckets count %d players, %d rows are on the board; want %d", counted, onBoard, games+1)
		}
		b, err := db2.Leaderboard(ctx, BoardQuery{Kind: Gomoku, UserID: "hub"})
		if err != nil {
			t.Fatal(err)
		}
		if b.Total != games+1 || b.Caller == nil || b.Caller.Score != want {
			t.Errorf("leaderboard total %d, caller %+v; want %d players and hub's %+v", b.Total, b.Caller, games+1, want)
		}
	})
}

// TestPairGamesLimit: within a day only the first three rated games of the
// same two players move ratings; later ones finish unrated (and say so),
// the pair's games with someone else still count, and a day later theirs
// count again.
func TestPairGamesLimit(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		rated := 0
		for range 30 {
			g := humanGame("alt", "main", true)
			if rc := play(t, db, g, firstWins); rc.Rated {
				rated++
			}
			clk.Advance(time.Minute)
		}
		if rated != DefaultPairGames {
			t.Fatalf("%d of 30 games between one pair moved ratings, want %d", rated, DefaultPairGames)
		}
		r, err := db.Rating(ctx, "alt", Gomoku)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("30 wins of an alt over the same player in 30 minutes: rating %.0f (%d counted)", r.Rating, r.Games())
		if r.Games() != DefaultPairGames {
			t.Fatalf("alt rated games %d, want %d", r.Games(), DefaultPairGames)
		}
		if rc := play(t, db, humanGame("main", "third", true), firstWins); !rc.Rated {
			t.Fatal("a game with someone else was not rated")
		}
		clk.Advance(DefaultPairWindow)
		if rc := play(t, db, humanGame("main", "alt", true), firstWins); !rc.Rated {
			t.Fatal("a day later the pair's game was not rated")
		}
	})
}
