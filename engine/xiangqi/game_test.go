package xiangqi

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func mustGame(t *testing.T, fen string) *Game {
	t.Helper()
	g, err := NewGameFromFEN(fen)
	if err != nil {
		t.Fatalf("NewGameFromFEN(%q): %v", fen, err)
	}
	return g
}

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if _, err := g.Play(m); err != nil {
			t.Fatalf("Play(%q) after %v: %v", m, g.Moves(), err)
		}
	}
}

func TestNewGame(t *testing.T) {
	g := NewGame()
	if g.Turn() != Red || g.Ply() != 0 || g.Outcome().Over() {
		t.Fatalf("new game: turn %v ply %d outcome %v", g.Turn(), g.Ply(), g.Outcome())
	}
	if n := len(g.LegalMoves()); n != 44 {
		t.Errorf("LegalMoves: %d, want 44", n)
	}
	if g.SideNames() != [2]string{"red", "black"} {
		t.Errorf("SideNames = %v", g.SideNames())
	}
	got, err := g.Play("炮二平五")
	if err != nil || got != "h3e3" {
		t.Fatalf("Play(炮二平五) = %q, %v", got, err)
	}
	if g.Turn() != Black || g.Ply() != 1 || !slices.Equal(g.Moves(), []string{"h3e3"}) {
		t.Fatalf("after one move: turn %v ply %d moves %v", g.Turn(), g.Ply(), g.Moves())
	}
}

func TestOutcomes(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		want             engine.Outcome
		before           engine.Outcome // the outcome one move earlier
	}{
		{"checkmate", "3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1", "b2b10",
			engine.WinFor(Red, engine.Checkmate), engine.Outcome{}},
		{"stalemate loses", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "e2e9",
			engine.WinFor(Red, engine.Stalemate), engine.Outcome{}},
		{"threefold repetition", StartFEN, "h1g3 h10g8 g3h1 g8h10 h1g3 h10g8 g3h1 g8h10",
			engine.DrawBy(engine.Repetition), engine.Outcome{}},
		{"perpetual check loses", "5k3/9/9/9/9/4R4/9/9/9/3K5 w - - 0 1", "e5f5 f10e10 f5e5 e10f10 e5f5 f10e10 f5e5 e10f10",
			engine.WinFor(Black, engine.PerpetualCheck), engine.Outcome{}},
		{"perpetual check by black loses", "3k5/9/9/9/9/9/9/4r4/9/5K3 b - - 0 1", "e3f3 f1e1 f3e3 e1f1 e3f3 f1e1 f3e3 e1f1",
			engine.WinFor(Red, engine.PerpetualCheck), engine.Outcome{}},
		{"move limit", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 118 60", "h3e3 h8e8",
			engine.DrawBy(engine.MoveLimit), engine.Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGame(t, tt.fen)
			playAll(t, g, tt.moves)
			if got := g.Outcome(); got != tt.want {
				t.Fatalf("outcome %v, want %v", got, tt.want)
			}
			if _, err := g.Play("h3e3"); engine.ErrorCode(err).Class() != engine.ClassOver {
				t.Errorf("Play after the end: %v, want game over", err)
			}
			if got := g.LegalMoves(); got != nil {
				t.Errorf("LegalMoves after the end = %v", got)
			}
			if err := g.Undo(1); err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome(); got != tt.before {
				t.Fatalf("after Undo(1): outcome %v, want %v", got, tt.before)
			}
		})
	}
}

func TestPlayAfterMate(t *testing.T) {
	g := mustGame(t, "3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1")
	playAll(t, g, "b2b10")
	_, err := g.Play("d10e10")
	if engine.ErrorCode(err) != engine.GameWon || !strings.Contains(err.Error(), "red wins by checkmate") {
		t.Fatalf("Play after mate: %v", err)
	}
}

func TestCaptureResetsMoveLimit(t *testing.T) {
	g := mustGame(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 60")
	playAll(t, g, "b3b10")
	if p := g.Position(); g.Outcome().Over() || p.Clock() != 0 {
		t.Fatalf("a capture on the 120th ply: outcome %v, clock %d", g.Outcome(), p.Clock())
	}
}

func TestUndo(t *testing.T) {
	g := NewGame()
	playAll(t, g, "h3e3 h10g8 h1g3")
	if err := g.Undo(4); engine.ErrorCode(err) != engine.UndoBeyond {
		t.Fatalf("Undo(4) of 3 moves: %v", err)
	}
	if err := g.Undo(-1); err == nil {
		t.Fatal("Undo(-1) succeeded")
	}
	if g.Ply() != 3 {
		t.Fatalf("a failed Undo changed the game: ply %d", g.Ply())
	}
	if err := g.Undo(3); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.FEN() != StartFEN || g.Ply() != 0 {
		t.Fatalf("Undo(3) left %s", p.FEN())
	}
}

// TestRandomGames plays seeded random games to their end (or 300 plies),
// checking that the text form round-trips and that undoing everything
// restores the set-up and its outcome at every step.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 43))
	ended := map[engine.Reason]int{}
	for game := 0; game < 40; game++ {
		g := NewGame()
		var outcomes []engine.Outcome
		for g.Ply() < 300 && !g.Outcome().Over() {
			outcomes = append(outcomes, g.Outcome())
			legal := g.LegalMoves()
			if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		}
		ended[g.Outcome().Reason]++
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", text, err)
		}
		again, _ := back.MarshalText()
		if string(again) != string(text) || back.Outcome() != g.Outcome() || back.Position() != g.Position() {
			t.Fatalf("text round trip differs:\n%s\n%s", text, again)
		}
		for i := len(outcomes) - 1; i >= 0; i-- {
			if err := g.Undo(1); err != nil {
				t.Fatal(err)
			}
			if g.Outcome() != outcomes[i] {
				t.Fatalf("game %d: after undoing to ply %d outcome %v, want %v", game, i, g.Outcome(), outcomes[i])
			}
		}
		if p := g.Position(); p.FEN() != StartFEN {
			t.Fatalf("undoing everything left %s", p.FEN())
		}
	}
	t.Logf("random game endings: %v", ended)
}

func TestUnmarshalTextErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", "bad FEN"},
		{StartFEN + " moves h3e3 h3e3", "move 2 (h3e3): there is no piece on h3"},
		{StartFEN + " moves zz", "move 1 (zz): 'zz' is not a move"},
		{"3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1 moves b2b10 d10e10", "move 2 (d10e10): the game is over"},
		{StartFEN + " movesh3e3", "the moves must follow"},
	}
	for _, tt := range tests {
		var g Game
		err := g.UnmarshalText([]byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("UnmarshalText(%q) = %v, want an error containing %q", tt.text, err, tt.want)
		}
		if engine.ErrorCode(err) == engine.OK {
			t.Errorf("UnmarshalText(%q): error %v has no engine code", tt.text, err)
		}
	}
}

func FuzzGameText(f *testing.F) {
	f.Add(StartFEN)
	f.Add(StartFEN + " moves h3e3 h10g8 h1g3 i10h10")
	f.Add(StartFEN + " moves 炮二平五 馬8進7 C8.5")
	f.Add("3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1 moves b2b10")
	f.Fuzz(func(t *testing.T, text string) {
		var g Game
		if err := g.UnmarshalText([]byte(text)); err != nil {
			if engine.ErrorCode(err) == engine.OK {
				t.Fatalf("UnmarshalText(%q): error %v has no engine code", text, err)
			}
			return
		}
		out, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalText(out); err != nil {
			t.Fatalf("%q -> %q does not unmarshal: %v", text, out, err)
		}
		again, _ := back.MarshalText()
		if string(again) != string(out) || back.Position() != g.Position() || back.Outcome() != g.Outcome() {
			t.Fatalf("round trip of %q: %q then %q", text, out, again)
		}
	})
}

func ExampleGame() {
	g := NewGame()
	for _, move := range []string{"炮二平五", "H8+7", "h1g3"} {
		canonical, err := g.Play(move)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(move, "->", canonical)
	}
	_, err := g.Play("e10e8")
	fmt.Println(err)
	text, _ := g.MarshalText()
	fmt.Println(string(text))
	// Output:
	// 炮二平五 -> h3e3
	// H8+7 -> h10g8
	// h1g3 -> h1g3
	// the general moves one point along a line
	// rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3 h10g8 h1g3
}

func TestLastMove(t *testing.T) {
	g := NewGame()
	if _, _, ok := g.LastMove(); ok {
		t.Fatal("LastMove before any move: ok")
	}
	for _, mv := range []string{"h3e3", "h10g8", "e3e7"} {
		if _, err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	after := g.Position()
	m, before, ok := g.LastMove()
	if !ok || m.String() != "e3e7" {
		t.Fatalf("LastMove = %v, %v; want e3e7", m, ok)
	}
	if got := before.Describe(m); !strings.Contains(got, "e3e7") || !strings.Contains(got, "C5+4") {
		t.Fatalf("the cannon's capture described from before it: %q", got)
	}
	if g.Position() != after {
		t.Fatal("LastMove changed the game's position")
	}
}
