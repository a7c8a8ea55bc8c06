package render

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// zhCNWords are the words a reader of Simplified Chinese sees, as the bot's
// catalogue (bot/catalogue.go, zh-CN) has them: colours and reasons are its
// texts, the formats the ones proposed for it.
func zhCNWords() Words {
	return Words{
		Black: "黑方", White: "白方", Red: "红方",
		ToPlay: "第 %[1]d 手 · %[2]s走棋",
		AI:     "Tengen AI · %d 级",
		Win:    "%[2]s胜（%[3]s）",
		Draw:   "和棋（%s）",
		Ended:  "%[1]s· 共 %[2]d 手", // the full-width bracket before it brings its own space
		Reasons: [engine.NoLegalPoint + 1]string{
			engine.Five: "五连", engine.Checkmate: "将死", engine.Stalemate: "困毙",
			engine.Resignation: "对方认输", engine.Timeout: "超时", engine.PerpetualCheck: "长将",
			engine.Agreement: "双方同意", engine.FullBoard: "棋盘已满", engine.Repetition: "重复局面",
			engine.MoveLimit: "步数限制", engine.NoLegalPoint: "黑方无子可下",
		},
	}
}

// zhTWWords are zhCNWords in Traditional Chinese (the catalogue's zh-TW).
func zhTWWords() Words {
	return Words{
		Black: "黑方", White: "白方", Red: "紅方",
		ToPlay: "第 %[1]d 手 · %[2]s走棋",
		AI:     "Tengen AI · %d 級",
		Win:    "%[2]s勝（%[3]s）",
		Draw:   "和棋（%s）",
		Ended:  "%[1]s· 共 %[2]d 手", // the full-width bracket before it brings its own space
		Reasons: [engine.NoLegalPoint + 1]string{
			engine.Five: "五連", engine.Checkmate: "將死", engine.Stalemate: "困斃",
			engine.Resignation: "對方認輸", engine.Timeout: "超時", engine.PerpetualCheck: "長將",
			engine.Agreement: "雙方同意", engine.FullBoard: "棋盤已滿", engine.Repetition: "重複局面",
			engine.MoveLimit: "步數限制", engine.NoLegalPoint: "黑方無子可下",
		},
	}
}

func TestZeroWordsAreEnglish(t *testing.T) {
	if got, want := (Words{}).filled(), EnglishWords(); !reflect.DeepEqual(got, want) {
		t.Errorf("zero Words filled = %+v, want EnglishWords %+v", got, want)
	}
	// A blank field is filled; a set one is kept.
	got := Words{Red: "红方"}.filled()
	if got.Red != "红方" || got.Black != "Black" || got.ToPlay != EnglishWords().ToPlay {
		t.Errorf("partly set words filled = %+v", got)
	}
}

func TestWordsCheck(t *testing.T) {
	for name, w := range map[string]Words{"zero": {}, "English": EnglishWords(), "zh-CN": zhCNWords(), "zh-TW": zhTWWords(), "vi": viWords(), "ja": jaWords(), "ko": koWords()} {
		if err := w.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, w := range []Words{
		{ToPlay: "Move %d"},               // the colour left over
		{ToPlay: "%[2]d to play"},         // a string as a number
		{AI: "level %[2]d"},               // no second argument
		{Win: "%s wins"},                  // two arguments left over
		{Ended: "%[1]s · %[2]s moves"},    // a number as a string
		{Ended: "%[1]s · %[2]d moves %q"}, // a third verb with no argument
	} {
		if err := w.Check(); err == nil {
			t.Errorf("Check(%+v) = nil, want an error", w)
		}
	}
}

// TestChineseWordsAreDrawn checks that every character of the Chinese words
// is drawn from an embedded font, in the header (name face) and the footer
// (status face), and not replaced by '?'.
func TestChineseWordsAreDrawn(t *testing.T) {
	a, err := NewRenderer().get(assetKey{kind: xiangqiBoard, scale: 100})
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]Words{"zh-CN": zhCNWords(), "zh-TW": zhTWWords()} {
		text := strings.Join([]string{w.Black, w.White, w.Red, w.ToPlay, w.AI, w.Win, w.Draw, w.Ended, w.EndedOne}, "")
		for _, r := range w.Reasons {
			text += r
		}
		for _, face := range []*textFace{a.name, a.status} {
			question := face.layout("?", nil)[0]
			for _, r := range text {
				if g := face.layout(string(r), nil)[0]; g == question && r != '?' {
					t.Errorf("%s: %q has no glyph in an embedded font", name, r)
				}
			}
		}
	}
}
