package xiangqi

import (
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// wxfLetters are the WXF piece letters, indexed by Kind.
const wxfLetters = " KAEHRCP"

// WXF returns m, which must be legal, in WXF notation, e.g. "C2.5", "H8+7".
//
// Output follows the WXF/AXF standard: piece letter K A E H R C P, the file
// the piece stands on (each side counts 1..9 from its own right), then +
// (forward), - (backward) or . (sideways), then the destination file for
// sideways moves and for advisors, elephants and horses, else the number of
// ranks moved. Two chariots, horses, cannons or soldiers on one file are told
// apart by + (front) and - (rear) in place of the file: "C+.5". Three soldiers
// on a file: P+, P<file> (middle), P-; four or five: ++, P+, P<file>
// (middle of five), P-, --. When two files each hold several soldiers the
// file comes first and the letter is dropped: "3+.4", "33.4", "3-.4".
// Advisors and elephants always use their file (their direction tells them
// apart).
func (p *Position) WXF(m Move) string {
	var buf [4]byte
	return string(p.appendWXF(buf[:0], m))
}

// appendWXF appends m in WXF notation (see WXF) to dst.
func (p *Position) appendWXF(dst []byte, m Move) []byte {
	r := p.describe(m)
	t := p.tandemOf(m.From())
	letter := wxfLetters[r.kind]
	digit := byte('0' + r.file)
	switch {
	case t.n < 2 || r.kind == General || r.kind == Advisor || r.kind == Elephant:
		dst = append(dst, letter, digit)
	case r.kind != Soldier:
		dst = append(dst, letter, plusMinus(t.idx == 1))
	case t.multi >= 2:
		dst = append(dst, digit)
		switch {
		case t.idx == 1:
			dst = append(dst, '+')
		case t.idx == t.n:
			dst = append(dst, '-')
		default:
			dst = append(dst, digit)
		}
	case t.n <= 3:
		dst = append(dst, letter)
		switch {
		case t.idx == 1:
			dst = append(dst, '+')
		case t.idx == t.n:
			dst = append(dst, '-')
		default:
			dst = append(dst, digit)
		}
	default: // four or five soldiers on one file
		switch t.idx {
		case 1:
			dst = append(dst, "++"...)
		case 2:
			dst = append(dst, "P+"...)
		case t.n - 1:
			dst = append(dst, "P-"...)
		case t.n:
			dst = append(dst, "--"...)
		default:
			dst = append(dst, letter, digit)
		}
	}
	return append(dst, r.op, byte('0'+r.arg))
}

func plusMinus(front bool) byte {
	if front {
		return '+'
	}
	return '-'
}

// wxfKinds maps an upper-case letter to a kind: the WXF letters plus the
// common alternatives G (general), B (elephant, "bishop"), N (horse,
// "knight") and S (soldier).
var wxfKinds = map[byte]Kind{
	'K': General, 'G': General, 'A': Advisor, 'E': Elephant, 'B': Elephant,
	'H': Horse, 'N': Horse, 'R': Chariot, 'C': Cannon, 'P': Soldier, 'S': Soldier,
}

// parseWXF reads a WXF move in folded text (see fold). It accepts
// everything WXF writes, lower case, full-width characters, '=' for '.', the
// alternative letters of wxfKinds and the tandem forms with the sign first
// ("+C.5"). ok is false when s does not look like WXF at all.
func parseWXF(s string) (r relMove, ok bool) {
	if len(s) != 4 {
		return r, false
	}
	s = strings.ToUpper(s)
	isDigit := func(c byte) bool { return c >= '1' && c <= '9' }
	isSign := func(c byte) bool { return c == '+' || c == '-' }
	c0, c1 := s[0], s[1]
	switch {
	case wxfKinds[c0] != NoKind && isDigit(c1): // C2
		r.kind, r.file = wxfKinds[c0], int(c1-'0')
	case wxfKinds[c0] != NoKind && isSign(c1): // C+
		r.kind, r.des = wxfKinds[c0], signDes(c1)
	case isSign(c0) && wxfKinds[c1] != NoKind: // +C
		r.kind, r.des = wxfKinds[c1], signDes(c0)
	case isSign(c0) && c1 == c0: // ++ --
		r.kind, r.des = Soldier, desPlus2
		if c0 == '-' {
			r.des = desMinus2
		}
	case isDigit(c0) && isSign(c1): // 3+
		r.kind, r.file, r.des = Soldier, int(c0-'0'), signDes(c1)
	case isDigit(c0) && c1 == c0: // 33
		r.kind, r.file, r.des = Soldier, int(c0-'0'), desMiddle
	default:
		return r, false
	}
	if (s[2] != '+' && s[2] != '-' && s[2] != '.') || !isDigit(s[3]) {
		return r, false
	}
	r.op, r.arg = s[2], int(s[3]-'0')
	return r, true
}

func signDes(c byte) designator {
	if c == '+' {
		return desPlus
	}
	return desMinus
}

// ParseWXF returns the legal move that the WXF text s names.
// Like ParseMove it reads every spelling people type (see fold).
func (p *Position) ParseWXF(s string) (Move, error) {
	r, ok := parseWXF(fold(s))
	if !ok {
		return NoMove, engine.E(engine.NotWXF, s)
	}
	return p.resolve(r, s)
}
