package store

import (
	"context"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestPuzzlesAreKeptOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, _ := open(t, Options{})
		g := humanGame("a", "b", false)
		play(t, db, g, engine.WinFor(engine.First, engine.Five))
		ps := []Puzzle{
			{Kind: Gomoku, Record: "h8 h9 i8", Solver: engine.Second, Theme: "vct", Plies: 5, Line: []string{"a1", "a2", "a3", "a4", "a5"}, GameID: g.ID, Ply: 3},
			{Kind: Xiangqi, Record: "fen x", Solver: engine.First, Theme: "mate", Plies: 1, Line: []string{"h3e3"}},
		}
		if n, err := db.SavePuzzles(ctx, ps); n != 2 || err != nil {
			t.Fatalf("first save: %d, %v", n, err)
		}
		if n, err := db.SavePuzzles(ctx, ps[:1]); n != 0 || err != nil {
			t.Fatalf("the same position again: %d new, %v", n, err)
		}
		got, err := db.Puzzles(ctx, Gomoku)
		if err != nil || len(got) != 1 {
			t.Fatalf("gomoku puzzles: %+v, %v", got, err)
		}
		p := got[0]
		if p.ID == 0 || p.Record != "h8 h9 i8" || p.Solver != engine.Second || p.Theme != "vct" || p.Plies != 5 ||
			!slices.Equal(p.Line, ps[0].Line) || p.GameID != g.ID || p.Ply != 3 {
			t.Errorf("read back %+v", p)
		}
		if x, err := db.Puzzles(ctx, Xiangqi); err != nil || len(x) != 1 || x[0].GameID != 0 {
			t.Errorf("xiangqi puzzles: %+v, %v", x, err)
		}
		if _, err := db.SavePuzzles(ctx, []Puzzle{{Kind: Gomoku, Record: "x"}}); engine.ErrorCode(err) != engine.Internal {
			t.Errorf("a puzzle without a solution: %v", err)
		}
	})
}
