package xiangqi

import (
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

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
	chineseOps      = [2]map[byte]string{
		{opForward: "進", opBackward: "退", opSideways: "平"},
		{opForward: "进", opBackward: "退", opSideways: "平"},
	}
	chineseRear = [2]string{"後", "后"}
)

// Chinese returns m, which must be legal, in Chinese notation, e.g. "炮二平五"
// or "馬8進7", with traditional characters, or simplified ones when
// simplified is true ("马8进7").
//
// Red numbers files and distances with the numerals 一..九, black with the
// digits 1..9, each counting files from its own right. Red's pieces are
// written 帥仕相傌俥炮兵 and black's 將士象馬車砲卒 (simplified: 帅仕相马车炮兵,
// 将士象马车炮卒). Two chariots, horses, cannons or soldiers on one file are
// 前 (front) and 後 (rear): "前炮平四"; three soldiers 前, 中, 後; four or
// five are counted from the front 一兵, 二兵... When two files each hold
// several soldiers the file replaces the piece name: "前七平六". Advisors and
// elephants always use their file.
func (p *Position) Chinese(m Move, simplified bool) string {
	set := 0
	if simplified {
		set = 1
	}
	r := p.describe(m)
	s := p.turn
	t := p.tandemOf(m.From())
	num := func(n int) string {
		if s == Red {
			return chineseNumerals[n]
		}
		return string(rune('0' + n))
	}
	name := chineseNames[set][s][r.kind]
	position := func() string {
		switch {
		case t.idx == 1:
			return "前"
		case t.idx == t.n:
			return chineseRear[set]
		}
		return "中"
	}
	var sb strings.Builder
	switch {
	case t.n < 2 || r.kind == General || r.kind == Advisor || r.kind == Elephant:
		sb.WriteString(name)
		sb.WriteString(num(r.file))
	case r.kind == Soldier && t.multi >= 2:
		sb.WriteString(position())
		sb.WriteString(num(r.file))
	case r.kind == Soldier && t.n >= 4:
		sb.WriteString(chineseNumerals[t.idx])
		sb.WriteString(name)
	default:
		sb.WriteString(position())
		sb.WriteString(name)
	}
	sb.WriteString(chineseOps[set][r.op])
	sb.WriteString(num(r.arg))
	return sb.String()
}

// chineseToken classifies one character of Chinese notation.
type chineseToken struct {
	kind  Kind       // a piece name
	digit int        // a numeral or digit 1..9
	op    byte       // 進 退 平
	des   designator // 前 中 後
}

// chineseRunes lists every character accepted in Chinese notation.
var chineseRunes = func() map[rune]chineseToken {
	t := map[rune]chineseToken{
		'前': {des: desFront}, '中': {des: desMiddle}, '後': {des: desRear}, '后': {des: desRear},
		'進': {op: opForward}, '进': {op: opForward}, '退': {op: opBackward}, '平': {op: opSideways},
	}
	kinds := map[Kind]string{
		General: "帥帅將将", Advisor: "仕士", Elephant: "相象", Horse: "傌馬马",
		Chariot: "俥車车", Cannon: "炮砲包", Soldier: "兵卒",
	}
	for k, names := range kinds {
		for _, c := range names {
			t[c] = chineseToken{kind: k}
		}
	}
	for i := 1; i <= 9; i++ {
		t[[]rune(chineseNumerals[i])[0]] = chineseToken{digit: i}
		t[rune('0'+i)] = chineseToken{digit: i}
		t[rune('０'+i)] = chineseToken{digit: i} // full-width
	}
	return t
}()

// parseChinese reads a move in Chinese notation, traditional or simplified,
// with Chinese numerals, ASCII or full-width digits for either side. ok is
// false when s does not look like Chinese notation at all.
func parseChinese(s string) (r relMove, ok bool) {
	var toks []chineseToken
	for _, c := range s {
		if c == ' ' || c == '\t' || c == '　' {
			continue
		}
		tok, found := chineseRunes[c]
		if !found {
			return r, false
		}
		toks = append(toks, tok)
	}
	if len(toks) != 4 || toks[2].op == 0 || toks[3].digit == 0 {
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
func (p *Position) ParseChinese(s string) (Move, error) {
	r, ok := parseChinese(s)
	if !ok {
		return NoMove, engine.E(engine.NotChinese, s)
	}
	return p.resolve(r, s)
}
