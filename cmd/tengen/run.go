package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

const runUsage = `usage: tengen [run] [-config FILE]

Runs the Discord bot. The token comes from DISCORD_TOKEN; every other option
is in the config file (see config.example.yaml; a missing config.yaml means
all defaults). TENGEN_DISCORD_REST_URL overrides discord.rest_url.

Flags:
`

// shutdownTimeout bounds the graceful shutdown.
const shutdownTimeout = 30 * time.Second

// Main is the running bot: its configuration, then what Run opens. Create
// it with the configuration, call Run, and Close it to shut down.
type Main struct {
	Config Config
	// Token is the bot token, with or without its "Bot " prefix.
	Token string
	// AI plays the AI's seats (Tengen's own engines, match.Engines, when
	// nil).
	AI match.AI
	// Logger receives the logs (slog.Default() when nil).
	Logger *slog.Logger

	db      *store.DB
	ops     *ops        // the metrics and health endpoint; nil when not configured
	gateway *bot.Shards // nil in HTTP mode
	// interactions serves the interactions endpoint in HTTP mode (nil
	// otherwise), at interactionsAddr.
	interactions     *http.Server
	interactionsAddr net.Addr
	games            *match.Manager
	bot              *bot.Bot
	stop             context.CancelFunc // ends the ticker
	ticking          chan struct{}      // closed when the ticker has returned
}

// Run opens the database (migrating it), connects to Discord with the
// minimal intents (or, in HTTP mode, serves the interactions endpoint and
// opens no gateway), registers the commands, resumes the games in progress
// and starts the clock that expires challenges and ends games on time. It
// returns once the bot is up; Close stops it.
func (m *Main) Run(ctx context.Context) (err error) {
	if m.Logger == nil {
		m.Logger = slog.Default()
	}
	defer func() {
		if err != nil {
			m.Close()
		}
	}()
	token := strings.TrimSpace(m.Token)
	if token == "" {
		return errors.New("no bot token: set DISCORD_TOKEN to the token from the Developer Portal (Bot → Reset Token)")
	}
	c := m.Config
	var stopts store.Options
	if c.Metrics.Address != "" {
		m.ops = newOps(m, m.ready)
		stopts.Committed = m.ops.committed
	}
	if m.db, err = store.Open(ctx, c.Database, stopts); err != nil {
		return fmt.Errorf("opening the database %s: %w", store.Redacted(c.Database), err)
	}
	if applied := m.db.Migrated(); len(applied) > 0 {
		m.Logger.Info("database migrated", "database", store.Redacted(c.Database), "applied", applied)
	}
	s, err := newSession(c, token)
	if err != nil {
		return err
	}
	if m.ops != nil {
		m.ops.instrument(s)
	}
	httpMode := c.Interactions.Listen != ""
	var appID string
	if httpMode {
		// No gateway, so no READY to learn the application's id from:
		// it is the bot user's.
		me, err := s.User("@me", discordgo.WithContext(ctx))
		if err != nil {
			return fmt.Errorf("asking Discord who the bot is (is DISCORD_TOKEN right?): %w", err)
		}
		appID = me.ID
	} else {
		count, ids, err := c.shards() // checked at load
		if err != nil {
			return err
		}
		m.gateway = bot.NewShards(s, bot.ShardOptions{Count: count, IDs: ids, Logger: m.Logger})
		if m.ops != nil {
			m.ops.registerGateway(m)
		}
	}
	ai := m.AI
	if ai == nil {
		ai = &match.Engines{TTSize: c.Games.AIMemoryMB << 20, Spare: c.Games.AIWorkers}
	}
	rated := c.Games.Rated == nil || *c.Games.Rated
	// The lifecycle reports every change to the adapter, which shows it.
	mc := c.lifecycle()
	mc.AI, mc.Notifier = ai, match.NotifyFunc(func(e match.Event) { m.bot.Notify(e) })
	// Reviews are made here, by engines of their own (one review position
	// at a time, as low-priority work of the AI pool), and kept in the
	// store, with the puzzles each reviewed game gives.
	mc.Analyst, mc.Reviews, mc.Puzzles = &match.Engines{TTSize: c.Games.AIMemoryMB << 20, Spare: 1}, m.db, m.db
	var observe func(string, string, time.Duration)
	if m.ops != nil {
		mc.AIWaited, observe = m.ops.aiWaited, m.ops.observe
	}
	m.games = match.New(m.db, mc)
	m.bot, err = bot.New(bot.Options{
		Session: s, AppID: appID, Store: m.db, Manager: m.games, Rated: rated, Observe: observe,
		Theme: c.Board.Theme, Scale: c.Board.Scale, FixedXiangqiView: c.Board.FixedXiangqiView,
		Locale: discordgo.Locale(c.Board.Locale), DeferAfter: time.Duration(c.Discord.DeferAfter), Logger: m.Logger,
	})
	if err != nil {
		return err
	}
	if httpMode {
		if err := m.serveInteractions(c.Interactions.Listen, c.Interactions.PublicKey); err != nil {
			return err
		}
		m.Logger.Info("serving the interactions endpoint; no gateway", "address", m.interactionsAddr.String(), "path", interactionsPath)
	} else {
		m.gateway.AddHandler(m.bot.OnEvent)
		m.gateway.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
			m.Logger.Info("connected to Discord", "user", r.User.Username, "guilds", len(r.Guilds), "shard", s.ShardID, "shards", max(s.ShardCount, 1))
		})
		if err := m.gateway.Open(ctx); err != nil {
			return fmt.Errorf("connecting to Discord (is DISCORD_TOKEN right?): %w", err)
		}
	}
	if m.ops != nil {
		if err := m.ops.serve(c.Metrics.Address); err != nil {
			return err
		}
		m.Logger.Info("serving metrics and health", "address", m.ops.addr.String())
	}
	if c.Discord.Register {
		if err := bot.Register(s, c.DevGuild); err != nil {
			return err
		}
		m.Logger.Info("commands registered", "where", commandScope(c), "count", len(bot.Commands()))
	}
	if err := m.bot.Resume(ctx); err != nil {
		return err
	}
	if err := m.games.Resume(ctx); err != nil {
		return fmt.Errorf("resuming the games: %w", err)
	}
	tctx, stop := context.WithCancel(context.Background())
	m.stop, m.ticking = stop, make(chan struct{})
	go func() {
		defer close(m.ticking)
		// What other processes sharing the database change (an AI
		// worker's move, the deadline leader's timeout) is delivered as
		// soon as they commit it.
		var listening sync.WaitGroup
		listening.Go(func() { m.bot.Listen(tctx) })
		// The engines play each other for puzzles while the AI is idle,
		// from two minutes after the start.
		listening.Go(func() { m.games.StockPuzzles(tctx, 2*time.Minute) })
		m.tick(tctx, time.Duration(c.Games.TickInterval))
		listening.Wait()
	}()
	m.Logger.Info("running", "database", store.Redacted(c.Database))
	return nil
}

// tick runs the lifecycle's clock: expiries, reminders, losses on time,
// abandoned games; only while this process holds the lease of the
// deadlines (store.Lease): of several processes sharing a PostgreSQL
// database one runs them, and when it dies another takes over at its next
// try. It ticks at once, then every interval, and sooner when a deadline
// comes first (a 3+2 flag falls when it should with nobody interacting):
// it asks the lifecycle for the next deadline after each tick and again
// whenever a game changes, here or, heard through the store's change
// notifications (Bot.Listen), in another process.
func (m *Main) tick(ctx context.Context, interval time.Duration) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	var lease *store.Lease // held while this process runs the deadlines
	defer func() {
		if lease != nil {
			if err := lease.Release(); err != nil {
				m.Logger.Warn("releasing the deadlines", "err", err)
			}
		}
	}()
	var last time.Time // when the last tick began: what was due then has been acted on
	for {
		select {
		case <-ctx.Done():
			return
		case <-m.games.Changed():
			if lease != nil {
				timer.Reset(m.nextWake(ctx, last, interval))
			}
			continue
		case <-timer.C:
		}
		if lease != nil {
			if err := lease.Check(ctx); err != nil {
				m.Logger.Warn("no longer running the deadlines", "err", err)
				_ = lease.Release() // its connection is gone: nothing to give back
				lease = nil
			}
		}
		if lease == nil {
			l, err := m.db.TryLead(ctx)
			if err != nil && ctx.Err() == nil {
				m.Logger.Warn("trying to run the deadlines", "err", err)
			}
			if l == nil {
				timer.Reset(interval)
				continue // another process runs them
			}
			lease = l
			m.Logger.Info("running the deadlines (expiries, reminders, losses on time)")
		}
		last = time.Now()
		if err := m.games.Tick(ctx); err != nil && ctx.Err() == nil {
			m.Logger.Warn("tick failed", "err", err)
		}
		timer.Reset(m.nextWake(ctx, last, interval))
	}
}

// nextWake is how long the ticker sleeps after a tick that began at last:
// see wakeAfter.
func (m *Main) nextWake(ctx context.Context, last time.Time, interval time.Duration) time.Duration {
	next, err := m.games.NextDeadline(ctx)
	if err != nil {
		if ctx.Err() == nil {
			m.Logger.Warn("finding the next deadline", "err", err)
		}
		return interval
	}
	return wakeAfter(time.Now(), last, next, interval)
}

// wakeAfter is how long to sleep at now until the next tick: interval, or
// less when the next deadline comes sooner. A deadline at or before last,
// the start of the last tick, was already due then and is left to the
// interval (a game the AI is behind in keeps the deadline it passed until
// the AI moves, and must not make the ticker spin).
func wakeAfter(now, last, next time.Time, interval time.Duration) time.Duration {
	if next.IsZero() || !next.After(last) {
		return interval
	}
	return min(max(next.Sub(now), 0), interval)
}

// interactionsPath is the path of the interactions endpoint: the
// Interactions Endpoint URL is the public address it is served at, then
// this path.
const interactionsPath = "/interactions"

// serveInteractions listens on address and serves the bot's interactions
// endpoint, for the application's public key in hex, until Close.
func (m *Main) serveInteractions(address, publicKey string) error {
	key, err := hex.DecodeString(publicKey)
	if err != nil || len(key) != ed25519.PublicKeySize {
		return errors.New("interactions.public_key: not 64 hex digits") // Config.check refuses it first
	}
	l, err := net.Listen("tcp", address)
	if err != nil {
		return fmt.Errorf("interactions.listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle(interactionsPath, m.bot.Endpoint(ed25519.PublicKey(key)))
	m.interactions = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	m.interactionsAddr = l.Addr()
	go func() { _ = m.interactions.Serve(l) }() // ends with ErrServerClosed at Close
	return nil
}

// ready reports whether the bot can serve: connected to Discord (in HTTP
// mode, serving the endpoint, which Run does before it returns), and its
// database answering.
func (m *Main) ready(ctx context.Context) error {
	if m.gateway != nil && !m.gateway.Connected() {
		return errors.New("the gateway is not connected (every shard of this process)")
	}
	if err := m.db.Ping(ctx); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	return nil
}

// Close shuts down gracefully: it stops the clock and the gateway (no new
// interactions), lets the AI turns and the interactions in flight finish,
// delivers what they changed and closes the database.
func (m *Main) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	var errs []error
	if m.ops != nil {
		if err := m.ops.close(ctx); err != nil {
			errs = append(errs, err)
		}
		m.ops = nil
	}
	if m.stop != nil {
		m.stop()
		<-m.ticking
		m.stop = nil
	}
	if m.gateway != nil {
		if err := m.gateway.Close(ctx); err != nil {
			errs = append(errs, err)
		}
		m.gateway = nil
	}
	if m.interactions != nil {
		// No new interactions; those under way are answered (within
		// bot.EndpointDeadline).
		if err := m.interactions.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("stopping the interactions endpoint: %w", err))
		}
		m.interactions = nil
	}
	if m.games != nil {
		if err := m.games.Close(ctx); err != nil {
			errs = append(errs, fmt.Errorf("stopping the AI: %w", err))
		}
	}
	if m.bot != nil {
		if err := m.bot.Close(ctx); err != nil {
			errs = append(errs, err)
		}
		m.bot = nil
	}
	m.games = nil
	if m.db != nil {
		if err := m.db.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the database: %w", err))
		}
		m.db = nil
	}
	return errors.Join(errs...)
}

// newLogger builds the structured logger the configuration asks for.
func newLogger(c Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.Log.Level)) // checked by Config.check
	opt := &slog.HandlerOptions{Level: level}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opt))
	}
	return slog.New(slog.NewTextHandler(w, opt))
}

// discordgoLogger sends discordgo's log lines to log at their level.
func discordgoLogger(log *slog.Logger) func(level, caller int, format string, a ...any) {
	return func(level, _ int, format string, a ...any) {
		l := slog.LevelDebug
		switch level {
		case discordgo.LogError:
			l = slog.LevelError
		case discordgo.LogWarning:
			l = slog.LevelWarn
		case discordgo.LogInformational:
			l = slog.LevelInfo
		}
		log.Log(context.Background(), l, strings.TrimSpace(fmt.Sprintf(format, a...)), "from", "discordgo")
	}
}

// newSession is a discordgo session for the bot token, with the minimal
// intents and the configured REST proxy.
func newSession(c Config, token string) (*discordgo.Session, error) {
	token = strings.TrimSpace(token)
	if !strings.HasPrefix(token, "Bot ") {
		token = "Bot " + token
	}
	s, err := discordgo.New(token)
	if err != nil {
		return nil, fmt.Errorf("discord session: %w", err)
	}
	s.Identify.Intents = discordgo.IntentsGuilds // interactions need no intent
	if c.Discord.RESTURL != "" {
		rt, err := bot.NewRESTTransport(c.Discord.RESTURL, nil)
		if err != nil {
			return nil, fmt.Errorf("discord.rest_url: %w", err)
		}
		s.Client = &http.Client{Transport: rt, Timeout: 20 * time.Second}
	}
	return s, nil
}

// commandScope says where the commands are registered.
func commandScope(c Config) string {
	if c.DevGuild != "" {
		return "in guild " + c.DevGuild
	}
	return "globally"
}

// startup reads the flags, the configuration and the environment of
// "tengen name": the configuration, the token, and -1, or an exit code
// where it must stop (0 after -h, 2 for a problem the user must fix, said
// in one line). It refuses what cannot work before anything connects.
func startup(name, usage string, args []string, stderr io.Writer, getenv func(string) string) (Config, string, int) {
	cfg, code := configure(name, usage, args, stderr)
	if code >= 0 {
		return Config{}, "", code
	}
	if u := getenv("TENGEN_DISCORD_REST_URL"); u != "" {
		cfg.Discord.RESTURL = u
	}
	token := getenv("DISCORD_TOKEN")
	if strings.TrimSpace(token) == "" {
		fmt.Fprintln(stderr, "tengen: DISCORD_TOKEN is not set: export the bot token from the Discord Developer Portal (Bot → Reset Token), e.g. DISCORD_TOKEN=your-bot-token go run ./cmd/tengen")
		return Config{}, "", 2
	}
	return cfg, token, -1
}

// configure reads the command line and the configuration of command name,
// and checks the database can be used, as startup does, without the token
// (for the commands that do not talk to Discord).
func configure(name, usage string, args []string, stderr io.Writer) (Config, int) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	path := fs.String("config", defaultConfigPath, "the configuration file")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return Config{}, 0
		}
		return Config{}, 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tengen %s: unexpected argument %q (the file goes after -config)\n", name, fs.Arg(0))
		return Config{}, 2
	}
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	cfg, err := loadConfig(*path, explicit)
	if err != nil {
		fmt.Fprintf(stderr, "tengen: %v\n", err)
		return Config{}, 2
	}
	if err := checkDatabase(cfg.Database); err != nil {
		fmt.Fprintf(stderr, "tengen: %v\n", err)
		return Config{}, 2
	}
	return cfg, -1
}

// runCommand implements "tengen run": it returns the exit code, 2 for a
// problem the user must fix (shown as one line), 1 for a failure at run time.
func runCommand(args []string, stderr io.Writer, getenv func(string) string) int {
	cfg, token, code := startup("run", runUsage, args, stderr, getenv)
	if code >= 0 {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log := slog.New(bot.RedactLogs(newLogger(cfg, stderr).Handler(), token))
	// discordgo logs through a package variable: its lines go through the
	// same redacting logger, once per process.
	discordgo.Logger = discordgoLogger(log)
	m := &Main{Config: cfg, Token: token, Logger: log}
	if err := m.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "tengen: %s\n", bot.Redact(err.Error(), token))
		return 1
	}
	<-ctx.Done()
	m.Logger.Info("shutting down: finishing the work in flight")
	if err := m.Close(); err != nil {
		m.Logger.Error("shutdown", "err", err)
		return 1
	}
	m.Logger.Info("stopped")
	return 0
}

// lifecycle is the game lifecycle, nil until Run makes it (for metrics).
func (m *Main) lifecycle() *match.Manager { return m.games }

// database is the database, nil until Run opens it (for metrics).
func (m *Main) database() *store.DB { return m.db }
