package bot

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// TestAltText: a board's alt text says, in the game's language, the kind
// of game, the move number, whose turn it is, the last move, and for
// Gomoku the stones around it, for Xiangqi each side's material.
func TestAltText(t *testing.T) {
	for _, tt := range []struct {
		name string
		g    *store.Game
		loc  locale
		want []string
	}{
		{"gomoku", &store.Game{ID: 3, Kind: store.Gomoku, Rules: "freestyle", Size: 15, Status: store.Active,
			Seats: [2]store.Seat{store.Human("1", "alice"), store.Human("2", "bob")}, Moves: "15 freestyle: h8 h9 a1"}, en,
			[]string{"Gomoku board, game #3: 3 moves played.", "bob (white) to move.", "Last move: a1.", "No other stone near it."}},
		{"gomoku near", &store.Game{ID: 3, Kind: store.Gomoku, Rules: "freestyle", Size: 15, Status: store.Active,
			Seats: [2]store.Seat{store.Human("1", "alice"), store.AI(2)}, Moves: "15 freestyle: h8 h9 j10 o15 h10"}, en,
			[]string{"5 moves played.", "Tengen AI (level 2) (white) to move.", "Last move: h10.", "Stones near it: black j10, white h9, black h8."}},
		{"xiangqi", &store.Game{ID: 7, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active,
			Seats: [2]store.Seat{store.Human("1", "小明"), store.AI(3)},
			Moves: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3 h8e8 e3e7"}, zhCN,
			[]string{"象棋棋盘，第 7 局，已走 3 步。", "轮到", "最后一步：e3e7", "红方：", "×5", "黑方：", "×4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eg, err := match.Restore(tt.g.Kind, tt.g.Moves)
			if err != nil {
				t.Fatal(err)
			}
			alt := altText(tt.loc, tt.g, eg)
			for _, w := range tt.want {
				if !strings.Contains(alt, w) {
					t.Errorf("alt text %q lacks %q", alt, w)
				}
			}
			if n := len([]rune(alt)); n > maxAltText {
				t.Errorf("alt text of %d characters", n)
			}
		})
	}
	if got := clipRunes(strings.Repeat("棋", 2000), maxAltText); len([]rune(got)) != maxAltText || !strings.HasSuffix(got, "…") {
		t.Errorf("clipped to %d characters", len([]rune(got)))
	}
}
