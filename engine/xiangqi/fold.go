package xiangqi

import (
	"strings"
	"unicode"
)

// Players type the same move in many ways: "ｈ３ｅ３" on a CJK keyboard,
// "马八进七" in simplified characters, "馬八進七" with black's traditional
// glyph for a red horse, "炮２平５" with full-width digits. Everything a
// player types is first folded, one character at a time, to a canonical
// form, so that the parsers and the autocomplete matcher each deal with a
// single spelling of every notation:
//
//   - the full-width forms of ASCII (ｈ３ｅ３, Ｃ２．５, Ｃ２＝５) become ASCII,
//     and letters become lower case;
//   - the Chinese numerals 一..九 become the digits 1..9;
//   - every glyph of a piece, whichever side and script it belongs to,
//     becomes the simplified red one: 帥帅將将 帅, 仕士 仕, 相象 相,
//     傌㐷馬马 马, 俥伡車车 车, 炮砲包 炮, 兵卒 兵;
//   - 進 becomes 进 and 後 becomes 后;
//   - '=' and '。' (what a Chinese keyboard types for '.') become '.', WXF's
//     sideways, and the minus and dashes − – — become '-';
//   - spaces, the ideographic one included, are dropped.
//
// A glyph therefore names only a kind of piece: the side is always the side
// to move, so 马 for black's horse (people type it all the time, and it is
// the only simplified glyph) and 馬 for red's are read as that side's horse.

// Full-width forms U+FF01..U+FF5E of the printable ASCII characters '!'..'~'.
const (
	fullWidthFirst  = '！'
	fullWidthLast   = '～'
	fullWidthOffset = '！' - '!'
)

// foldRune returns the canonical form of one typed character, or -1 for a
// space, which folding drops. Characters with no other form are returned
// unchanged, for the parsers to refuse.
func foldRune(r rune) rune {
	if r >= fullWidthFirst && r <= fullWidthLast {
		r -= fullWidthOffset
	}
	if r < 0x80 {
		switch {
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		case r == '=':
			return '.'
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			return -1
		}
		return r
	}
	switch r {
	case '一':
		return '1'
	case '二':
		return '2'
	case '三':
		return '3'
	case '四':
		return '4'
	case '五':
		return '5'
	case '六':
		return '6'
	case '七':
		return '7'
	case '八':
		return '8'
	case '九':
		return '9'
	case '帥', '將', '将':
		return '帅'
	case '士':
		return '仕'
	case '象':
		return '相'
	case '傌', '㐷', '馬':
		return '马'
	case '俥', '伡', '車':
		return '车'
	case '砲', '包':
		return '炮'
	case '卒':
		return '兵'
	case '進':
		return '进'
	case '後':
		return '后'
	case '。':
		return '.'
	case '−', '–', '—':
		return '-'
	}
	if unicode.IsSpace(r) {
		return -1
	}
	return r
}

// fold returns s with every character folded and the spaces dropped.
func fold(s string) string {
	return strings.Map(foldRune, s)
}
