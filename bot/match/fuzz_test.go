package match

import (
	"testing"

	"github.com/tengen-bot/tengen/store"
)

// FuzzRestore checks that whatever stored text Restore accepts, the game
// it builds serialises to text that restores to the same game.
func FuzzRestore(f *testing.F) {
	for _, seed := range []struct {
		xiangqi bool
		text    string
	}{
		{false, "15 renju: h8 h9 i9"},
		{false, "19 freestyle: J10, k11"},
		{false, "15 standard:"},
		{true, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3 h10g8"},
		{true, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},
	} {
		f.Add(seed.xiangqi, seed.text)
	}
	f.Fuzz(func(t *testing.T, xiangqi bool, text string) {
		kind := store.Gomoku
		if xiangqi {
			kind = store.Xiangqi
		}
		g, err := Restore(kind, text)
		if err != nil {
			return
		}
		out, err := g.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText: %v", err)
		}
		again, err := Restore(kind, string(out))
		if err != nil {
			t.Fatalf("Restore(%q) of its own output: %v", out, err)
		}
		out2, _ := again.MarshalText()
		if string(out2) != string(out) || again.Ply() != g.Ply() || again.Turn() != g.Turn() || again.Outcome() != g.Outcome() {
			t.Fatalf("round trip of %q: %q -> %q", text, out, out2)
		}
	})
}
