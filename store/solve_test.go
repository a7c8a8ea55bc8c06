package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// keepPuzzles saves ps and returns them as read back, in order.
func keepPuzzles(t *testing.T, db *DB, ps ...Puzzle) []Puzzle {
	t.Helper()
	ctx := context.Background()
	if _, err := db.SavePuzzles(ctx, ps); err != nil {
		t.Fatal(err)
	}
	var out []Puzzle
	for _, k := range []Kind{Gomoku, Xiangqi} {
		got, err := db.Puzzles(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, got...)
	}
	return out
}

func TestPuzzleTriesMoveRatingsAndStreaks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ps := keepPuzzles(t, db,
			Puzzle{Kind: Gomoku, Record: "15 freestyle: h8 h9", Solver: engine.First, Theme: "vcf", Plies: 3, Line: []string{"a", "b", "c"}, Rating: glicko2.Rating{Rating: 1300}},
			Puzzle{Kind: Gomoku, Record: "15 freestyle: h8 h10", Solver: engine.First, Theme: "vct", Plies: 5, Line: []string{"a", "b", "c", "d", "e"}, Rating: glicko2.Rating{Rating: 1700}},
			Puzzle{Kind: Gomoku, Record: "15 freestyle: h8 h11", Solver: engine.First, Theme: "vcf", Plies: 3, Line: []string{"x", "y", "z"}})
		if ps[0].Rating.Rating != 1300 || ps[0].Rating.RD != glicko2.DefaultRD || ps[2].Rating.Rating != glicko2.DefaultRating {
			t.Fatalf("seeded ratings: %+v", ps)
		}
		// The candidates: untried, closest to the rating first.
		c, err := db.PuzzleCandidates(ctx, "u", Gomoku, "", 1650, 2)
		if err != nil || len(c) != 2 || c[0].ID != ps[1].ID || c[1].ID != ps[2].ID {
			t.Fatalf("candidates near 1650: %+v, %v", c, err)
		}
		if c, _ := db.PuzzleCandidates(ctx, "u", Gomoku, "vct", 1000, 5); len(c) != 1 || c[0].ID != ps[1].ID {
			t.Fatalf("vct candidates: %+v", c)
		}

		a := PuzzleAttempt{UserID: "u", Puzzle: ps[0], GuildID: "g1", Line: ps[0].Line}
		if err := db.StartPuzzle(ctx, &a); err != nil || a.ID == 0 || !a.Rated {
			t.Fatalf("start: %+v, %v", a, err)
		}
		if err := db.StartPuzzle(ctx, &PuzzleAttempt{UserID: "u", Puzzle: ps[1]}); engine.ErrorCode(err) != engine.PuzzleBusy {
			t.Fatalf("a second try at once: %v", err)
		}
		active, ok, err := db.ActivePuzzle(ctx, "u")
		if err != nil || !ok || active.ID != a.ID || active.Puzzle.ID != ps[0].ID || !slices.Equal(active.Line, ps[0].Line) || len(active.Played) != 0 {
			t.Fatalf("active: %+v, %v, %v", active, ok, err)
		}
		if err := db.AdvancePuzzle(ctx, active, []string{"a", "b"}, []string{"c"}); err != nil {
			t.Fatal(err)
		}
		// The try as first read is out of date now.
		if err := db.AdvancePuzzle(ctx, active, []string{"a", "q"}, nil); engine.ErrorCode(err) != engine.PuzzleBusy {
			t.Fatalf("an answer to an old state: %v", err)
		}
		active, _, _ = db.ActivePuzzle(ctx, "u")
		if !slices.Equal(active.Played, []string{"a", "b"}) || !slices.Equal(active.Line, []string{"c"}) {
			t.Fatalf("advanced: %+v", active)
		}
		clk.Advance(90 * time.Second)
		res, err := db.FinishPuzzle(ctx, active, []string{"a", "b", "c"}, true)
		if err != nil || !res.Rated || res.After.Rating.Rating <= res.Before.Rating.Rating || res.After.Streak != 1 ||
			res.After.BestStreak != 1 || res.After.Solved != 1 {
			t.Fatalf("solved: %+v, %v", res, err)
		}
		if _, ok, _ := db.ActivePuzzle(ctx, "u"); ok {
			t.Fatal("a finished try is still active")
		}
		if _, err := db.FinishPuzzle(ctx, active, []string{"a", "b", "c"}, true); engine.ErrorCode(err) != engine.PuzzleBusy {
			t.Fatalf("finishing twice: %v", err)
		}
		after, _ := db.Puzzles(ctx, Gomoku)
		if after[0].Rating.Rating >= 1300 || after[0].Attempts != 1 || after[0].Solves != 1 {
			t.Fatalf("the solved puzzle: %+v", after[0])
		}

		// A second try of the same puzzle is not rated; a failed rated one
		// ends the streak.
		again := PuzzleAttempt{UserID: "u", Puzzle: ps[0], Line: ps[0].Line}
		if err := db.StartPuzzle(ctx, &again); err != nil || again.Rated {
			t.Fatalf("again: %+v, %v", again, err)
		}
		res, err = db.FinishPuzzle(ctx, again, nil, false)
		if err != nil || res.Rated || res.After.Rating != res.Before.Rating || res.After.Streak != 1 || res.After.Failed != 1 {
			t.Fatalf("an unrated failure: %+v, %v", res, err)
		}
		hard := PuzzleAttempt{UserID: "u", Puzzle: ps[1], Line: ps[1].Line}
		if err := db.StartPuzzle(ctx, &hard); err != nil {
			t.Fatal(err)
		}
		res, err = db.FinishPuzzle(ctx, hard, []string{"q"}, false)
		if err != nil || !res.Rated || res.After.Rating.Rating >= res.Before.Rating.Rating || res.After.Streak != 0 || res.After.BestStreak != 1 {
			t.Fatalf("a rated failure: %+v, %v", res, err)
		}
		me, err := db.PuzzlePlayerOf(ctx, "u", Gomoku)
		if err != nil || me != res.After {
			t.Fatalf("player %+v, want %+v (%v)", me, res.After, err)
		}
		if x, err := db.PuzzlePlayerOf(ctx, "u", Xiangqi); err != nil || x.Rating != glicko2.New() || x.Solved != 0 {
			t.Fatalf("another kind: %+v, %v", x, err)
		}
		if first, ok, err := db.Attempted(ctx, "u", ps[0].ID); err != nil || !ok || first.ID != a.ID || !first.Solved ||
			first.Finished.Sub(first.Started) != 90*time.Second {
			t.Fatalf("the first try: %+v, %v, %v", first, ok, err)
		}
		if _, ok, _ := db.Attempted(ctx, "v", ps[0].ID); ok {
			t.Fatal("another user's try")
		}
	})
}

func TestDailyPuzzleIsOnePerDayAndHasALeaderboard(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ps := keepPuzzles(t, db,
			Puzzle{Kind: Xiangqi, Record: "x1", Solver: engine.First, Theme: "mate", Plies: 1, Line: []string{"m"}, Rating: glicko2.Rating{Rating: 1000}},
			Puzzle{Kind: Xiangqi, Record: "x2", Solver: engine.First, Theme: "mate", Plies: 3, Line: []string{"m", "r", "n"}, Rating: glicko2.Rating{Rating: 1450}})
		day := DayOf(clk.Now())
		if _, ok, err := db.DailyPuzzle(ctx, day, Xiangqi); ok || err != nil {
			t.Fatalf("a daily before any is chosen: %v, %v", ok, err)
		}
		c, err := db.DailyCandidates(ctx, Xiangqi, 1500, 1)
		if err != nil || len(c) != 1 || c[0].ID != ps[1].ID {
			t.Fatalf("daily candidates: %+v, %v", c, err)
		}
		p, err := db.ChooseDaily(ctx, day, Xiangqi, ps[1].ID)
		if err != nil || p.ID != ps[1].ID {
			t.Fatalf("chosen: %+v, %v", p, err)
		}
		// A second process's choice loses to the first.
		if p, err := db.ChooseDaily(ctx, day, Xiangqi, ps[0].ID); err != nil || p.ID != ps[1].ID {
			t.Fatalf("chosen again: %+v, %v", p, err)
		}
		if c, _ := db.DailyCandidates(ctx, Xiangqi, 1500, 5); len(c) != 1 || c[0].ID != ps[0].ID {
			t.Fatalf("a daily is never chosen twice: %+v", c)
		}
		solve := func(user, guild string, took time.Duration, solved bool) {
			t.Helper()
			a := PuzzleAttempt{UserID: user, Puzzle: p, GuildID: guild, Daily: day, Line: p.Line}
			if err := db.StartPuzzle(ctx, &a); err != nil {
				t.Fatal(err)
			}
			clk.Advance(took)
			if _, err := db.FinishPuzzle(ctx, a, p.Line, solved); err != nil {
				t.Fatal(err)
			}
		}
		solve("slow", "g", 3*time.Minute, true)
		solve("fast", "g", 20*time.Second, true)
		solve("wrong", "g", time.Second, false)
		solve("elsewhere", "h", time.Second, true)
		got, err := db.DailySolves(ctx, "g", day, Xiangqi, 10)
		want := []DailySolve{{"fast", 20 * time.Second}, {"slow", 3 * time.Minute}}
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("today's solvers in g: %+v, %v; want %+v", got, err, want)
		}
		if got, _ := db.DailySolves(ctx, "g", day, Gomoku, 10); len(got) != 0 {
			t.Fatalf("gomoku's: %+v", got)
		}
		counts, err := db.DailyCounts(ctx, "g", day, Xiangqi, 10)
		if err != nil || !slices.Equal(counts, []DailyCount{{"fast", 1}, {"slow", 1}}) {
			t.Fatalf("counts: %+v, %v", counts, err)
		}
		if got, _ := db.DailyCounts(ctx, "g", DayOf(clk.Now().Add(24*time.Hour)), Xiangqi, 10); len(got) != 0 {
			t.Fatalf("counts from tomorrow: %+v", got)
		}
	})
}
