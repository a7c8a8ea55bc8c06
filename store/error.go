package store

import (
	"errors"
	"fmt"
)

// Code classifies an Error so that upper layers can map it to a reply.
type Code uint8

// Error codes.
const (
	OK           Code = iota // not a store error (or no error)
	NotFound                 // the game, player or setting does not exist
	Conflict                 // the write was based on a stale version, or the game has ended
	Invalid                  // the caller passed a record the store refuses to save
	LimitReached             // the player already has as many open challenges as allowed (see LimitError)
)

var codeNames = [...]string{OK: "ok", NotFound: "not found", Conflict: "conflict", Invalid: "invalid", LimitReached: "limit reached"}

// String returns the code's short name, e.g. "conflict".
func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("code(%d)", uint8(c))
}

// Error is an error the caller can act on: the thing is missing, someone
// else changed it first, or the request made no sense. Its message can be
// shown to a player. Database failures are not *Error; they are wrapped
// errors from database/sql.
type Error struct {
	Code    Code
	Message string
}

// Error returns the message.
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
