package render

import (
	"bytes"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

func playGomoku(t *testing.T, rule gomoku.Rule, moves string) *gomoku.Game {
	t.Helper()
	g, err := gomoku.NewGame(15, rule)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range points(t, moves) {
		if _, err := g.Play(m.String()); err != nil {
			t.Fatalf("play %v: %v", m, err)
		}
	}
	return g
}

func TestGomokuFromGame(t *testing.T) {
	h := Header{Players: [2]Player{{Name: "Chen"}, {AI: true, Level: 7}}}
	renju := GomokuFromGame(playGomoku(t, gomoku.Renju, "h8 h9 i8 g7 j10 k11 j9 g9"), h, false)
	if !slices.Equal(renju.Moves, points(t, "h8 h9 i8 g7 j10 k11 j9 g9")) {
		t.Errorf("moves %v", renju.Moves)
	}
	if !slices.Contains(renju.Forbidden, Point{9, 7}) { // j8: double three
		t.Errorf("forbidden %v, want j8 among them", renju.Forbidden)
	}
	if renju.Header.Outcome.Over() || len(renju.WinLine) != 0 {
		t.Errorf("game over too early: %+v", renju.Header.Outcome)
	}
	// White to move: no forbidden points shown.
	if v := GomokuFromGame(playGomoku(t, gomoku.Renju, "h8 h9 i8 g7 j10 k11 j9"), h, false); len(v.Forbidden) != 0 {
		t.Errorf("white to move, forbidden %v", v.Forbidden)
	}

	won := GomokuFromGame(playGomoku(t, gomoku.Freestyle, "h8 h9 i9 j8 g9 g8 i7 i8 k8 f7 g7 h7 j10 k11 e8 j6 f6"), h, true)
	line := slices.Clone(won.WinLine)
	slices.SortFunc(line, func(a, b Point) int { return a.X - b.X })
	if !slices.Equal(line, points(t, "f6 g7 h8 i9 j10")) {
		t.Errorf("win line %v", won.WinLine)
	}
	if want := engine.WinFor(engine.First, engine.Five); won.Header.Outcome != want {
		t.Errorf("outcome %+v, want %+v", won.Header.Outcome, want)
	}
	resigned := h
	resigned.Outcome = engine.WinFor(engine.Second, engine.Resignation)
	if v := GomokuFromGame(playGomoku(t, gomoku.Freestyle, "h8"), resigned, false); v.Header.Outcome != resigned.Outcome {
		t.Errorf("the lifecycle's outcome was replaced: %+v", v.Header.Outcome)
	}
	var b bytes.Buffer
	if err := NewRenderer().Gomoku(&b, won, Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestXiangqiFromGame(t *testing.T) {
	g := midXiangqiGame(t)
	want := midXiangqi(t)
	got, err := XiangqiFromGame(g, want.Header, false)
	if err != nil {
		t.Fatal(err)
	}
	if got.Board != want.Board || *got.From != *want.From || *got.To != *want.To || got.Check == nil || *got.Check != *want.Check ||
		got.Turn != want.Turn || got.Ply != want.Ply {
		t.Errorf("view of the game differs from the reference position:\ngot  %+v\nwant %+v", got, want)
	}

	positions, err := XiangqiPositions(g, want.Header, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(positions) != 2 || positions[0].From != nil || positions[0].Check != nil || !positions[1].Flip || positions[1].Board != want.Board {
		t.Errorf("positions: %+v", positions)
	}
	var b bytes.Buffer
	if err := NewRenderer().XiangqiReplay(&b, positions, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
}
