package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// TestBadSettingValue: a value Discord's choices would not let through (a
// forged or outdated request) is refused before anything is stored,
// naming the setting and the values it takes, in the reader's language.
func TestBadSettingValue(t *testing.T) {
	b := &Bot{}
	q := &request{ctx: context.Background(), i: &discordgo.Interaction{}, loc: zhCN}
	for _, tt := range []struct {
		opt, value, want string
	}{
		{optTheme, "neon", "“neon”不是 theme 的可选值：请选择 wood, dark"},
		{optPieces, "western", "“western”不是 pieces 的可选值：请选择 traditional, simplified"},
		{optLanguage, "fr", "“fr”不是 language 的可选值：请选择 discord, en-US, zh-CN, zh-TW, vi, ja, ko"},
	} {
		o := options{tt.opt: {Name: tt.opt, Type: discordgo.ApplicationCommandOptionString, Value: tt.value}}
		_, err := b.mySettings(q, o)
		if text, internal := explain(zhCN, err); internal || !strings.Contains(text, tt.want) {
			t.Errorf("%s %q: %q (internal %v), want %q", tt.opt, tt.value, text, internal, tt.want)
		}
	}
}

// TestLooksApply: a player's settings over the configuration, and whose
// settings a shared board follows.
func TestLooksApply(t *testing.T) {
	l := looks{looksTheme: "dark", looksPieces: "simplified", looksSize: "large", looksCoords: settingOff, looksView: viewRed}
	got := l.apply(render.Options{Theme: "wood", Scale: 2})
	if want := (render.Options{Theme: "dark", Scale: 3, Pieces: "simplified", NoCoordinates: true}); got != want {
		t.Errorf("apply = %+v, want %+v", got, want)
	}
	if got := (looks{looksSize: "large"}).apply(render.Options{Scale: 3}); got.Scale != 4 {
		t.Errorf("large at scale 3 = %v, want the cap 4", got.Scale)
	}
	if !l.fixedView(false) || (looks{looksView: viewMine}).fixedView(true) || !(looks{}).fixedView(true) {
		t.Error("fixedView does not follow the player's view over the configuration")
	}
	g := &store.Game{Kind: store.Gomoku, Seats: [2]store.Seat{store.AI(3), store.Human("u", "U")}}
	eg, err := match.Restore(g.Kind, "15 freestyle:")
	if err != nil {
		t.Fatal(err)
	}
	if id, side := boardViewer(g, eg); id != "u" || side != 1 {
		t.Errorf("with the AI to move the board is for %q (side %d), want the person", id, side)
	}
}
