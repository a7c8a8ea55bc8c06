package render

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestPlayerLabel(t *testing.T) {
	tests := []struct {
		p    Player
		want string
	}{
		{Player{Name: "Alice"}, "Alice"},
		{Player{Name: "  Ali \t ce  "}, "Ali ce"},
		{Player{}, "Black"},
		{Player{Name: "Bob", AI: true, Level: 4}, "Tengen AI · level 4"},
	}
	for _, tt := range tests {
		if got := tt.p.label("black"); got != tt.want {
			t.Errorf("%+v.label = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestStatus(t *testing.T) {
	players := [2]Player{{Name: "Alice"}, {AI: true, Level: 2}}
	tests := []struct {
		outcome engine.Outcome
		turn    engine.Side
		want    string
	}{
		{engine.Outcome{}, engine.Second, "Move 8 · White to play"},
		{engine.WinFor(engine.First, engine.Five), engine.Second, "Alice wins by five in a row · 7 moves"},
		{engine.WinFor(engine.Second, engine.Timeout), engine.Second, "Tengen AI · level 2 wins by time · 7 moves"},
		{engine.DrawBy(engine.FullBoard), engine.Second, "Draw by full board · 7 moves"},
	}
	for _, tt := range tests {
		h := Header{Players: players, Outcome: tt.outcome}
		if got := h.status(gomokuColours, tt.turn, 8, 7); got != tt.want {
			t.Errorf("status(%+v) = %q, want %q", tt.outcome, got, tt.want)
		}
	}
	if got := (&Header{Outcome: engine.DrawBy(engine.Agreement)}).status(xiangqiColours, 0, 1, 1); got != "Draw by agreement · 1 move" {
		t.Errorf("one move: %q", got)
	}
}

func TestFitLongNames(t *testing.T) {
	a, err := NewRenderer().get(assetKey{kind: gomoku15, scale: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"Short",
		strings.Repeat("W", 200),
		strings.Repeat("名前🙂", 5000), // runes no embedded font has, and very long
	} {
		got := a.name.fit(name, 300)
		if w := a.name.width(got); w > 300 {
			t.Errorf("fit(%.20q) is %d px wide, over 300", name, w)
		}
		if a.name.width(name) <= 300 && got != name {
			t.Errorf("fit cut %q, which fits", name)
		}
		if a.name.width(name) > 300 && !strings.HasSuffix(got, "…") {
			t.Errorf("fit(%.20q) = %q, want it to end with …", name, got)
		}
	}
}
