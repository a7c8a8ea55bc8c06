// Package discordtest is an in-process fake of the part of Discord that the bot
// uses: the gateway (WebSocket) and the REST API, with Discord's rules enforced
// and every request body checked against Discord's OpenAPI spec.
//
// A real *discordgo.Session talks to it over real sockets, so a test exercises
// exactly what runs in production. A test starts the fake, opens the session,
// acts as users and inspects what the bot answered:
//
//	dc := discordtest.New(t)
//	s := dc.Session() // a real discordgo session for token "Bot test"
//	s.AddHandler(myBot.OnInteraction)
//	if err := s.Open(); err != nil { t.Fatal(err) }
//	lobby := dc.NewChannel("lobby")
//	alice, bob := dc.User("alice"), dc.User("bob")
//	r, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID)))
//	if err != nil { t.Fatal(err) } // e.g. "interaction failed": no answer within 3 s
//	r, err = bob.Click(ctx, r.Message(), "accept")
//
// Session builds its HTTP client with bot.NewRESTTransport, so tests of package
// bot that use this package must live in package bot_test (an internal test
// would be an import cycle); they can also build their own session from URL.
package discordtest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
)

// Token is the bot token the fake accepts; Session uses it.
const Token = "Bot test"

// Discord's limits and timers, as documented by Discord.
const (
	// AckDeadline is how long Discord waits for the initial interaction response.
	AckDeadline = 3 * time.Second
	// TokenLifetime is how long an interaction token can be used for follow-ups.
	TokenLifetime = 15 * time.Minute
	// MaxContent is the longest message content, in characters.
	MaxContent = 2000
	// MaxEmbeds is the most embeds one message can carry.
	MaxEmbeds = 10
	// MaxEmbedsText is the most characters all of a message's embeds may
	// hold together (titles, descriptions, field names and values, footer
	// texts, author names): Discord's "Embed Limits".
	MaxEmbedsText = 6000
	// MaxRows is the most action rows one message can carry.
	MaxRows = 5
	// MaxRowButtons is the most buttons one action row can carry.
	MaxRowButtons = 5
	// MaxCustomID is the longest component custom id.
	MaxCustomID = 100
	// MaxFileSize is the largest file one message can carry.
	MaxFileSize = 10 << 20
	// MaxFiles is the most files one message can carry.
	MaxFiles = 10
	// MaxChoices is the most autocomplete choices one response can carry.
	MaxChoices = 25
)

// discordEpoch is the first millisecond of 2015, the origin of snowflakes.
const discordEpoch = 1420070400000

// Discord is a running fake. Create it with New; it shuts down when the test ends.
type Discord struct {
	tb          testing.TB
	srv         *httptest.Server
	clock       *Clock
	ackDeadline time.Duration
	heartbeat   time.Duration
	contract    *contract // nil when contract checks are off
	routes      map[string]bool
	limits      rateLimiter // has its own lock
	// afterAck, when set (by tests of this package), runs in the user's
	// goroutine after the bot's initial response arrived and before the
	// action returns: it stands for a user goroutine that wakes late.
	afterAck func(interactionID string)

	mu            sync.Mutex
	changed       chan struct{} // closed and replaced on every state change
	lastID        uint64
	app           *User // the bot's user; its ID is also the application ID
	guild         *Guild
	guilds        []*Guild
	users         map[string]*User // by name
	usersByID     map[string]*User
	channels      map[string]*Channel
	messages      map[string]*Message // current versions, by ID
	order         map[string][]string // message IDs by channel, oldest first
	attachments   map[string]*Attachment
	commands      map[string][]*discordgo.ApplicationCommand // by guild ID; "" is global
	interactions  map[string]*interaction
	failures      []Failure
	notifications []Notification
	nonces        map[string]nonceEntry // by nonce, for enforce_nonce
	requests      []Request
	faults        []*fault
	holds         []*Hold
	gw            gatewayState
	ep            endpointState // the interactions endpoint (endpoint.go)
	closed        bool
}

// Option configures a fake at New.
type Option func(*Discord)

// WithAckDeadline changes how long the fake waits for an initial interaction
// response (Discord's is 3 s, the default). Use it only to test the rule itself
// quickly; bot tests should keep Discord's deadline.
func WithAckDeadline(d time.Duration) Option { return func(dc *Discord) { dc.ackDeadline = d } }

// WithHeartbeatInterval changes the heartbeat interval announced in Hello
// (Discord announces about 41 s, the default).
func WithHeartbeatInterval(d time.Duration) Option { return func(dc *Discord) { dc.heartbeat = d } }

// WithSpec sets the path of Discord's OpenAPI spec used for contract checks
// (default: ../shared/discord-api-spec/openapi.json from the module root).
// When the file is absent the fake logs once that contract checks are off.
func WithSpec(path string) Option { return func(dc *Discord) { dc.contract = &contract{path: path} } }

// New starts a fake Discord for the test and stops it when the test ends.
// The fake has one guild (Guild) and a bot user named "Tengen".
func New(tb testing.TB, opts ...Option) *Discord {
	tb.Helper()
	dc := &Discord{
		tb:           tb,
		clock:        &Clock{now: time.Now().UTC()},
		ackDeadline:  AckDeadline,
		heartbeat:    41250 * time.Millisecond,
		routes:       map[string]bool{},
		changed:      make(chan struct{}),
		users:        map[string]*User{},
		usersByID:    map[string]*User{},
		channels:     map[string]*Channel{},
		messages:     map[string]*Message{},
		order:        map[string][]string{},
		attachments:  map[string]*Attachment{},
		commands:     map[string][]*discordgo.ApplicationCommand{},
		interactions: map[string]*interaction{},
		nonces:       map[string]nonceEntry{},
		limits:       rateLimiter{on: rateLimitsByDefault, buckets: map[string]*window{}, overrides: map[string]limitOverride{}},
	}
	for _, o := range opts {
		o(dc)
	}
	if dc.contract == nil {
		path, err := defaultSpecPath()
		if err != nil {
			tb.Logf("discordtest: contract checks are off: %v", err)
		} else {
			dc.contract = &contract{path: path}
		}
	}
	if dc.contract != nil {
		if err := dc.contract.available(); err != nil {
			tb.Logf("discordtest: contract checks are off: %v", err)
			dc.contract = nil
		}
	}
	dc.app = dc.newUserLocked("Tengen", true)
	dc.guild = dc.NewGuild("Tengen Test Guild")
	dc.srv = httptest.NewServer(dc.handler())
	tb.Cleanup(dc.close)
	return dc
}

// URL is the base URL of the fake's REST API and CDN (http://127.0.0.1:port).
// Give it to bot.NewRESTTransport to reach the fake.
func (dc *Discord) URL() string { return dc.srv.URL }

// GatewayURL is the WebSocket URL that GET /gateway returns.
func (dc *Discord) GatewayURL() string { return "ws" + dc.srv.URL[len("http"):] + gatewayPath }

// ResumeGatewayURL is the WebSocket URL that READY gives as
// resume_gateway_url, a path of its own so that a test can tell whether the
// bot resumes there (GatewayConnections), as it should (events/gateway.mdx
// "Preparing to Resume").
func (dc *Discord) ResumeGatewayURL() string {
	return "ws" + dc.srv.URL[len("http"):] + resumeGatewayPath
}

// Clock is the fake's controllable clock, used for interaction token expiry.
func (dc *Discord) Clock() *Clock { return dc.clock }

// AppID is the bot's application ID (equal to the bot user's ID, as for most bots).
func (dc *Discord) AppID() string { return dc.app.ID }

// BotUser is the bot's own user.
func (dc *Discord) BotUser() *User { return dc.app }

// Guild is the fake's default guild; NewChannel creates channels in it.
func (dc *Discord) Guild() *Guild { return dc.guild }

// Session returns a real, not yet opened, discordgo session for Token whose
// REST traffic goes to the fake through bot.NewRESTTransport. It is closed when
// the test ends (before the fake stops).
func (dc *Discord) Session() *discordgo.Session {
	dc.tb.Helper()
	s, err := discordgo.New(Token)
	if err != nil {
		dc.tb.Fatalf("discordtest: discordgo.New: %v", err)
	}
	rt, err := bot.NewRESTTransport(dc.URL(), http.DefaultTransport)
	if err != nil {
		dc.tb.Fatalf("discordtest: %v", err)
	}
	s.Client = &http.Client{Transport: rt, Timeout: 20 * time.Second}
	dc.tb.Cleanup(func() {
		// discordgo's heartbeat goroutine can race Close and start a reconnect
		// loop that would outlive the fake; the session is done, so stop that.
		if !lockSoon(s) {
			// Stuck in Open for good (bwmarrin/discordgo#513); bot.Gateway
			// has moved on to another session. Close would wait forever.
			return
		}
		if s.ShouldReconnectOnError { // bot.Gateway has already set it (discordgo reads it unlocked)
			s.ShouldReconnectOnError = false
		}
		s.Unlock()
		if err := s.Close(); err != nil {
			dc.tb.Errorf("discordtest: closing the session: %v", err)
		}
	})
	return s
}

// lockSoon locks s unless another goroutine keeps it locked for two seconds.
func lockSoon(s *discordgo.Session) bool {
	for range 200 {
		if s.TryLock() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// close stops the fake: gateway connections first, then the HTTP server.
func (dc *Discord) close() {
	dc.mu.Lock()
	dc.closed = true
	conns := dc.gw.conns()
	dc.broadcastLocked()
	dc.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	dc.srv.Close()
}

// broadcastLocked wakes every waiter. dc.mu must be held.
func (dc *Discord) broadcastLocked() {
	close(dc.changed)
	dc.changed = make(chan struct{})
}

// waitFor calls cond under the lock until it reports done, waking on every
// state change, until ctx ends.
func (dc *Discord) waitFor(ctx context.Context, what string, cond func() bool) error {
	for {
		dc.mu.Lock()
		if cond() {
			dc.mu.Unlock()
			return nil
		}
		if dc.closed {
			dc.mu.Unlock()
			return fmt.Errorf("waiting for %s: the fake Discord has stopped", what)
		}
		ch := dc.changed
		dc.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		}
	}
}

// newIDLocked returns a fresh snowflake stamped with the fake clock. dc.mu must be held.
func (dc *Discord) newIDLocked() string {
	id := uint64(dc.clock.Now().UnixMilli()-discordEpoch) << 22
	if id <= dc.lastID {
		id = dc.lastID + 1
	}
	dc.lastID = id
	return strconv.FormatUint(id, 10)
}

// Failure is a user-visible failure: "This interaction failed".
type Failure struct {
	InteractionID string
	UserID        string
	Kind          string // "slash", "click", "autocomplete", "modal"
	Reason        string
}

// Failures returns the interactions that failed for their user so far. A test
// asserts it is empty to prove the bot answered everything in time.
func (dc *Discord) Failures() []Failure {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return append([]Failure(nil), dc.failures...)
}

// Request is one REST request the fake served.
type Request struct {
	Method string
	Path   string // as sent, without the /api/vN prefix
	Route  string // the spec's path template, e.g. /channels/{channel_id}/messages
	Status int
	// Served is when the fake decided on the request (real time, after any
	// SlowNext delay), so a test can measure how long the bot waited.
	Served time.Time
	// Bucket is the route's X-RateLimit-Bucket ("" for a route the fake does
	// not serve): equal for the routes sharing a rate limit.
	Bucket string
}

// Requests returns every REST request served so far, in order.
func (dc *Discord) Requests() []Request {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return append([]Request(nil), dc.requests...)
}

// CountRequests returns how many requests matched method and route ("" matches any).
func (dc *Discord) CountRequests(method, route string) int {
	n := 0
	for _, r := range dc.Requests() {
		if (method == "" || r.Method == method) && (route == "" || r.Route == route) {
			n++
		}
	}
	return n
}

// Clock is a controllable clock: it only moves when Advance is called.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the clock's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// errNoBot is returned by users' actions when no bot is on the gateway.
var errNoBot = errors.New("no bot is connected to the gateway (open the session first)")
