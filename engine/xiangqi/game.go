package xiangqi

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// MoveLimit is the number of plies without a capture after which the game
// is drawn: 60 moves by each side, as in the Asian rules.
const MoveLimit = 120

// Game is a game of Xiangqi for people: moves are checked, the outcome is
// kept up to date (mate, stalemate, repetition, perpetual check, the move
// limit), moves can be taken back, and the whole game serialises to text.
// The zero Game is not usable; use NewGame, NewGameFromFEN or UnmarshalText.
type Game struct {
	startFEN string
	pos      Position
	keys     []uint64 // keys[i] is the key after i moves; keys[0] the set-up
	plies    []played
	initial  engine.Outcome // the outcome of the set-up position
}

// played is one move of a game with what is needed to take it back.
type played struct {
	move    Move
	undo    Undo
	check   bool           // the move gave check
	outcome engine.Outcome // the outcome after the move
}

var _ engine.Game = (*Game)(nil)

// NewGame returns a game from the standard starting position.
func NewGame() *Game {
	g, err := NewGameFromFEN(StartFEN)
	if err != nil {
		panic("xiangqi: " + err.Error()) // unreachable: StartFEN is valid
	}
	return g
}

// NewGameFromFEN returns a game that starts from the position fen.
func NewGameFromFEN(fen string) (*Game, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	g := &Game{startFEN: p.FEN(), pos: p, keys: []uint64{p.Key()}}
	g.initial = g.judge()
	return g, nil
}

// Position returns a copy of the current position.
func (g *Game) Position() Position { return g.pos }

// StartFEN returns the FEN of the position the game started from.
func (g *Game) StartFEN() string { return g.startFEN }

// Turn returns the side to move.
func (g *Game) Turn() engine.Side { return g.pos.turn }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.plies) }

// SideNames returns {"red", "black"}.
func (g *Game) SideNames() [2]string { return [2]string{"red", "black"} }

// Colours returns the Terms for the two sides, {ColourRed, ColourBlack},
// for errors that name a side.
func (g *Game) Colours() [2]engine.Term { return [2]engine.Term{colour(Red), colour(Black)} }

// Outcome returns how the game stands.
func (g *Game) Outcome() engine.Outcome {
	if n := len(g.plies); n > 0 {
		return g.plies[n-1].outcome
	}
	return g.initial
}

// Play reads a move in any notation ParseMove accepts, checks it, plays it,
// and returns it in coordinate notation.
func (g *Game) Play(move string) (string, error) {
	if err := g.checkOngoing(); err != nil {
		return "", err
	}
	m, err := g.pos.ParseMove(move)
	if err != nil {
		return "", err
	}
	g.apply(m)
	return m.String(), nil
}

// PlayMove checks and plays m.
func (g *Game) PlayMove(m Move) error {
	if err := g.checkOngoing(); err != nil {
		return err
	}
	if err := g.pos.CheckMove(m.From(), m.To()); err != nil {
		return err
	}
	g.apply(m)
	return nil
}

func (g *Game) checkOngoing() error {
	if o := g.Outcome(); o.Over() {
		return engine.Over(o, g.Colours())
	}
	return nil
}

// apply plays the legal move m and records the new outcome.
func (g *Game) apply(m Move) {
	u := g.pos.MakeMove(m)
	g.keys = append(g.keys, g.pos.Key())
	g.plies = append(g.plies, played{move: m, undo: u, check: g.pos.InCheck()})
	g.plies[len(g.plies)-1].outcome = g.judge()
}

// judge decides the outcome of the current position from the board and the
// history: no legal move loses; then repetition; then the move limit.
func (g *Game) judge() engine.Outcome {
	p := &g.pos
	if !p.HasLegalMove() {
		if p.InCheck() {
			return engine.WinFor(p.turn^1, engine.Checkmate)
		}
		return engine.WinFor(p.turn^1, engine.Stalemate)
	}
	if o, ok := g.repetition(); ok {
		return o
	}
	if p.clock >= MoveLimit {
		return engine.DrawBy(engine.MoveLimit)
	}
	return engine.Outcome{}
}

// repetition looks for the third occurrence of the current position (same
// pieces, same side to move) since the last capture. If found, it judges
// the moves from the first of the three occurrences to now: a side that
// gave check with every one of its moves while the other did not loses by
// perpetual check; otherwise the game is drawn by repetition.
func (g *Game) repetition() (engine.Outcome, bool) {
	n := len(g.plies)
	oldest := max(n-g.pos.clock, 0) // no position before the last capture can recur
	seen, first := 1, -1
	for i := n - 4; i >= oldest && seen < 3; i -= 2 {
		if g.keys[i] == g.keys[n] {
			seen++
			first = i
		}
	}
	if seen < 3 {
		return engine.Outcome{}, false
	}
	perpetual := [2]bool{true, true}
	mover := g.pos.turn // moves alternate; the last (ply n) was by the other side
	for i := n; i > first; i-- {
		mover ^= 1
		if !g.plies[i-1].check {
			perpetual[mover] = false
		}
	}
	switch {
	case perpetual[Red] && !perpetual[Black]:
		return engine.WinFor(Black, engine.PerpetualCheck), true
	case perpetual[Black] && !perpetual[Red]:
		return engine.WinFor(Red, engine.PerpetualCheck), true
	}
	return engine.DrawBy(engine.Repetition), true
}

// LastMove returns the last move played and the position it was played
// from (which its notation needs); ok is false before the first move.
func (g *Game) LastMove() (m Move, before Position, ok bool) {
	if len(g.plies) == 0 {
		return NoMove, Position{}, false
	}
	last := g.plies[len(g.plies)-1]
	before = g.pos
	before.UnmakeMove(last.move, last.undo)
	return last.move, before, true
}

// Undo takes back the last n moves, restoring the outcome before them.
func (g *Game) Undo(n int) error {
	if n < 0 || n > len(g.plies) {
		return engine.E(engine.UndoBeyond, n, len(g.plies))
	}
	for ; n > 0; n-- {
		last := g.plies[len(g.plies)-1]
		g.pos.UnmakeMove(last.move, last.undo)
		g.plies = g.plies[:len(g.plies)-1]
		g.keys = g.keys[:len(g.keys)-1]
	}
	return nil
}

// LegalMoves lists the legal moves in coordinate notation, captures first.
func (g *Game) LegalMoves() []string {
	if g.Outcome().Over() {
		return nil
	}
	moves := g.pos.GenerateMoves(make([]Move, 0, MaxMoves))
	out := make([]string, 0, len(moves))
	for _, capture := range []bool{true, false} {
		for _, m := range moves {
			if (g.pos.At(m.To()) != NoPiece) == capture {
				out = append(out, m.String())
			}
		}
	}
	return out
}

// Moves returns the moves played, in coordinate notation.
func (g *Game) Moves() []string {
	out := make([]string, len(g.plies))
	for i, p := range g.plies {
		out[i] = p.move.String()
	}
	return out
}

// History returns the moves played.
func (g *Game) History() []Move {
	out := make([]Move, len(g.plies))
	for i, p := range g.plies {
		out[i] = p.move
	}
	return out
}

// MarshalText writes the game as its starting FEN followed by " moves" and
// the moves in coordinate notation, like a UCI position command:
// "rnbakabnr/9/... w - - 0 1 moves h3e3 h10g8". Without moves it is the FEN.
func (g *Game) MarshalText() ([]byte, error) {
	var sb strings.Builder
	sb.WriteString(g.startFEN)
	if len(g.plies) > 0 {
		sb.WriteString(" moves")
		for _, p := range g.plies {
			sb.WriteByte(' ')
			sb.WriteString(p.move.String())
		}
	}
	return []byte(sb.String()), nil
}

// UnmarshalText restores a game written by MarshalText. The moves may be
// in any notation Play accepts, one per space-separated word.
func (g *Game) UnmarshalText(text []byte) error {
	fen, moves, _ := strings.Cut(string(text), " moves")
	ng, err := NewGameFromFEN(fen)
	if err != nil {
		return fmt.Errorf("xiangqi game: %w", err)
	}
	if moves != "" && moves[0] != ' ' {
		return fmt.Errorf("xiangqi game: %w", engine.E(engine.MovesAfterFEN))
	}
	for i, mv := range strings.Fields(moves) {
		if _, err := ng.Play(mv); err != nil {
			return fmt.Errorf("xiangqi game: move %d (%s): %w", i+1, clip(mv), err)
		}
	}
	*g = *ng
	return nil
}
