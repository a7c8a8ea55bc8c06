package xiangqi

import (
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// vietnameseLetters are the piece abbreviations of Vietnamese notation,
// indexed by Kind: Tg tướng, S sĩ, T tượng, M mã, X xe, P pháo, B binh.
var vietnameseLetters = [...]string{General: "Tg", Advisor: "S", Elephant: "T", Horse: "M", Chariot: "X", Cannon: "P", Soldier: "B"}

// Vietnamese returns m, which must be legal, in the notation Vietnamese
// players write (cờ tướng): the piece's abbreviation (Tg S T M X P B), the
// file it stands on counted from the mover's right, then "." to advance
// (tiến), "/" to retreat (thoái) or "-" to move sideways (bình), then the
// destination file or the ranks moved, as in WXF: "P2-5" is 炮二平五,
// "M8.7" 马八进七. Of two pieces of a kind on one file, the front one is
// written with "t" (trước) and the rear one with "s" (sau) in place of the
// file: "Xt.1"; of three or more soldiers, the middle ones keep their file.
func (p *Position) Vietnamese(m Move) string {
	r := p.describe(m)
	t := p.tandemOf(m.From())
	b := make([]byte, 0, 6)
	b = append(b, vietnameseLetters[r.kind]...)
	switch {
	case t.n < 2 || r.kind == General || r.kind == Advisor || r.kind == Elephant:
		b = append(b, byte('0'+r.file))
	case t.idx == 1:
		b = append(b, 't')
	case t.idx == t.n:
		b = append(b, 's')
	default:
		b = append(b, byte('0'+r.file))
	}
	op := byte('-')
	switch r.op {
	case opForward:
		op = '.'
	case opBackward:
		op = '/'
	}
	return string(append(b, op, byte('0'+r.arg)))
}

// ParseVietnamese reads a legal move of p written in Vietnamese notation
// (see Vietnamese), in either case, with full-width characters and spaces
// as ParseMove allows: "P2-5", "m8.7", "Xt.1". It is apart from ParseMove
// because its letters are WXF's with other meanings (P is a cannon here, a
// soldier in WXF): the caller knows which its reader writes.
func (p *Position) ParseVietnamese(s string) (Move, error) {
	want := fold(s)
	if want == "" {
		return NoMove, engine.E(engine.NoMoveGiven)
	}
	var buf [MaxMoves]Move
	for _, m := range p.GenerateMoves(buf[:0]) {
		if fold(p.Vietnamese(m)) == want {
			return m, nil
		}
	}
	return NoMove, engine.E(engine.NotAMove, clip(strings.TrimSpace(s)))
}
