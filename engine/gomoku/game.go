package gomoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Game is a Gomoku game: a board, its rule, the moves played and how the game
// stands. It implements engine.Game for the game lifecycle and offers the
// concrete Board and Point types to the AI. Create one with NewGame or
// ParseGame; the zero Game only serves as a target for UnmarshalText.
//
// A Game is not safe for concurrent use.
type Game struct {
	board   Board
	moves   []Point
	outcome engine.Outcome
	line    []Point // the winning line, once there is one
}

var _ engine.Game = (*Game)(nil)

// NewGame starts a game on an empty size×size board (Small or Large) played
// by rule.
func NewGame(size int, rule Rule) (*Game, error) {
	b, err := NewBoard(size, rule)
	if err != nil {
		return nil, err
	}
	return &Game{board: *b}, nil
}

// ParseGame reads a game written by MarshalText, e.g. "15 renju: h8 h9 i9".
func ParseGame(text string) (*Game, error) {
	g := new(Game)
	if err := g.UnmarshalText([]byte(text)); err != nil {
		return nil, err
	}
	return g, nil
}

// Size returns the number of points across the board (15 or 19).
func (g *Game) Size() int { return g.board.Size() }

// Rule returns the rule the game is played by.
func (g *Game) Rule() Rule { return g.board.rule }

// Board returns a copy of the current position, for the AI and the image.
func (g *Game) Board() Board { return g.board }

// Turn returns the side to move: Black on even plies, White on odd ones.
func (g *Game) Turn() engine.Side { return engine.Side(len(g.moves) & 1) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// SideNames returns {"black", "white"}.
func (g *Game) SideNames() [2]string { return [2]string{sideName(Black), sideName(White)} }

// Colours returns the Terms for the two sides, {ColourBlack, ColourWhite},
// for errors that name a side.
func (g *Game) Colours() [2]engine.Term { return [2]engine.Term{colour(Black), colour(White)} }

// Outcome returns how the game stands: ongoing, won by five (the winner is
// the side that made it), drawn on a full board, or drawn under renju when
// black is to move and every empty point is forbidden to it.
func (g *Game) Outcome() engine.Outcome { return g.outcome }

// WinningLine returns the points of the winning line, from one end to the
// other, or nil while nobody has won. The slice is the caller's.
func (g *Game) WinningLine() []Point { return append([]Point(nil), g.line...) }

// History returns the points played so far, in order. The slice is the
// caller's.
func (g *Game) History() []Point { return append([]Point(nil), g.moves...) }

// Last returns the last point played, or NoPoint before the first move.
func (g *Game) Last() Point {
	if len(g.moves) == 0 {
		return NoPoint
	}
	return g.moves[len(g.moves)-1]
}

// Moves returns the moves played so far in canonical notation.
func (g *Game) Moves() []string {
	out := make([]string, len(g.moves))
	for i, p := range g.moves {
		out[i] = p.String()
	}
	return out
}

// ForbiddenPoints lists black's renju forbidden points in the current
// position with their fouls (nil under the other rules).
func (g *Game) ForbiddenPoints() []ForbiddenPoint { return g.board.ForbiddenPoints() }

// LegalMoves lists the empty points near the stones (within two points), the
// most promising first, in canonical notation; the centre on an empty board.
// Under Renju, black's forbidden points are left out when black is to move.
// It is empty once the game is over.
func (g *Game) LegalMoves() []string {
	if g.outcome.Over() {
		return nil
	}
	var out []string
	for _, p := range g.board.Near(2) {
		if g.board.rule == Renju && g.Turn() == Black && g.board.Forbidden(p) != NoFoul {
			continue
		}
		out = append(out, p.String())
	}
	return out
}

// Play reads move (a point such as "h8", see ParsePoint), plays it for the
// side to move and returns it in canonical notation. Errors are
// *engine.Error: ParsePoint's, Board.Play's or, once the game has ended,
// GomokuWon, GomokuDrawnForbidden or GomokuDrawnFull.
func (g *Game) Play(move string) (string, error) {
	if err := g.over(); err != nil {
		return "", err
	}
	p, err := ParsePoint(move, g.Size())
	if err != nil {
		return "", err
	}
	if err := g.PlayPoint(p); err != nil {
		return "", err
	}
	return p.String(), nil
}

// PlayPoint plays p for the side to move, with the same checks as Play. After
// the move the outcome is updated: a win when it completes a winning line, a
// draw when it fills the board or (renju) leaves black, to move, only
// forbidden points.
func (g *Game) PlayPoint(p Point) error {
	if err := g.over(); err != nil {
		return err
	}
	side := g.Turn()
	if err := g.board.Play(p, side); err != nil {
		return err
	}
	g.moves = append(g.moves, p)
	if line := g.board.WinningLine(p); line != nil {
		g.outcome, g.line = engine.WinFor(side, engine.Five), line
	} else if g.board.Full() {
		g.outcome = engine.DrawBy(engine.FullBoard)
	} else if side == White && !g.board.blackCanPlay() {
		g.outcome = engine.DrawBy(engine.NoLegalPoint)
	}
	return nil
}

// over returns the error for a move once the game has ended.
func (g *Game) over() error {
	switch g.outcome.Status {
	case engine.Win:
		return engine.E(engine.GomokuWon, colour(g.outcome.Winner), g.outcome.Reason)
	case engine.Draw:
		if g.outcome.Reason == engine.NoLegalPoint {
			return engine.E(engine.GomokuDrawnForbidden)
		}
		return engine.E(engine.GomokuDrawnFull)
	}
	return nil
}

// Undo takes back the last n moves. It fails, changing nothing, when n is
// negative or more than the moves played. The game is ongoing afterwards
// (unless n is 0), since a game ends on the move that decides it.
func (g *Game) Undo(n int) error {
	switch {
	case n < 0:
		return engine.E(engine.UndoNegative, n)
	case n > len(g.moves):
		return engine.E(engine.UndoTooMany, n, len(g.moves))
	case n == 0:
		return nil
	}
	for range n {
		last := len(g.moves) - 1
		g.board.Take(g.moves[last])
		g.moves = g.moves[:last]
	}
	g.outcome, g.line = engine.Outcome{}, nil
	return nil
}

// MarshalText writes the game as its size, rule, a colon and its moves, e.g.
// "15 renju: h8 h9 i9" ("15 renju:" before the first move). UnmarshalText
// reads it back.
func (g *Game) MarshalText() ([]byte, error) {
	out := fmt.Appendf(nil, "%d %s:", g.Size(), g.Rule())
	for _, p := range g.moves {
		out = append(out, ' ')
		out = append(out, p.String()...)
	}
	return out, nil
}

// String returns the game as MarshalText writes it.
func (g *Game) String() string {
	text, _ := g.MarshalText() // MarshalText cannot fail
	return string(text)
}

// UnmarshalText reads a game written by MarshalText and replays its moves
// under its rule, so a list that breaks the rules (a taken point, a
// forbidden point, a move after the end) is refused. Upper case, extra
// spaces and commas between moves are accepted. On error g is unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	head, tail, ok := strings.Cut(string(text), ":")
	fields := strings.Fields(head)
	if !ok || len(fields) != 2 {
		return engine.E(engine.NotASavedGame, shown(string(text)))
	}
	size, err := strconv.Atoi(fields[0])
	if err != nil || (size != Small && size != Large) {
		return engine.E(engine.NotABoardSize, shown(fields[0]))
	}
	rule, err := ParseRule(fields[1])
	if err != nil {
		return err
	}
	moves, err := ParseMoves(tail, size)
	if err != nil {
		return err
	}
	fresh, err := NewGame(size, rule)
	if err != nil {
		return err
	}
	for i, p := range moves {
		if err := fresh.PlayPoint(p); err != nil {
			return fmt.Errorf("move %d (%s): %w", i+1, p, err)
		}
	}
	*g = *fresh
	return nil
}
