package xiangqi

import "unicode/utf8"

// Query is what a player has typed so far into a move box, folded once (see
// fold) so that Match can test it against each legal move cheaply. The zero
// Query is empty and matches every move.
type Query struct {
	text []rune // folded, without spaces
	// What the text may be part of, to skip the spellings it cannot be:
	// coordinates and WXF are ASCII, folded Chinese is digits and glyphs.
	latin, chinese bool
}

// NewQuery folds typed for Match: "ｈ３", "马八", "馬八進", "Ｃ２．" are
// queries like any other.
func NewQuery(typed string) Query {
	q := Query{latin: true, chinese: true}
	for _, r := range typed {
		f := foldRune(r)
		switch {
		case f < 0:
			continue
		case f >= utf8.RuneSelf:
			q.latin = false
		case f < '0' || f > '9':
			q.chinese = false
		}
		q.text = append(q.text, f)
	}
	return q
}

// Empty reports whether nothing but spaces was typed; Match then accepts
// every move.
func (q Query) Empty() bool { return len(q.text) == 0 }

// maxSpelling is the most runes a spelling of a move has: "a10-b10".
const maxSpelling = 7

// Match reports whether the text of q occurs in some spelling of m, a legal
// move of p, compared folded as NewQuery folds:
//   - coordinates, "h3e3" or "h3-e3";
//   - WXF, "C2.5", also with the letters G, B, N, S for K, E, H, P and, for
//     tandem pieces, with the sign first ("+C.5" for "C+.5");
//   - Chinese in either script, with either side's glyphs and with Chinese
//     numerals or digits, ASCII or full width: "马八进七", "傌八進七",
//     "馬8進7", "马８进７" are all one spelling once folded; for four or
//     five soldiers on a file, counted 一兵..五兵, also 前兵, 中兵 (of five)
//     and 後兵 for the front, middle and rear ones.
//
// So every prefix of every spelling ParseMove reads matches, and so does
// any part of one ("进七"). Match does not allocate; a move that does not
// move a piece of the side to move matches nothing but the empty query.
func (p *Position) Match(m Move, q Query) bool {
	if len(q.text) == 0 {
		return true
	}
	pc := p.At(m.From())
	if pc == NoPiece || pc.Side() != p.turn {
		return false
	}
	var buf [maxSpelling * utf8.UTFMax]byte
	if q.latin && p.matchLatin(m, q, buf[:0]) {
		return true
	}
	if !q.chinese {
		return false
	}
	if q.in(p.appendChinese(buf[:0], m, true)) {
		return true
	}
	b, ok := p.appendChineseEnds(buf[:0], m)
	return ok && q.in(b)
}

// matchLatin is Match for the spellings in ASCII: coordinates and WXF. buf
// is scratch space.
func (p *Position) matchLatin(m Move, q Query, buf []byte) bool {
	b := appendSquare(buf, m.From())
	n := len(b)
	if q.in(appendSquare(b, m.To())) || q.in(appendSquare(append(b[:n], '-'), m.To())) {
		return true
	}
	var w [4]byte
	copy(w[:], p.appendWXF(buf, m))
	if q.in(w[:]) {
		return true
	}
	alt := wxfAlternative(w[0])
	if alt != 0 && q.in([]byte{alt, w[1], w[2], w[3]}) {
		return true
	}
	if isWXFLetter(w[0]) && (w[1] == '+' || w[1] == '-') {
		return q.in([]byte{w[1], w[0], w[2], w[3]}) || alt != 0 && q.in([]byte{w[1], alt, w[2], w[3]})
	}
	return false
}

// appendChineseEnds appends, when m moves the front, the middle (of five) or
// the rear of four or five soldiers on a file, which Chinese counts 一兵..五兵,
// the other spelling people use for it, already folded: "前兵进1",
// "中兵平6" or "后兵平4". ok is false for any other move.
func (p *Position) appendChineseEnds(dst []byte, m Move) (out []byte, ok bool) {
	if p.At(m.From()).Kind() != Soldier {
		return dst, false
	}
	t := p.tandemOf(m.From())
	if t.n < 4 || t.multi >= 2 {
		return dst, false
	}
	switch {
	case t.idx == 1:
		dst = append(dst, "前"...)
	case t.idx == t.n:
		dst = append(dst, "后"...)
	case t.n == 5 && t.idx == 3:
		dst = append(dst, "中"...)
	default:
		return dst, false
	}
	r := p.describe(m)
	dst = append(dst, "兵"...)
	dst = append(dst, chineseOp(1, r.op)...)
	return append(dst, byte('0'+r.arg)), true
}

// in reports whether the text of q occurs in spelling once that is folded.
func (q Query) in(spelling []byte) bool {
	var s [maxSpelling]rune
	n := 0
	for len(spelling) > 0 && n < len(s) {
		r, size := utf8.DecodeRune(spelling)
		spelling = spelling[size:]
		if f := foldRune(r); f >= 0 {
			s[n] = f
			n++
		}
	}
	k := len(q.text)
outer:
	for i := 0; i+k <= n; i++ {
		for j, r := range q.text {
			if s[i+j] != r {
				continue outer
			}
		}
		return true
	}
	return false
}

// appendSquare appends sq in coordinate notation, e.g. "h10", to dst.
func appendSquare(dst []byte, sq Square) []byte {
	dst = append(dst, byte('a'+sq.File()))
	if rank := sq.Rank() + 1; rank == 10 {
		return append(dst, '1', '0')
	}
	return append(dst, byte('0'+sq.Rank()+1))
}

// wxfAlternative returns the alternative letter parseWXF reads for a WXF
// letter (G for K, B for E, N for H, S for P), or 0 if it has none.
func wxfAlternative(c byte) byte {
	switch c {
	case 'K':
		return 'G'
	case 'E':
		return 'B'
	case 'H':
		return 'N'
	case 'P':
		return 'S'
	}
	return 0
}

// isWXFLetter reports whether c is one of the piece letters WXF writes.
func isWXFLetter(c byte) bool {
	return c >= 'A' && c <= 'Z'
}
