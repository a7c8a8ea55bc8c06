package render

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestPlayerLabel(t *testing.T) {
	en, zh := EnglishWords(), zhCNWords().filled()
	tests := []struct {
		p      Player
		w      *Words
		colour string
		want   string
	}{
		{Player{Name: "Alice"}, &en, "Black", "Alice"},
		{Player{Name: "  Ali \t ce  "}, &en, "Black", "Ali ce"},
		{Player{}, &en, "Black", "Black"},
		{Player{Name: "Bob", AI: true, Level: 4}, &en, "Black", "Tengen AI · level 4"},
		{Player{}, &zh, "黑方", "黑方"},
		{Player{Name: "小明"}, &zh, "黑方", "小明"},
		{Player{AI: true, Level: 3}, &zh, "红方", "Tengen AI · 3 级"},
	}
	for _, tt := range tests {
		if got := tt.p.label(tt.w, tt.colour); got != tt.want {
			t.Errorf("%+v.label = %q, want %q", tt.p, got, tt.want)
		}
	}
}

// TestHeaderClock: the header shows a player's clock after the name; the
// result names the winner without it.
func TestHeaderClock(t *testing.T) {
	en := EnglishWords()
	if got := (Player{Name: "Alice", Clock: "2:55"}).withClock(&en, "Black"); got != "Alice · 2:55" {
		t.Errorf("with a clock: %q", got)
	}
	if got := (Player{Name: "Alice"}).withClock(&en, "Black"); got != "Alice" {
		t.Errorf("without a clock: %q", got)
	}
	h := Header{Players: [2]Player{{Name: "Alice", Clock: "2:55"}, {Name: "Bob", Clock: "0:00.0"}},
		Outcome: engine.WinFor(engine.First, engine.Timeout)}
	if got := h.status(&en, [2]string{"Black", "White"}, engine.Second, 2, 1); strings.Contains(got, "2:55") || !strings.Contains(got, "Alice") {
		t.Errorf("the result line: %q", got)
	}
}

func TestStatus(t *testing.T) {
	players := [2]Player{{Name: "Alice"}, {AI: true, Level: 2}}
	tests := []struct {
		words   Words
		kind    gameKind
		outcome engine.Outcome
		turn    engine.Side
		want    string
	}{
		{Words{}, gomoku15, engine.Outcome{}, engine.Second, "Move 8 · White to play"},
		{Words{}, gomoku15, engine.WinFor(engine.First, engine.Five), engine.Second, "Alice wins by five in a row · 7 moves"},
		{Words{}, gomoku15, engine.WinFor(engine.Second, engine.Timeout), engine.Second, "Tengen AI · level 2 wins by time · 7 moves"},
		{Words{}, gomoku15, engine.DrawBy(engine.FullBoard), engine.Second, "Draw by full board · 7 moves"},
		{Words{}, xiangqiBoard, engine.Outcome{}, engine.First, "Move 8 · Red to play"},
		{zhCNWords(), xiangqiBoard, engine.Outcome{}, engine.First, "第 8 手 · 红方走棋"},
		{zhCNWords(), xiangqiBoard, engine.WinFor(engine.First, engine.Checkmate), engine.Second, "红方胜（将死）· 共 7 手"},
		{zhCNWords(), gomoku15, engine.WinFor(engine.Second, engine.Timeout), engine.First, "白方胜（超时）· 共 7 手"},
		{zhCNWords(), gomoku15, engine.DrawBy(engine.FullBoard), engine.First, "和棋（棋盘已满）· 共 7 手"},
		{zhTWWords(), xiangqiBoard, engine.Outcome{}, engine.Second, "第 8 手 · 黑方走棋"},
		{zhTWWords(), xiangqiBoard, engine.WinFor(engine.First, engine.Checkmate), engine.Second, "紅方勝（將死）· 共 7 手"},
		// A reason the words do not name falls back to the engine's.
		{Words{Reasons: [engine.NoLegalPoint + 1]string{engine.Five: "五连"}}, gomoku15, engine.WinFor(engine.First, engine.Timeout), engine.First, "Alice wins by time · 7 moves"},
	}
	for _, tt := range tests {
		h := Header{Players: players, Outcome: tt.outcome, Words: tt.words}
		w := h.Words.filled()
		if got := h.status(&w, w.sides(tt.kind), tt.turn, 8, 7); got != tt.want {
			t.Errorf("status(%+v) = %q, want %q", tt.outcome, got, tt.want)
		}
	}
	one := func(words Words) string {
		h := Header{Outcome: engine.DrawBy(engine.Agreement), Words: words}
		w := h.Words.filled()
		return h.status(&w, w.sides(xiangqiBoard), 0, 1, 1)
	}
	if got := one(Words{}); got != "Draw by agreement · 1 move" {
		t.Errorf("one move: %q", got)
	}
	// Words that set Ended but not EndedOne use Ended for one move too.
	if got := one(zhCNWords()); got != "和棋（双方同意）· 共 1 手" {
		t.Errorf("one move in Chinese: %q", got)
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
		strings.Repeat("黃飛鴻", 30),   // Chinese, from the names font
		"Tengen AI · 3 级 " + strings.Repeat("红方胜（将死）", 20),
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
