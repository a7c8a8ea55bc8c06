package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// TestExplainLocalised: refusals are specific in every language; internal
// failures are an apology, flagged for the log.
func TestExplainLocalised(t *testing.T) {
	b := &Bot{}
	turn := fmt.Errorf("play: %w", &match.Error{Code: match.NotYourTurn, Message: "it is not your turn: waiting for @bob (white)"})
	foul := engine.E(engine.ForbiddenPoint, engine.ShapeDoubleThree, "j8")
	tests := []struct {
		loc      locale
		err      error
		want     []string
		internal bool
	}{
		{en, turn, []string{"it is not your turn: waiting for @bob (white)"}, false},
		{zhCN, turn, []string{"还没轮到你", "@bob"}, false},
		{zhTW, foul, []string{"禁手", "j8", "三三"}, false},
		{zhTW, refuse("err.game.missing", 9), []string{"不存在第 9 局"}, false},
		{en, errors.New("disk on fire"), []string{"Something went wrong"}, true},
		{zhCN, &store.Error{Code: store.Conflict, Message: "stale"}, []string{"请重试"}, false},
	}
	for _, tt := range tests {
		got, internal := b.explain(tt.loc, tt.err)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("explain(%d, %v) = %q, want it to contain %q", tt.loc, tt.err, got, w)
			}
		}
		if internal != tt.internal || strings.Contains(got, "disk") {
			t.Errorf("explain(%d, %v): internal = %v, text %q", tt.loc, tt.err, internal, got)
		}
	}
}

// TestBoardMessageLocalised: a board in 繁體中文 names the game, the colours,
// the buttons and the result in Chinese, and Xiangqi's last move in the
// three notations.
func TestBoardMessageLocalised(t *testing.T) {
	b := &Bot{render: render.NewRenderer()}
	g := &store.Game{ID: 7, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active,
		Seats: [2]store.Seat{store.Human("1", "alice"), store.AI(3)},
		Moves: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3"}
	m, err := b.boardMessage(g, zhTW)
	if err != nil {
		t.Fatal(err)
	}
	e := m.Embeds[0]
	if e.Title != "象棋 · 第 7 局" || !strings.Contains(e.Description, "紅方") {
		t.Errorf("embed %q / %q", e.Title, e.Description)
	}
	if last := e.Fields[2].Value; last != "`h3e3 · 炮二平五 · C2.5`" {
		t.Errorf("last move %q", last)
	}
	if m.Content != "🤔 AI 正在思考…" {
		t.Errorf("content %q", m.Content)
	}
	g.Status, g.Outcome = store.Finished, engine.WinFor(engine.First, engine.Resignation)
	m, err = b.boardMessage(g, zhTW)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Content, "<@1>（紅方）獲勝（對方認輸）") || len(m.Files) != 2 {
		t.Errorf("final: %q, %d files", m.Content, len(m.Files))
	}
}
