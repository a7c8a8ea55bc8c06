package bot_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// scriptAI plays scripted replies by ply and otherwise the first legal move:
// deterministic, and able to walk into a mate.
type scriptAI struct {
	mu     sync.Mutex
	script map[int]string
	calls  int
}

func (a *scriptAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls++
	if mv, ok := a.script[g.Ply()]; ok {
		return mv, nil
	}
	moves := g.LegalMoves()
	if len(moves) == 0 {
		return "", context.Canceled
	}
	return moves[0], nil
}

func (a *scriptAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, nil
}

// world is a running bot on a fake Discord with a database on disk.
type world struct {
	setup    // how it was started
	t        testing.TB
	dc       *discordtest.Discord
	s        *discordgo.Session // the bot's REST session
	g        *bot.Gateway       // nil in HTTP mode
	endpoint *httptest.Server   // the interactions endpoint in HTTP mode
	b        *bot.Bot
	m        *match.Manager
	db       *store.DB
	path     string
	lobby    *discordtest.Channel
	// writes counts the store's durable writes (each one commit with its
	// fsync, or fewer when SQLite commits several together).
	writes       atomic.Int64
	alice, bob   *discordtest.User
	carol, robot *discordtest.User
}

type setup struct {
	ai     match.AI
	budget time.Duration // the AI's time per move (match's default when 0)
	opts   []discordtest.Option
	logs   *lines // also keeps the bot's log lines here
	// http runs the bot in HTTP mode: interactions come to its
	// interactions endpoint, and it opens no gateway.
	http bool
	// deferAfter is Options.DeferAfter (the bot's default when 0).
	deferAfter time.Duration
	// analyst makes the reviews (the real engines when nil).
	analyst match.Analyst
	// hints is how many hints a person has against the AI (none when 0,
	// so that the other tests' boards keep their buttons).
	hints int
	// maxGames is match.Config.MaxGames (its default when 0).
	maxGames int
	// puzzles: the store keeps puzzles and the tries at them (reviews
	// then also search games for puzzles).
	puzzles bool
}

// newWorld starts the fake Discord, opens a database and starts the bot.
func newWorld(t testing.TB, s setup) *world {
	t.Helper()
	dc := discordtest.New(t, s.opts...)
	w := &world{setup: s, t: t, dc: dc, path: filepath.Join(t.TempDir(), "tengen.db")}
	if w.ai == nil {
		w.ai = &scriptAI{}
	}
	w.lobby = dc.NewChannel("lobby")
	w.alice, w.bob, w.carol = dc.User("alice"), dc.User("bob"), dc.User("carol")
	w.start()
	return w
}

// start opens the database and connects a new bot: a new process.
func (w *world) start() {
	t := w.t
	t.Helper()
	ctx := ctxT(t)
	db, err := store.Open(ctx, w.path, store.Options{Now: w.dc.Clock().Now, MinGames: 1, MaxRD: 350,
		Committed: func(time.Duration) { w.writes.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	s := w.dc.Session()
	var b *bot.Bot
	mc := match.Config{Clock: w.dc.Clock(), Coin: func() bool { return true }, Workers: 2, AI: w.ai,
		Notifier: match.NotifyFunc(func(e match.Event) { b.Notify(e) }), MaxGames: w.maxGames}
	if w.budget > 0 {
		mc.Budget = func(int) time.Duration { return w.budget }
	}
	// Reviews: the real engines, within their default budget.
	mc.Reviews, mc.Analyst = db, w.analyst
	if mc.Analyst == nil {
		mc.Analyst = &match.Engines{Spare: -1}
	}
	if w.puzzles {
		mc.Puzzles = db
	}
	mc.HintLimit, mc.HintNodes = w.hints, 20000
	if w.hints == 0 {
		mc.HintLimit = -1
	}
	m := match.New(db, mc)
	opt := bot.Options{
		Session: s, Store: db, Manager: m, Clock: w.dc.Clock(), Rated: true, DeferAfter: w.deferAfter,
		Logger: capturingLogger(t, w.logs),
	}
	if w.http {
		opt.AppID = w.dc.AppID() // no READY to learn it from
	}
	b, err = bot.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var g *bot.Gateway
	if w.http {
		w.endpoint = httptest.NewServer(b.Endpoint(w.dc.PublicKey()))
		if err := w.dc.SetInteractionsEndpoint(ctx, w.endpoint.URL+"/interactions"); err != nil {
			t.Fatal(err)
		}
	} else {
		g = bot.NewGateway(s, capturingLogger(t, w.logs))
		g.HandshakeTimeout = time.Second
		g.AddHandler(b.OnEvent)
		if err := g.Open(); err != nil {
			t.Fatal(err)
		}
	}
	if err := bot.Register(s, ""); err != nil {
		t.Fatal(err)
	}
	if err := b.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	if err := m.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	w.b, w.m, w.db, w.s, w.g = b, m, db, s, g
	t.Cleanup(func() { w.stop() })
}

// stop closes the bot and its database (idempotent).
func (w *world) stop() {
	if w.b == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if w.g != nil {
		if err := w.g.Close(ctx); err != nil {
			w.t.Errorf("closing the gateway: %v", err)
		}
	}
	if w.endpoint != nil {
		w.endpoint.Close() // no new interactions; those under way are answered
		w.endpoint = nil
	}
	if err := w.m.Close(ctx); err != nil {
		w.t.Errorf("closing the lifecycle: %v", err)
	}
	if err := w.b.Close(ctx); err != nil {
		w.t.Errorf("closing the bot: %v", err)
	}
	if err := w.db.Close(); err != nil {
		w.t.Errorf("closing the database: %v", err)
	}
	w.b, w.db = nil, nil
}

// noFailures checks that no interaction showed "This interaction failed"
// and that no reply was left thinking.
func (w *world) noFailures() {
	w.t.Helper()
	if f := w.dc.Failures(); len(f) != 0 {
		w.t.Fatalf("interactions failed: %+v", f)
	}
	for _, m := range w.lobby.Messages() {
		if m.Loading() {
			w.t.Fatalf("message %s is still thinking: %+v", m.ID, m)
		}
	}
}

func ctxT(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

// must fails the test on an error from a user's action.
func (w *world) must(r *discordtest.Reply, err error) *discordtest.Reply {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
	return r
}

// ephemeralText returns the text of the ephemeral reply the user got.
func ephemeralText(t testing.TB, r *discordtest.Reply) string {
	t.Helper()
	m := r.Message()
	if m == nil {
		if fs := r.Followups(); len(fs) > 0 {
			m = fs[len(fs)-1]
		}
	}
	if m == nil || !m.Ephemeral() {
		t.Fatalf("expected an ephemeral reply, got %+v (follow-ups %+v)", m, r.Followups())
	}
	return m.Content
}

// wantEphemeral checks an ephemeral reply mentions every fragment.
func wantEphemeral(t testing.TB, r *discordtest.Reply, fragments ...string) {
	t.Helper()
	text := ephemeralText(t, r)
	for _, f := range fragments {
		if !strings.Contains(text, f) {
			t.Fatalf("reply %q does not mention %q", text, f)
		}
	}
}

func fmtInt(n int) string { return strconv.Itoa(n) }

// tickAfter advances the fake clock by d, runs the lifecycle's deadlines
// (as the ticker would) and waits until what they changed is delivered.
func (w *world) tickAfter(d time.Duration) {
	w.t.Helper()
	w.dc.Clock().Advance(d)
	if err := w.m.Tick(ctxT(w.t)); err != nil {
		w.t.Fatal(err)
	}
	w.idle()
}

// nothingDue fails the test if any game still has a post to deliver.
func (w *world) nothingDue() {
	w.t.Helper()
	if due, err := w.db.DueDeliveries(ctxT(w.t)); err != nil || len(due) != 0 {
		w.t.Fatalf("games still due: %v, %v", due, err)
	}
}

// idle waits until the bot has delivered everything due.
func (w *world) idle() {
	w.t.Helper()
	if err := w.b.Idle(ctxT(w.t)); err != nil {
		w.t.Fatal(err)
	}
}

// settled returns the bot's answer once a deferred reply has been edited
// and everything due has been delivered, as it stands then.
func (w *world) settled(r *discordtest.Reply) *discordtest.Message {
	w.t.Helper()
	m := r.Message()
	if r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource && m != nil {
		// Completed by an edit, or deleted when the answer is private (a
		// refusal after a public deferral follows as an ephemeral message).
		ctx := ctxT(w.t)
		for cur := w.current(m); cur != nil && cur.Loading(); cur = w.current(m) {
			select {
			case <-ctx.Done():
				w.t.Fatalf("the deferred reply was never completed: %v", ctx.Err())
			case <-time.After(5 * time.Millisecond):
			}
		}
		if w.current(m) == nil {
			// Deleted: the private answer is the follow-up the bot sends
			// right after the deletion, which may not have arrived yet.
			if _, err := r.WaitFollowup(ctx, 0); err != nil {
				w.t.Fatalf("the deferred reply was deleted and no follow-up came: %v", err)
			}
			fs := r.Followups()
			m = fs[len(fs)-1]
		}
	}
	w.idle()
	if fs := r.Followups(); len(fs) > 0 && r.Type == discordgo.InteractionResponseDeferredMessageUpdate {
		// a slow answer to a click: deferred, then a new message
		m = fs[len(fs)-1]
	}
	if m == nil {
		return nil
	}
	return w.current(m)
}

// click presses the button labelled label on the current version of m as
// u, and returns the message once the bot has answered: an update of m (for
// a deferred update, once m has changed), or the new message.
func (w *world) click(u *discordtest.User, m *discordtest.Message, label string) *discordtest.Message {
	w.t.Helper()
	m = w.current(m)
	r := w.must(u.Click(ctxT(w.t), m, buttonID(w.t, m, label)))
	return w.settled(r)
}

// resign has u press board's Resign button and confirm, and returns the
// board as it then stands.
func (w *world) resign(u *discordtest.User, board *discordtest.Message) *discordtest.Message {
	w.t.Helper()
	ask := w.must(u.Click(ctxT(w.t), w.current(board), buttonID(w.t, board, "Resign")))
	return w.confirmResign(u, ask, board)
}

// confirmResign has u answer Yes to the private question ask (the answer
// to Resign or /resign) and returns board as it then stands.
func (w *world) confirmResign(u *discordtest.User, ask *discordtest.Reply, board *discordtest.Message) *discordtest.Message {
	w.t.Helper()
	q := ask.Message()
	if q == nil || q.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.HasPrefix(q.Content, "Resign game #") {
		w.t.Fatalf("resigning did not ask to confirm: %+v", q)
	}
	done := w.do(u.Click(ctxT(w.t), q, buttonID(w.t, q, "Yes, resign")))
	if !strings.HasPrefix(done.Content, "You resigned game #") || len(done.Buttons()) != 0 {
		w.t.Fatalf("the confirmation after Yes: %+v", done)
	}
	return w.current(board)
}

// do runs an action that must succeed and returns its settled answer.
func (w *world) do(r *discordtest.Reply, err error) *discordtest.Message {
	w.t.Helper()
	return w.settled(w.must(r, err))
}

// startGame has alice challenge bob (alice black, moving first) and bob
// accept; it returns the board.
func (w *world) startGame(opts ...discordtest.Arg) *discordtest.Message {
	w.t.Helper()
	ctx := ctxT(w.t)
	args := append([]discordtest.Arg{discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me")}, opts...)
	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", args...)))
	return w.click(w.bob, ch, "Accept")
}

// play makes u play move with /move and returns the new board.
func (w *world) play(u *discordtest.User, move string) *discordtest.Message {
	w.t.Helper()
	return w.do(u.Slash(ctxT(w.t), w.lobby, "move", discordtest.Opt("move", move)))
}

// waitMoves waits until board m shows moves moves played and returns that
// version of it.
func (w *world) waitMoves(m *discordtest.Message, moves string) (*discordtest.Message, error) {
	w.t.Helper()
	return w.lobby.WaitMessage(ctxT(w.t), func(v *discordtest.Message) bool {
		return v.ID == m.ID && field(v, "Moves played") == moves
	})
}

// current returns the latest version of m.
func (w *world) current(m *discordtest.Message) *discordtest.Message { return w.dc.Message(m.ID) }

// disabled reports whether m has buttons and all of them are disabled.
func disabled(m *discordtest.Message) bool {
	bs := m.Buttons()
	for _, b := range bs {
		if !b.Disabled {
			return false
		}
	}
	return len(bs) > 0
}

// moves returns the moves of the game whose board m is, as stored.
func (w *world) moves(t testing.TB, m *discordtest.Message) []string {
	t.Helper()
	c, err := parseButton(m)
	if err != nil {
		t.Fatal(err)
	}
	g, err := w.db.Game(ctxT(t), c)
	if err != nil {
		t.Fatal(err)
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		t.Fatal(err)
	}
	return eg.Moves()
}

// parseButton returns the game id of the first game button of m.
func parseButton(m *discordtest.Message) (int64, error) {
	for _, b := range m.Buttons() {
		parts := strings.Split(b.CustomID, "/")
		if len(parts) >= 2 && parts[0] == "g" {
			return strconv.ParseInt(parts[1], 10, 64)
		}
	}
	return 0, fmt.Errorf("message %s has no game button", m.ID)
}
