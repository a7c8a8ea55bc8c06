package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/store/glicko2"
)

// BenchmarkCommitMove measures durable move writes: one versioned Update
// appending a move, committed with synchronous=FULL (so it includes an
// fsync) on a temp file, or with synchronous_commit on (the server's WAL
// flush) on PostgreSQL. moves/s is the sustained single-game rate.
func BenchmarkCommitMove(b *testing.B) {
	benchEachBackend(b, benchmarkCommitMove)
}

func benchmarkCommitMove(b *testing.B, open opener) {
	db, _ := open(b, Options{})
	ctx := context.Background()
	g := humanGame("a", "b", false)
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		g.Moves += "h8 "
		if len(g.Moves) > 2000 {
			g.Moves = "" // keep the row a realistic size
		}
		g.Deadline = time.UnixMilli(int64(n) * 1000)
		if err := db.Update(ctx, g); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkCommitMoveParallel is BenchmarkCommitMove with 8 games per
// processor played at once, each by its own goroutine: SQLite commits them
// one at a time, PostgreSQL may flush several commits together. moves/s is
// the total rate.
func BenchmarkCommitMoveParallel(b *testing.B) {
	benchEachBackend(b, func(b *testing.B, open opener) {
		db, _ := open(b, Options{})
		ctx := context.Background()
		var players atomic.Int64
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			n := players.Add(2)
			g := humanGame(fmt.Sprint("a", n), fmt.Sprint("b", n), false)
			if err := db.CreateGame(ctx, g); err != nil {
				b.Error(err)
				return
			}
			for pb.Next() {
				g.Moves += "h8 "
				if len(g.Moves) > 2000 {
					g.Moves = ""
				}
				if err := db.Update(ctx, g); err != nil {
					b.Error(err)
					return
				}
			}
		})
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	})
}

// BenchmarkThroughput is the throughput curve of committed moves: for 1,
// 10, 100 and 1000 games played at once, each by its own goroutine, each
// move a durable Save as a /move makes it (the game's row, its old board
// retired, a new board post planned). It reports the total rate (moves/s)
// and each move's commit latency (p50-ms, p99-ms).
func BenchmarkThroughput(b *testing.B) {
	benchEachBackend(b, func(b *testing.B, open opener) {
		for _, games := range []int{1, 10, 100, 1000} {
			b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
				benchmarkThroughput(b, open, games)
			})
		}
	})
}

func benchmarkThroughput(b *testing.B, open opener, games int) {
	db, _ := open(b, Options{})
	ctx := context.Background()
	clk := newClock()
	gs := make([]*Game, games)
	for i := range gs {
		g := humanGame(fmt.Sprint("a", i), fmt.Sprint("b", i), false)
		p := board(clk)
		if err := db.Create(ctx, g, &Plan{Posts: []*Post{p}}); err != nil {
			b.Fatal(err)
		}
		gs[i] = g
	}
	var next atomic.Int64
	lat := make([][]time.Duration, games)
	b.ResetTimer()
	start := time.Now()
	done := make(chan error, games)
	for i := range games {
		go func() {
			g := gs[i]
			for next.Add(1) <= int64(b.N) {
				g.Moves += "h8 "
				if len(g.Moves) > 2000 {
					g.Moves = ""
				}
				plan := &Plan{Posts: []*Post{board(clk)}, Wants: []Want{{Post: g.BoardPost, Want: WantRetired}}}
				t0 := time.Now()
				if _, err := db.Save(ctx, g, plan); err != nil {
					done <- err
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
			done <- nil
		}()
	}
	for range games {
		if err := <-done; err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	all := slices.Concat(lat...)
	slices.Sort(all)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
}

// Sizes of the leaderboard benchmark's data set.
const (
	benchPlayers = 100_000
	benchGames   = 1_000_000
	benchGuilds  = 100
)

// BenchmarkLeaderboard queries leaderboards over 100,000 rated players and
// 1,000,000 finished games, seeded (in one transaction) before timing
// starts.
func BenchmarkLeaderboard(b *testing.B) {
	benchEachBackend(b, benchmarkLeaderboard)
}

func benchmarkLeaderboard(b *testing.B, open opener) {
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	db, _ := open(b, Options{Now: func() time.Time { return now }})
	start := time.Now()
	median, guildMedian := seedBenchmark(b, db, now)
	b.Logf("seeded %d players and %d games in %v", benchPlayers, benchGames, time.Since(start).Round(time.Millisecond))
	ctx := context.Background()
	cases := []struct {
		name string
		q    BoardQuery
	}{
		{"global/page1", BoardQuery{Kind: Gomoku}},
		{"global/page1+caller_off_page", BoardQuery{Kind: Gomoku, UserID: median}},
		{"global/page500", BoardQuery{Kind: Gomoku, Page: 500}},
		{"guild/page1+caller_off_page", BoardQuery{Kind: Gomoku, GuildID: "guild7", UserID: guildMedian}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var board *Board
			for b.Loop() {
				var err error
				if board, err = db.Leaderboard(ctx, c.q); err != nil {
					b.Fatal(err)
				}
			}
			if len(board.Rows) == 0 || (c.q.UserID != "" && board.Caller == nil) {
				b.Fatalf("empty result: %d rows, caller %+v", len(board.Rows), board.Caller)
			}
			b.ReportMetric(float64(board.Total), "qualified")
		})
	}
}

// The statement seedBenchmark adds finished games with.
const (
	gamesHead = `INSERT INTO games (kind, rules, size, guild_id, channel_id, first_user, second_user, rated, status,
		result, reason, moves, created_at, updated_at, finished_at) VALUES `
	gamesRow = `('gomoku', 'freestyle', 15, ?, 'c', ?, ?, 1, 'finished', ?, 'five', 'h8 h9 i8 i9 j8 j9 k8 k9 l8', ?, ?, ?)`
)

// seedBenchmark fills db with benchPlayers players, each in one or two of
// benchGuilds guilds, and benchGames finished rated gomoku games between
// random pairs; ratings are drawn from a normal distribution and the
// win/loss counts match the games. It returns a user ranked near the middle
// of the global board and one near the middle of guild7's.
func seedBenchmark(b *testing.B, db *DB, now time.Time) (median, guildMedian string) {
	b.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	user := func(i int) string { return fmt.Sprintf("%d", 100_000_000_000_000_000+i) }
	type tally struct{ wins, losses, draws int }
	tallies := make([]tally, benchPlayers)
	nowMs := now.UnixMilli()

	// Bulk loading: the games indexes built once at the end (from their
	// own definitions) instead of row by row; on SQLite, a large page
	// cache.
	indexes := `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL`
	if db.d.postgres {
		indexes = `SELECT indexname, indexdef FROM pg_indexes
			WHERE schemaname = current_schema() AND tablename = 'games' AND indexname NOT LIKE '%pkey'`
	} else if _, err := db.w.ExecContext(ctx, `PRAGMA cache_size = -262144`); err != nil {
		b.Fatal(err)
	}
	var defs []string
	rows, err := db.w.QueryContext(ctx, indexes)
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			b.Fatal(err)
		}
		names, defs = append(names, name), append(defs, def)
	}
	rows.Close()
	for _, name := range names {
		if _, err := db.w.ExecContext(ctx, `DROP INDEX `+name); err != nil {
			b.Fatal(err)
		}
	}

	sqlTx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer sqlTx.Rollback()
	tx := runner{sqlTx, db.d}
	// insert adds rows in statements of up to 500 rows: one round trip
	// per row would dominate the seeding on PostgreSQL.
	insert := func(head, row string, args [][]any) {
		for len(args) > 0 {
			n := min(len(args), 500)
			q := head + strings.Repeat(row+",", n-1) + row
			if _, err := tx.ExecContext(ctx, q, slices.Concat(args[:n]...)...); err != nil {
				b.Fatal(err)
			}
			args = args[n:]
		}
	}
	var players [][]any
	for i := range benchPlayers {
		players = append(players, []any{user(i), fmt.Sprintf("Player %d", i), nowMs})
	}
	insert(`INSERT INTO players (user_id, name, updated_at) VALUES `, `(?, ?, ?)`, players)
	var games [][]any
	for range benchGames {
		a, c := rng.IntN(benchPlayers), rng.IntN(benchPlayers-1)
		if c >= a {
			c++
		}
		result := [3]string{"first", "second", "draw"}[rng.IntN(3)]
		switch result {
		case "first":
			tallies[a].wins++
			tallies[c].losses++
		case "second":
			tallies[a].losses++
			tallies[c].wins++
		default:
			tallies[a].draws++
			tallies[c].draws++
		}
		t := nowMs - rng.Int64N(365*24*3600*1000)
		games = append(games, []any{fmt.Sprintf("guild%d", a%benchGuilds), user(a), user(c), result, t, t, t})
		if len(games) == 10_000 {
			insert(gamesHead, gamesRow, games)
			games = games[:0]
		}
	}
	insert(gamesHead, gamesRow, games)
	for i, tl := range tallies {
		idle := time.Duration(rng.Int64N(int64(20 * DefaultRatingPeriod)))
		st := storedRating{
			Rating: glicko2.Rating{Rating: 1500 + 300*rng.NormFloat64(), RD: 45 + 150*rng.Float64(), Volatility: 0.06},
			Games:  tl.wins + tl.losses + tl.draws, Wins: tl.wins, Losses: tl.losses, Draws: tl.draws,
			RatedAt: now.Add(-idle),
		}
		if err := db.putRating(ctx, tx, user(i), Gomoku, st, now); err != nil {
			b.Fatal(err)
		}
		guilds := []int{i % benchGuilds}
		if i%3 == 0 {
			guilds = append(guilds, rng.IntN(benchGuilds))
		}
		for _, g := range guilds {
			if err := joinGuild(ctx, tx, fmt.Sprintf("guild%d", g), user(i), Gomoku); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, def := range defs {
		if _, err := tx.ExecContext(ctx, def); err != nil {
			b.Fatal(err)
		}
	}
	if err := sqlTx.Commit(); err != nil {
		b.Fatal(err)
	}
	// On PostgreSQL, the bulk load left a dead version of a bucket row per
	// player in board_buckets (hundreds of pages for a few hundred rows;
	// in service each game is its own transaction, and pruning keeps the
	// table small): compact it. Index-only scans need the visibility map
	// VACUUM builds.
	analyze := []string{`ANALYZE`}
	if db.d.postgres {
		analyze = []string{`VACUUM FULL board_buckets`, `VACUUM ANALYZE`}
	}
	for _, q := range analyze {
		if _, err := db.w.ExecContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	// Players near the middle of the global board and of guild7's.
	middle := func(guild string) string {
		first, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: guild})
		if err != nil {
			b.Fatal(err)
		}
		mid, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: guild, Page: first.Pages / 2})
		if err != nil {
			b.Fatal(err)
		}
		return mid.Rows[0].UserID
	}
	return middle(""), middle("guild7")
}
