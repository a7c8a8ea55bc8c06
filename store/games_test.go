package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

func TestCreateAndLoadRoundTrip(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		deadline := clk.Now().Add(24 * time.Hour)
		tests := []struct {
			name string
			g    *Game
		}{
			{"ai game", aiGame("u1", 7)},
			{"ai game with hints used", func() *Game { g := aiGame("u5", 4); g.Hints, g.AIUndos = 2, 1; return g }()},
			{"open challenge", &Game{
				Kind: Gomoku, Rules: "renju", Size: 15, GuildID: "g", ChannelID: "c",
				Seats: [2]Seat{{}, Human("u2", "Bob")}, Challenger: engine.Second, Rated: true,
				Status: Challenge, Deadline: deadline,
			}},
			{"everything set", &Game{
				Kind: Gomoku, Rules: "standard", Size: 19, GuildID: "g", ChannelID: "c",
				Seats: [2]Seat{Human("u3", "Ann"), Human("u4", "Dan")}, Rated: true, Status: Active,
				Moves:    "size 19\nh8 h9\n",
				Request:  Request{Kind: DrawRequest, By: engine.Second, At: clk.Now().Add(-time.Minute)},
				Deadline: deadline, RemindAt: deadline.Add(-time.Hour), AIUndos: 0, Undos: [2]int{2, 1}, UndoCap: 3,
			}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := db.CreateGame(ctx, tt.g); err != nil {
					t.Fatal(err)
				}
				if tt.g.ID == 0 || tt.g.Version != 1 || !tt.g.CreatedAt.Equal(clk.Now()) {
					t.Fatalf("after create: id %d version %d created %v", tt.g.ID, tt.g.Version, tt.g.CreatedAt)
				}
				got, err := db.Game(ctx, tt.g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, tt.g) {
					t.Fatalf("loaded\n%+v\nwant\n%+v", got, tt.g)
				}
			})
		}
	})
}

func TestGameNotFound(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		_, err := db.Game(context.Background(), 42)
		if engine.ErrorCode(err).Class() != engine.ClassNotFound || !strings.Contains(err.Error(), "42") {
			t.Fatalf("err = %v, want NotFound naming the game", err)
		}
	})
}

func TestInvalidGamesAreRefused(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		tests := []struct {
			name   string
			change func(g *Game)
			want   string
		}{
			{"kind", func(g *Game) { g.Kind = "chess" }, "unknown game kind"},
			{"rules", func(g *Game) { g.Rules = "" }, "no rule set"},
			{"size", func(g *Game) { g.Size = 0 }, "board size"},
			{"status", func(g *Game) { g.Status = "paused" }, "unknown game status"},
			{"created finished", func(g *Game) { g.Status = Finished }, "created finished"},
			{"both user and ai", func(g *Game) { g.Seats[1].AI = 3 }, "both a user and an AI"},
			{"ai level", func(g *Game) { g.Seats[1] = AI(11) }, "out of range"},
			{"empty seat", func(g *Game) { g.Seats[1] = Seat{} }, "empty"},
			{"self play", func(g *Game) { g.Seats[1] = g.Seats[0] }, "against themself"},
			{"rated ai", func(g *Game) { g.Seats[1] = AI(2); g.Rated = true }, "cannot be rated"},
			{"request", func(g *Game) { g.Request.Kind = "pause" }, "unknown request"},
			{"side", func(g *Game) { g.Challenger = 2 }, "challenger side"},
			{"undos", func(g *Game) { g.AIUndos = -1 }, "negative undo"},
			{"hints", func(g *Game) { g.Hints = -1 }, "negative hint"},
			{"undos of a side", func(g *Game) { g.Undos[1] = -1 }, "negative undo counts"},
			{"undo cap", func(g *Game) { g.UndoCap = -2 }, "undo cap"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				g := humanGame("a", "b", false)
				tt.change(g)
				err := db.CreateGame(context.Background(), g)
				if engine.ErrorCode(err) != engine.Internal || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("err = %v, want Invalid mentioning %q", err, tt.want)
				}
			})
		}
	})
}

func TestUpdateVersions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := humanGame("a", "b", true)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		stale := *g
		clk.Advance(time.Second)
		g.Moves = "h8"
		g.Request = Request{Kind: UndoRequest, By: engine.First, At: clk.Now()}
		if err := db.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
		if g.Version != 2 || !g.UpdatedAt.Equal(clk.Now()) {
			t.Fatalf("version %d updated %v", g.Version, g.UpdatedAt)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil || !reflect.DeepEqual(got, g) {
			t.Fatalf("after update got %+v (%v), want %+v", got, err, g)
		}

		stale.Moves = "i9"
		err = db.Update(ctx, &stale)
		if engine.ErrorCode(err) != engine.VersionConflict || !strings.Contains(err.Error(), "changed by someone else") {
			t.Fatalf("stale update: err = %v, want Conflict", err)
		}
		if stale.Version != 1 {
			t.Fatalf("a failed update changed the version to %d", stale.Version)
		}
		if got, _ := db.Game(ctx, g.ID); got.Moves != "h8" {
			t.Fatalf("stale update was applied: moves %q", got.Moves)
		}

		missing := *g
		missing.ID = 999
		if err := db.Update(ctx, &missing); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("update of a missing game: err = %v, want NotFound", err)
		}
		fin := *g
		fin.Status = Finished
		if err := db.Update(ctx, &fin); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("update to finished: err = %v, want Invalid", err)
		}

		// Ending without a result (abandoned) closes the game to further writes.
		g.Status = Abandoned
		if err := db.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
		if !g.FinishedAt.Equal(clk.Now()) {
			t.Fatalf("FinishedAt = %v", g.FinishedAt)
		}
		g.Status = Active
		if err := db.Update(ctx, g); engine.ErrorCode(err) != engine.AlreadyOver || !strings.Contains(err.Error(), "already over") {
			t.Fatalf("update of an ended game: err = %v, want Conflict 'already over'", err)
		}
	})
}

// TestConcurrentMovesExactlyOneWins races many goroutines, each holding the
// same version, to write a move: exactly one must succeed, every other must
// get a Conflict (never "database is locked" or any other error).
func TestConcurrentMovesExactlyOneWins(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		const racers = 32
		for round := 0; round < 5; round++ {
			var (
				wg      sync.WaitGroup
				start   = make(chan struct{})
				errs    = make([]error, racers)
				winners = make([]string, racers)
			)
			for i := range racers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					mine := *g
					mine.Moves = fmt.Sprintf("%s move-%d-%d", g.Moves, round, i)
					<-start
					if errs[i] = db.Update(ctx, &mine); errs[i] == nil {
						winners[i] = mine.Moves
					}
				}()
			}
			close(start)
			wg.Wait()
			var won []string
			for i, err := range errs {
				switch {
				case err == nil:
					won = append(won, winners[i])
				case engine.ErrorCode(err).Class() != engine.ClassConflict:
					t.Fatalf("round %d: racer %d failed with %v, want only conflicts", round, i, err)
				}
			}
			if len(won) != 1 {
				t.Fatalf("round %d: %d writers won, want exactly 1", round, len(won))
			}
			got, err := db.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Moves != won[0] || got.Version != g.Version+1 {
				t.Fatalf("round %d: stored %q v%d, want the winner's %q v%d", round, got.Moves, got.Version, won[0], g.Version+1)
			}
			g = got
		}
	})
}

// TestConcurrentWritersNeverLock has many goroutines write different games
// at once: all must succeed.
func TestConcurrentWritersNeverLock(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		const writers, moves = 8, 20
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for i := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := aiGame(fmt.Sprintf("u%d", i), 1+i%MaxAILevel)
				if err := db.CreateGame(ctx, g); err != nil {
					errs <- err
					return
				}
				for m := range moves {
					g.Moves += fmt.Sprintf("m%d ", m)
					if err := db.Update(ctx, g); err != nil {
						errs <- err
						return
					}
					if _, err := db.Game(ctx, g.ID); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}

func TestRestartKeepsEverything(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		opt := Options{Now: clk.Now}
		db, path := open(t, opt)
		ctx := context.Background()
		live := humanGame("a", "b", true)
		live.Moves = "h8 h9"
		live.Deadline = clk.Now().Add(time.Hour)
		if err := db.CreateGame(ctx, live); err != nil {
			t.Fatal(err)
		}
		play(t, db, humanGame("a", "b", true), engine.WinFor(engine.First, engine.Five))
		play(t, db, aiGame("a", 4), engine.WinFor(engine.Second, engine.Checkmate))
		if err := db.SetGuildSetting(ctx, "g1", "lang", "fr"); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, db, live.ID)
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2, err := Open(ctx, path, opt)
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		if after := snapshot(t, db2, live.ID); !reflect.DeepEqual(before, after) {
			t.Fatalf("after reopening:\n%+v\nwant\n%+v", after, before)
		}
	})
}

// snapshot gathers what TestRestartKeepsEverything compares.
func snapshot(t *testing.T, db *DB, id int64) []any {
	t.Helper()
	ctx := context.Background()
	g, err1 := db.Game(ctx, id)
	live, err2 := db.LiveGames(ctx)
	stats, err3 := db.Stats(ctx, "a", Gomoku)
	ai, err4 := db.Stats(ctx, "a", Xiangqi)
	rating, err5 := db.Rating(ctx, "b", Gomoku)
	h2h, err6 := db.HeadToHead(ctx, "a", "b", Gomoku)
	lang, err7 := db.GuildSetting(ctx, "g1", "lang")
	for _, err := range []error{err1, err2, err3, err4, err5, err6, err7} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return []any{g, live, stats, ai, rating, h2h, lang}
}

func TestRecoveryLists(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		now := clk.Now()
		mk := func(g *Game, deadline, remind time.Duration) *Game {
			if deadline != 0 {
				g.Deadline = now.Add(deadline)
			}
			if remind != 0 {
				g.RemindAt = now.Add(remind)
			}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			return g
		}
		overdue := mk(humanGame("a", "b", false), -time.Minute, -2*time.Minute)
		later := mk(humanGame("c", "d", false), time.Hour, time.Minute)
		noDeadline := mk(aiGame("a", 2), 0, 0)
		chal := humanGame("a", "e", true)
		chal.Status = Challenge
		expired := mk(chal, -time.Second, 0)
		declined := humanGame("e", "a", false)
		declined.Status, declined.Challenger = Challenge, engine.First
		mk(declined, -time.Hour, 0)
		declined.Status = Declined
		if err := db.Update(ctx, declined); err != nil {
			t.Fatal(err)
		}
		finished := mk(humanGame("a", "c", false), -time.Hour, -time.Hour)
		finished.Outcome = engine.DrawBy(engine.Agreement)
		if _, err := db.Finish(ctx, finished); err != nil {
			t.Fatal(err)
		}

		ids := func(gs []*Game, err error) []int64 {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, g := range gs {
				out = append(out, g.ID)
			}
			return out
		}
		tests := []struct {
			name string
			got  []int64
			want []int64
		}{
			{"live", ids(db.LiveGames(ctx)), []int64{overdue.ID, later.ID, noDeadline.ID, expired.ID}},
			{"due now", ids(db.DueGames(ctx, now)), []int64{overdue.ID, expired.ID}},
			{"due in two hours", ids(db.DueGames(ctx, now.Add(2*time.Hour))), []int64{overdue.ID, expired.ID, later.ID}},
			{"reminders now", ids(db.RemindersDue(ctx, now)), []int64{overdue.ID}},
			{"reminders later", ids(db.RemindersDue(ctx, now.Add(time.Minute))), []int64{overdue.ID, later.ID}},
			{"games of a", ids(db.UserGames(ctx, "a")), []int64{overdue.ID, noDeadline.ID, expired.ID}},
			{"games of z", ids(db.UserGames(ctx, "z")), nil},
		}
		for _, tt := range tests {
			if !reflect.DeepEqual(tt.got, tt.want) {
				t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
			}
		}
	})
}

func TestOpenChallenges(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		challenge := func(challenger engine.Side, seats [2]Seat) *Game {
			g := &Game{Kind: Gomoku, Rules: "freestyle", Size: 15, Seats: seats, Challenger: challenger, Status: Challenge}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			return g
		}
		challenge(engine.First, [2]Seat{Human("a", ""), Human("b", "")})
		challenge(engine.Second, [2]Seat{Human("c", ""), Human("a", "")})
		challenge(engine.Second, [2]Seat{{}, Human("a", "")}) // open challenge by a
		challenge(engine.First, [2]Seat{Human("b", ""), Human("a", "")})
		accepted := challenge(engine.First, [2]Seat{Human("a", ""), Human("d", "")})
		accepted.Status = Active
		if err := db.Update(ctx, accepted); err != nil {
			t.Fatal(err)
		}
		for user, want := range map[string]int{"a": 3, "b": 1, "c": 0, "d": 0, "nobody": 0} {
			if got, err := db.OpenChallenges(ctx, user); err != nil || got != want {
				t.Errorf("OpenChallenges(%s) = %d, %v; want %d", user, got, err, want)
			}
		}
	})
}

func TestPlayersAndSettings(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		if _, err := db.PlayerName(ctx, "u"); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("unknown player: err = %v", err)
		}
		g := aiGame("u", 1)
		g.Seats[0].Name = "First"
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			set, want string
		}{{"", "First"}, {"Second", "Second"}, {"", "Second"}}
		for _, s := range steps {
			if err := db.SetPlayerName(ctx, "u", s.set); err != nil {
				t.Fatal(err)
			}
			if got, err := db.PlayerName(ctx, "u"); err != nil || got != s.want {
				t.Fatalf("after SetPlayerName(%q): %q, %v; want %q", s.set, got, err, s.want)
			}
		}
		if got, _ := db.Game(ctx, g.ID); got.Seats[0].Name != "Second" {
			t.Fatalf("the game shows the seat as %q, want the last name seen", got.Seats[0].Name)
		}
		if err := db.SetPlayerName(ctx, "", "x"); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("empty id: err = %v", err)
		}

		if _, err := db.GuildSetting(ctx, "g", "k"); engine.ErrorCode(err).Class() != engine.ClassNotFound {
			t.Fatalf("unset setting: err = %v", err)
		}
		for _, v := range []string{"one", "two"} {
			if err := db.SetGuildSetting(ctx, "g", "k", v); err != nil {
				t.Fatal(err)
			}
			if got, err := db.GuildSetting(ctx, "g", "k"); err != nil || got != v {
				t.Fatalf("GuildSetting = %q, %v; want %q", got, err, v)
			}
		}
		if err := db.SetGuildSetting(ctx, "", "k", "v"); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("no guild: err = %v", err)
		}
	})
}

// TestWritersWaitWithTheirContext holds the lock a write needs (SQLite's
// single writer connection; on PostgreSQL the game's row, as another
// process's transaction would) and checks that the write gives up when its
// context ends, leaving nothing behind, then succeeds once the lock is free.
func TestWritersWaitWithTheirContext(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := aiGame("u", 1)
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		busy, err := db.w.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if db.d.postgres {
			if _, err := busy.ExecContext(ctx, `SELECT 1 FROM games WHERE id = $1 FOR UPDATE`, g.ID); err != nil {
				t.Fatal(err)
			}
		}
		short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		g.Moves = "h8"
		if err := db.Update(short, g); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("queued write: err = %v, want the context's deadline", err)
		}
		if err := busy.Rollback(); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.Game(ctx, g.ID); got.Moves != "" || got.Version != 1 {
			t.Fatalf("the abandoned write left %q v%d", got.Moves, got.Version)
		}
		if err := db.Update(ctx, g); err != nil || g.Version != 2 {
			t.Fatalf("write after the connection is free: %v (version %d)", err, g.Version)
		}
	})
}

// TestConcurrentMovesAcrossHandles is TestConcurrentMovesExactlyOneWins
// with the racers split between two DBs opened on the same database, as
// two processes would be: still exactly one move per version applies.
func TestConcurrentMovesAcrossHandles(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db1, loc := open(t, Options{})
		ctx := context.Background()
		db2, err := Open(ctx, loc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		g := humanGame("a", "b", false)
		if err := db1.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		const racers = 24
		for round := range 5 {
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, racers)
			moves := make([]string, racers)
			for i := range racers {
				db := db1
				if i%2 == 1 {
					db = db2
				}
				mine := *g
				mine.Moves = fmt.Sprintf("%s move-%d-%d", g.Moves, round, i)
				moves[i] = mine.Moves
				wg.Go(func() {
					<-start
					errs[i] = db.Update(ctx, &mine)
				})
			}
			close(start)
			wg.Wait()
			var won []string
			for i, err := range errs {
				switch {
				case err == nil:
					won = append(won, moves[i])
				case engine.ErrorCode(err) != engine.VersionConflict:
					t.Fatalf("round %d: racer %d failed with %v, want only version conflicts", round, i, err)
				}
			}
			if len(won) != 1 {
				t.Fatalf("round %d: %d writers won, want exactly 1", round, len(won))
			}
			got, err := db2.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Moves != won[0] || got.Version != g.Version+1 {
				t.Fatalf("round %d: stored %q v%d, want the winner's %q v%d", round, got.Moves, got.Version, won[0], g.Version+1)
			}
			g = got
		}
	})
}
