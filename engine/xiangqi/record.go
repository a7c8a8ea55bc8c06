package xiangqi

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Replay calls write for every move of the game in order, with the
// position the move was played from, and returns what it wrote: the game's
// moves in any notation that needs the position (WXF, Chinese,
// Vietnamese).
func (g *Game) Replay(write func(before *Position, m Move) string) []string {
	pos, err := ParseFEN(g.startFEN)
	if err != nil {
		return nil // unreachable: the start was parsed when the game was made
	}
	out := make([]string, len(g.plies))
	for i, p := range g.plies {
		out[i] = write(&pos, p.move)
		pos.MakeMove(p.move)
	}
	return out
}

// StartTurn returns the side to move in the start position.
func (g *Game) StartTurn() engine.Side {
	if len(g.plies)%2 == 0 {
		return g.pos.turn
	}
	return g.pos.turn ^ 1
}

// ICCS returns m in ICCS notation, as XQStudio and ChessDB write it: the
// files A–I from red's left and the ranks 0–9 from red's side, "H2-E2" for
// the central cannon (h3e3 in coordinates).
func ICCS(m Move) string {
	from, to := m.From(), m.To()
	return string([]byte{
		byte('A' + from.File()), byte('0' + from.Rank()), '-',
		byte('A' + to.File()), byte('0' + to.Rank()),
	})
}

// parseICCS reads a move in ICCS notation ("H2-E2", any case) as
// coordinates ("h3e3"); ok is false when s is not ICCS.
func parseICCS(s string) (coord string, ok bool) {
	if len(s) != 5 || s[2] != '-' {
		return "", false
	}
	s = strings.ToLower(s)
	file := func(c byte) bool { return c >= 'a' && c <= 'i' }
	rank := func(c byte) bool { return c >= '0' && c <= '9' }
	if !file(s[0]) || !rank(s[1]) || !file(s[3]) || !rank(s[4]) {
		return "", false
	}
	return fmt.Sprintf("%c%d%c%d", s[0], s[1]-'0'+1, s[3], s[4]-'0'+1), true
}

// ICCSMoves returns the game's moves in ICCS notation ("H2-E2").
func (g *Game) ICCSMoves() []string {
	out := make([]string, len(g.plies))
	for i, p := range g.plies {
		out[i] = ICCS(p.move)
	}
	return out
}

// WXFMoves returns the game's moves in WXF notation ("C2.5").
func (g *Game) WXFMoves() []string {
	return g.Replay(func(p *Position, m Move) string { return p.WXF(m) })
}

// Result returns the PGN result of an outcome: "1-0" when red won, "0-1"
// when black won, "1/2-1/2" for a draw and "*" for a game still going.
func Result(o engine.Outcome) string {
	switch {
	case o.Status == engine.Draw:
		return "1/2-1/2"
	case o.Status != engine.Win:
		return "*"
	case o.Winner == Red:
		return "1-0"
	}
	return "0-1"
}

// Tags are the tags of a game record besides those the game itself
// gives (the start FEN, the format): who played, where, when, and the
// result ("*" when empty).
type Tags struct {
	Event, Site, Date, Red, Black, Result string
}

// PGN writes the game in the PGN-like text Xiangqi software reads and
// writes (XQStudio, ChessDB, the WXF's file format drafted by Huayong
// Yang: "Chinese Chess File Format", ICCS moves): the tags [Game "Chinese
// Chess"], [Event], [Site], [Date], [Red], [Black], [Result], [FEN] (the
// start position) and [Format "ICCS"], a blank line, then the numbered
// moves ("1. H2-E2 H9-G7"; a game that starts with black to move begins
// "1. ... H9-G7") and the result.
func (g *Game) PGN(t Tags) string {
	if t.Result == "" {
		t.Result = "*"
	}
	var sb strings.Builder
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", name, value)
	}
	tag("Game", "Chinese Chess")
	tag("Event", t.Event)
	tag("Site", t.Site)
	tag("Date", t.Date)
	tag("Red", t.Red)
	tag("Black", t.Black)
	tag("Result", t.Result)
	tag("FEN", g.startFEN)
	tag("Format", "ICCS")
	sb.WriteByte('\n')
	sb.WriteString(NumberMoves(g.ICCSMoves(), g.StartTurn(), startNumber(g.startFEN), 1))
	if sb.String()[sb.Len()-1] != '\n' {
		sb.WriteByte(' ')
	}
	sb.WriteString(t.Result)
	sb.WriteByte('\n')
	return sb.String()
}

// startNumber is the fullmove number of the start position fen.
func startNumber(fen string) int {
	p, err := ParseFEN(fen)
	if err != nil {
		return 1
	}
	return p.FullMove()
}

// NumberMoves writes moves as numbered pairs, perLine pairs a line (0:
// one line): "1. H2-E2 H9-G7 2. ...". first is the side that made the
// first move and number its number; when black moved first the list
// starts "1. ... H9-G7".
func NumberMoves(moves []string, first engine.Side, number, perLine int) string {
	var sb strings.Builder
	pairs := 0
	for i := 0; i < len(moves); {
		if i > 0 {
			if perLine > 0 && pairs%perLine == 0 {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprintf(&sb, "%d.", number)
		if i == 0 && first == Black {
			sb.WriteString(" ...")
		} else {
			sb.WriteString(" " + moves[i])
			i++
		}
		if i < len(moves) {
			sb.WriteString(" " + moves[i])
			i++
		}
		number++
		pairs++
	}
	return sb.String()
}

// ParseRecord reads a game to continue from what players paste: a FEN
// alone; a FEN or "startpos" followed by "moves" and moves (as a UCI
// "position" command, with or without "position fen", and as MarshalText
// writes it); the PGN-like text of Xiangqi software (tags, with [FEN] for
// the start; move numbers, comments in braces, results); or a bare move
// list; or the WXF's file format (header lines such as "FEN ...", then
// the moves between "START{" and "}END"). Moves may be in any notation Play reads (coordinates h3e3, WXF
// C2.5 or C2=5, Chinese 炮二平五) or in ICCS (H2-E2); a move number
// ("1.", "12...") and the marks ! and ? are skipped. It returns the game
// with every move played.
//
// Errors are *engine.Error: ImportEmpty for text with neither a position
// nor a move, a FEN code for a bad FEN, and ImportMove naming the first
// move that cannot be played (its number from 1, the text, and why).
func ParseRecord(text string) (*Game, error) { return parseRecord(text, false) }

// ParseRecordVietnamese is ParseRecord for a reader who writes moves in
// Vietnamese notation (see Position.Vietnamese: "P2-5" is a cannon's move
// there, a soldier's in WXF): each move is read in Vietnamese notation
// first, then as ParseRecord reads it.
func ParseRecordVietnamese(text string) (*Game, error) { return parseRecord(text, true) }

// parseRecord is ParseRecord, reading moves in Vietnamese notation first
// when vietnamese is set.
func parseRecord(text string, vietnamese bool) (*Game, error) {
	fen, body := StartFEN, text
	tags, body := cutTags(body)
	if head, moves, ok := cutWXF(body); ok {
		for k, v := range head {
			tags[k] = v
		}
		body = moves
	}
	given := len(tags) > 0 // a position, even the start, was given
	if f, ok := tags["fen"]; ok && strings.TrimSpace(f) != "" {
		fen = strings.TrimSpace(f)
	}
	words := strings.Fields(stripComments(body))
	if len(words) > 0 && strings.EqualFold(words[0], "position") {
		words = words[1:]
	}
	switch {
	case len(words) > 0 && strings.EqualFold(words[0], "startpos"):
		fen, words, given = StartFEN, words[1:], true
	case len(words) > 0 && strings.EqualFold(words[0], "fen"):
		words = words[1:]
		fallthrough
	case len(words) > 0 && isPlacement(words[0]):
		n := fenLength(words)
		fen, words, given = strings.Join(words[:n], " "), words[n:], true
	}
	if len(words) > 0 && strings.EqualFold(words[0], "moves") {
		words = words[1:]
	}
	moves := moveWords(words)
	if len(moves) == 0 && !given {
		return nil, engine.E(engine.ImportEmpty)
	}
	g, err := NewGameFromFEN(fen)
	if err != nil {
		return nil, err
	}
	for i, w := range moves {
		if vietnamese && !g.Outcome().Over() {
			pos := g.Position()
			if m, err := pos.ParseVietnamese(w); err == nil {
				if err := g.PlayMove(m); err != nil {
					return nil, engine.E(engine.ImportMove, i+1, clip(w), err)
				}
				continue
			}
		}
		mv := w
		if c, ok := parseICCS(w); ok {
			mv = c
		}
		if _, err := g.Play(mv); err != nil {
			return nil, engine.E(engine.ImportMove, i+1, clip(w), err)
		}
	}
	return g, nil
}

// isPlacement reports whether w looks like a FEN's piece placement rather
// than a move: ranks separated by '/' (a Vietnamese retreat such as
// "M3/2" has one '/' in a short word).
func isPlacement(w string) bool {
	return strings.Count(w, "/") >= 2 || (strings.Contains(w, "/") && len(w) > 6)
}

// cutWXF reads the WXF's "Chinese Chess File Format" (drafted by
// Huayong Yang): header lines of a keyword and a value ("FORMAT ICCS",
// "FEN ...", "RED ..."), then the moves between "START{" and "}END". It
// returns the start position ("fen", when the header gives one) and the
// moves; ok is false when text is not in that format.
func cutWXF(text string) (map[string]string, string, bool) {
	head, rest, ok := strings.Cut(text, "START{")
	if !ok {
		return nil, "", false
	}
	moves, _, _ := strings.Cut(rest, "}END")
	tags := map[string]string{}
	words := strings.Fields(head) // the lines may have been joined into one
	for i, w := range words {
		if strings.EqualFold(w, "FEN") && i+1 < len(words) {
			fen := words[i+1:]
			tags["fen"] = strings.Join(fen[:fenLength(fen)], " ")
		}
	}
	return tags, moves, true
}

// fenLength is how many of words, which start with a FEN's placement, are
// the FEN: the placement, the side to move, and the "- - halfmove
// fullmove" fields present.
func fenLength(words []string) int {
	if len(words) == 0 {
		return 0
	}
	n := 1
	if len(words) > 1 && len(words[1]) == 1 {
		n = 2
	}
	for n < len(words) && n < 6 {
		w := words[n]
		if w != "-" && strings.Trim(w, "0123456789") != "" {
			break
		}
		n++
	}
	return n
}

// cutTags takes the PGN tags ([Name "value"]) out of text, wherever they
// are (text pasted into a one-line field has them all on one line): it
// returns them by lower-case name, and the text without them.
func cutTags(text string) (map[string]string, string) {
	tags := map[string]string{}
	re := pgnTag()
	rest := re.ReplaceAllStringFunc(text, func(tag string) string {
		m := re.FindStringSubmatch(tag)
		tags[strings.ToLower(m[1])] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
		return " "
	})
	return tags, rest
}

// pgnTag matches a PGN tag: [Name "value"], the value with \" and \\
// escapes.
func pgnTag() *regexp.Regexp {
	return regexp.MustCompile(`\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]`)
}

// stripComments removes PGN comments from text: {braces}, (variations)
// and the rest of a line after ';'.
func stripComments(text string) string {
	var sb strings.Builder
	depth, line := 0, false
	for _, r := range text {
		switch {
		case line:
			if r == '\n' {
				line = false
				sb.WriteRune(r)
			}
		case r == '{' || r == '(':
			depth++
		case r == '}' || r == ')':
			if depth > 0 {
				depth--
			}
			sb.WriteByte(' ')
		case depth > 0:
		case r == ';':
			line = true
		case r == ',':
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// moveWords keeps the moves of a move list's words: move numbers ("1.",
// "1...", "..."), results ("1-0", "0-1", "1/2-1/2", "*") and the marks !
// and ? go; a number stuck to its move ("1.C2.5") is cut off.
func moveWords(words []string) []string {
	var out []string
	for _, w := range words {
		w = strings.TrimRight(w, "!?")
		switch w {
		case "", "*", "1-0", "0-1", "1/2-1/2", "½-½":
			continue
		}
		if i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && w[i] == '.' {
			// "1.C2.5" but not the tandem soldiers' "33.4"
			if rest := strings.TrimLeft(w[i:], "."); rest == "" || rest[0] < '0' || rest[0] > '9' {
				w = rest
			}
		}
		if strings.Trim(w, ".") == "" {
			continue
		}
		out = append(out, w)
	}
	return out
}
