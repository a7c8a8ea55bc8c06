package render

import (
	_ "embed"
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// goBold and goMedium are the Go fonts (Bigelow & Holmes, BSD licence in
// fonts/GO-FONTS-LICENSE.txt) for Latin text: names, coordinates, status.
var (
	//go:embed fonts/Go-Bold.ttf
	goBold []byte
	//go:embed fonts/Go-Medium.ttf
	goMedium []byte
)

// namesSubset is Noto Sans CJK SC Bold cut down to the common Chinese
// characters (GB2312 level 1 and Big5 level 1), the Japanese kanji of JIS X
// 0208 level 1, kana and CJK punctuation, so that players' display names and
// the header's and footer's Words in Chinese or Japanese are drawn, not
// replaced by '?'. See fonts/README.md for the command.
//
//go:embed fonts/NotoSansCJKsc-Bold-names.otf
var namesSubset []byte

// vietnameseSubset is Noto Sans Bold cut down to the Vietnamese letters the
// Go fonts lack (Ơ ơ Ư ư and U+1EA0–U+1EF9, such as ắ ễ ộ). See
// fonts/README.md for the command.
//
//go:embed fonts/NotoSans-Bold-vietnamese.ttf
var vietnameseSubset []byte

// hangulSubset is Noto Sans CJK KR Bold cut down to the 2,350 Hangul
// syllables of KS X 1001 and the Hangul compatibility jamo, for Korean
// words and names. See fonts/README.md for the command.
//
//go:embed fonts/NotoSansCJKkr-Bold-hangul.otf
var hangulSubset []byte

// cjkSubset is Noto Serif CJK TC Bold cut down to the glyphs the Xiangqi
// board draws (pieces and the river). See fonts/README.md for the command.
//
//go:embed fonts/NotoSerifCJKtc-Bold-subset.otf
var cjkSubset []byte

// fontSet holds the parsed fonts. A parsed *opentype.Font is safe for
// concurrent use; the faces made from it are not, so every face is owned by
// one glyph atlas (which locks) or one naive render.
type fontSet struct {
	bold   *fontFile // Go Bold: names, coordinates
	medium *fontFile // Go Medium: status line
	cjk    *fontFile // Noto Serif CJK TC Bold subset: piece characters
	names  *fontFile // Noto Sans CJK SC Bold subset: CJK in names and words
	vi     *fontFile // Noto Sans Bold subset: Vietnamese letters
	hangul *fontFile // Noto Sans CJK KR Bold subset: Hangul
}

// fallbacks are the fonts tried, in order, for a rune the Go fonts lack in
// names and in the header's and footer's words.
func (fs *fontSet) fallbacks() []*fontFile {
	return []*fontFile{fs.vi, fs.names, fs.hangul}
}

// loadFonts parses the embedded fonts once per process; parsing is pure, so
// the result is an immutable value shared by every Renderer.
var loadFonts = sync.OnceValues(func() (*fontSet, error) {
	var fs fontSet
	for _, f := range []struct {
		name string
		data []byte
		dst  **fontFile
	}{
		{"Go Bold", goBold, &fs.bold},
		{"Go Medium", goMedium, &fs.medium},
		{"Noto Serif CJK subset", cjkSubset, &fs.cjk},
		{"Noto Sans CJK names subset", namesSubset, &fs.names},
		{"Noto Sans Vietnamese subset", vietnameseSubset, &fs.vi},
		{"Noto Sans CJK Hangul subset", hangulSubset, &fs.hangul},
	} {
		parsed, err := opentype.Parse(f.data)
		if err != nil {
			return nil, fmt.Errorf("render: parse embedded font %s: %w", f.name, err)
		}
		*f.dst = parsed
	}
	return &fs, nil
})

// fontFile is a parsed font.
type fontFile = opentype.Font

// newFace returns a new face of f at size pixels (em height). The face is
// not safe for concurrent use.
func newFace(f *fontFile, size float64) (font.Face, error) {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("render: font face at %.1fpx: %w", size, err)
	}
	return face, nil
}

// riverRunes are the words on the Xiangqi board's river. They and
// pieceChars are all the Chinese the board draws; every rune must be in
// cjkSubset.
const riverRunes = "楚河漢界"
