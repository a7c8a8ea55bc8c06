package gomoku

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tengen-bot/tengen/engine"
)

// Board sizes: the two boards Tengen offers.
const (
	Small = 15 // the 15×15 board, standard for renju
	Large = 19 // the 19×19 (go) board
)

// stride is the width of a row of Board's flat array: the largest board (19)
// plus a column of wall on each side. Every board uses the same layout, so a
// Point means the same intersection on both sizes and its notation does not
// depend on the size.
const stride = Large + 2

// cellCount is the length of Board's flat array: Large+2 rows of stride cells,
// a ring of wall around the largest board.
const cellCount = stride * stride

// Point is an intersection of the board, stored as its index into Board's
// flat, wall-padded array so that the search can step along lines by adding
// a direction (Horizontal, Vertical, Diagonal, AntiDiagonal). Use PointAt to build one and ParsePoint to read one.
type Point int16

// NoPoint stands for "no point", e.g. the last move of an empty game.
const NoPoint Point = -1

// PointAt returns the point in column col and row row, both counted from 0 at
// the bottom-left corner (a1). It does not check that they are on a board.
func PointAt(col, row int) Point { return Point((row+1)*stride + col + 1) }

// Col returns the point's column, 0 for a.
func (p Point) Col() int { return int(p)%stride - 1 }

// Row returns the point's row, 0 for row 1 (the bottom one).
func (p Point) Row() int { return int(p)/stride - 1 }

// OnBoard reports whether p is an intersection of a size×size board.
func (p Point) OnBoard(size int) bool {
	if p < 0 || int(p) >= cellCount {
		return false
	}
	c, r := p.Col(), p.Row()
	return c >= 0 && c < size && r >= 0 && r < size
}

// String returns the point in canonical notation: a lower-case column letter
// followed by the row number, e.g. "h8". Columns run a, b, c... with no letter
// skipped (i is used). NoPoint is "-".
func (p Point) String() string {
	if p < 0 || int(p) >= cellCount || p.Col() < 0 || p.Col() >= Large || p.Row() < 0 || p.Row() >= Large {
		if p == NoPoint {
			return "-"
		}
		return "point(" + strconv.Itoa(int(p)) + ")"
	}
	return string(rune('a'+p.Col())) + strconv.Itoa(p.Row()+1)
}

// Centre returns the centre point of a size×size board: h8 on 15×15, j10 on
// 19×19.
func Centre(size int) Point { return PointAt(size/2, size/2) }

// ParsePoint reads a point of a size×size board written as a column letter
// and a row number, e.g. "h8". Upper case, spaces anywhere and the
// full-width letters and digits of a CJK keyboard are accepted ("H 8",
// " h8 ", "ｈ８", "Ｈ８"). Text that is not a point gets an engine.NoPointGiven or
// engine.NotAPoint error, a point beyond the edge an engine.OffBoard one.
func ParsePoint(text string, size int) (Point, error) {
	s := FoldPoint(text)
	if s == "" {
		return NoPoint, engine.E(engine.NoPointGiven, Centre(size).String())
	}
	digits := s[1:]
	if c := s[0]; c < 'a' || c > 'z' || digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return NoPoint, engine.E(engine.NotAPoint, shown(text), Centre(size).String())
	}
	col := int(s[0] - 'a')
	row, err := strconv.Atoi(digits)
	if err != nil {
		row = -1 // a row number too large for an int is off any board
	}
	if col >= size || row < 1 || row > size {
		return NoPoint, engine.E(engine.OffBoard, shorten(s), lastColumn(size), size)
	}
	return PointAt(col, row-1), nil
}

// FoldPoint returns text as ParsePoint reads it: every space (the
// ideographic one too) dropped, full-width ASCII forms turned into ASCII
// and letters lowered, so that "H 8" and "Ｈ８" read as "h8". Other
// characters are kept. Autocomplete can compare the folded start of a
// point ("ｈ" is "h") with the canonical points (Point.String).
func FoldPoint(text string) string {
	var b strings.Builder
	for _, r := range text {
		if r >= fullWidthFirst && r <= fullWidthLast {
			r -= fullWidthOffset
		}
		switch {
		case unicode.IsSpace(r):
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The full-width forms U+FF01..U+FF5E of the printable ASCII characters
// '!'..'~' that CJK input methods type: "ｈ８" is "h8".
const (
	fullWidthFirst  = '！'
	fullWidthLast   = '～'
	fullWidthOffset = '！' - '!'
)

// maxShown is how many characters of a player's text an error message quotes.
const maxShown = 20

// shorten cuts text to maxShown characters so that an error message stays
// readable whatever was typed.
func shorten(text string) string {
	if utf8.RuneCountInString(text) <= maxShown {
		return text
	}
	return string([]rune(text)[:maxShown]) + "…"
}

// shown is a player's text as an error message quotes it: trimmed and
// shortened. The message puts the quotes around it.
func shown(text string) string { return shorten(strings.TrimSpace(text)) }

// lastColumn returns the letter of the last column of a size×size board,
// for an error message: "o" on 15×15, "s" on 19×19.
func lastColumn(size int) string { return string(rune('a' + size - 1)) }
