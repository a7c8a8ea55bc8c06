package store

import (
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// Kind is a game kind.
type Kind string

// The game kinds.
const (
	Gomoku  Kind = "gomoku"
	Xiangqi Kind = "xiangqi"
)

// Valid reports whether k is a known game kind.
func (k Kind) Valid() bool { return k == Gomoku || k == Xiangqi }

// Status is where a game is in its life.
type Status string

// Game statuses. Challenge and Active games are live; the others are final.
const (
	Challenge Status = "challenge" // waiting for the opponent to accept; Deadline is its expiry
	Active    Status = "active"    // being played; Deadline is the turn deadline
	Finished  Status = "finished"  // ended with a result (Outcome); counted in records
	Declined  Status = "declined"  // the challenge was declined
	Expired   Status = "expired"   // the challenge expired unanswered
	Abandoned Status = "abandoned" // ended without a result; no record or rating effect
)

// Live reports whether a game with status s can still change.
func (s Status) Live() bool { return s == Challenge || s == Active }

func (s Status) valid() bool {
	switch s {
	case Challenge, Active, Finished, Declined, Expired, Abandoned:
		return true
	}
	return false
}

// PermsUnknown is Game.Perms before any interaction has told what the app
// may do in the game's channel.
const PermsUnknown int64 = -1

// MaxAILevel is the strongest AI level; levels run from 1 to MaxAILevel.
const MaxAILevel = 10

// Seat is who sits on one side of a game: a Discord user or an AI level.
// The zero Seat is empty, allowed only on an open challenge.
type Seat struct {
	UserID string // Discord user id (a snowflake, as text); "" for the AI
	Name   string // the user's display name as last seen; saved when not ""
	AI     int    // AI level 1..MaxAILevel; 0 for a user
}

// Human returns the seat of a Discord user.
func Human(userID, name string) Seat { return Seat{UserID: userID, Name: name} }

// AI returns the seat of the AI at the given level.
func AI(level int) Seat { return Seat{AI: level} }

// IsAI reports whether the AI sits here.
func (s Seat) IsAI() bool { return s.AI > 0 }

// IsEmpty reports whether nobody sits here yet.
func (s Seat) IsEmpty() bool { return s.UserID == "" && s.AI == 0 }

// RequestKind is what a pending request asks for.
type RequestKind string

// Request kinds. NoRequest means nothing is pending.
const (
	NoRequest      RequestKind = ""
	UndoRequest    RequestKind = "undo"
	DrawRequest    RequestKind = "draw"
	RematchRequest RequestKind = "rematch"
)

// Request is a pending request of one side to the other.
type Request struct {
	Kind RequestKind
	By   engine.Side // who asked
	At   time.Time   // when
}

// Place is where a game is played, as Discord's interaction context and
// the app's installations say. It decides what Tengen may do there with
// its bot token: the bot user is a member of a server that installed
// Tengen and of its own DMs, not of a server or group DM where only the
// players installed it, where every message goes through the interactions'
// tokens (15 minutes, 5 follow-ups each).
type Place string

// The places a game can be played.
const (
	Server     Place = "server"      // a server that installed Tengen (its bot is a member)
	ServerUser Place = "server-user" // a server where only players installed Tengen
	BotDM      Place = "bot-dm"      // a DM with Tengen's bot user
	Private    Place = "private"     // a group DM, or a DM between users
)

// BotCanPost reports whether Tengen's bot token can create and edit
// messages where the game is played.
func (p Place) BotCanPost() bool { return p == Server || p == BotDM || p == "" }

// stored is the place as kept in the games table ("" is Server).
func (p Place) stored() string {
	if p == "" {
		return string(Server)
	}
	return string(p)
}

// Game is a game or challenge as stored: a plain record, no I/O. The
// lifecycle loads one, changes fields and hands it back to Update or Finish
// with the Version it read.
type Game struct {
	ID        int64 // set by CreateGame
	Kind      Kind
	Rules     string // "freestyle", "standard", "renju" for Gomoku; the rule set name for Xiangqi
	Size      int    // board size (15 or 19 for Gomoku, 9 for Xiangqi's width, as the lifecycle likes)
	GuildID   string // "" in direct messages
	ChannelID string
	// Locale is the language of the game's public messages: the server's,
	// or the player's in a direct message ("" until an interaction says).
	Locale string
	// Perms is what the app may do in the game's channel (Discord's
	// app_permissions bits) as last seen in an interaction, PermsUnknown
	// before any.
	Perms int64
	// Place is where the game is played: a server that installed Tengen,
	// one where only players did, a DM with the bot, or a group DM (Server
	// when "", as for games stored before places were).
	Place Place
	// BoardPost is the post showing the game now: the challenge while it
	// waits for an answer, then the latest board (0 for none yet).
	BoardPost int64
	// PromptPost is the post of the pending request's prompt (0 for none).
	PromptPost int64
	// Seats are indexed by engine.Side: Seats[engine.First] moves first.
	Seats [2]Seat
	// Challenger is the side that issued the challenge.
	Challenger engine.Side
	// Rated games between two people move their ratings when finished.
	Rated   bool
	Status  Status
	Outcome engine.Outcome // set when Status is Finished
	// Moves is the game as text (engine.Game.MarshalText); opaque here.
	Moves   string
	Request Request
	// Deadline is the turn deadline of an active game, or the expiry of a
	// challenge; zero means none.
	Deadline time.Time
	// RemindAt is when to remind the player to move; zero means none (or
	// already reminded: the lifecycle clears it after reminding).
	RemindAt time.Time
	// AIUndos counts the undo requests used against the AI.
	AIUndos int
	// Hints is how many hints the person has left in a game against the
	// AI (the lifecycle sets it when the game is created).
	Hints int
	// Undos counts the undos each side has had accepted in a game between
	// people, by side.
	Undos [2]int
	// UndoCap is how many undos each player may have accepted in a game
	// between people: UnlimitedUndos (the zero value), NoUndos, or a
	// positive number each. The game keeps the cap of its server when it
	// was created, so its rules do not change under the players.
	UndoCap int
	// RematchOf is the id of the game this one is a rematch of (a rematch
	// offer, or the game it became); 0 for none. CreateGame stores it;
	// later writes leave it as it is.
	RematchOf int64
	// TimeControl is the game's time control as the lifecycle writes it
	// ("3+2", "3d"; "" for the default correspondence timeout); opaque
	// here.
	TimeControl string
	// Clock is the time each side had left, by side, when the current
	// turn began at TurnStart (a live clock only; zero otherwise): the
	// side to move has Clock[turn] minus what has passed since TurnStart,
	// and Deadline is when that reaches zero.
	Clock     [2]time.Duration
	TurnStart time.Time
	// Start is how many of the game's moves were imported with it (it
	// started from a position a player pasted, /import): an undo never
	// takes them back, and such a game is never rated. 0 for a game
	// played from the usual start. CreateGame stores it; later writes
	// leave it as it is.
	Start      int
	CreatedAt  time.Time // set by CreateGame
	UpdatedAt  time.Time // set by every write
	FinishedAt time.Time // set when the game leaves the live statuses
	// Version increases with every write; writes must carry the version read.
	Version int64
	// MinRating and MaxRating bound the rating, in the game's kind, of
	// whoever may take the empty seat of an open challenge (0: no bound).
	// CreateGame stores them; later writes leave them as they are.
	MinRating, MaxRating int
	// ThreadParent is, for a game played in a thread of its own, the
	// channel the thread was started in (ChannelID is the thread), where
	// its result is announced; "" for a game not in a thread.
	ThreadParent string
	// Mirror is, for a game paired across two servers (/play), where the
	// other server shows it; the zero Mirror for the others. CreateGame
	// stores it; later writes keep its locale and posts.
	Mirror Mirror
}

// Mirror is the second place of a game paired across two servers, whose
// players cannot see each other's channel: the waiting player's channel
// in their own server, where the game's board and prompts are shown too,
// in that server's language. The game's ChannelID stays the joiner's.
type Mirror struct {
	GuildID, ChannelID string
	// UserID is the player who plays from the mirror's channel.
	UserID string
	// Locale is the language of the mirror's messages (its server's).
	Locale string
	// BoardPost and PromptPost are the mirror's latest board (the
	// challenge, for a rematch offer) and the open prompt there (0 for
	// none), as the game's own are in its channel.
	BoardPost, PromptPost int64
	// ThreadParent is, for a mirror moved into a thread of its own, the
	// channel the thread was started in (ChannelID is the thread), as
	// Game.ThreadParent is for the game's own side.
	ThreadParent string
}

// Mirrored reports whether g is shown in a second server too (Mirror).
func (g *Game) Mirrored() bool { return g.Mirror.ChannelID != "" }

// The values of Game.UndoCap that are not a number of undos.
const (
	UnlimitedUndos = 0  // players may take back moves without limit
	NoUndos        = -1 // players may not take back moves
)

// Aborted reports whether g was abandoned by its player in its first moves
// against the AI (match.Abort) rather than dropped when its deadline
// passed: an aborted game keeps no deadline, an idle one the deadline it
// passed.
func (g *Game) Aborted() bool { return g.Status == Abandoned && g.Deadline.IsZero() }

// AILevel is the level of the AI's seat in g, 0 when people hold both.
func (g *Game) AILevel() int { return max(g.Seats[0].AI, g.Seats[1].AI) }

// check validates g before a write; it returns an engine.Internal *engine.Error.
func (g *Game) check() error {
	if !g.Kind.Valid() {
		return invalid("unknown game kind %q (want gomoku or xiangqi)", g.Kind)
	}
	if g.Rules == "" {
		return invalid("the game has no rule set")
	}
	if g.Size <= 0 {
		return invalid("board size %d is not positive", g.Size)
	}
	if !g.Status.valid() {
		return invalid("unknown game status %q", g.Status)
	}
	if m := g.Mirror; m.ChannelID != "" && (m.GuildID == "" || m.UserID == "" || m.ChannelID == g.ChannelID) {
		return invalid("the mirror of a game needs a server, a player and a channel of its own")
	}
	switch g.Place {
	case "", Server, ServerUser, BotDM, Private:
	default:
		return invalid("unknown place %q", g.Place)
	}
	if !g.Challenger.Valid() {
		return invalid("challenger side %d is not first or second", g.Challenger)
	}
	for side, s := range g.Seats {
		switch {
		case s.UserID != "" && s.AI != 0:
			return invalid("seat %v has both a user and an AI", engine.Side(side))
		case s.AI < 0 || s.AI > MaxAILevel:
			return invalid("AI level %d is out of range 1..%d", s.AI, MaxAILevel)
		case s.IsEmpty() && g.Status != Challenge:
			return invalid("seat %v is empty but the game is %s", engine.Side(side), g.Status)
		}
	}
	// An open challenge nobody took keeps its author in both seats.
	if g.Seats[0].UserID != "" && g.Seats[0].UserID == g.Seats[1].UserID && g.Status != Declined && g.Status != Expired {
		return invalid("a player cannot play against themself")
	}
	if g.Rated && (g.Seats[0].IsAI() || g.Seats[1].IsAI()) {
		return invalid("games against the AI cannot be rated")
	}
	if g.Start < 0 {
		return invalid("the game starts at move %d", g.Start)
	}
	if g.Rated && g.Start > 0 {
		return invalid("imported games cannot be rated")
	}
	switch g.Request.Kind {
	case NoRequest, UndoRequest, DrawRequest, RematchRequest:
	default:
		return invalid("unknown request kind %q", g.Request.Kind)
	}
	if !g.Request.By.Valid() {
		return invalid("request side %d is not first or second", g.Request.By)
	}
	if g.Hints < 0 {
		return invalid("negative hint count %d", g.Hints)
	}
	if g.AIUndos < 0 {
		return invalid("negative undo count %d", g.AIUndos)
	}
	if g.Undos[0] < 0 || g.Undos[1] < 0 {
		return invalid("negative undo counts %v", g.Undos)
	}
	if g.UndoCap < NoUndos {
		return invalid("undo cap %d is neither a number, NoUndos nor UnlimitedUndos", g.UndoCap)
	}
	if len(g.TimeControl) > maxTimeControl {
		return invalid("time control %q is longer than %d bytes", g.TimeControl, maxTimeControl)
	}
	if g.Clock[0] < 0 || g.Clock[1] < 0 {
		return invalid("negative clock %v", g.Clock)
	}
	if g.RematchOf < 0 {
		return invalid("game id %d of the game rematched is not positive", g.RematchOf)
	}
	if g.MinRating < 0 || g.MaxRating < 0 || g.MaxRating != 0 && g.MinRating > g.MaxRating {
		return invalid("rating range %d..%d is not a range", g.MinRating, g.MaxRating)
	}
	return nil
}

// maxTimeControl is the longest Game.TimeControl stored.
const maxTimeControl = 16

// Result column values.
const (
	resultNone   = ""
	resultFirst  = "first"
	resultSecond = "second"
	resultDraw   = "draw"
)

func resultOf(o engine.Outcome) string {
	switch o.Status {
	case engine.Win:
		if o.Winner == engine.First {
			return resultFirst
		}
		return resultSecond
	case engine.Draw:
		return resultDraw
	}
	return resultNone
}

// reasonKeys are the stored names of engine reasons. They are part of the
// database format: never change one, only add.
var reasonKeys = [...]string{
	engine.NoReason:       "",
	engine.Five:           "five",
	engine.Checkmate:      "checkmate",
	engine.Stalemate:      "stalemate",
	engine.Resignation:    "resignation",
	engine.Timeout:        "timeout",
	engine.PerpetualCheck: "perpetual-check",
	engine.Agreement:      "agreement",
	engine.FullBoard:      "full-board",
	engine.Repetition:     "repetition",
	engine.MoveLimit:      "move-limit",
	engine.NoLegalPoint:   "no-legal-point",
}

func reasonKey(r engine.Reason) (string, error) {
	if int(r) < len(reasonKeys) {
		return reasonKeys[r], nil
	}
	return "", invalid("the store has no name for end reason %v", r)
}

func parseOutcome(result, reason string) (engine.Outcome, error) {
	var o engine.Outcome
	switch result {
	case resultNone:
		return o, nil
	case resultFirst:
		o = engine.Outcome{Status: engine.Win, Winner: engine.First}
	case resultSecond:
		o = engine.Outcome{Status: engine.Win, Winner: engine.Second}
	case resultDraw:
		o = engine.Outcome{Status: engine.Draw}
	default:
		return o, fmt.Errorf("unknown stored result %q", result)
	}
	for r, key := range reasonKeys {
		if key == reason {
			o.Reason = engine.Reason(r)
			return o, nil
		}
	}
	return o, fmt.Errorf("unknown stored end reason %q", reason)
}
