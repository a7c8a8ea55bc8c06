package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// seedRating stores a rating (and guild memberships) directly, so that the
// leaderboard tests control every number.
func seedRating(t *testing.T, db *DB, user string, rating, rd float64, games int, ratedAt time.Time, guilds ...string) {
	t.Helper()
	ctx := context.Background()
	err := db.write(ctx, "seed", func(tx runner) error {
		if err := upsertPlayer(ctx, tx, user, "Name "+user, 0); err != nil {
			return err
		}
		st := storedRating{
			Rating: glicko2.Rating{Rating: rating, RD: rd, Volatility: 0.06},
			Games:  games, Wins: games / 2, Losses: games - games/2, RatedAt: ratedAt,
		}
		if err := db.putRating(ctx, tx, user, Gomoku, st, db.opt.Now()); err != nil {
			return err
		}
		for _, g := range guilds {
			if err := joinGuild(ctx, tx, g, user, Gomoku); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLeaderboard(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now, MinGames: 3, MaxRD: 100})
		ctx := context.Background()
		now := clk.Now()
		// Qualified players p01..p12 rated 2100, 2050, ... with p05 and p06 tied.
		var want []string
		for i := 1; i <= 12; i++ {
			r := 2150 - 50*float64(i)
			if i == 6 {
				r = 2150 - 50*5
			}
			user := fmt.Sprintf("p%02d", i)
			guilds := []string{}
			if i%2 == 0 {
				guilds = append(guilds, "even")
			}
			seedRating(t, db, user, r, 60, 10, now, guilds...)
			want = append(want, user)
		}
		// Not qualified: too few games, too uncertain, idle too long: RD 90
		// grows past 100 after 18 idle periods (90² + 18·(0.06·173.7178)² ≈
		// 100.28²) but not after 17 (≈ 99.73²).
		seedRating(t, db, "few", 3000, 50, 2, now, "even")
		seedRating(t, db, "shaky", 3000, 101, 50, now, "even")
		seedRating(t, db, "idle", 3000, 90, 50, now.Add(-18*DefaultRatingPeriod), "even")
		seedRating(t, db, "recent", 1000, 90, 50, now.Add(-18*DefaultRatingPeriod+time.Minute)) // 17 whole periods: still in
		want = append(want, "recent")

		page := func(q BoardQuery) *Board {
			t.Helper()
			q.Kind = Gomoku
			b, err := db.Leaderboard(ctx, q)
			if err != nil {
				t.Fatalf("Leaderboard(%+v): %v", q, err)
			}
			return b
		}
		users := func(rows []BoardRow) (out []string) {
			for _, r := range rows {
				out = append(out, r.UserID)
			}
			return out
		}

		var all []string
		for p := 1; p <= 3; p++ {
			b := page(BoardQuery{Page: p, PerPage: 5})
			if b.Total != 13 || b.Pages != 3 || b.Page != p {
				t.Fatalf("page %d: total %d pages %d", p, b.Total, b.Pages)
			}
			for i, r := range b.Rows {
				if r.Rank != (p-1)*5+i+1 {
					t.Fatalf("page %d row %d has rank %d", p, i, r.Rank)
				}
			}
			all = append(all, users(b.Rows)...)
		}
		if !reflect.DeepEqual(all, want) {
			t.Fatalf("ranking %v, want %v", all, want)
		}

		b := page(BoardQuery{Page: 1, PerPage: 5, UserID: "p03"})
		if b.Caller == nil || *b.Caller != b.Rows[2] {
			t.Fatalf("caller on the page: %+v", b.Caller)
		}
		if r := b.Rows[0]; r.Name != "Name p01" || r.Rating != 2100 || r.RD != 60 || r.Score != (Score{Wins: 5, Losses: 5}) {
			t.Fatalf("row 1 = %+v", r)
		}
		if b := page(BoardQuery{Page: 1, PerPage: 5, UserID: "p06"}); b.Caller == nil || b.Caller.Rank != 6 {
			t.Fatalf("tie: p06 ranked %d, want 6 (after p05 by user id)", b.Caller.Rank)
		}
		for user, rank := range map[string]int{"p06": 6, "p12": 12, "recent": 13} {
			b := page(BoardQuery{UserID: user, PerPage: 2})
			if b.Caller == nil || b.Caller.Rank != rank || b.Caller.UserID != user {
				t.Errorf("caller %s off the page: %+v, want rank %d", user, b.Caller, rank)
			}
		}
		if c := page(BoardQuery{UserID: "recent"}).Caller; c == nil || c.RD <= 90 {
			t.Errorf("recent's RD is not grown on read: %+v", c)
		}
		for _, user := range []string{"few", "shaky", "idle", "stranger"} {
			if b := page(BoardQuery{UserID: user}); b.Caller != nil {
				t.Errorf("%s does not qualify but got %+v", user, b.Caller)
			}
		}

		// The guild board ranks only the guild's players, with their own ranks.
		g := page(BoardQuery{GuildID: "even", UserID: "p12", PerPage: 2})
		if g.Total != 6 || !reflect.DeepEqual(users(g.Rows), []string{"p02", "p04"}) || g.Caller == nil || g.Caller.Rank != 6 {
			t.Fatalf("guild board: total %d rows %v caller %+v", g.Total, users(g.Rows), g.Caller)
		}
		if b := page(BoardQuery{GuildID: "even", UserID: "p01"}); b.Caller != nil {
			t.Fatalf("p01 is not in the guild but ranks %+v", b.Caller)
		}
		if b := page(BoardQuery{GuildID: "nowhere"}); b.Total != 0 || len(b.Rows) != 0 || b.Pages != 0 {
			t.Fatalf("empty guild: %+v", b)
		}
		if b, err := db.Leaderboard(ctx, BoardQuery{Kind: Xiangqi}); err != nil || b.Total != 0 {
			t.Fatalf("xiangqi board: %+v, %v", b, err)
		}

		bad := []struct {
			q    BoardQuery
			want string
		}{
			{BoardQuery{Kind: "chess"}, "unknown game kind"},
			{BoardQuery{Kind: Gomoku, Page: 4, PerPage: 5}, "the last page is 3"},
			{BoardQuery{Kind: Gomoku, Page: -1}, "start at 1"},
			{BoardQuery{Kind: Gomoku, PerPage: MaxPageSize + 1}, "a page holds"},
		}
		for _, tt := range bad {
			if _, err := db.Leaderboard(ctx, tt.q); !isCode(err) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Leaderboard(%+v): err = %v, want a refusal %q", tt.q, err, tt.want)
			}
		}
	})
}

// TestLeaderboardFromPlay checks the whole path: rated games played through
// Finish put people on the global and guild boards with the defaults.
func TestLeaderboardFromPlay(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now, MaxRD: InitialRD})
		ctx := context.Background()
		for range DefaultMinGames {
			play(t, db, humanGame("winner", "loser", true), firstWins)
			clk.Advance(DefaultPairWindow/DefaultPairGames + time.Minute) // the pair's games keep counting
		}
		play(t, db, humanGame("winner", "third", true), firstWins)
		b, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: "g1", UserID: "third"})
		if err != nil {
			t.Fatal(err)
		}
		if b.Total != 2 || b.Rows[0].UserID != "winner" || b.Rows[1].UserID != "loser" || b.Caller != nil {
			t.Fatalf("board %+v (caller %+v)", b.Rows, b.Caller)
		}
		if w := b.Rows[0]; w.Score != (Score{Wins: DefaultMinGames + 1}) || w.Name != "name-winner" || w.Rating <= InitialRating {
			t.Fatalf("winner row %+v", w)
		}
	})
}

// TestLeaderboardMatchesBruteForce plays random rated games with random
// pauses (so that players lapse off the board and come back) and compares
// every board, page by page, and every player's rank with a ranking computed
// from scratch out of Rating.
func TestLeaderboardMatchesBruteForce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		opt := Options{Now: clk.Now, MinGames: 3, MaxRD: 200}
		db, _ := open(t, opt)
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(7, 11))
		const players, games = 24, 240
		user := func(i int) string { return fmt.Sprintf("u%02d", i) }
		guilds := []string{"g1", "g2", "g3"}
		members := map[string]map[string]bool{}
		for _, g := range guilds {
			members[g] = map[string]bool{}
		}
		outcomes := []engine.Outcome{firstWins, secondWins, drawn}

		check := func(step int) {
			t.Helper()
			type ranked struct {
				user   string
				rating float64
			}
			var all []ranked
			for i := range players {
				r, err := db.Rating(ctx, user(i), Gomoku)
				if err != nil {
					t.Fatal(err)
				}
				if r.Games() >= opt.MinGames && r.RD <= opt.MaxRD {
					all = append(all, ranked{user(i), r.Rating})
				}
			}
			sort.Slice(all, func(i, j int) bool {
				if all[i].rating != all[j].rating {
					return all[i].rating > all[j].rating
				}
				return all[i].user < all[j].user
			})
			t.Logf("step %d: %d of %d players qualify", step, len(all), players)
			for _, guild := range append([]string{""}, guilds...) {
				var want []string
				for _, r := range all {
					if guild == "" || members[guild][r.user] {
						want = append(want, r.user)
					}
				}
				var got []string
				for page := 1; ; page++ {
					b, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: guild, Page: page, PerPage: 5})
					if err != nil {
						t.Fatalf("step %d guild %q page %d: %v", step, guild, page, err)
					}
					if b.Total != len(want) {
						t.Fatalf("step %d guild %q: total %d, want %d", step, guild, b.Total, len(want))
					}
					for _, r := range b.Rows {
						got = append(got, r.UserID)
					}
					if page >= b.Pages {
						break
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d guild %q: board %v, want %v", step, guild, got, want)
				}
				for i := range players {
					b, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: guild, PerPage: 1, UserID: user(i)})
					if err != nil {
						t.Fatal(err)
					}
					want := slices.Index(want, user(i)) + 1 // 0 when absent
					if got := 0; b.Caller != nil {
						got = b.Caller.Rank
						if got != want {
							t.Fatalf("step %d guild %q: %s ranked %d, want %d", step, guild, user(i), got, want)
						}
					} else if want != 0 {
						t.Fatalf("step %d guild %q: %s unranked, want rank %d", step, guild, user(i), want)
					}
				}
			}
		}

		for step := 1; step <= games; step++ {
			a, b := rng.IntN(players), rng.IntN(players-1)
			if b >= a {
				b++
			}
			g := humanGame(user(a), user(b), true)
			g.GuildID = guilds[rng.IntN(len(guilds))]
			members[g.GuildID][user(a)], members[g.GuildID][user(b)] = true, true
			play(t, db, g, outcomes[rng.IntN(len(outcomes))])
			switch rng.IntN(10) {
			case 0: // a long break: many players lapse
				clk.Advance(time.Duration(rng.IntN(60)) * DefaultRatingPeriod)
			default:
				clk.Advance(time.Duration(rng.Int64N(int64(2 * DefaultRatingPeriod))))
			}
			if step%40 == 0 {
				check(step)
			}
		}
	})
}

// TestLeaderboardFollowsChangedOptions reopens a database with other
// qualification rules: the board must follow them.
func TestLeaderboardFollowsChangedOptions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		ctx := context.Background()
		db, path := open(t, Options{Now: clk.Now, MinGames: 2, MaxRD: InitialRD})
		for range 3 {
			play(t, db, humanGame("a", "b", true), firstWins)
		}
		for _, tt := range []struct {
			minGames int
			want     int
		}{{2, 2}, {4, 0}, {3, 2}} {
			reopened, err := Open(ctx, path, Options{Now: clk.Now, MinGames: tt.minGames, MaxRD: InitialRD})
			if err != nil {
				t.Fatal(err)
			}
			b, err := reopened.Leaderboard(ctx, BoardQuery{Kind: Gomoku, UserID: "b"})
			if cerr := reopened.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Total != tt.want || len(b.Rows) != tt.want || (tt.want > 0) != (b.Caller != nil) {
				t.Fatalf("MinGames %d: total %d, %d rows, caller %+v; want %d", tt.minGames, b.Total, len(b.Rows), b.Caller, tt.want)
			}
		}
	})
}

// isCode reports whether err is an *engine.Error (a refusal, not a
// database failure).
func isCode(err error) bool { return engine.ErrorCode(err) != engine.OK }
