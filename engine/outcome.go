package engine

import "fmt"

// Status says whether a game is still being played, and if not, how it ended.
type Status uint8

// Game statuses.
const (
	Ongoing Status = iota // nobody has won yet
	Win                   // Outcome.Winner has won
	Draw                  // the game is drawn
)

// Reason says why a game ended.
type Reason uint8

// Reasons a game ends. The first group are wins, the second draws.
const (
	NoReason       Reason = iota // the game is ongoing
	Five                         // Gomoku: five (or more, where the rules allow) in a row
	Checkmate                    // Xiangqi: the side to move is in check and has no legal move
	Stalemate                    // Xiangqi: the side to move has no legal move (it loses)
	Resignation                  // the loser resigned
	Timeout                      // the loser ran out of time
	PerpetualCheck               // Xiangqi repetition rule: the side giving perpetual check loses
	Agreement                    // draw agreed by both players
	FullBoard                    // Gomoku: no empty point left
	Repetition                   // Xiangqi: threefold repetition without a perpetual
	MoveLimit                    // Xiangqi: too many moves without a capture
	NoLegalPoint                 // Gomoku (renju): black is to move and every empty point is forbidden to it
)

var reasonNames = [...]string{
	NoReason:       "ongoing",
	Five:           "five in a row",
	Checkmate:      "checkmate",
	Stalemate:      "stalemate",
	Resignation:    "resignation",
	Timeout:        "time",
	PerpetualCheck: "perpetual check",
	Agreement:      "agreement",
	FullBoard:      "full board",
	Repetition:     "repetition",
	MoveLimit:      "move limit",
	NoLegalPoint:   "no legal point",
}

// String returns a short English name for r, e.g. "checkmate".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// IsDraw reports whether r is a reason a game ends in a draw.
func (r Reason) IsDraw() bool {
	return r == Agreement || r == FullBoard || r == Repetition || r == MoveLimit || r == NoLegalPoint
}

// Outcome is the result of a game: ongoing, won by one side, or drawn, and why.
// The zero value is an ongoing game.
type Outcome struct {
	Status Status
	Winner Side // meaningful only when Status == Win
	Reason Reason
}

// WinFor returns the outcome "winner wins by reason".
func WinFor(winner Side, reason Reason) Outcome {
	return Outcome{Status: Win, Winner: winner, Reason: reason}
}

// DrawBy returns the outcome "drawn by reason".
func DrawBy(reason Reason) Outcome {
	return Outcome{Status: Draw, Reason: reason}
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// Describe renders the outcome in English with the game's names for the two
// sides, e.g. Describe([2]string{"red", "black"}) = "red wins by checkmate".
func (o Outcome) Describe(names [2]string) string {
	switch o.Status {
	case Ongoing:
		return "game in progress"
	case Win:
		return fmt.Sprintf("%s wins by %s", names[o.Winner&1], o.Reason)
	default:
		return fmt.Sprintf("draw by %s", o.Reason)
	}
}

// String describes the outcome with neutral side names ("first", "second").
func (o Outcome) String() string {
	return o.Describe([2]string{First.String(), Second.String()})
}
