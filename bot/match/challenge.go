package match

import (
	"context"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Seating says who moves first (black in Gomoku, red in Xiangqi).
type Seating uint8

// Seatings. In a solo game the player is the challenger and the AI the
// opponent.
const (
	ChallengerFirst Seating = iota // the challenger moves first
	OpponentFirst                  // the opponent moves first
	RandomFirst                    // a coin decides
)

// ChallengeSpec is a challenge of one user to another.
type ChallengeSpec struct {
	Setup
	Challenger, Opponent Player
	Start                Seating
	// Rated games move both players' ratings when finished.
	Rated              bool
	GuildID, ChannelID string
	// Via is the interaction the challenge came through.
	Via Via
}

// SoloSpec is a game of one user against the AI.
type SoloSpec struct {
	Setup
	Player Player
	Level  int // 1..store.MaxAILevel
	Start  Seating
	// GuildID and ChannelID say where the game is played.
	GuildID, ChannelID string
	// Via is the interaction the game was started through.
	Via Via
}

// challengerSide returns the side of the challenger under seating st.
func (m *Manager) challengerSide(st Seating) (engine.Side, error) {
	switch st {
	case ChallengerFirst:
		return engine.First, nil
	case OpponentFirst:
		return engine.Second, nil
	case RandomFirst:
		if m.cfg.Coin() {
			return engine.First, nil
		}
		return engine.Second, nil
	}
	return 0, engine.E(engine.Internal, fmt.Sprintf("unknown choice of who starts (%d)", st))
}

// newRecord returns a new game of the given setup with its empty board,
// played where the interaction v came from.
func newRecord(s Setup, guildID, channelID string, v Via) (*live, error) {
	s, err := s.normalize()
	if err != nil {
		return nil, err
	}
	eg, err := NewGame(s)
	if s.Record != "" {
		eg, err = Restore(s.Kind, s.Record)
	}
	if err != nil {
		return nil, err
	}
	g := &store.Game{Kind: s.Kind, Rules: s.Rules, Size: s.Size, GuildID: guildID, ChannelID: channelID,
		Locale: v.Locale, Perms: store.PermsUnknown, Start: eg.Ply()}
	if v.Interaction != "" && v.Channel == channelID {
		g.Perms, g.Place = v.Perms, v.Place
	}
	l := &live{g: g, eg: eg}
	l.startClocks(s.Time)
	return l, l.save()
}

// Challenge issues a challenge from spec.Challenger to spec.Opponent. It
// expires after Config.ChallengeTTL; a user may have at most
// Config.MaxOpenChallenges open at once. It returns the stored challenge.
func (m *Manager) Challenge(ctx context.Context, spec ChallengeSpec) (*store.Game, error) {
	c, o := spec.Challenger, spec.Opponent
	switch {
	case c.ID == "":
		return nil, engine.E(engine.Internal, "the challenge has no challenger")
	case c.Bot:
		return nil, engine.E(engine.BotsCannotPlay)
	case o.ID == "":
		return nil, engine.E(engine.NoOpponent)
	case o.ID == c.ID:
		return nil, engine.E(engine.ChallengeSelf)
	case o.Bot:
		return nil, engine.E(engine.OpponentIsBot, displayName(o))
	}
	if err := m.limitChallenge(ctx, spec.GuildID, c.ID, o.ID, displayName(o)); err != nil {
		return nil, err
	}
	l, side, err := m.newPeopleGame(ctx, spec.Setup, spec.GuildID, spec.ChannelID, spec.Via, spec.Start)
	if err != nil {
		return nil, err
	}
	g := l.g
	g.Seats[side], g.Seats[side.Other()] = store.Human(c.ID, c.Name), store.Human(o.ID, o.Name)
	g.Rated = spec.Rated && g.Start == 0 // imported: unrated
	return m.issue(ctx, l, side, spec.Via)
}

// newPeopleGame returns a new game of setup between people, played where v
// came from (guild, channel), with the server's undo cap, and the side of
// its challenger (or first player) by start; the caller seats the players.
func (m *Manager) newPeopleGame(ctx context.Context, setup Setup, guild, channel string, v Via, start Seating) (*live, engine.Side, error) {
	l, err := newRecord(setup, guild, channel, v)
	if err != nil {
		return nil, 0, err
	}
	if l.g.UndoCap, err = m.undoCapIn(ctx, guild); err != nil {
		return nil, 0, err
	}
	side, err := m.challengerSide(start)
	if err != nil {
		return nil, 0, err
	}
	l.g.Challenger = side
	return l, side, nil
}

// issue stores the challenge l of side, seated, waiting for an answer until
// Config.ChallengeTTL, shown where v came from, and reports it.
func (m *Manager) issue(ctx context.Context, l *live, side engine.Side, v Via) (*store.Game, error) {
	now := m.now()
	l.g.Status, l.g.Deadline = store.Challenge, now.Add(m.cfg.ChallengeTTL)
	l.newChallenge(v)
	if err := m.createChallenge(ctx, l, now); err != nil {
		return nil, err
	}
	m.report(l, []Event{l.event(ChallengeIssued, side)}, store.RatingChanges{})
	return l.g, nil
}

// createChallenge stores the new challenge l provided its challenger has
// fewer than Config.MaxOpenChallenges open by now: the store counts and
// inserts in one transaction, so the limit holds across processes.
func (m *Manager) createChallenge(ctx context.Context, l *live, now time.Time) error {
	err := m.st.CreateChallengePlan(ctx, l.g, m.cfg.MaxOpenChallenges, now, &l.plan)
	if engine.ErrorCode(err) == engine.TooManyChallenges {
		return err
	}
	if err != nil {
		return fmt.Errorf("create %s challenge: %w", l.g.Kind, err)
	}
	return nil
}

// create stores the new game l with its plan and reports e.
func (m *Manager) create(ctx context.Context, l *live, e Event) (*store.Game, error) {
	if l.vsAI() {
		n, err := m.hintsIn(ctx, l.g.GuildID)
		if err != nil {
			return nil, err
		}
		l.g.Hints = n
	}
	if err := m.st.Create(ctx, l.g, &l.plan); err != nil {
		return nil, fmt.Errorf("create %s game: %w", l.g.Kind, err)
	}
	m.report(l, []Event{e}, store.RatingChanges{})
	return l.g, nil
}

// activeGames counts the games userID is playing: against the AI when ai,
// else between people.
func (m *Manager) activeGames(ctx context.Context, userID string, ai bool) (int, error) {
	games, err := m.st.UserGames(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("games of %s: %w", userID, err)
	}
	n := 0
	for _, g := range games {
		if g.Status == store.Active && (g.Seats[0].IsAI() || g.Seats[1].IsAI()) == ai {
			n++
		}
	}
	return n, nil
}

// checkAIGames refuses a new game against the AI for userID when they
// already have Config.MaxAIGames in progress.
func (m *Manager) checkAIGames(ctx context.Context, userID string) error {
	if m.cfg.MaxAIGames < 0 {
		return nil
	}
	n, err := m.activeGames(ctx, userID, true)
	if err != nil {
		return err
	}
	if n >= m.cfg.MaxAIGames {
		return engine.E(engine.TooManyAIGames, n)
	}
	return nil
}

func displayName(p Player) string {
	if p.Name != "" {
		return "@" + p.Name
	}
	return "<@" + p.ID + ">"
}

// Accept starts the challenge (or rematch offer) id; only the challenged
// user may accept it. The game's first board asks (and notifies) the
// player to move, unless that is who accepted.
func (m *Manager) Accept(ctx context.Context, id int64, who Actor) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		open := IsOpen(l.g)
		if err := m.takeOpenSeat(ctx, l, who.Player); err != nil {
			return m.expireChallenge(l, err)
		}
		side, err := m.challenged(l, who.ID, "accept")
		if err != nil || l.g.Status != store.Challenge {
			return m.expireChallenge(l, err)
		}
		l.seen(who.Via)
		e := l.event(GameStarted, side)
		e.Request = l.g.Request.Kind
		l.settleChallenge(store.WantAccepted)
		l.g.Status, l.g.Request = store.Active, store.Request{}
		m.armTurn(l, m.now())
		ping := l.pingSide(l.eg.Turn(), who.ID)
		if open { // its author learns who took it, whoever moves first
			ping = []string{l.g.Seats[l.g.Challenger].UserID}
		}
		l.newBoard(who.Via, ping)
		return step{write: true, events: []Event{e}}, nil
	})
}

// Decline refuses the challenge id; only the challenged user may decline
// it (the challenger withdraws it).
func (m *Manager) Decline(ctx context.Context, id int64, who Actor) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		if IsOpen(l.g) { // nobody was challenged: only its author may take it back
			return step{}, engine.E(engine.WithdrawOnlyMaker, l.seat(l.g.Challenger))
		}
		side, err := m.challenged(l, who.ID, "decline")
		if err != nil || l.g.Status != store.Challenge {
			return m.expireChallenge(l, err)
		}
		l.seen(who.Via)
		e := l.event(ChallengeDeclined, side)
		e.Request = l.g.Request.Kind
		l.settleChallenge(store.WantDeclined)
		l.g.Status = store.Declined
		return step{write: true, events: []Event{e}}, nil
	})
}

// challenged returns the side of the challenged user of the challenge l,
// or why userID may not answer it. When the challenge has expired it
// marks it Expired and returns an Expired error, to be stored.
func (m *Manager) challenged(l *live, userID, verb string) (engine.Side, error) {
	if l.g.Status != store.Challenge {
		if l.g.Status == store.Active {
			return 0, engine.E(engine.AlreadyAccepted, l.g.ID)
		}
		return 0, l.active()
	}
	opp := l.g.Challenger.Other()
	side, ok := sideOf(l.g, userID)
	switch {
	case !ok:
		return 0, engine.E(engine.ChallengeNotForYou, l.g.ID, l.seat(opp))
	case side != opp:
		return 0, engine.E(engine.AnswerOnlyOpponent, l.seat(opp))
	}
	if !m.now().Before(l.g.Deadline) {
		l.g.Status = store.Expired
		return 0, engine.E(engine.ChallengeExpired, l.g.Deadline)
	}
	return side, nil
}

// expireChallenge turns the refusal err of challenged into a step: a
// challenge found expired is stored as such and reported, then refused.
func (m *Manager) expireChallenge(l *live, err error) (step, error) {
	if l.g.Status == store.Expired && engine.ErrorCode(err) == engine.ChallengeExpired {
		e := l.event(ChallengeExpired, l.g.Challenger)
		e.Request = l.g.Request.Kind
		l.settleChallenge(store.WantExpired)
		return step{write: true, events: []Event{e}, err: err}, nil
	}
	return step{}, err
}

// withdrawChallenge takes back the challenge l for its challenger; one
// that has expired meanwhile is stored and reported as expired instead.
func (m *Manager) withdrawChallenge(l *live, who Actor) (step, error) {
	side, ok := sideOf(l.g, who.ID)
	if !ok || side != l.g.Challenger {
		return step{}, engine.E(engine.WithdrawOnlyMaker, l.seat(l.g.Challenger))
	}
	if !m.now().Before(l.g.Deadline) {
		l.g.Status = store.Expired
		return m.expireChallenge(l, engine.E(engine.ChallengeExpired, l.g.Deadline))
	}
	l.seen(who.Via)
	e := l.event(ChallengeWithdrawn, side)
	e.Request = l.g.Request.Kind
	l.settleChallenge(store.WantWithdrawn)
	l.g.Status = store.Declined
	return step{write: true, events: []Event{e}}, nil
}

// Solo starts a game of spec.Player against the AI at spec.Level. When the
// AI moves first, its move is queued at once.
func (m *Manager) Solo(ctx context.Context, spec SoloSpec) (*store.Game, error) {
	p := spec.Player
	switch {
	case !m.hasAI():
		return nil, engine.E(engine.AIUnavailable)
	case p.ID == "":
		return nil, engine.E(engine.Internal, "the game has no player")
	case p.Bot:
		return nil, engine.E(engine.BotsCannotPlay)
	case spec.Level < 1 || spec.Level > store.MaxAILevel:
		return nil, engine.E(engine.AILevelRange, store.MaxAILevel, spec.Level)
	}
	if err := m.checkAIGames(ctx, p.ID); err != nil {
		return nil, err
	}
	l, err := newRecord(spec.Setup, spec.GuildID, spec.ChannelID, spec.Via)
	if err != nil {
		return nil, err
	}
	side, err := m.challengerSide(spec.Start)
	if err != nil {
		return nil, err
	}
	g := l.g
	g.Seats[side], g.Seats[side.Other()] = store.Human(p.ID, p.Name), store.AI(spec.Level)
	g.Challenger, g.Status = side, store.Active
	if l.eg.Turn() != side { // the AI moves first
		if err := m.checkAIRoom(g); err != nil {
			return nil, err
		}
	}
	m.armTurn(l, m.now())
	l.newBoard(spec.Via, nil)
	return m.create(ctx, l, l.event(GameStarted, side))
}

// Rematch proposes a new game with the same setup and the colours swapped
// after game id has ended. Against the AI the new game starts at once.
// Between people it is a challenge to the other player (expiring after
// Config.RequestTTL, answered with Accept or Decline, withdrawn with
// Withdraw, and counted in Config.MaxOpenChallenges); when the other player
// has already proposed it, Rematch accepts their offer. A game has one
// pending offer at most, even when both players ask at once from two
// processes. The new game's RematchOf is id. It returns the new game.
func (m *Manager) Rematch(ctx context.Context, id int64, who Actor) (*store.Game, error) {
	userID := who.ID
	old, err := m.load(ctx, id, false)
	if err != nil {
		return nil, err
	}
	switch old.g.Status {
	case store.Finished:
	case store.Challenge, store.Active:
		return nil, engine.E(engine.StillGoing, id)
	default:
		return nil, engine.E(engine.NeverPlayed, id)
	}
	side, ok := sideOf(old.g, userID)
	if !ok {
		return nil, engine.E(engine.RematchNotPlayer, id)
	}
	start, err := startOf(old.g, old.eg) // an imported game starts again from its start
	if err != nil {
		return nil, err
	}
	setup := Setup{Kind: old.g.Kind, Rules: old.g.Rules, Size: old.g.Size, Record: start, Time: TimeControlOf(old.g)}
	channel := old.g.ChannelID
	if who.Via.Channel != "" && !old.g.Mirrored() {
		channel = who.Via.Channel
	}
	l, err := newRecord(setup, old.g.GuildID, channel, who.Via)
	if err != nil {
		return nil, err
	}
	if l.g.UndoCap, err = m.undoCapIn(ctx, old.g.GuildID); err != nil {
		return nil, err
	}
	if l.g.Locale == "" || old.g.Mirrored() {
		l.g.Locale = old.g.Locale
	}
	if old.g.Mirrored() {
		// played across the same two servers, each side in its own channel
		l.g.Perms, l.g.Place = old.g.Perms, old.g.Place
		l.g.Mirror = store.Mirror{GuildID: old.g.Mirror.GuildID, ChannelID: old.g.Mirror.ChannelID,
			UserID: old.g.Mirror.UserID, Locale: old.g.Mirror.Locale}
		l.seen(who.Via)
	}
	if channel == old.g.ChannelID {
		l.g.ThreadParent = old.g.ThreadParent // played in the old game's thread, and announced as it was
	}
	// The old game's board loses its Rematch button.
	retireOld := func() {
		for _, post := range []int64{old.g.BoardPost, old.g.Mirror.BoardPost} {
			if post != 0 {
				l.want(post, store.WantRetired)
				l.also = []int64{id}
			}
		}
	}
	g := l.g
	g.Seats = [2]store.Seat{old.g.Seats[1], old.g.Seats[0]}
	me := side.Other() // the colours swap
	g.Challenger, g.Rated, g.RematchOf = me, old.g.Rated, id
	if old.vsAI() {
		if !m.hasAI() {
			return nil, engine.E(engine.AIUnavailable)
		}
		if err := m.checkAIGames(ctx, userID); err != nil {
			return nil, err
		}
		if l.eg.Turn() != me { // the AI moves first
			if err := m.checkAIRoom(g); err != nil {
				return nil, err
			}
		}
		g.Status = store.Active
		m.armTurn(l, m.now())
		l.newBoard(who.Via, nil)
		retireOld()
		e := l.event(GameStarted, me)
		e.Request = store.RematchRequest
		return m.create(ctx, l, e)
	}
	for range m.cfg.Retries {
		offer, err := m.st.RematchOffer(ctx, id)
		switch {
		case engine.ErrorCode(err) == engine.NoRematchOffer:
		case err != nil:
			return nil, fmt.Errorf("rematch of game %d: %w", id, err)
		case !offer.Deadline.IsZero() && !m.now().Before(offer.Deadline):
			// Its time is up but Tick has not expired it yet: do it now,
			// which makes room for a new offer.
			if _, err := m.change(ctx, offer.ID, m.deadlineDue); err != nil {
				return nil, fmt.Errorf("rematch of game %d: expire offer %d: %w", id, offer.ID, err)
			}
			continue
		case offer.Challenger == me:
			return nil, engine.E(engine.RematchOffered, offer.ID)
		default:
			return m.Accept(ctx, offer.ID, who)
		}
		other := old.g.Seats[side.Other()]
		if err := m.limitChallenge(ctx, old.g.GuildID, userID, other.UserID, displayName(Player{ID: other.UserID, Name: other.Name})); err != nil {
			return nil, err
		}
		now := m.now()
		g.Status, g.Deadline = store.Challenge, now.Add(m.cfg.RequestTTL)
		g.Request = store.Request{Kind: store.RematchRequest, By: me, At: now}
		l.plan = store.Plan{}
		l.newChallenge(who.Via)
		retireOld()
		err = m.createChallenge(ctx, l, now)
		if engine.ErrorCode(err) == engine.RematchPending {
			continue // the other player offered at the same moment: answer theirs
		}
		if err != nil {
			return nil, err
		}
		e := l.event(ChallengeIssued, me)
		e.Request = store.RematchRequest
		m.report(l, []Event{e}, store.RatingChanges{})
		return l.g, nil
	}
	return nil, engine.E(engine.RematchBusy, id)
}
