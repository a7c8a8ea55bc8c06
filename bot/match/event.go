package match

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// EventKind says what happened.
type EventKind uint8

// Event kinds.
const (
	ChallengeIssued    EventKind = iota + 1 // a challenge (or rematch offer) waits for its answer
	ChallengeDeclined                       // the challenged user declined
	ChallengeWithdrawn                      // the challenger took the challenge back
	ChallengeExpired                        // nobody answered in time
	GameStarted                             // a challenge was accepted, or a solo game began
	MoveMade                                // a move was played (Move, Actor)
	RequestOpened                           // an undo or draw request waits for an answer
	RequestAccepted                         // the other side accepted (Undone lists taken-back moves)
	RequestDeclined                         // the other side declined
	RequestWithdrawn                        // the asker took the request back
	RequestExpired                          // nobody answered in time
	RequestCancelled                        // a move cancelled the pending request
	ReminderDue                             // the player to move is running out of time
	GameEnded                               // the game ended (Outcome, Ratings)
	GameAbandoned                           // an idle game against the AI was dropped, no result
	AIFailed                                // the AI could not play; Err says why (retried on Tick)
	PuzzlesFound                            // the review of a finished game found Puzzles new puzzles, or failed (Err)
)

var eventNames = [...]string{
	ChallengeIssued:    "challenge issued",
	ChallengeDeclined:  "challenge declined",
	ChallengeWithdrawn: "challenge withdrawn",
	ChallengeExpired:   "challenge expired",
	GameStarted:        "game started",
	MoveMade:           "move made",
	RequestOpened:      "request opened",
	RequestAccepted:    "request accepted",
	RequestDeclined:    "request declined",
	RequestWithdrawn:   "request withdrawn",
	RequestExpired:     "request expired",
	RequestCancelled:   "request cancelled",
	ReminderDue:        "reminder due",
	GameEnded:          "game ended",
	GameAbandoned:      "game abandoned",
	AIFailed:           "AI failed",
	PuzzlesFound:       "puzzles found",
}

// String returns the kind's name, e.g. "move made".
func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// Event is one thing that happened to a game, reported after it was stored.
type Event struct {
	Kind   EventKind
	GameID int64
	// Game is the game as stored after the change (a copy the receiver
	// may keep).
	Game store.Game
	// Actor is the side that acted: the mover, the asker, the answerer,
	// the loser on time, the side reminded. For challenge events it is the
	// side of the user who acted.
	Actor engine.Side
	// Move is the move played, in canonical notation (MoveMade).
	Move string
	// Undone lists the moves taken back by an accepted undo, oldest first.
	Undone []string
	// Request is the request concerned (Request* events; RematchRequest on
	// ChallengeIssued and GameStarted of a rematch).
	Request store.RequestKind
	// Outcome is how the game ended (GameEnded).
	Outcome engine.Outcome
	// Ratings is what the result did to ratings (GameEnded).
	Ratings store.RatingChanges
	// Err is why the AI failed (AIFailed), or the search for puzzles
	// (PuzzlesFound).
	Err error
	// Puzzles is how many new puzzles a game gave (PuzzlesFound).
	Puzzles int
	// Also lists other games whose posts the change planned (set on the
	// last event of a change): a rematch retires the board of the game it
	// rematches.
	Also []int64
}

// Notifier receives events. Notify is called after the change is stored,
// from the goroutine that made it (an interaction handler, an AI worker,
// Tick), possibly from several goroutines at once; two changes of one game
// stored at nearly the same time may be reported in either order (the
// store's versions order them). It should hand the event on quickly.
type Notifier interface {
	Notify(Event)
}

// NotifyFunc adapts a function to Notifier.
type NotifyFunc func(Event)

// Notify calls f(e).
func (f NotifyFunc) Notify(e Event) { f(e) }
