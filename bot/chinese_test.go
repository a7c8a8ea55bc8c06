package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestChineseInputAndScript: a 简体中文 player finds moves by typing any
// spelling (simplified or traditional, either side's glyph, full-width
// digits), sees suggestions, the picker and the board's last move in
// simplified characters and their own pieces' glyphs; a 繁體中文 reader
// sees traditional ones.
func TestChineseInputAndScript(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.dc.Guild().SetLocale(discordgo.ChineseCN)
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	hua := w.dc.User("小華", discordtest.Locale(discordgo.ChineseTW))
	ch := w.do(ming.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", hua.ID), discordtest.Opt("colour", "red"))))
	board := w.click(hua, ch, "接受")

	names := func(u *discordtest.User, typed string) []string {
		t.Helper()
		r := w.must(u.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", typed)))
		var out []string
		for _, c := range r.Choices {
			out = append(out, c.Name)
		}
		return out
	}
	for _, typed := range []string{"马", "马八", "马八进七", "馬八進七", "傌八進七", "马８进７", "b1c3", "ｂ１ｃ３", "H8+7", "Ｈ８＋７"} {
		got := names(ming, typed)
		if !slices.Contains(got, "b1c3 · 马八进七 · H8+7") {
			t.Errorf("小明 typing %q: %q, want 马八进七 among them", typed, got)
		}
	}
	for _, typed := range []string{"车一进一", "兵七进", "帅五进一"} {
		if got := names(ming, typed); len(got) == 0 {
			t.Errorf("小明 typing %q: no suggestions", typed)
		}
	}
	if got := names(hua, "马八"); !slices.Contains(got, "b1c3 · 傌八進七 · H8+7") {
		t.Errorf("小華 typing 马八: %q, want red's 傌八進七 in traditional", got)
	}

	// the picker: 小明's own red pieces, in simplified characters
	p := w.must(ming.Click(ctx, board, buttonID(t, board, "走棋…"))).Message()
	var labels []string
	for _, o := range p.Components[0].Components[0].Options {
		labels = append(labels, o.Label)
	}
	joined := strings.Join(labels, " ")
	for _, want := range []string{"马 b1", "车 a1", "炮 b3", "兵 c4", "相 c1", "仕 d1", "帅 e1"} {
		if !strings.Contains(joined, want) {
			t.Errorf("picker %q lacks %q", joined, want)
		}
	}
	for _, wrong := range []string{"傌", "/", "卒", "将"} {
		if strings.Contains(joined, wrong) {
			t.Errorf("picker %q shows %q", joined, wrong)
		}
	}

	board = w.do(ming.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "马八进七")))
	if got := field(board, "上一步"); !strings.Contains(got, "马八进七") {
		t.Errorf("last move %q, want 马八进七 in simplified", got)
	}
	// 小華 (black, traditional) types a full-width reply with the red glyph
	// and sees traditional suggestions
	if got := names(hua, "马２进３"); !slices.Contains(got, "b10c8 · 馬2進3 · H2+3") {
		t.Errorf("小華 typing 马２进３: %q", got)
	}
	w.noFailures()
}
