package render

import (
	"fmt"

	"golang.org/x/image/font/sfnt"
)

// Drawable returns the runes of text that no embedded font has, each once,
// in the order they first appear. The header and footer draw such a rune
// as '?', so a caller can check its words (and a translator's catalogue)
// before they reach a board. An empty result means every rune of text is
// drawn from a real glyph.
func Drawable(text string) ([]rune, error) {
	fs, err := loadFonts()
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	has := func(f *fontFile, r rune) (bool, error) {
		i, err := f.GlyphIndex(&buf, r)
		if err != nil {
			return false, fmt.Errorf("render: look up %q: %w", r, err)
		}
		return i != 0, nil
	}
	var missing []rune
	seen := make(map[rune]bool)
	for _, r := range text {
		if seen[r] {
			continue
		}
		seen[r] = true
		// Names use Go Bold and the status line Go Medium, each with the
		// same fallbacks: a rune must be in both or in a fallback.
		ok := true
		for _, f := range []*fontFile{fs.bold, fs.medium} {
			in, err := has(f, r)
			if err != nil {
				return nil, err
			}
			ok = ok && in
		}
		for _, f := range fs.fallbacks() {
			if ok {
				break
			}
			if ok, err = has(f, r); err != nil {
				return nil, err
			}
		}
		if !ok {
			missing = append(missing, r)
		}
	}
	return missing, nil
}
