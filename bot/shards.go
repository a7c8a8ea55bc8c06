package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// IdentifyInterval is how long an identify holds its rate-limit key: the
// shards whose shard_id % max_concurrency is equal identify one after
// another at least this far apart (Discord's "Max Concurrency", events/
// gateway.mdx "Sharding").
const IdentifyInterval = 5 * time.Second

// ShardOptions configures Shards.
type ShardOptions struct {
	// Count is the total number of shards; 0 runs the number Discord
	// recommends (GET /gateway/bot's shards).
	Count int
	// IDs are the shards this process runs, out of Count; nil runs them
	// all. Several processes split the shards by running disjoint IDs.
	IDs []int
	// Logger receives the shards' logs (slog.Default() when nil).
	Logger *slog.Logger
	// Now and Wait are the identify buckets' clock (time.Now and a timer
	// when nil); tests give a fake clock's, so that nobody waits 5 s.
	Now func() time.Time
	// Wait waits d, or until ctx ends.
	Wait func(ctx context.Context, d time.Duration) error
	// HandshakeTimeout is each Gateway's (30 s when 0).
	HandshakeTimeout time.Duration
}

// Shards runs the bot's gateway as several shards in this process, each on
// a Gateway of its own (own session, own connection, own reconnects), so
// that one shard dropping and resuming leaves the others serving. Every
// shard hands its events to the same handlers.
//
// Open asks Discord (GET /gateway/bot) for the recommended shard count and
// the session start limit, refuses to start when fewer session starts
// remain than shards to start, and identifies in Discord's buckets: shards
// whose shard_id % max_concurrency is equal identify in shard order at
// least IdentifyInterval apart, buckets in parallel. A shard that must
// identify again later on a new session (after a stuck handshake) waits
// for its bucket's turn too. Two cases escape the buckets, and heal: after
// a non-resumable op 9 in the middle of a session discordgo identifies at
// once by itself, and two processes do not see each other's identifies.
// When Discord refuses such an identify with op 9, discordgo's handshake
// gets stuck (see Gateway) and the shard identifies again in its turn
// after HandshakeTimeout.
//
// One Gateway runs on the session given to NewShards, the others on
// sessions like it (same token, HTTP client, identify data); the given one
// stays the bot's REST session.
type Shards struct {
	base    *discordgo.Session
	opts    ShardOptions
	log     *slog.Logger
	limiter *identifyLimiter

	mu       sync.Mutex
	handlers []any
	gateways []*Gateway // by position in ids, once Open has made them
	ids      []int      // the shards this process runs
	count    int        // the total
}

// NewShards prepares the shards of the bot on s (not yet opened). Add
// handlers with AddHandler, then call Open.
func NewShards(s *discordgo.Session, opts ShardOptions) *Shards {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Wait == nil {
		opts.Wait = sleepCtx
	}
	return &Shards{base: s, opts: opts, log: slog.New(RedactLogs(log.Handler()))}
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// AddHandler adds an event handler to every shard. Call it before Open.
func (sh *Shards) AddHandler(h any) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.handlers = append(sh.handlers, h)
}

// Open asks Discord how to shard, then opens this process's shards in
// their identify buckets, and returns once every one is connected (or the
// first error, having closed those it opened).
func (sh *Shards) Open(ctx context.Context) error {
	gb, err := sh.base.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("asking Discord how to shard (GET /gateway/bot): %w", err)
	}
	count := sh.opts.Count
	if count == 0 {
		count = max(gb.Shards, 1)
	}
	ids := sh.opts.IDs
	if ids == nil {
		for id := range count {
			ids = append(ids, id)
		}
	}
	if err := checkShardIDs(ids, count); err != nil {
		return err
	}
	limit := gb.SessionStartLimit
	if limit.Remaining < len(ids) {
		return fmt.Errorf("discord allows %d more session starts of %d until %v from now, and %d shards need one each: wait, or run fewer shards in this process",
			limit.Remaining, limit.Total, time.Duration(limit.ResetAfter)*time.Millisecond, len(ids))
	}
	sh.limiter = &identifyLimiter{maxConcurrency: max(limit.MaxConcurrency, 1), now: sh.opts.Now, wait: sh.opts.Wait}

	sh.mu.Lock()
	sh.ids, sh.count = ids, count
	for i, id := range ids {
		s := sh.base
		if i > 0 {
			if s, err = likeOf(sh.base)(); err != nil {
				sh.mu.Unlock()
				return err
			}
		}
		s.ShardID, s.ShardCount = id, count
		g := NewGateway(s, sh.log.With("shard", id, "shards", count))
		if sh.opts.HandshakeTimeout > 0 {
			g.HandshakeTimeout = sh.opts.HandshakeTimeout
		}
		g.identify = func(ctx context.Context, open func() error) error { return sh.limiter.identify(ctx, id, open) }
		for _, h := range sh.handlers {
			g.AddHandler(h)
		}
		sh.gateways = append(sh.gateways, g)
	}
	gateways := slices.Clone(sh.gateways)
	sh.mu.Unlock()

	sh.log.Info("opening the gateway shards", "shards", count, "here", shardSpan(ids),
		"max_concurrency", sh.limiter.maxConcurrency, "session_starts_left", limit.Remaining)
	// One goroutine per bucket, each opening its shards in order; the
	// limiter spaces them.
	buckets := map[int][]int{}
	for i, id := range ids {
		k := id % sh.limiter.maxConcurrency
		buckets[k] = append(buckets[k], i)
	}
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for _, members := range buckets {
		wg.Go(func() {
			for _, i := range members {
				if ctx.Err() != nil {
					errs[i] = ctx.Err()
					return
				}
				if err := gateways[i].Open(); err != nil {
					errs[i] = fmt.Errorf("shard %d of %d: %w", ids[i], count, err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sh.Close(cctx) // the error says what went wrong
		return err
	}
	return nil
}

// checkShardIDs refuses shard ids outside 0 to count-1, or repeated.
func checkShardIDs(ids []int, count int) error {
	if len(ids) == 0 {
		return errors.New("no shard to run")
	}
	seen := map[int]bool{}
	for _, id := range ids {
		if id < 0 || id >= count {
			return fmt.Errorf("shard %d is outside the %d shards (0 to %d)", id, count, count-1)
		}
		if seen[id] {
			return fmt.Errorf("shard %d is given twice", id)
		}
		seen[id] = true
	}
	return nil
}

// shardSpan writes ids for a log line: "0-3", or "1,4".
func shardSpan(ids []int) string {
	if len(ids) == 0 {
		return ""
	}
	contiguous := true
	for i := 1; i < len(ids); i++ {
		contiguous = contiguous && ids[i] == ids[i-1]+1
	}
	if contiguous {
		if len(ids) == 1 {
			return fmt.Sprint(ids[0])
		}
		return fmt.Sprintf("%d-%d", ids[0], ids[len(ids)-1])
	}
	return fmt.Sprint(ids)
}

// Count is the total number of shards (known once Open has asked Discord).
func (sh *Shards) Count() int {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.count
}

// IDs are the shards this process runs (known once Open has asked Discord).
func (sh *Shards) IDs() []int {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return slices.Clone(sh.ids)
}

// Gateway is the gateway of shard id, nil when this process does not run it.
func (sh *Shards) Gateway(id int) *Gateway {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if i := slices.Index(sh.ids, id); i >= 0 && i < len(sh.gateways) {
		return sh.gateways[i]
	}
	return nil
}

// Connected reports whether every shard of this process is connected (for
// readiness checks).
func (sh *Shards) Connected() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.gateways) == 0 {
		return false
	}
	for _, g := range sh.gateways {
		if !g.Connected() {
			return false
		}
	}
	return true
}

// Reconnects counts the connections of every shard made again after a drop.
func (sh *Shards) Reconnects() int64 {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	var n int64
	for _, g := range sh.gateways {
		n += g.Reconnects()
	}
	return n
}

// Close closes every shard, ending their sessions.
func (sh *Shards) Close(ctx context.Context) error {
	sh.mu.Lock()
	gateways := slices.Clone(sh.gateways)
	sh.mu.Unlock()
	errs := make([]error, len(gateways))
	var wg sync.WaitGroup
	for i, g := range gateways {
		wg.Go(func() { errs[i] = g.Close(ctx) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// identifyLimiter spaces identifies by rate-limit key: shard_id %
// maxConcurrency. Identifies of one key run one at a time, each at least
// IdentifyInterval after the previous one ended.
type identifyLimiter struct {
	maxConcurrency int
	now            func() time.Time
	wait           func(context.Context, time.Duration) error

	mu      sync.Mutex
	buckets map[int]*identifyBucket
}

type identifyBucket struct {
	turn chan struct{} // holds a token while an identify of the key runs
	last time.Time     // when the last identify of the key ended
}

// identify runs open, which identifies shard, in its key's turn.
func (l *identifyLimiter) identify(ctx context.Context, shard int, open func() error) error {
	l.mu.Lock()
	if l.buckets == nil {
		l.buckets = map[int]*identifyBucket{}
	}
	k := shard % l.maxConcurrency
	b := l.buckets[k]
	if b == nil {
		b = &identifyBucket{turn: make(chan struct{}, 1)}
		l.buckets[k] = b
	}
	l.mu.Unlock()
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-b.turn }()
	if !b.last.IsZero() {
		if d := b.last.Add(IdentifyInterval).Sub(l.now()); d > 0 {
			if err := l.wait(ctx, d); err != nil {
				return err
			}
		}
	}
	err := open()
	// Counted from when READY came (or the Open failed): later than the
	// identify itself, so never too soon.
	b.last = l.now()
	return err
}
