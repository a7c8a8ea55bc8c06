package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// Defaults of Options.
const (
	DefaultDeferAfter   = time.Second
	DefaultEventWorkers = 4
)

// Store is the storage the bot reads and writes besides the lifecycle's:
// message ids, leaderboards and statistics. *store.DB satisfies it.
type Store interface {
	match.Store
	Update(ctx context.Context, g *store.Game) error
	UpdateRequest(ctx context.Context, g *store.Game) error
	LiveGames(ctx context.Context) ([]*store.Game, error)
	Leaderboard(ctx context.Context, q store.BoardQuery) (*store.Board, error)
	Stats(ctx context.Context, userID string, kind store.Kind) (*store.Stats, error)
	Rating(ctx context.Context, userID string, kind store.Kind) (store.PlayerRating, error)
}

// Options configure a Bot. Session and Store are required.
type Options struct {
	// Session is the Discord session the bot posts and edits through.
	Session *discordgo.Session
	// Store keeps the games; the bot also saves board message ids there.
	Store Store
	// AI plays the AI's seats (solo games are refused when nil).
	AI match.AI
	// Match tunes the lifecycle; its Notifier is the bot's own and is
	// overwritten.
	Match match.Config
	// Renderer draws the boards (a new one when nil).
	Renderer *render.Renderer
	// Theme and Scale choose how boards look (render.Options).
	Theme string
	Scale float64
	// FixedXiangqiView shows every Xiangqi board from red's side instead of
	// from the side of the player to move.
	FixedXiangqiView bool
	// Rated makes challenges between people rated.
	Rated bool
	// Locale is the language of public messages when the server's is not
	// known yet, e.g. for the AI's replies after a restart ("en-US" when "").
	Locale discordgo.Locale
	// DeferAfter is when the watchdog defers an interaction still
	// unanswered (DefaultDeferAfter when 0). It must stay well under 3 s.
	DeferAfter time.Duration
	// EventWorkers is how many goroutines show the lifecycle's events
	// (DefaultEventWorkers when 0).
	EventWorkers int
	// Logger receives the bot's logs (slog.Default() when nil).
	Logger *slog.Logger
}

// Bot is the Discord adapter. Create it with New, route the session's
// interactions to OnInteraction, call Resume once connected and Tick every
// few seconds, and Close it at the end.
type Bot struct {
	opt    Options
	s      *discordgo.Session
	st     Store
	m      *match.Manager
	render *render.Renderer
	log    *slog.Logger
	locks  gameLocks
	events *eventQueue

	// guildLocales remembers each server's locale for public messages
	// written without an interaction (the AI's replies, expiries).
	guildLocales sync.Map // guild id -> discordgo.Locale

	// prompts indexes the prompt of each game's pending undo or draw
	// request, so that an expiry, a move or the AI's answer can close it.
	// The lifecycle clears a request (and with it the stored
	// Request.MessageID) before the bot hears of it, so the bot keeps this
	// index of the prompts still open; the store is its durable copy, read
	// back by Resume after a restart (loadPrompts). A prompt the store never
	// knew (one posted before migration 0006) is closed by the first press
	// on it, which explains privately (closeStalePrompt).
	promptsMu sync.Mutex
	prompts   map[int64]promptRef

	inflight sync.WaitGroup
	closeMu  sync.RWMutex
	closed   bool
}

// promptRef is where a request prompt was posted.
type promptRef struct{ channelID, messageID string }

// New returns a Bot and starts its lifecycle manager and event workers.
func New(opt Options) (*Bot, error) {
	if opt.Session == nil || opt.Store == nil {
		return nil, errors.New("bot: Options.Session and Options.Store are required")
	}
	if opt.Renderer == nil {
		opt.Renderer = render.NewRenderer()
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.DeferAfter <= 0 {
		opt.DeferAfter = DefaultDeferAfter
	}
	if opt.EventWorkers <= 0 {
		opt.EventWorkers = DefaultEventWorkers
	}
	if opt.Locale == "" {
		opt.Locale = discordgo.EnglishUS
	}
	b := &Bot{
		opt: opt, s: opt.Session, st: opt.Store, render: opt.Renderer, log: opt.Logger,
		prompts: map[int64]promptRef{},
	}
	b.events = newEventQueue(opt.EventWorkers, b.handleEvent)
	cfg := opt.Match
	cfg.Notifier = match.NotifyFunc(b.notify)
	cfg.AI = opt.AI
	b.m = match.New(opt.Store, cfg)
	return b, nil
}

// Manager returns the lifecycle manager the bot drives.
func (b *Bot) Manager() *match.Manager { return b.m }

// Resume picks up the AI's pending work after a start.
func (b *Bot) Resume(ctx context.Context) error {
	if err := b.loadPrompts(ctx); err != nil {
		return err
	}
	if err := b.m.Resume(ctx); err != nil {
		return fmt.Errorf("resume games: %w", err)
	}
	return nil
}

// Tick does what is due: expiries, reminders, time losses, abandoned games.
func (b *Bot) Tick(ctx context.Context) error {
	if err := b.m.Tick(ctx); err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	return nil
}

// RunTicker calls Tick every interval until ctx ends, logging failures.
func (b *Bot) RunTicker(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := b.Tick(ctx); err != nil && ctx.Err() == nil {
				b.log.Warn("tick failed", "err", err)
			}
		}
	}
}

// Idle waits until every event received so far has been shown. Tests use
// it after Tick; it returns ctx's error if that comes first.
func (b *Bot) Idle(ctx context.Context) error { return b.events.idle(ctx) }

// Close stops taking interactions, waits for those in flight, stops the
// lifecycle (waiting for the AI's turns being computed, or interrupting them
// when ctx ends) and shows the last events.
func (b *Bot) Close(ctx context.Context) error {
	b.closeMu.Lock()
	b.closed = true
	b.closeMu.Unlock()
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	err := b.m.Close(ctx)
	if qerr := b.events.close(ctx); err == nil {
		err = qerr
	}
	if err != nil {
		return fmt.Errorf("closing the bot: %w", err)
	}
	return nil
}

// OnInteraction handles one interaction; add it to the session with
// AddHandler. It never blocks the gateway for long: discordgo calls it in
// its own goroutine.
func (b *Bot) OnInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	b.closeMu.RLock()
	if b.closed {
		b.closeMu.RUnlock()
		return
	}
	b.inflight.Add(1)
	b.closeMu.RUnlock()
	defer b.inflight.Done()
	b.handle(context.Background(), s, ic.Interaction)
}

// guildLocale remembers and returns the locale for public messages in a guild.
func (b *Bot) publicLocale(i *discordgo.Interaction) locale {
	if i.GuildID != "" && i.GuildLocale != nil && *i.GuildLocale != "" {
		b.guildLocales.Store(i.GuildID, *i.GuildLocale)
		return localeOf(*i.GuildLocale)
	}
	return localeOf(i.Locale)
}

// storedLocale is the locale of public messages about a game shown without
// an interaction.
func (b *Bot) storedLocale(guildID string) locale {
	if v, ok := b.guildLocales.Load(guildID); ok {
		return localeOf(v.(discordgo.Locale))
	}
	return localeOf(b.opt.Locale)
}

func (b *Bot) setPrompt(id int64, p promptRef) {
	b.promptsMu.Lock()
	defer b.promptsMu.Unlock()
	b.prompts[id] = p
}

// loadPrompts indexes the open prompts of the live games, as stored.
func (b *Bot) loadPrompts(ctx context.Context) error {
	games, err := b.st.LiveGames(ctx)
	if err != nil {
		return fmt.Errorf("load request prompts: %w", err)
	}
	b.promptsMu.Lock()
	defer b.promptsMu.Unlock()
	for _, g := range games {
		if _, known := b.prompts[g.ID]; !known && g.Request.Kind != store.NoRequest && g.Request.MessageID != "" {
			b.prompts[g.ID] = promptRef{channelID: g.ChannelID, messageID: g.Request.MessageID}
		}
	}
	return nil
}

// takePrompt returns and forgets game id's prompt.
func (b *Bot) takePrompt(id int64) (promptRef, bool) {
	b.promptsMu.Lock()
	defer b.promptsMu.Unlock()
	p, ok := b.prompts[id]
	delete(b.prompts, id)
	return p, ok
}
