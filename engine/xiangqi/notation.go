package xiangqi

import (
	"strings"
	"unicode/utf8"

	"github.com/tengen-bot/tengen/engine"
)

// ParseMove returns the legal move that s names in any accepted notation:
// coordinates ("h3e3", also "H3E3", "h3-e3", "h3 e3"), WXF ("C2.5") or
// Chinese ("炮二平五"), each in every spelling people type: full-width
// ("ｈ３ｅ３", "Ｃ２．５", "炮２平５"), simplified or traditional, with either
// side's glyphs ("马八进七", "馬八進七") and Chinese numerals or digits in
// any mix (see fold). Errors are *engine.Error: NoMoveGiven or NotAMove
// when s is not a move in any notation, NotOnBoard for a point off the
// board, a notation's own code (Ambiguous, NoPieceOnFile...) and, when the
// rules forbid the move, CheckMove's.
func (p *Position) ParseMove(s string) (Move, error) {
	text := strings.TrimSpace(s)
	if text == "" {
		return NoMove, engine.E(engine.NoMoveGiven)
	}
	folded := fold(text)
	if from, to, ok, err := parseCoord(folded); ok {
		if err != nil {
			return NoMove, err
		}
		if err := p.CheckMove(from, to); err != nil {
			return NoMove, err
		}
		return NewMove(from, to), nil
	}
	if r, ok := parseWXF(folded); ok {
		return p.resolve(r, text)
	}
	if r, ok := parseChinese(folded); ok {
		return p.resolve(r, text)
	}
	return NoMove, engine.E(engine.NotAMove, clip(text))
}

// clip shortens what a player typed for quoting it back.
func clip(s string) string {
	const max = 24
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}

// parseCoord reads coordinate notation: a file letter and a rank number for
// each of the two points, e.g. "h3e3" or "h10h9", in either case, with
// optional spaces or a '-' between. ok is false when s does not have that
// shape; err is set when it does but a point is off the board.
func parseCoord(s string) (from, to Square, ok bool, err error) {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, s)
	var points [2]string
	for i := range points {
		if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
			return 0, 0, false, nil
		}
		j := 1
		for j < len(s) && j < 4 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 1 {
			return 0, 0, false, nil
		}
		points[i], s = s[:j], s[j:]
	}
	if s != "" {
		return 0, 0, false, nil
	}
	var sq [2]Square
	for i, pt := range points {
		rank := 0
		for _, c := range pt[1:] {
			rank = rank*10 + int(c-'0')
		}
		sq[i] = SquareAt(int(pt[0]-'a'), rank-1)
		if sq[i] == NoSquare || pt[1] == '0' {
			return 0, 0, true, engine.E(engine.NotOnBoard, pt)
		}
	}
	return sq[0], sq[1], true, nil
}

// ParseSquare reads a point in coordinate notation, e.g. "e1", "h10" or
// "ｅ１".
func ParseSquare(s string) (Square, error) {
	from, _, ok, err := parseCoord(fold(s) + "a1")
	if !ok {
		return NoSquare, engine.E(engine.NotASquare, clip(s))
	}
	if err != nil {
		return NoSquare, err
	}
	return from, nil
}

// Describe returns m, which must be legal, in the three notations as the
// bot's suggestions show it, Chinese in traditional characters:
// "h3e3 · 炮二平五 · C2.5", "b1c3 · 傌八進七 · H8+7". It is DescribeIn(m,
// false).
func (p *Position) Describe(m Move) string {
	return p.DescribeIn(m, false)
}

// DescribeIn is Describe with the Chinese in the reader's script:
// traditional ("b1c3 · 傌八進七 · H8+7") or, when simplified is true,
// simplified ("b1c3 · 马八进七 · H8+7"). See Chinese for the glyphs.
func (p *Position) DescribeIn(m Move, simplified bool) string {
	return m.String() + " · " + p.Chinese(m, simplified) + " · " + p.WXF(m)
}
