package match

import (
	"context"
	"math"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestClassOfThresholds(t *testing.T) {
	cases := []struct {
		loss float64
		best bool
		want MoveClass
	}{
		{0, false, Best}, {0.3, true, Best}, {0.019, false, Best},
		{0.02, false, Good}, {0.049, false, Good},
		{0.05, false, Inaccuracy}, {0.099, false, Inaccuracy},
		{0.10, false, Mistake}, {0.149, false, Mistake},
		{0.15, false, Blunder}, {1, false, Blunder},
	}
	for _, c := range cases {
		if got := ClassOf(c.loss, c.best); got != c.want {
			t.Errorf("ClassOf(%v, %v) = %v, want %v", c.loss, c.best, got, c.want)
		}
	}
}

func TestMoveAccuracy(t *testing.T) {
	if a := MoveAccuracy(0); math.Abs(a-100) > 0.01 {
		t.Errorf("no loss: accuracy %.2f, want 100", a)
	}
	if a := MoveAccuracy(1); a != 0 {
		t.Errorf("a whole point lost: accuracy %.2f, want 0", a)
	}
	prev := 101.0
	for loss := 0.0; loss <= 1; loss += 0.01 {
		a := MoveAccuracy(loss)
		if a > prev {
			t.Fatalf("accuracy rises with the loss at %.2f", loss)
		}
		prev = a
	}
}

// scripted is an Analyst that knows the expected score of some positions
// (by the number of moves played), 0.5 elsewhere, and always names "best".
type scripted map[int]float64

func (s scripted) Analyse(ctx context.Context, g engine.Game, nodes uint64) (Analysis, error) {
	e, ok := s[g.Ply()]
	if !ok {
		e = 0.5
	}
	return Analysis{Expected: e, Best: "best", Line: []string{"best"}}, nil
}

func TestReviewGameJudgesEachMoveFromBothSides(t *testing.T) {
	g, err := NewGame(Setup{Kind: store.Gomoku})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h8", "h9", "i9", "a1", "j10"} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	// Position n is the one after n moves, seen by the side to move
	// there (black at even n). White stands at 0.62 before its a1
	// (position 3), black at 0.9 after it (position 4): white kept 0.1 and
	// gave away 0.52, a blunder. Black's i9 (0.5 before it, 1-0.62 = 0.38
	// after) gave away 0.12, a mistake; its j10 kept its 0.9.
	a := scripted{3: 0.62, 4: 0.9, 5: 0.1}
	r, err := ReviewGame(context.Background(), a, store.Gomoku, string(text), 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 5 || len(r.Expected) != 6 {
		t.Fatalf("%d moves, %d positions", len(r.Moves), len(r.Expected))
	}
	m := r.Moves[3]
	if m.Move != "a1" || m.Side != engine.Second || math.Abs(m.Loss-0.52) > 1e-9 || m.Class != Blunder {
		t.Errorf("a1: %+v, want white's blunder losing 0.52", m)
	}
	if m := r.Moves[2]; math.Abs(m.Loss-0.12) > 1e-9 || m.Class != Mistake {
		t.Errorf("i9: %+v, want a mistake losing 0.12", m)
	}
	// The graph is black's expected score: position 3 is white's 0.62.
	if math.Abs(r.Expected[3]-0.38) > 1e-9 || math.Abs(r.Expected[4]-0.9) > 1e-9 {
		t.Errorf("graph %v", r.Expected)
	}
	if got := r.TurningPoints(3); len(got) != 2 || got[0] != 3 || got[1] != 2 {
		t.Errorf("turning points %v, want [3 2]", got)
	}
	if r.Accuracy[1] >= r.Accuracy[0] {
		t.Errorf("accuracy %v: white blundered and should be lower", r.Accuracy)
	}
}

func TestReviewFindsTheBlunderWithTheRealEngine(t *testing.T) {
	// Black makes an open three (h8 i8 j8), white blocks it at k8, black
	// makes a four (g8), and white's a1 ignores it: black's five follows.
	// a1 gave the game away. White's g7 leaves it about a third of a point
	// before a1 (with i9 there, the engine's judgement of white's standing
	// lay near BlunderFrom and the class turned on how deep it searched).
	text := gomokuRecord(t, "h8", "h9", "i8", "g7", "j8", "k8", "g8", "a1", "f8")
	var done []int
	r, err := ReviewGame(context.Background(), &Engines{Spare: -1}, store.Gomoku, text, 20000,
		func(d, total int) { done = append(done, d) })
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 10 || done[9] != 10 {
		t.Errorf("progress %v, want 1..10", done)
	}
	a1 := r.Moves[7]
	if a1.Move != "a1" || a1.Best != "f8" || a1.Class != Blunder || a1.After != 0 || a1.Lost != 1 {
		t.Errorf("a1: %+v, want a blunder into a five, f8 the block", a1)
	}
	if f8 := r.Moves[8]; f8.Class != Best || f8.Before != 1 || f8.Won != 1 {
		t.Errorf("f8: %+v, want the best move of a won position", f8)
	}
	if r.Expected[9] != 1 {
		t.Errorf("after the five black's expected score is %v, want 1", r.Expected[9])
	}
	for i, e := range r.Expected {
		if e < 0 || e > 1 {
			t.Errorf("position %d: expected score %v", i, e)
		}
	}
	if r.Accuracy[0] <= r.Accuracy[1] {
		t.Errorf("accuracy %v: white blundered", r.Accuracy)
	}
}

// gomokuRecord returns the stored text of a freestyle game of moves.
func gomokuRecord(t *testing.T, moves ...string) string {
	t.Helper()
	g, err := NewGame(Setup{Kind: store.Gomoku})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestReviewXiangqiWithTheRealEngine(t *testing.T) {
	g, err := NewGame(Setup{Kind: store.Xiangqi})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h3e3", "h10g8", "h1g3", "i10h10"} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	e := &Engines{Spare: -1}
	r, err := ReviewGame(context.Background(), e, store.Xiangqi, string(text), 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 4 || len(r.Expected) != 5 {
		t.Fatalf("%d moves, %d positions", len(r.Moves), len(r.Expected))
	}
	for i, m := range r.Moves {
		if m.Best == "" || len(m.Line) == 0 || m.Line[0] != m.Best {
			t.Errorf("move %d: no engine line: %+v", i, m)
		}
		if m.Move == m.Best && m.Class != Best {
			t.Errorf("move %d is the engine's own and classed %v", i, m.Class)
		}
		// A known opening: nobody gives much away.
		if m.Class >= Mistake {
			t.Errorf("move %d %s classed %v (loss %.3f)", i, m.Move, m.Class, m.Loss)
		}
	}
	// The same position and budget give the same analysis.
	again, err := ReviewGame(context.Background(), e, store.Xiangqi, string(text), 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Expected {
		if r.Expected[i] != again.Expected[i] {
			t.Fatalf("position %d: %v then %v", i, r.Expected[i], again.Expected[i])
		}
	}
}

func TestReviewNamesForcedWins(t *testing.T) {
	// White's a1 leaves black a five (proved one ply ahead); black's g8
	// four before it proved nothing yet.
	text := gomokuRecord(t, "h8", "h9", "i8", "i9", "j8", "k8", "g8", "a1", "f8")
	r, err := ReviewGame(context.Background(), &Engines{Spare: -1}, store.Gomoku, text, 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a1 := r.Moves[7]; a1.Lost != 1 || a1.Won != 0 {
		t.Errorf("a1 walked into a five: %+v", a1)
	}
	if f8 := r.Moves[8]; f8.Won != 1 || f8.Lost != 0 {
		t.Errorf("f8 made the five it had: %+v", f8)
	}
}
