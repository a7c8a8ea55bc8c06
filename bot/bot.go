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
	DefaultDeferAfter = time.Second
	DefaultDeliverers = 4
)

// Store is the storage the bot reads besides the lifecycle's: what to
// deliver, leaderboards and statistics. *store.DB satisfies it. The bot
// writes nothing of a game itself: only the record of what Discord shows
// (Delivered), through the lifecycle's Store.
type Store interface {
	match.Store
	Delivery(ctx context.Context, id int64) (*store.Delivery, error)
	DueDeliveries(ctx context.Context) ([]int64, error)
	DueIn(ctx context.Context, channelID string) ([]int64, error)
	Post(ctx context.Context, id int64) (*store.Post, error)
	LeaseDelivery(ctx context.Context, id int64, now, until time.Time) (bool, error)
	ReleaseDelivery(ctx context.Context, id int64, until time.Time) error
	Follow(ctx context.Context, listening func(), fn func(id int64, mine bool), failed func(error))
	Rebind(ctx context.Context, id int64, interaction, token string, until time.Time) error
	Leaderboard(ctx context.Context, q store.BoardQuery) (*store.Board, error)
	Stats(ctx context.Context, userID string, kind store.Kind) (*store.Stats, error)
	Rating(ctx context.Context, userID string, kind store.Kind) (store.PlayerRating, error)
	SetGuildSetting(ctx context.Context, guildID, key, value string) error
	LastFinished(ctx context.Context, userID string) (int64, error)
	AddReviewRequest(ctx context.Context, r store.ReviewRequest) error
	ReviewRequests(ctx context.Context) ([]store.ReviewRequest, error)
	ReviewShownIn(ctx context.Context, interaction, channelID, messageID string) error
	ReviewAnswered(ctx context.Context, interaction string) error
	LiveGamesIn(ctx context.Context, guildID, channelID string) ([]*store.Game, error)
	AddFollower(ctx context.Context, id int64, userID string) error
	RemoveFollower(ctx context.Context, id int64, userID string) error
	FollowersDue(ctx context.Context, gameID int64) ([]store.Follower, error)
	Told(ctx context.Context, f store.Follower) error
	Posts(ctx context.Context, id int64) ([]*store.Post, error)
	PlayerSettings(ctx context.Context, userID string) (map[string]string, error)
	SetPlayerSetting(ctx context.Context, userID, key, value string) error
	LastGame(ctx context.Context, userID string) (*store.Game, error)
}

// Options configure a Bot. Session, Store and Manager are required.
type Options struct {
	// Session is the Discord session the bot sends its requests through.
	Session *discordgo.Session
	// AppID is the application's id, which interaction webhooks are
	// addressed by (learned from the gateway's READY when "").
	AppID string
	// Store keeps the games and what Discord shows of them.
	Store Store
	// Manager runs the games; its Notifier must hand the events to the
	// bot's Notify (see cmd/tengen for the wiring).
	Manager *match.Manager
	// Clock is the lifecycle's clock (match.SystemClock when nil), which
	// dates the interactions the bot hands to it.
	Clock match.Clock
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
	// Locale is the language of a game's public messages until an
	// interaction says which ("en-US" when "").
	Locale discordgo.Locale
	// DeferAfter is when the watchdog defers an interaction still
	// unanswered (DefaultDeferAfter when 0). It must stay well under 3 s.
	DeferAfter time.Duration
	// Deliverers is how many games' posts are delivered at once
	// (DefaultDeliverers when 0).
	Deliverers int
	// Observe, when not nil, is told of every interaction answered: its
	// kind (a command's path, a button's action, never an id), whether it
	// was served ("ok"), refused or failed, and how long it took.
	Observe func(kind, outcome string, took time.Duration)
	// Logger receives the bot's logs (slog.Default() when nil), with
	// interaction and webhook tokens redacted (RedactLogs).
	Logger *slog.Logger
}

// Bot is the Discord adapter. Create it with New, route the session's
// interactions to OnInteraction, call Resume once connected and Tick every
// few seconds, and Close it at the end.
type Bot struct {
	opt     Options
	st      Store
	m       *match.Manager
	rest    *rest
	pres    *presenter
	deliver *deliverer
	clock   match.Clock
	log     *slog.Logger

	inflight sync.WaitGroup
	closeMu  sync.RWMutex
	closed   bool

	reviews reviewers // the reviews being answered (review.go)

	// changes wakes handlers waiting for the next change of a game (the
	// AI's answer to a move they are about to show).
	changesMu sync.Mutex
	changes   map[int64][]chan struct{}
}

// New returns a Bot and starts its deliverers.
func New(opt Options) (*Bot, error) {
	if opt.Session == nil || opt.Store == nil || opt.Manager == nil {
		return nil, errors.New("bot: Options.Session, Options.Store and Options.Manager are required")
	}
	if opt.Renderer == nil {
		opt.Renderer = render.NewRenderer()
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	opt.Logger = slog.New(RedactLogs(opt.Logger.Handler()))
	if opt.DeferAfter <= 0 {
		opt.DeferAfter = DefaultDeferAfter
	}
	if opt.Deliverers <= 0 {
		opt.Deliverers = DefaultDeliverers
	}
	if opt.Locale == "" {
		opt.Locale = discordgo.EnglishUS
	}
	clock := opt.Clock
	if clock == nil {
		clock = match.SystemClock{}
	}
	b := &Bot{opt: opt, st: opt.Store, clock: clock, log: opt.Logger, changes: map[int64][]chan struct{}{},
		rest: &rest{s: opt.Session, app: opt.AppID},
		pres: &presenter{render: opt.Renderer, opt: render.Options{Theme: opt.Theme, Scale: opt.Scale},
			fixedView: opt.FixedXiangqiView, locale: localeOf(opt.Locale), undoRoom: opt.Manager.UndoRoom,
			hintRoom: opt.Manager.HintRoom},
	}
	b.pres.looks = b.boardLooks
	b.m = opt.Manager
	b.reviews.ctx, b.reviews.cancel = context.WithCancel(context.Background())
	b.reviews.active = map[string]bool{}
	b.deliver = newDeliverer(opt.Store, b.rest, b.pres, clock, opt.Logger, opt.Deliverers)
	b.deliver.created = b.boardThread
	return b, nil
}

// Notify hands the games a change touched to the deliverer: the posts the
// change planned are already stored, and what Discord shows follows. It
// satisfies match.Notifier.
func (b *Bot) Notify(e match.Event) {
	switch {
	case e.Kind == match.AIFailed:
		b.log.Warn("the AI failed; Tick retries", "game", e.GameID, "err", e.Err)
		return
	case e.Kind == match.PuzzlesFound && e.Err != nil:
		b.log.Warn("searching a reviewed game for puzzles", "game", e.GameID, "err", e.Err)
		return
	case e.Kind == match.PuzzlesFound:
		b.log.Info("puzzles found", "game", e.GameID, "new", e.Puzzles)
		return
	}
	for _, id := range e.Also {
		b.deliver.add(id)
	}
	b.changed(e.GameID)
}

// Listen delivers what other processes sharing the database change (an AI
// worker's move, the deadline leader's loss on time, a move answered by
// another bot process) as soon as they commit it, until ctx ends
// (store.Listen; nothing to do on SQLite, where it returns at once). Each
// time it starts listening it looks for every due delivery, as Resume
// does, so that nothing changed while it was not listening is missed.
func (b *Bot) Listen(ctx context.Context) {
	b.st.Follow(ctx, func() {
		if err := b.Resume(ctx); err != nil {
			b.log.Warn("looking for due deliveries", "err", err)
		}
	}, func(id int64, mine bool) {
		if !mine {
			b.changed(id)
		}
	}, func(err error) { b.log.Warn("listening for changes of games: again in a second", "err", err) })
}

// changed delivers game id, changed by another process, wakes the
// handlers waiting for its next change and tells the lifecycle's ticker.
func (b *Bot) changed(id int64) {
	b.deliver.add(id)
	b.m.Wake() // its deadline may have moved: the ticker looks again
	b.changesMu.Lock()
	for _, ch := range b.changes[id] {
		close(ch)
	}
	delete(b.changes, id)
	b.changesMu.Unlock()
}

// nextChange returns a channel closed at the next change of game id.
func (b *Bot) nextChange(id int64) <-chan struct{} {
	ch := make(chan struct{})
	b.changesMu.Lock()
	b.changes[id] = append(b.changes[id], ch)
	b.changesMu.Unlock()
	return ch
}

// Resume picks up after a start: every game with a post Discord does not
// show yet is delivered, and every review request left unanswered is
// answered.
func (b *Bot) Resume(ctx context.Context) error {
	ids, err := b.st.DueDeliveries(ctx)
	if err != nil {
		return fmt.Errorf("resume deliveries: %w", err)
	}
	for _, id := range ids {
		b.deliver.add(id)
	}
	fs, err := b.st.FollowersDue(ctx, 0)
	if err != nil {
		return fmt.Errorf("resume telling followers: %w", err)
	}
	for _, f := range fs {
		b.deliver.add(f.GameID) // its delivery tells them
	}
	if err := b.resumeReviews(ctx); err != nil {
		return fmt.Errorf("resume reviews: %w", err)
	}
	return nil
}

// Idle waits until every interaction received so far has been answered,
// every delivery due has been made and no retry is scheduled. Tests use
// it; it returns ctx's error if that comes first.
func (b *Bot) Idle(ctx context.Context) error {
	for {
		if err := b.deliver.q.Idle(ctx); err != nil {
			return err
		}
		if !b.deliver.pending() {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for deliveries: %w", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Close stops taking interactions, waits for those in flight, delivers what
// is due (until ctx ends) and stops the deliveries; what is not delivered
// is delivered by the next Resume. Close the lifecycle first, so that the
// AI's last turns are delivered too.
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
	b.reviews.cancel() // a review being made is finished by the next start
	b.reviews.wg.Wait()
	err := b.deliver.q.Idle(ctx) // what is queued is delivered now, if there is time
	if cerr := b.deliver.close(ctx); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("closing the bot: %w", err)
	}
	return nil
}

// OnInteraction handles one interaction; add it to the session with
// AddHandler. discordgo calls it in its own goroutine.
func (b *Bot) OnInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	b.serve(&received{Interaction: ic.Interaction})
}
