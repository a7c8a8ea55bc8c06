package engine

// Game is what the game lifecycle needs from any game: play moves typed by
// people, take them back, and know whose turn it is and how the game stands.
// Implementations (*gomoku.Game, *xiangqi.Game) also expose their concrete,
// allocation-free types for the AI; this interface does not hide them, it
// only lets code that does not care treat both games alike.
//
// A Game is not safe for concurrent use.
type Game interface {
	// Turn returns the side to move.
	Turn() Side
	// Ply returns the number of moves played so far.
	Ply() int
	// Play parses move in any notation the game accepts, checks it against
	// the rules and applies it. It returns the move in the game's canonical
	// notation (the one Moves and MarshalText use). Errors are *Error.
	Play(move string) (canonical string, err error)
	// Undo takes back the last n moves. It fails, changing nothing, when
	// fewer than n moves have been played.
	Undo(n int) error
	// Outcome returns how the game stands as far as the rules of play can
	// tell (wins by five, mate, repetition, full board...). Resignation,
	// time and agreement are decided by the lifecycle, not the board.
	Outcome() Outcome
	// LegalMoves lists legal moves in canonical notation, most useful first,
	// for suggestions. Gomoku lists the empty points near stones (without
	// black's renju forbidden points); Xiangqi lists every legal move.
	LegalMoves() []string
	// Moves returns the moves played so far, in canonical notation.
	Moves() []string
	// SideNames returns the names of the First and Second sides in this
	// game, e.g. {"black", "white"} or {"red", "black"}.
	SideNames() [2]string
	// Colours returns the Terms for the First and Second sides' colours,
	// for messages in any language.
	Colours() [2]Term
	// MarshalText serialises the game (its set-up and every move) so that
	// the package's UnmarshalText restores an equal game.
	MarshalText() ([]byte, error)
}
