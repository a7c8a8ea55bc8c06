package render

import "testing"

func TestEmbeddedFontsCoverText(t *testing.T) {
	fs, err := loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		runes string
	}{
		{"cjk", pieceText() + riverRunes},
		{"bold", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789·…?()"},
		{"medium", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789·…?()"},
		// Players' names: simplified and traditional Chinese, kana, CJK punctuation.
		{"names", "小明王伟张丽李娜陳國華劉德華黃飛鴻さくらカタカナ、。！"},
		// Japanese kanji Chinese lacks (JIS X 0208 level 1).
		{"names", "黒亜栄駅円"},
		// The Vietnamese letters the Go fonts lack.
		{"vi", "ƠơƯưẠạẮắỄễỘộỸỹ"},
		// Hangul syllables and compatibility jamo.
		{"hangul", "흑백홍김민준가힝ㄱㅎㅏㅣ"},
	}
	fonts := map[string]*fontFile{"cjk": fs.cjk, "bold": fs.bold, "medium": fs.medium, "names": fs.names, "vi": fs.vi, "hangul": fs.hangul}
	for _, tt := range tests {
		face, err := newFace(fonts[tt.name], 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range tt.runes {
			if _, ok := face.GlyphAdvance(r); !ok {
				t.Errorf("%s font has no glyph for %q", tt.name, r)
			}
		}
	}
}

// TestChineseNamesAreDrawn checks that a header name in Chinese is drawn with
// real glyphs from the names font, not replaced by '?'.
func TestChineseNamesAreDrawn(t *testing.T) {
	fs, err := loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face, err := newFace(fs.bold, 24)
	if err != nil {
		t.Fatal(err)
	}
	fallback, err := newFace(fs.names, 24)
	if err != nil {
		t.Fatal(err)
	}
	tf := newTextFace(face, fallback)
	question := tf.layout("?", nil)[0]
	for _, g := range tf.layout("王小明", nil) {
		if g == question || g.mask == nil {
			t.Fatalf("a Chinese character in a name was drawn as '?' or blank")
		}
	}
	// A rune no embedded font has still falls back to '?'.
	if g := tf.layout("\U0001F600", nil)[0]; g != question {
		t.Errorf("an emoji should be drawn as '?'")
	}
}

// pieceText is every character engraved on a Xiangqi piece.
func pieceText() string {
	var s string
	for _, side := range pieceChars {
		for _, c := range side {
			s += c
		}
	}
	return s
}
