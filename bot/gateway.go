package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Gateway keeps the bot's gateway connection up: it opens it, and whenever it
// drops it opens it again, resuming the session so that the events sent
// meanwhile (interactions above all) are replayed rather than lost.
//
// It exists because discordgo's own reconnect (ShouldReconnectOnError) can
// end the very session it is resuming. When Discord sends op 7 (Reconnect),
// discordgo's listen goroutine calls CloseWithCode, which holds the session's
// lock for a whole second (wsapi.go: "TODO: Wait for Discord to actually
// close the connection", time.Sleep(1 * time.Second)), and then reconnect,
// which opens a new connection. A heartbeat goroutine of the old connection
// that went round its loop meanwhile (op 7 right after READY or RESUMED meets
// the new connection's first heartbeat) waits on that lock, then writes to
// the closed socket, fails, and calls Close. Close acts on the session's
// current socket, which by then may be the new one, and closes it with 1000,
// which tells Discord the session is over: the next Resume is refused (op 9),
// discordgo identifies again, two reconnect loops race, and the interactions
// of the lost session are never delivered. No discordgo revision changes
// this; the newest, which Tengen uses for its resume_gateway_url, adds a
// second trap (below).
//
// So Tengen switches discordgo's reconnect off and owns reconnection here:
// after a disconnect it waits settle (by then every goroutine of the old
// connection has run its course, against an empty socket) and only then
// opens a new connection, which resumes. One loop, one owner.
//
// The second trap: Session.Open holds the session's lock while it reads the
// first packet after Identify or Resume, and when that packet is op 9
// (Invalid Session, Discord's answer to a Resume it refuses) or op 7,
// discordgo handles it by calling CloseWithCode, which takes the same lock:
// Open never returns and the session is stuck for good
// (bwmarrin/discordgo#513, fixed by the still open #1694). A refused Resume
// is ordinary (a session Discord has already expired), so an Open that has
// not returned within HandshakeTimeout is taken for stuck: the gateway leaves
// that session behind, handlers and all, and identifies on a new one, built
// with the same token, identify data, HTTP client and rate limiter. Discord
// had already ended the refused session, so nothing more is lost.
type Gateway struct {
	log *slog.Logger

	// Settle is how long to wait after a disconnect before reconnecting.
	Settle time.Duration
	// HandshakeTimeout is how long an Open may take before it is taken for
	// stuck (see Gateway); far longer than a handshake takes.
	HandshakeTimeout time.Duration

	// identify, when set, runs every Open that identifies (the first, and
	// the first on a session that replaced a stuck one) in its turn:
	// Shards' identify buckets. nil opens at once.
	identify func(ctx context.Context, open func() error) error
	// fresh is set while the session has not identified yet (guarded by mu).
	fresh bool

	// like makes a session to replace a stuck one (see likeOf).
	like func() (*discordgo.Session, error)

	mu       sync.Mutex
	s        *discordgo.Session // the session the connection runs on
	handlers []any              // added to every session the gateway runs on
	removes  []func()           // remove the handlers from s
	opened   bool               // Open was called

	down chan struct{} // a disconnect happened (buffered: one is enough)
	stop chan struct{} // Close was called
	done chan struct{} // the reconnect loop has returned

	connected  atomic.Bool  // a connection is up: opened, not dropped since
	reconnects atomic.Int64 // connections made again after a drop

	closeOnce sync.Once
}

// openAttempts is how many handshakes Open tries when they get stuck.
const openAttempts = 3

// errStuck reports an Open that did not return within HandshakeTimeout.
var errStuck = errors.New("the gateway handshake did not finish")

// NewGateway takes over s's gateway connection and turns discordgo's own
// reconnect off. Configure s (token, identify data, shard) before: a
// session that replaces a stuck one is made like s as it is now. Add event
// handlers with AddHandler, not s.AddHandler, then call Open, not s.Open. s
// stays usable for REST whatever happens to its connection.
func NewGateway(s *discordgo.Session, log *slog.Logger) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	log = slog.New(RedactLogs(log.Handler()))
	g := &Gateway{log: log, Settle: 250 * time.Millisecond, HandshakeTimeout: 30 * time.Second,
		down: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), like: likeOf(s)}
	g.attach(s)
	return g
}

// AddHandler adds an event handler (as discordgo's Session.AddHandler takes
// it) to the session the connection runs on, and to any session that
// replaces it. Call it before Open.
func (g *Gateway) AddHandler(h any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.handlers = append(g.handlers, h)
	g.removes = append(g.removes, g.s.AddHandler(h))
}

// Session is the session the gateway connection runs on now.
func (g *Gateway) Session() *discordgo.Session {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.s
}

// attach makes s the session the connection runs on.
func (g *Gateway) attach(s *discordgo.Session) {
	s.Lock()
	s.ShouldReconnectOnError = false
	s.Unlock()
	g.s = s
	g.fresh = true
	g.removes = []func(){s.AddHandler(func(from *discordgo.Session, _ *discordgo.Disconnect) {
		if g.Session() != from {
			return // a session left behind
		}
		g.connected.Store(false)
		select {
		case g.down <- struct{}{}:
		default:
		}
	})}
	for _, h := range g.handlers {
		g.removes = append(g.removes, s.AddHandler(h))
	}
}

// replace leaves the stuck session behind and runs the connection on a new
// one like it.
func (g *Gateway) replace() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	s, err := g.like()
	if err != nil {
		return err
	}
	for _, remove := range g.removes {
		remove()
	}
	g.attach(s)
	return nil
}

// likeOf returns a maker of new, unconnected sessions with old's
// configuration as it is now: the same token, identify data, HTTP client,
// dialer and rate limiter. Take it before old connects: a session stuck in
// its handshake is still written by discordgo's Open, which holds the
// session's lock for the whole handshake, so it can be read neither then
// nor under its lock.
func likeOf(old *discordgo.Session) func() (*discordgo.Session, error) {
	token, mfa, logLevel, identify, compress := old.Token, old.MFA, old.LogLevel, old.Identify, old.Compress
	shardID, shardCount, state, syncEvents := old.ShardID, old.ShardCount, old.StateEnabled, old.SyncEvents
	retry, maxRetries := old.ShouldRetryOnRateLimit, old.MaxRestRetries
	client, dialer, userAgent, limiter := old.Client, old.Dialer, old.UserAgent, old.Ratelimiter
	return func() (*discordgo.Session, error) {
		s, err := discordgo.New(token)
		if err != nil {
			return nil, fmt.Errorf("a new gateway session: %w", err)
		}
		s.MFA, s.LogLevel, s.Identify, s.Compress = mfa, logLevel, identify, compress
		s.ShardID, s.ShardCount, s.StateEnabled, s.SyncEvents = shardID, shardCount, state, syncEvents
		s.ShouldRetryOnRateLimit, s.MaxRestRetries = retry, maxRetries
		s.Client, s.Dialer, s.UserAgent, s.Ratelimiter = client, dialer, userAgent, limiter
		return s, nil
	}
}

// Open connects to the gateway and keeps the connection up until Close. Call
// it once. A handshake that gets stuck (see Gateway) is tried again on a new
// session, twice at most.
func (g *Gateway) Open() error {
	g.mu.Lock()
	g.opened = true
	g.mu.Unlock()
	for attempt := 1; ; attempt++ {
		err := g.openSession()
		if err == nil {
			break
		}
		if errors.Is(err, errStuck) {
			// Left behind: Close must not wait on its lock. An identify
			// Discord answered with op 9 (another process of the same
			// bot identified in the same bucket) gets here too, and
			// identifies again in its turn.
			rerr := g.replace()
			if rerr == nil && attempt < openAttempts {
				g.log.Warn("gateway handshake stuck (an identify or resume refused with op 9, bwmarrin/discordgo#513); identifying on a new session",
					"after", g.HandshakeTimeout)
				continue
			}
			err = errors.Join(err, rerr)
		}
		close(g.done)
		return fmt.Errorf("opening the gateway: %w", err)
	}
	g.connected.Store(true)
	go g.run()
	return nil
}

// Connected reports whether the connection is up: opened, and not dropped
// since without being made again (for readiness checks).
func (g *Gateway) Connected() bool { return g.connected.Load() }

// Reconnects counts the connections made again after a drop.
func (g *Gateway) Reconnects() int64 { return g.reconnects.Load() }

// open runs s.Open, giving up on it after HandshakeTimeout. An Open given up
// on that finishes after all is closed at once: its session has been left
// behind.
func (g *Gateway) open(s *discordgo.Session) error {
	opened := make(chan error, 1)
	go func() { opened <- s.Open() }()
	t := time.NewTimer(g.HandshakeTimeout)
	defer t.Stop()
	select {
	case err := <-opened:
		return err
	case <-t.C:
		go func() {
			if err := <-opened; err == nil {
				_ = s.Close() // a session left behind; its end is news to nobody
			}
		}()
		return errStuck
	}
}

// openSession opens the current session: in its identify turn when it has
// not identified yet (see identify), at once when it resumes.
func (g *Gateway) openSession() error {
	g.mu.Lock()
	s, fresh := g.s, g.fresh
	g.mu.Unlock()
	if !fresh || g.identify == nil {
		err := g.open(s)
		g.identified(s, err)
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-g.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	var err error
	if werr := g.identify(ctx, func() error { err = g.open(s); return err }); werr != nil && err == nil {
		return fmt.Errorf("waiting for the turn to identify: %w", werr)
	}
	g.identified(s, err)
	return err
}

// identified records that s has identified, after an Open that returned err.
func (g *Gateway) identified(s *discordgo.Session, err error) {
	if err != nil && !errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		return
	}
	g.mu.Lock()
	if g.s == s {
		g.fresh = false
	}
	g.mu.Unlock()
}

// run reconnects after every disconnect until Close.
func (g *Gateway) run() {
	defer close(g.done)
	for {
		select {
		case <-g.stop:
			return
		case <-g.down:
		}
		if !g.wait(g.Settle) {
			return
		}
		// A stale goroutine's disconnect during the settle is the same one.
		select {
		case <-g.down:
		default:
		}
		g.reconnect()
	}
}

// reconnect opens a new connection, with backoff, until it succeeds or Close.
func (g *Gateway) reconnect() {
	backoff := time.Second
	for {
		err := g.openSession()
		switch {
		case err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen):
			g.log.Info("gateway reconnected")
			g.reconnects.Add(1)
			g.connected.Store(true)
			return
		case errors.Is(err, errStuck):
			g.log.Warn("gateway handshake stuck (an identify or resume refused with op 9, bwmarrin/discordgo#513); identifying on a new session",
				"after", g.HandshakeTimeout)
			if err = g.replace(); err == nil {
				continue
			}
		}
		g.log.Warn("gateway reconnect failed", "err", err, "retry_in", backoff)
		if !g.wait(backoff) {
			return
		}
		backoff = min(2*backoff, time.Minute)
	}
}

// wait sleeps d; false means Close was called meanwhile.
func (g *Gateway) wait(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-g.stop:
		return false
	case <-t.C:
		return true
	}
}

// Close stops reconnecting and closes the connection, ending the session
// (close code 1000).
func (g *Gateway) Close(ctx context.Context) error {
	var err error
	g.closeOnce.Do(func() {
		close(g.stop)
		g.mu.Lock()
		opened := g.opened
		g.mu.Unlock()
		if opened {
			select {
			case <-g.done:
			case <-ctx.Done():
				err = fmt.Errorf("closing the gateway: the reconnect loop did not stop: %w", ctx.Err())
				return
			}
		}
		g.mu.Lock()
		s := g.s
		for _, remove := range g.removes {
			remove()
		}
		g.removes = nil
		g.mu.Unlock()
		if cerr := s.Close(); cerr != nil {
			err = fmt.Errorf("closing the gateway: %w", cerr)
		}
	})
	return err
}
