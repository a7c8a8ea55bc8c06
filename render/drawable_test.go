package render

import (
	"reflect"
	"strings"
	"testing"
)

// wordsText is every character a board may draw from w.
func wordsText(w Words) string {
	text := strings.Join([]string{w.Black, w.White, w.Red, w.ToPlay, w.AI, w.Win, w.Draw, w.Ended, w.EndedOne}, "")
	for _, r := range w.Reasons {
		text += r
	}
	return text
}

func TestDrawable(t *testing.T) {
	for _, tt := range []struct {
		text    string
		missing []rune
	}{
		{"", nil},
		{"Move 6 · Red to play", nil},
		{"王小明 陳國華 さくら カタカナ", nil},
		// Every precomposed Vietnamese letter.
		{vietnameseLetters(), nil},
		// Japanese kanji of JIS X 0208 level 1 that Chinese lacks.
		{"黒 対 戦 亜 唖 鯵 鰯 駅 円 栄 営", nil},
		// Hangul syllables and compatibility jamo.
		{"김민준 이서연 가 힝 ㄱ ㅎ ㅏ ㅣ", nil},
		// An emoji, a decomposed accent and a rare hanzi are in no font,
		// each reported once, in order.
		{"a\U0001F600b\u0301\U0001F600c𪚥", []rune{'\U0001F600', '\u0301', '𪚥'}},
	} {
		got, err := Drawable(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tt.missing) {
			t.Errorf("Drawable(%q) = %q, want %q", tt.text, got, tt.missing)
		}
	}
}

// vietnameseLetters are the precomposed letters of Vietnamese, both cases.
func vietnameseLetters() string {
	s := "ÀÁÂÃÈÉÊÌÍÒÓÔÕÙÚÝàáâãèéêìíòóôõùúýĂăĐđĨĩŨũƠơƯư"
	for r := rune(0x1EA0); r <= 0x1EF9; r++ {
		s += string(r)
	}
	return s
}

// TestNewWordsAreDrawn checks, glyph by glyph as the boards draw them, that
// every character of the Vietnamese, Japanese and Korean words and names
// is drawn from an embedded font in the header and the footer, not as '?'.
func TestNewWordsAreDrawn(t *testing.T) {
	a, err := NewRenderer().get(assetKey{kind: xiangqiBoard, scale: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range languages() {
		text := wordsText(l.words) + l.names[0] + l.names[1]
		if l.tag == "vi" {
			text += vietnameseLetters()
		}
		if missing, err := Drawable(text); err != nil || missing != nil {
			t.Errorf("%s: Drawable = %q, %v", l.tag, missing, err)
		}
		for _, face := range []*textFace{a.name, a.status} {
			question := face.layout("?", nil)[0]
			for _, r := range text {
				if g := face.layout(string(r), nil)[0]; r != '?' && (g == question || g.mask == nil && r != ' ') {
					t.Errorf("%s: %q is drawn as '?' or blank", l.tag, r)
				}
			}
		}
	}
}
