package gomoku

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// psqHeader starts a Piskvork position file (.psq): "Piskvorky 15x15,
// 11:11, 0", the board's width and height, then (unused here) the view's
// centre and a flag.
const psqHeader = "Piskvorky"

// PSQ writes the game as a Piskvork / Gomocup position file (.psq), the
// format Gomocup's manager Piskvork saves and opens: the header
// "Piskvorky 15x15, 11:11, 0", one "x,y,time" line per move (x the column
// from the left and y the row from the top, both from 1; time the
// milliseconds the move took, 0 here), then the two players' names and -1.
func (g *Game) PSQ(black, white string) string {
	var sb strings.Builder
	n := g.Size()
	fmt.Fprintf(&sb, "%s %dx%d, 11:11, 0\n", psqHeader, n, n)
	for _, p := range g.moves {
		fmt.Fprintf(&sb, "%d,%d,0\n", p.Col()+1, n-p.Row())
	}
	clean := strings.NewReplacer("\n", " ", "\r", " ")
	fmt.Fprintf(&sb, "%s\n%s\n-1\n", clean.Replace(black), clean.Replace(white))
	return sb.String()
}

// NumberedMoves writes the game's moves in standard coordinates, numbered
// by pairs, perLine pairs a line: "1. h8 h9 2. i9 g7".
func (g *Game) NumberedMoves(perLine int) string {
	var sb strings.Builder
	moves := g.Moves()
	for i := 0; i < len(moves); i += 2 {
		if i > 0 {
			if perLine > 0 && (i/2)%perLine == 0 {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprintf(&sb, "%d. %s", i/2+1, moves[i])
		if i+1 < len(moves) {
			sb.WriteString(" " + moves[i+1])
		}
	}
	return sb.String()
}

// ParseRecord reads a game to continue from what players paste: a
// Piskvork position file (.psq, whose header gives the board's size), a
// game as MarshalText writes it ("15 renju: h8 h9", which gives the size
// and the rule), or a list of points in standard coordinates, as RenLib
// and most Gomoku software copy it ("h8 i9 j10", "1. h8 i9 2. j10", upper
// case and commas too) played on a size×size board under rule. It returns
// the game with every move played.
//
// Errors are *engine.Error: ImportEmpty for text without a move or a
// header, NotABoardSize for a board Tengen does not play, and ImportMove
// naming the first move that cannot be read or played (its number from 1,
// the text, and why).
func ParseRecord(text string, size int, rule Rule) (*Game, error) {
	text = strings.TrimPrefix(strings.TrimSpace(text), "\ufeff")
	if text == "" {
		return nil, engine.E(engine.ImportEmpty)
	}
	if strings.HasPrefix(text, psqHeader) {
		return parsePSQ(text, rule)
	}
	if head, tail, ok := strings.Cut(text, ":"); ok {
		if f := strings.Fields(head); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				if n != Small && n != Large {
					return nil, engine.E(engine.NotABoardSize, shown(f[0]))
				}
				r, err := ParseRule(f[1])
				if err != nil {
					return nil, err
				}
				size, rule, text = n, r, tail
			}
		}
	}
	g, err := NewGame(size, rule)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u3000'
	}) {
		if i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && w[i] == '.' {
			w = strings.TrimLeft(w[i:], ".") // "1.h8" or "1."
		}
		if w == "" || w == "..." {
			continue
		}
		n++
		if err := playWord(g, w); err != nil {
			return nil, engine.E(engine.ImportMove, n, shown(w), err)
		}
	}
	if n == 0 {
		return nil, engine.E(engine.ImportEmpty)
	}
	return g, nil
}

// playWord plays the point w for the side to move.
func playWord(g *Game, w string) error {
	p, err := ParsePoint(w, g.Size())
	if err != nil {
		return err
	}
	return g.PlayPoint(p)
}

// parsePSQ reads a .psq file: its header's size, then "x,y,time" moves
// until the first word that is not one (the players' names, -1). The
// lines may have been joined into one (text pasted into a one-line
// field): the moves are read word by word.
func parsePSQ(text string, rule Rule) (*Game, error) {
	head := psqHead().FindStringSubmatch(text)
	if head == nil || head[1] != head[2] {
		dims, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(text, psqHeader)), ",")
		return nil, engine.E(engine.NotABoardSize, shown(dims))
	}
	size, err := strconv.Atoi(head[1])
	if err != nil || (size != Small && size != Large) {
		return nil, engine.E(engine.NotABoardSize, shown(head[1]+"x"+head[2]))
	}
	g, err := NewGame(size, rule)
	if err != nil {
		return nil, err
	}
	for i, w := range strings.Fields(text[len(head[0]):]) {
		f := strings.Split(w, ",")
		if len(f) < 2 || len(f) > 3 {
			break
		}
		x, errX := strconv.Atoi(f[0])
		y, errY := strconv.Atoi(f[1])
		if errX != nil || errY != nil {
			break
		}
		if x < 1 || x > size || y < 1 || y > size {
			off := engine.E(engine.OffBoard, shown(w), lastColumn(size), size)
			return nil, engine.E(engine.ImportMove, i+1, shown(w), off)
		}
		if err := g.PlayPoint(PointAt(x-1, size-y)); err != nil {
			return nil, engine.E(engine.ImportMove, i+1, shown(w), err)
		}
	}
	return g, nil
}

// psqHead matches a .psq file's header, "Piskvorky 15x15, 11:11, 0": the
// width, the height, and the rest of the line.
func psqHead() *regexp.Regexp {
	return regexp.MustCompile(`^Piskvorky\s+(\d+)x(\d+)\s*,\s*\d+:\d+\s*,\s*\d+`)
}
