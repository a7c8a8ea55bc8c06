package match

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Limits are the rate limits on what pings or burdens other people: a user
// may issue Burst of a kind at once, then one more each Every. A challenge
// (or rematch offer) and a request (undo, draw) each ping the other player,
// so each also counts against the pings of that pair.
type Limits struct {
	// Challenges: challenges and rematch offers per user.
	ChallengeBurst int
	ChallengeEvery time.Duration
	// Requests: undo and draw requests per player and game.
	RequestBurst int
	RequestEvery time.Duration
	// Pings: challenges, offers and requests of one user to another.
	PingBurst int
	PingEvery time.Duration
	// Cooldown: after someone declines a challenge or lets it expire,
	// its challenger may not challenge them again for this long.
	Cooldown time.Duration
}

// DefaultLimits returns the limits unless configured otherwise: generous
// for play (ten challenges at once, three requests a game), tight on
// repeats (a loop of challenge and withdraw pings the same person three
// times, then once every ten minutes).
func DefaultLimits() Limits {
	return Limits{
		ChallengeBurst: 10, ChallengeEvery: time.Minute,
		RequestBurst: 3, RequestEvery: 2 * time.Minute,
		PingBurst: 3, PingEvery: 10 * time.Minute,
		Cooldown: 30 * time.Minute,
	}
}

// withDefaults fills each zero field from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	fill := func(b *int, e *time.Duration, db int, de time.Duration) {
		if *b <= 0 {
			*b = db
		}
		if *e <= 0 {
			*e = de
		}
	}
	fill(&l.ChallengeBurst, &l.ChallengeEvery, d.ChallengeBurst, d.ChallengeEvery)
	fill(&l.RequestBurst, &l.RequestEvery, d.RequestBurst, d.RequestEvery)
	fill(&l.PingBurst, &l.PingEvery, d.PingBurst, d.PingEvery)
	if l.Cooldown <= 0 {
		l.Cooldown = d.Cooldown
	}
	return l
}

// LimitsSetting is the server setting that picks a server's limits.
const LimitsSetting = "limits"

// Presets of LimitsSetting, from the loosest.
const (
	LimitsOff     = "off"     // no rate limits (the caps on open games stay)
	LimitsRelaxed = "relaxed" // twice the bursts, half the waits
	LimitsNormal  = "normal"  // the configured limits (the default)
	LimitsStrict  = "strict"  // half the bursts, twice the waits
)

// LimitsPresets lists the presets, from the loosest.
func LimitsPresets() []string {
	return []string{LimitsOff, LimitsRelaxed, LimitsNormal, LimitsStrict}
}

// preset returns l as the preset name changes it; ok is false for "off".
func (l Limits) preset(name string) (Limits, bool) {
	switch name {
	case LimitsOff:
		return l, false
	case LimitsRelaxed:
		l.ChallengeBurst, l.RequestBurst, l.PingBurst = 2*l.ChallengeBurst, 2*l.RequestBurst, 2*l.PingBurst
		l.ChallengeEvery, l.RequestEvery, l.PingEvery, l.Cooldown = l.ChallengeEvery/2, l.RequestEvery/2, l.PingEvery/2, l.Cooldown/2
	case LimitsStrict:
		l.ChallengeBurst, l.RequestBurst, l.PingBurst = max(1, l.ChallengeBurst/2), max(1, l.RequestBurst/2), max(1, l.PingBurst/2)
		l.ChallengeEvery, l.RequestEvery, l.PingEvery, l.Cooldown = 2*l.ChallengeEvery, 2*l.RequestEvery, 2*l.PingEvery, 2*l.Cooldown
	}
	return l, true
}

// PresetLimits returns the default limits as the preset name changes them,
// and whether that turns them off: the bot operator's choice for servers
// that have not made their own.
func PresetLimits(name string) (l Limits, off bool) {
	l, on := DefaultLimits().preset(name)
	return l, !on
}

// limitKind is what a bucket counts.
type limitKind uint8

const (
	limitChallenge limitKind = iota // per user
	limitRequest                    // per user and game
	limitPing                       // per user and the person pinged
)

// limitKey names one bucket: its kind, the user, and the game or person.
type limitKey struct {
	kind limitKind
	user string
	of   string
}

// limiter holds the rate-limit buckets and the cooldowns. It is the one
// owner of that state, in memory: a restart forgives everyone, which
// costs nobody a game.
type limiter struct {
	mu       sync.Mutex
	buckets  map[limitKey]*rate.Limiter
	declined map[[2]string]time.Time // challenger, challenged: when declined or ignored
	// taken holds the users whose last challenge was taken up: their next
	// challenge does not count against their challenges, so that people
	// playing game after game, however short, are never held back.
	taken map[string]bool
	swept time.Time
}

func newLimiter() *limiter {
	return &limiter{buckets: map[limitKey]*rate.Limiter{}, declined: map[[2]string]time.Time{}, taken: map[string]bool{}}
}

// take is one action of user at now that counts in each of keys, with the
// burst and interval of its kind in l; either every bucket has room, and
// the action is counted in each, or none is charged and the reply says
// when the first one that is full will have room. req names the action.
func (lm *limiter) take(now time.Time, l Limits, req engine.Term, keys ...limitKey) error {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	lm.sweep(now)
	rs := make([]*rate.Reservation, 0, len(keys))
	free := ""
	for _, k := range keys {
		if k.kind == limitChallenge && lm.taken[k.user] {
			free = k.user // spent only if every other bucket has room
			continue
		}
		burst, every := l.ChallengeBurst, l.ChallengeEvery
		switch k.kind {
		case limitRequest:
			burst, every = l.RequestBurst, l.RequestEvery
		case limitPing:
			burst, every = l.PingBurst, l.PingEvery
		}
		b := lm.buckets[k]
		if b == nil {
			b = rate.NewLimiter(rate.Every(every), burst)
			lm.buckets[k] = b
		} else {
			// a bucket filled under another server's preset counts under
			// this one's from now on
			b.SetLimitAt(now, rate.Every(every))
			b.SetBurstAt(now, burst)
		}
		r := b.ReserveN(now, 1)
		if d := r.DelayFrom(now); !r.OK() || d > 0 {
			r.CancelAt(now)
			for _, done := range rs {
				done.CancelAt(now)
			}
			return engine.E(engine.TooOften, req, now.Add(d).Truncate(time.Second).Add(time.Second))
		}
		rs = append(rs, r)
	}
	delete(lm.taken, free)
	return nil
}

// cool refuses a challenge of user to whom while whom's last decline (or
// ignored challenge) of user is less than l.Cooldown old.
func (lm *limiter) cool(now time.Time, l Limits, user, whom, name string) error {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	at, ok := lm.declined[[2]string{user, whom}]
	if !ok {
		return nil
	}
	if until := at.Add(l.Cooldown); now.Before(until) {
		return engine.E(engine.ChallengeCooldown, name, until)
	}
	return nil
}

// decline notes that whom declined or ignored a challenge of user at now.
func (lm *limiter) decline(now time.Time, user, whom string) {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	lm.declined[[2]string{user, whom}] = now
}

// forgive clears what user's pings of whom counted and any cooldown of
// user on whom: whom took them up.
func (lm *limiter) forgive(user, whom string) {
	if user == "" || whom == "" {
		return
	}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	delete(lm.declined, [2]string{user, whom})
	delete(lm.buckets, limitKey{limitPing, user, whom})
}

// takenUp notes that whom took up a challenge (or rematch offer) of user:
// user's next challenge is not counted.
func (lm *limiter) takenUp(user, whom string) {
	if user == "" || whom == "" {
		return
	}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	lm.taken[user] = true
}

// sweepEvery is how often idle buckets and old cooldowns are dropped.
const sweepEvery = 10 * time.Minute

// sweep drops the buckets that are full again (an idle user costs no
// memory) and the cooldowns older than a day (longer than any preset's).
// The caller holds lm.mu.
func (lm *limiter) sweep(now time.Time) {
	if now.Sub(lm.swept) < sweepEvery {
		return
	}
	lm.swept = now
	for k, b := range lm.buckets {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(lm.buckets, k)
		}
	}
	for user := range lm.taken {
		if lm.buckets[limitKey{limitChallenge, user, ""}] == nil {
			delete(lm.taken, user) // a full bucket has room anyway
		}
	}
	for k, at := range lm.declined {
		if now.Sub(at) > 24*time.Hour {
			delete(lm.declined, k)
		}
	}
}

// limitsIn returns the limits of guild: its LimitsSetting over
// Config.Limits; on is false where they are off. Outside servers the
// configured limits hold.
func (m *Manager) limitsIn(ctx context.Context, guild string) (l Limits, on bool, err error) {
	l, on = m.cfg.Limits, !m.cfg.NoLimits
	if guild == "" {
		return l, on, nil
	}
	name, err := m.st.GuildSetting(ctx, guild, LimitsSetting)
	switch {
	case engine.ErrorCode(err) == engine.SettingNotSet:
		return l, on, nil
	case err != nil:
		return l, false, fmt.Errorf("limits of server %s: %w", guild, err)
	}
	l, on = l.preset(name)
	return l, on, nil
}

// limitChallenge counts a challenge (or rematch offer) of user to whom, to
// be shown to whom as name, in guild: refused while whom's cooldown on
// user runs or a bucket is full.
func (m *Manager) limitChallenge(ctx context.Context, guild, user, whom, name string) error {
	l, on, err := m.limitsIn(ctx, guild)
	if err != nil || !on {
		return err
	}
	now := m.now()
	if err := m.lim.cool(now, l, user, whom, name); err != nil {
		return err
	}
	return m.lim.take(now, l, engine.RequestChallenge, limitKey{limitChallenge, user, ""}, limitKey{limitPing, user, whom})
}

// limitRequest counts a request (undo, draw) of user in game l, which
// pings the other player when a person holds that seat.
func (m *Manager) limitRequest(ctx context.Context, l *live, user string, side engine.Side, req engine.Term) error {
	lim, on, err := m.limitsIn(ctx, l.g.GuildID)
	if err != nil || !on {
		return err
	}
	keys := []limitKey{{limitRequest, user, strconv.FormatInt(l.g.ID, 10)}}
	if other := l.g.Seats[side.Other()]; !other.IsAI() {
		keys = append(keys, limitKey{limitPing, user, other.UserID})
	}
	return m.lim.take(m.now(), lim, req, keys...)
}

// noteDeclines starts the cooldown of a challenger on the person who
// declined their challenge or let it expire. A person who takes up a
// challenge or accepts a request wants to play: what the other pinged them
// for no longer counts, and a cooldown between them ends.
func (m *Manager) noteDeclines(l *live, events []Event) {
	for _, e := range events {
		c := l.g.Challenger
		user, whom := l.g.Seats[c].UserID, l.g.Seats[c.Other()].UserID
		switch e.Kind {
		case ChallengeDeclined, ChallengeExpired:
			if user != "" && whom != "" {
				m.lim.decline(m.now(), user, whom)
			}
		case GameStarted:
			m.lim.forgive(user, whom)
			m.lim.forgive(whom, user)
			m.lim.takenUp(user, whom)
		case RequestAccepted:
			m.lim.forgive(l.g.Seats[e.Actor.Other()].UserID, l.g.Seats[e.Actor].UserID)
		}
	}
}

// UndosSetting is the server setting that caps the undos each player may
// have in a game between people (games against the AI follow
// Config.AIUndoLimit).
const UndosSetting = "undos"

// Values of UndosSetting.
const (
	UndosNone      = "none"      // no undos between people
	UndosOne       = "1"         // one undo each per game
	UndosThree     = "3"         // three undos each per game
	UndosUnlimited = "unlimited" // as many as the opponent accepts (the default)
)

// UndosValues lists the values of UndosSetting, from the strictest.
func UndosValues() []string {
	return []string{UndosNone, UndosOne, UndosThree, UndosUnlimited}
}

// undoCap is the store.Game.UndoCap a value of UndosSetting stands for.
func undoCap(value string) int {
	switch value {
	case UndosNone:
		return store.NoUndos
	case UndosOne:
		return 1
	case UndosThree:
		return 3
	}
	return store.UnlimitedUndos
}

// undoCapIn returns the undo cap of games between people created now in
// guild: its UndosSetting, unlimited where it has none (and outside
// servers).
func (m *Manager) undoCapIn(ctx context.Context, guild string) (int, error) {
	if guild == "" {
		return store.UnlimitedUndos, nil
	}
	v, err := m.st.GuildSetting(ctx, guild, UndosSetting)
	switch {
	case engine.ErrorCode(err) == engine.SettingNotSet:
		return store.UnlimitedUndos, nil
	case err != nil:
		return 0, fmt.Errorf("undo cap of server %s: %w", guild, err)
	}
	return undoCap(v), nil
}
