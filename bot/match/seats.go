package match

import (
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Player is a Discord user as the adapter sees them.
type Player struct {
	ID   string // user id
	Name string // display name
	Bot  bool   // the account is a bot (bots cannot play)
}

// Actor is who acts and the interaction they act through.
type Actor struct {
	Player
	// Via is the interaction; the zero Via for an operation that has none
	// (a test, a tool).
	Via Via
}

// Via is the Discord interaction an operation arrives through, as the
// lifecycle needs it to plan the operation's posts: the interaction's
// initial response shows the post the operation creates (so that it
// notifies whom it mentions, as an edit would not), its token reaches that
// post for 15 minutes, and the locale and permissions of the channel are
// kept with the game for what is shown later without an interaction.
type Via struct {
	// Interaction and Token identify the interaction ("" for none).
	Interaction, Token string
	// At is when Discord sent it: its initial response is due within 3
	// seconds, its token lasts 15 minutes.
	At time.Time
	// Channel is where it was used; Source the message whose component was
	// used ("" for a command).
	Channel, Source string
	// Locale is the language of public messages there: the server's, or
	// the user's outside servers ("" when unknown).
	Locale string
	// Perms is what the app may do in the channel (Discord's
	// app_permissions bits); store.PermsUnknown when not told.
	Perms int64
	// Place is where the channel is: a server that installed Tengen, one
	// where only the players did, a DM with the bot or a group DM ("" when
	// not told).
	Place store.Place
}

// MinRatedPlies is the fewest moves (both sides') a rated game must last
// to move ratings: one that ends sooner, by resignation, agreement or on
// time, counts as unrated, so an account resigning at once to another
// farms nothing.
const MinRatedPlies = 10

// Discord's limits on interactions.
const (
	// RespondWithin is how long Discord waits for an interaction's initial
	// response.
	RespondWithin = 3 * time.Second
	// TokenLifetime is how long an interaction's token can be used.
	TokenLifetime = 15 * time.Minute
)

// interactive reports whether the operation came through an interaction
// that can still create its post.
func (v Via) interactive() bool { return v.Interaction != "" && v.Token != "" }

// sideOf returns the side userID sits on.
func sideOf(g *store.Game, userID string) (engine.Side, bool) {
	for s, seat := range g.Seats {
		if userID != "" && seat.UserID == userID {
			return engine.Side(s), true
		}
	}
	return 0, false
}

// seat names the player of a side for messages.
func (l *live) seat(s engine.Side) engine.Seat { return SeatOf(l.g, l.eg, s) }

// SeatOf names the player of side s of game g (eg is its engine state) for
// a refusal: "@bob (white)", "the AI (level 3, white)".
func SeatOf(g *store.Game, eg engine.Game, s engine.Side) engine.Seat {
	st := g.Seats[s]
	return engine.Seat{Name: st.Name, UserID: st.UserID, AI: st.AI, Colour: eg.Colours()[s]}
}

// over is the refusal to act in a finished game: who won and why.
func (l *live) over() error {
	o := l.g.Outcome
	if o.Status == engine.Win {
		return engine.E(engine.GameEndedWon, l.g.ID, l.eg.Colours()[o.Winner&1], o.Reason)
	}
	return engine.E(engine.GameEndedDrawn, l.g.ID, o.Reason)
}

// player returns the side userID sits on in an active game, or why they
// may not act in it.
func (l *live) player(userID string) (engine.Side, error) {
	if err := l.active(); err != nil {
		return 0, err
	}
	side, ok := sideOf(l.g, userID)
	if !ok {
		return 0, engine.E(engine.NotInGame, l.g.ID, l.seat(engine.First), l.seat(engine.Second))
	}
	return side, nil
}

// active refuses unless the game is being played.
func (l *live) active() error {
	switch l.g.Status {
	case store.Active:
		return nil
	case store.Challenge:
		return engine.E(engine.NotStarted, l.g.ID)
	case store.Finished:
		return l.over()
	case store.Declined:
		return engine.E(engine.ChallengeDeclined, l.g.ID)
	case store.Expired:
		return engine.E(engine.ChallengeLapsed, l.g.ID)
	default:
		return engine.E(engine.GameAbandoned, l.g.ID)
	}
}

// checkPly refuses a button that belongs to another position.
func (l *live) checkPly(ply int) error {
	if ply >= 0 && ply != l.eg.Ply() {
		return engine.E(engine.StaleButton, ply, l.g.ID, l.eg.Ply())
	}
	return nil
}

// vsAI reports whether the AI holds a seat.
func (l *live) vsAI() bool { return l.g.Seats[0].IsAI() || l.g.Seats[1].IsAI() }

// armTurn sets the deadlines for the side to move from now on: with a live
// clock, its flag (armClock); otherwise the move deadline of the game's
// correspondence control and its reminder between people, the idle limit
// against the AI (the control's days when it has some).
func (m *Manager) armTurn(l *live, now time.Time) {
	tc := TimeControlOf(l.g)
	if tc.Live() {
		m.armClock(l, now)
		return
	}
	perMove := tc.PerMove(m.cfg.MoveTimeout)
	if l.vsAI() {
		idle := m.cfg.AIAbandonAfter
		if tc.Days > 0 {
			idle = perMove
		}
		l.g.Deadline, l.g.RemindAt = now.Add(idle), time.Time{}
		return
	}
	l.g.Deadline, l.g.RemindAt = now.Add(perMove), time.Time{}
	if m.cfg.RemindBefore > 0 {
		if at := l.g.Deadline.Add(-m.cfg.RemindBefore); at.After(now) {
			l.g.RemindAt = at
		}
	}
}

// finish ends the game with outcome o and reports it; a pending request is
// moot. The caller plans the board.
func finish(l *live, o engine.Outcome, actor engine.Side, events ...Event) step {
	l.g.Outcome, l.g.Status = o, store.Finished
	if l.g.Rated && l.eg.Ply() < MinRatedPlies {
		l.g.Rated = false // too short to say anything about the players
	}
	// Finish clears these in the store; the reported copy says so too.
	l.g.Request, l.g.Deadline, l.g.RemindAt = store.Request{}, time.Time{}, time.Time{}
	l.g.TurnStart = time.Time{} // no clock runs any more
	l.settlePrompt(store.WantCancelled)
	l.announce()
	return step{write: true, events: append(events, l.event(GameEnded, actor))}
}
