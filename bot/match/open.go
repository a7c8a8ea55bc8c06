package match

import (
	"context"
	"fmt"
	"math"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// An open challenge is a challenge whose opponent's seat is empty: anyone
// who can see it may take the seat by accepting it (Accept), provided they
// are not its author, their rating in the game's kind lies within the
// challenge's range (store.Game.MinRating and MaxRating, 0 for no bound)
// and they have fewer than Config.MaxGames games against people in
// progress. Several people accepting at once race on the game's version
// like any other write: exactly one takes the seat, the others are told
// the challenge was already answered. Otherwise it is a challenge like
// any other: it counts in Config.MaxOpenChallenges, expires after
// Config.ChallengeTTL, and its author withdraws it. One that nobody took
// keeps its author in both seats once it has ended (the schema wants both
// seats filled on a game that is no longer a challenge).

// DefaultMaxGames is Config.MaxGames when 0.
const DefaultMaxGames = 20

// maxGames is Config.MaxGames with its default.
func (c Config) maxGames() int {
	if c.MaxGames == 0 {
		return DefaultMaxGames
	}
	return c.MaxGames
}

// OpenSpec is a challenge anyone may accept.
type OpenSpec struct {
	Setup
	Challenger Player
	// Start says who moves first: ChallengerFirst, OpponentFirst (whoever
	// accepts) or RandomFirst.
	Start Seating
	// Rated games move both players' ratings when finished.
	Rated bool
	// MinRating and MaxRating bound the rating of who may accept (0: no
	// bound).
	MinRating, MaxRating int
	GuildID, ChannelID   string
	// Via is the interaction the challenge came through.
	Via Via
}

// Open posts an open challenge from spec.Challenger. It returns the stored
// challenge.
func (m *Manager) Open(ctx context.Context, spec OpenSpec) (*store.Game, error) {
	c := spec.Challenger
	switch {
	case c.ID == "":
		return nil, engine.E(engine.Internal, "the open challenge has no challenger")
	case c.Bot:
		return nil, engine.E(engine.BotsCannotPlay)
	case spec.MinRating < 0 || spec.MaxRating < 0:
		return nil, engine.E(engine.BadRange, spec.MinRating, spec.MaxRating)
	case spec.MaxRating != 0 && spec.MinRating > spec.MaxRating:
		return nil, engine.E(engine.BadRange, spec.MinRating, spec.MaxRating)
	}
	if err := m.limitOpen(ctx, spec.GuildID, c.ID); err != nil {
		return nil, err
	}
	l, side, err := m.newPeopleGame(ctx, spec.Setup, spec.GuildID, spec.ChannelID, spec.Via, spec.Start)
	if err != nil {
		return nil, err
	}
	g := l.g
	g.Seats[side] = store.Human(c.ID, c.Name)
	g.Rated = spec.Rated
	g.MinRating, g.MaxRating = spec.MinRating, spec.MaxRating
	return m.issue(ctx, l, side, spec.Via)
}

// limitOpen counts an open challenge of user against the server's rate
// limit on challenges; it pings nobody.
func (m *Manager) limitOpen(ctx context.Context, guild, user string) error {
	l, on, err := m.limitsIn(ctx, guild)
	if err != nil || !on {
		return err
	}
	return m.lim.take(m.now(), l, engine.RequestChallenge, limitKey{limitChallenge, user, ""})
}

// IsOpen reports whether g is an open challenge still waiting for someone
// to take its empty seat.
func IsOpen(g *store.Game) bool {
	return g.Status == store.Challenge && g.Seats[g.Challenger.Other()].IsEmpty()
}

// WasOpen reports whether g was an open challenge that ended with nobody
// taking it (its author holds both seats).
func WasOpen(g *store.Game) bool {
	return g.Status != store.Challenge && g.Seats[0].UserID != "" && g.Seats[0].UserID == g.Seats[1].UserID
}

// takeOpenSeat seats who in the empty seat of the open challenge l, or
// says why they may not take it; it does nothing to a challenge that is
// not open. An open challenge found expired is marked Expired, with a
// ChallengeExpired error, for Accept to store.
func (m *Manager) takeOpenSeat(ctx context.Context, l *live, who Player) error {
	if !IsOpen(l.g) {
		return nil
	}
	author := l.g.Seats[l.g.Challenger]
	switch {
	case who.ID == author.UserID:
		return engine.E(engine.OpenOwn, l.g.ID)
	case who.Bot:
		return engine.E(engine.BotsCannotPlay)
	case !m.now().Before(l.g.Deadline):
		l.g.Status = store.Expired
		return engine.E(engine.ChallengeExpired, l.g.Deadline)
	}
	if l.g.MinRating > 0 || l.g.MaxRating > 0 {
		r, err := m.st.Rating(ctx, who.ID, l.g.Kind)
		if err != nil {
			return fmt.Errorf("rating of %s: %w", who.ID, err)
		}
		rating := int(math.Round(r.Rating))
		if rating < l.g.MinRating {
			return engine.E(engine.BelowRange, rating, l.g.MinRating)
		}
		if l.g.MaxRating > 0 && rating > l.g.MaxRating {
			return engine.E(engine.AboveRange, rating, l.g.MaxRating)
		}
	}
	if err := m.checkGames(ctx, who.ID); err != nil {
		return err
	}
	l.g.Seats[l.g.Challenger.Other()] = store.Human(who.ID, who.Name)
	return nil
}

// checkGames refuses a new game between people for userID when they
// already have Config.MaxGames in progress (negative: no cap).
func (m *Manager) checkGames(ctx context.Context, userID string) error {
	limit := m.cfg.maxGames()
	if limit < 0 {
		return nil
	}
	n, err := m.activeGames(ctx, userID, false)
	if err != nil {
		return err
	}
	if n >= limit {
		return engine.E(engine.TooManyGames, n)
	}
	return nil
}

// fillOpen seats the author of an open challenge that ends untaken in its
// empty seat too (see WasOpen).
func (l *live) fillOpen() {
	c := l.g.Challenger
	if l.g.Seats[c.Other()].IsEmpty() {
		l.g.Seats[c.Other()] = l.g.Seats[c]
	}
}
