package match

import (
	"errors"
	"fmt"
)

// Code classifies an Error so the adapter can choose how to show it.
type Code uint8

// Error codes. Rule errors (an illegal move, bad notation) are not
// match errors: they come back as the engine's *engine.Error.
const (
	OK             Code = iota // not a match error
	NotFound                   // the game does not exist
	NotYourTurn                // the player is not the one to move
	NotAPlayer                 // the user has no seat in the game
	NotYourRequest             // only the other player may answer, only the asker may withdraw
	NoRequest                  // there is nothing to answer or withdraw
	Expired                    // the challenge or request expired
	LimitReached               // too many open challenges, no undos left
	GameOver                   // the game has already ended
	Conflict                   // the game kept changing under the operation
	Invalid                    // the request makes no sense (bad level, self-challenge...)
	Stale                      // the button belongs to an earlier position
)

var codeNames = [...]string{
	OK:             "ok",
	NotFound:       "not found",
	NotYourTurn:    "not your turn",
	NotAPlayer:     "not a player",
	NotYourRequest: "not your request",
	NoRequest:      "no request",
	Expired:        "expired",
	LimitReached:   "limit reached",
	GameOver:       "game over",
	Conflict:       "conflict",
	Invalid:        "invalid",
	Stale:          "stale",
}

// String returns the code's short name, e.g. "not your turn".
func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("code(%d)", uint8(c))
}

// Error is a refusal with a message fit to show the player, such as
// "it is not your turn: waiting for @bob (white)".
type Error struct {
	Code    Code
	Message string
}

// Error returns the player-facing message.
func (e *Error) Error() string { return e.Message }

func errorf(code Code, format string, args ...any) *Error {
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
