package engine

import (
	"errors"
	"fmt"
)

// Code classifies an Error so that each layer can map it to its own reply
// (an ephemeral Discord message, a UCI "info string", a log line).
type Code uint8

// Error codes. Every error a player can cause has one of these.
const (
	OK          Code = iota // not an engine error
	OutOfBoard              // the point or square is not on the board
	Occupied                // the point is already taken
	Illegal                 // the rules do not allow the move
	Forbidden               // a renju forbidden point for black
	NotYourTurn             // the player is not the one to move
	GameOver                // the game has already ended
	BadNotation             // the text is not a move in any accepted notation
)

var codeNames = [...]string{
	OK:          "ok",
	OutOfBoard:  "out of board",
	Occupied:    "occupied",
	Illegal:     "illegal",
	Forbidden:   "forbidden",
	NotYourTurn: "not your turn",
	GameOver:    "game over",
	BadNotation: "bad notation",
}

// String returns the code's short name, e.g. "occupied".
func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("code(%d)", uint8(c))
}

// Error is a rule or notation error with a message a player can understand,
// such as "h8 is already taken" or "that move leaves your general in check".
type Error struct {
	Code    Code
	Message string
}

// Error returns the player-facing message.
func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the Code of the first *Error in err's chain, or OK when
// there is none (including when err is nil).
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return OK
}
