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
		{"cjk", pieceRunes + riverRunes},
		{"bold", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789·…?()"},
		{"medium", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789·…?()"},
	}
	fonts := map[string]*fontFile{"cjk": fs.cjk, "bold": fs.bold, "medium": fs.medium}
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
