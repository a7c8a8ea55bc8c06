package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// TestExplainLocalised: refusals are specific in every language; internal
// failures are an apology, flagged for the log.
func TestExplainLocalised(t *testing.T) {
	turn := fmt.Errorf("play: %w", engine.E(engine.NotYourTurn, engine.Seat{Name: "bob", UserID: "2", Colour: engine.ColourWhite}))
	foul := engine.E(engine.ForbiddenPoint, engine.ShapeDoubleThree, "j8")
	tests := []struct {
		loc      locale
		err      error
		want     []string
		internal bool
	}{
		{en, turn, []string{"it is not your turn: waiting for @bob (white)"}, false},
		{zhCN, turn, []string{"还没轮到你", "@bob（白方）"}, false},
		{zhTW, foul, []string{"禁手", "j8", "三三"}, false},
		{zhTW, engine.E(engine.GameNotFound, 9), []string{"沒有第 9 號對局"}, false},
		{en, errors.New("disk on fire"), []string{"Something went wrong"}, true},
		{zhCN, engine.E(engine.VersionConflict, 3), []string{"请重试", "第 3 号对局"}, false},
		{zhCN, engine.E(engine.Internal, "seat 0 is empty"), []string{"出了"}, true},
	}
	for _, tt := range tests {
		got, internal := explain(tt.loc, tt.err)
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
	p := &presenter{render: render.NewRenderer(), locale: en}
	g := &store.Game{ID: 7, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active, Locale: "zh-TW", Perms: store.PermsUnknown,
		Seats: [2]store.Seat{store.Human("1", "alice"), store.AI(3)},
		Moves: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3"}
	board := &store.Post{Kind: store.BoardPost, Want: "v2"}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.post(g, eg, board)
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
	m, err = p.post(g, eg, board)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Content, "<@1>（紅方）獲勝（對方認輸）") || len(m.Files) != 2 {
		t.Errorf("final: %q, %d files", m.Content, len(m.Files))
	}
}

// TestFitPermissions: where the app may not attach files, embed links or
// send messages, the board says which permission is missing and goes
// without what it cannot show.
func TestFitPermissions(t *testing.T) {
	p := &presenter{render: render.NewRenderer(), locale: en}
	g := &store.Game{ID: 3, Kind: store.Gomoku, Rules: "freestyle", Size: 15, Status: store.Active, ChannelID: "c",
		Seats: [2]store.Seat{store.Human("1", "alice"), store.Human("2", "bob")}, Moves: "15 freestyle: h8"}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		t.Fatal(err)
	}
	board := &store.Post{Kind: store.BoardPost, ChannelID: "c", Want: "v3"}
	all := int64(permView | permSend | permEmbed | permAttach)
	tests := []struct {
		perms int64
		notes []string
		image bool
	}{
		{store.PermsUnknown, nil, true},
		{all, nil, true},
		{all &^ permAttach, []string{"Attach Files"}, false},
		{all &^ permEmbed, []string{"Embed Links"}, true},
		{all &^ permSend, []string{"Send Messages"}, true},
		{0, []string{"Attach Files", "Embed Links", "Send Messages"}, false},
	}
	for _, tt := range tests {
		g.Perms = tt.perms
		m, err := p.post(g, eg, board)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range tt.notes {
			if !strings.Contains(m.Content, n) {
				t.Errorf("perms %#x: %q does not name %s", tt.perms, m.Content, n)
			}
		}
		if len(tt.notes) == 0 && strings.Contains(m.Content, "⚠️") {
			t.Errorf("perms %#x: %q warns of nothing missing", tt.perms, m.Content)
		}
		if image := len(m.Files) > 0 && m.Embeds[0].Image != nil; image != tt.image {
			t.Errorf("perms %#x: image %v, want %v", tt.perms, image, tt.image)
		}
	}
}

// TestBoardImageLocalised: a board's image speaks the board's language:
// zh-TW words in a zh-TW game (the renderer's own goldens show how they
// look), the same position drawn differently from an English game's, and
// English unchanged.
func TestBoardImageLocalised(t *testing.T) {
	p := &presenter{render: render.NewRenderer(), locale: en}
	g := &store.Game{ID: 7, Kind: store.Xiangqi, Rules: "asian", Size: 9, Status: store.Active, Perms: store.PermsUnknown,
		Seats: [2]store.Seat{store.Human("1", "alice"), store.AI(3)},
		Moves: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3"}
	if w := header(g, zhTW).Words; w.ToPlay != "第 %[1]d 手 · %[2]s走棋" || w.AI != "Tengen AI · %d 級" || w.Reasons[engine.Checkmate] != "將死" {
		t.Errorf("zh-TW words %+v", w)
	}
	if w := header(g, en).Words; w.ToPlay != render.EnglishWords().ToPlay || w.Reasons[engine.Checkmate] != "" {
		t.Errorf("English words %+v", w)
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		t.Fatal(err)
	}
	image := func(locale string) []byte {
		g.Locale = locale
		m, err := p.post(g, eg, &store.Post{Kind: store.BoardPost, Want: "v2"})
		if err != nil {
			t.Fatal(err)
		}
		return m.Files[0].Data
	}
	if bytes.Equal(image("zh-TW"), image("en-US")) {
		t.Error("the zh-TW board's image is the English one")
	}
}

// TestXiangqiNotationPerLanguage: each language's readers see moves in
// their notation, and readers of Chinese characters the mover's own
// pieces in the picker.
func TestXiangqiNotationPerLanguage(t *testing.T) {
	pos := xiangqi.NewGame().Position()
	m, err := pos.ParseMove("b1c3")
	if err != nil {
		t.Fatal(err)
	}
	horse := pos.At(m.From())
	for _, tt := range []struct {
		code        discordgo.Locale
		move, horse string
	}{
		{discordgo.EnglishUS, "b1c3 · 傌八進七 · H8+7", "Horse"},
		{discordgo.ChineseCN, "b1c3 · 马八进七 · H8+7", "马"},
		{discordgo.ChineseTW, "b1c3 · 傌八進七 · H8+7", "傌"},
		{discordgo.Japanese, "b1c3 · 傌八進七 · H8+7", "傌"},
		{discordgo.Korean, "b1c3 · 傌八進七 · H8+7", "傌"},
		{discordgo.Vietnamese, "b1c3 · M8.7 · H8+7", ""},
	} {
		loc := localeOf(tt.code)
		if got := describeXiangqi(loc, &pos, m); got != tt.move {
			t.Errorf("%s: %q, want %q", tt.code, got, tt.move)
		}
		if got := pieceLabel(loc, horse); tt.horse != "" && got != tt.horse {
			t.Errorf("%s: the red horse is %q, want %q", tt.code, got, tt.horse)
		}
	}
}
