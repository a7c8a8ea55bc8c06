package xiangqi

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tengen-bot/tengen/engine"
)

// StartFEN is the standard starting position in FEN, exactly as
// fairy-stockfish (UCI_Variant xiangqi) writes it.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("xiangqi: bad StartFEN: " + err.Error()) // unreachable: StartFEN is a constant
	}
	return p
}

// fenKinds maps a lower-case FEN letter to a kind. Besides the letters
// fairy-stockfish writes (k a b n r c p) it accepts its alternatives h (horse)
// and e (elephant).
var fenKinds = map[byte]Kind{
	'k': General, 'a': Advisor, 'b': Elephant, 'e': Elephant,
	'n': Horse, 'h': Horse, 'r': Chariot, 'c': Cannon, 'p': Soldier,
}

// ParseFEN parses a position in fairy-stockfish's Xiangqi FEN: ten ranks from
// black's side (rank 10) to red's (rank 1) separated by '/', upper case for
// red; then the side to move ("w" or "r" for red, "b" for black); then
// optionally "-", "-", the halfmove clock and the fullmove number.
//
// The position must be one that can arise in a game: one general per side,
// no more than the standard number of pieces of each kind, every piece on a
// point it can reach, and the side that has just moved not in check.
// Errors are *engine.Error with one of the FEN codes (engine.FENFields...),
// whose first argument is fen.
func ParseFEN(fen string) (Position, error) {
	bad := func(code engine.Code, args ...any) (Position, error) {
		return Position{}, engine.E(code, append([]any{fen}, args...)...)
	}
	fields := strings.Fields(fen)
	if len(fields) < 2 || len(fields) > 6 {
		return bad(engine.FENFields)
	}
	p := emptyPosition()
	rows := strings.Split(fields[0], "/")
	if len(rows) != Ranks {
		return bad(engine.FENRanks, Ranks, len(rows))
	}
	var used [2][8]int
	for i, row := range rows {
		rank := Ranks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				file += int(c - '0')
				continue
			}
			side := Red
			lc := c
			if c >= 'a' && c <= 'z' {
				side = Black
			} else {
				lc = c + 'a' - 'A'
			}
			k, ok := fenKinds[lc]
			if !ok {
				r, _ := utf8.DecodeRuneInString(row[j:])
				return bad(engine.FENLetter, string(r))
			}
			if file >= Files {
				return bad(engine.FENRankLong, rank+1, Files)
			}
			sq := SquareAt(file, rank)
			if code := checkPlacement(side, k, sq); code != engine.OK {
				return bad(code, colour(side), k.Term(), sq.String())
			}
			n := used[side][k]
			if n >= kindOffsets[k][1]-kindOffsets[k][0] {
				return bad(engine.FENTooMany, colour(side), k.Term())
			}
			used[side][k]++
			p.put(idBase(side)+kindOffsets[k][0]+n, sq)
			file++
		}
		if file != Files {
			return bad(engine.FENRankPoints, rank+1, file, Files)
		}
	}
	for s := Red; s <= Black; s++ {
		if used[s][General] != 1 {
			return bad(engine.FENNoGeneral, colour(s))
		}
	}
	switch fields[1] {
	case "w", "r":
	case "b":
		p.turn = Black
		p.key ^= zobristBlack
	default:
		return bad(engine.FENTurn, fields[1])
	}
	for i := 2; i < 4 && i < len(fields); i++ {
		if fields[i] != "-" {
			return bad(engine.FENDash, i+1, fields[i])
		}
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return bad(engine.FENClock, fields[4])
		}
		p.clock = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 10000 {
			return bad(engine.FENFullmove, fields[5])
		}
		p.fullmove = n
	}
	if k := p.General(p.turn ^ 1); p.generalAttacked(k, p.turn) {
		return bad(engine.FENCapture, colour(p.turn), colour(p.turn^1))
	}
	return p, nil
}

// checkPlacement says why a piece can never stand on sq, as the code of
// the error (whose arguments are the side, the kind and sq), or engine.OK
// if it can.
func checkPlacement(s engine.Side, k Kind, sq Square) engine.Code {
	f, r := sq.File(), sq.Rank()
	if s == Black {
		r = Ranks - 1 - r // as seen from the piece's own side
	}
	switch k {
	case General:
		if squareInfo[sq]&palace(s) == 0 {
			return engine.FENPalace
		}
	case Advisor:
		if squareInfo[sq]&palace(s) == 0 || (f+r)%2 == 0 {
			return engine.FENAdvisor
		}
	case Elephant:
		if r > 4 || r%2 != 0 || (f+r)%4 != 2 {
			return engine.FENElephant
		}
	case Soldier:
		if r < 3 || (r < 5 && f%2 != 0) {
			return engine.FENSoldier
		}
	}
	return engine.OK
}

// FEN returns the position in fairy-stockfish's Xiangqi FEN.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Files; f++ {
			pc := p.At(SquareAt(f, r))
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.turn == Red {
		sb.WriteString(" w - - ")
	} else {
		sb.WriteString(" b - - ")
	}
	sb.WriteString(strconv.Itoa(p.clock))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.fullmove))
	return sb.String()
}

// String returns the position's FEN.
func (p Position) String() string { return p.FEN() }
