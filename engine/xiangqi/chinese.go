package xiangqi

import "github.com/tengen-bot/tengen/engine"

// Chinese piece names, indexed by Kind: traditional and simplified, per side.
var chineseNames = [2][2][8]string{
	{ // traditional
		{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
		{"", "將", "士", "象", "馬", "車", "砲", "卒"},
	},
	{ // simplified
		{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
		{"", "将", "士", "象", "马", "车", "炮", "卒"},
	},
}

var (
	chineseNumerals = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	chineseForward  = [2]string{"進", "进"}
	chineseRear     = [2]string{"後", "后"}
)

// chineseOp returns the Chinese action word of op in script set (0
// traditional, 1 simplified): 進/进, 退 or 平.
func chineseOp(set int, op byte) string {
	switch op {
	case opForward:
		return chineseForward[set]
	case opBackward:
		return "退"
	}
	return "平"
}

// Chinese returns m, which must be legal, in Chinese notation, e.g. "炮二平五"
// or "馬8進7", with traditional characters, or simplified ones when
// simplified is true ("马8进7").
//
// Red numbers files and distances with the numerals 一..九, black with the
// ASCII digits 1..9 (not the full-width ones some books print: they read
// the same and stay narrow in a chat), each counting files from its own
// right. In traditional characters red's pieces are written 帥仕相傌俥炮兵
// and black's 將士象馬車砲卒; in simplified ones red's are 帅仕相马车炮兵 and
// black's 将士象马车炮卒, the horse, chariot and cannon sharing one glyph as
// simplified texts print them. Two chariots, horses, cannons or soldiers on
// one file are 前 (front) and 後 (rear; simplified 后): "前炮平四"; three
// soldiers 前, 中, 後; four or five are counted from the front 一兵, 二兵...
// When two files each hold several soldiers the file replaces the piece
// name: "前七平六". Advisors and elephants always use their file.
func (p *Position) Chinese(m Move, simplified bool) string {
	var buf [24]byte
	return string(p.appendChinese(buf[:0], m, simplified))
}

// appendChinese appends m in Chinese notation (see Chinese) to dst.
func (p *Position) appendChinese(dst []byte, m Move, simplified bool) []byte {
	set := 0
	if simplified {
		set = 1
	}
	r := p.describe(m)
	s := p.turn
	t := p.tandemOf(m.From())
	num := func(dst []byte, n int) []byte {
		if s == Red {
			return append(dst, chineseNumerals[n]...)
		}
		return append(dst, byte('0'+n))
	}
	name := chineseNames[set][s][r.kind]
	position := func(dst []byte) []byte {
		switch {
		case t.idx == 1:
			return append(dst, "前"...)
		case t.idx == t.n:
			return append(dst, chineseRear[set]...)
		}
		return append(dst, "中"...)
	}
	switch {
	case t.n < 2 || r.kind == General || r.kind == Advisor || r.kind == Elephant:
		dst = append(dst, name...)
		dst = num(dst, r.file)
	case r.kind == Soldier && t.multi >= 2:
		dst = position(dst)
		dst = num(dst, r.file)
	case r.kind == Soldier && t.n >= 4:
		dst = append(dst, chineseNumerals[t.idx]...)
		dst = append(dst, name...)
	default:
		dst = position(dst)
		dst = append(dst, name...)
	}
	dst = append(dst, chineseOp(set, r.op)...)
	return num(dst, r.arg)
}

// PieceName returns the Chinese name of pc in its own side's glyph, as
// Chinese writes it: traditional 帥仕相傌俥炮兵 for red and 將士象馬車砲卒 for
// black, or, when simplified is true, 帅仕相马车炮兵 and 将士象马车炮卒. It
// returns "" for NoPiece.
func PieceName(pc Piece, simplified bool) string {
	if pc.Kind() == NoKind || pc.Kind() > Soldier {
		return ""
	}
	set := 0
	if simplified {
		set = 1
	}
	return chineseNames[set][pc.Side()][pc.Kind()]
}

// chineseToken classifies one character of folded Chinese notation (see
// fold): a piece name, a digit, an action or a designator.
type chineseToken struct {
	kind  Kind       // a piece name
	digit int        // a numeral or digit 1..9
	op    byte       // 進 退 平
	des   designator // 前 中 後
}

// chineseTokenOf returns the token of the folded character c; ok is false
// for a character that has no place in Chinese notation.
func chineseTokenOf(c rune) (tok chineseToken, ok bool) {
	switch c {
	case '帅':
		tok.kind = General
	case '仕':
		tok.kind = Advisor
	case '相':
		tok.kind = Elephant
	case '马':
		tok.kind = Horse
	case '车':
		tok.kind = Chariot
	case '炮':
		tok.kind = Cannon
	case '兵':
		tok.kind = Soldier
	case '进':
		tok.op = opForward
	case '退':
		tok.op = opBackward
	case '平':
		tok.op = opSideways
	case '前':
		tok.des = desFront
	case '中':
		tok.des = desMiddle
	case '后':
		tok.des = desRear
	default:
		if c < '1' || c > '9' {
			return tok, false
		}
		tok.digit = int(c - '0')
	}
	return tok, true
}

// parseChinese reads a move in folded Chinese notation (see fold), so in
// traditional or simplified characters, with either side's glyphs and with
// Chinese numerals, ASCII or full-width digits, whichever side moves. ok is
// false when s does not look like Chinese notation at all.
func parseChinese(s string) (r relMove, ok bool) {
	var toks [4]chineseToken
	n := 0
	for _, c := range s {
		tok, found := chineseTokenOf(c)
		if !found || n == len(toks) {
			return r, false
		}
		toks[n] = tok
		n++
	}
	if n != 4 || toks[2].op == 0 || toks[3].digit == 0 {
		return r, false
	}
	a, b := toks[0], toks[1]
	switch {
	case a.kind != NoKind && b.digit != 0: // 炮二
		r.kind, r.file = a.kind, b.digit
	case a.des != desNone && b.kind != NoKind: // 前炮
		r.kind, r.des = b.kind, a.des
	case a.digit != 0 && b.kind != NoKind: // 二兵: the second from the front
		if a.digit > 5 {
			return r, false
		}
		r.kind, r.des = b.kind, desOrd1+designator(a.digit-1)
	case a.des != desNone && b.digit != 0: // 前七: soldiers on two files
		r.kind, r.des, r.file = Soldier, a.des, b.digit
	default:
		return r, false
	}
	r.op, r.arg = toks[2].op, toks[3].digit
	return r, true
}

// ParseChinese returns the legal move that the Chinese notation s names.
// Like ParseMove it reads every spelling people type (see fold).
func (p *Position) ParseChinese(s string) (Move, error) {
	r, ok := parseChinese(fold(s))
	if !ok {
		return NoMove, engine.E(engine.NotChinese, s)
	}
	return p.resolve(r, s)
}
