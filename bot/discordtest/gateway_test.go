package discordtest_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// pong answers every slash command with "pong".
func pong(s *discordgo.Session, i *discordgo.InteractionCreate) error {
	return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "pong"},
	})
}

func TestGatewayReadyGuildsAndRESTIdentity(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	lobby := dc.NewChannel("lobby")
	guilds := make(chan *discordgo.GuildCreate, 1)
	s := dc.Session()
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guilds <- g })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	if s.State.User == nil || s.State.User.ID != dc.AppID() || !s.State.User.Bot {
		t.Fatalf("READY user = %+v, want the bot %s", s.State.User, dc.AppID())
	}
	select {
	case g := <-guilds:
		if g.ID != dc.Guild().ID || len(g.Channels) != 1 || g.Channels[0].ID != lobby.ID {
			t.Fatalf("GUILD_CREATE = %+v", g.Guild)
		}
	case <-ctx(t).Done():
		t.Fatal("no GUILD_CREATE")
	}
	me, err := s.User("@me")
	if err != nil || me.ID != dc.AppID() {
		t.Fatalf("GET /users/@me = %+v, %v", me, err)
	}
	if st := dc.Gateway(); st.Identifies != 1 || !st.Connected {
		t.Fatalf("gateway stats %+v", st)
	}
	created := make(chan *discordgo.ChannelCreate, 1)
	s.AddHandler(func(_ *discordgo.Session, c *discordgo.ChannelCreate) { created <- c })
	later := dc.NewChannel("later")
	select {
	case c := <-created:
		if c.ID != later.ID || c.GuildID != dc.Guild().ID {
			t.Fatalf("CHANNEL_CREATE = %+v", c.Channel)
		}
	case <-ctx(t).Done():
		t.Fatal("no CHANNEL_CREATE for a channel made after READY")
	}
}

func TestGatewayHeartbeatsCarrySequence(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithHeartbeatInterval(200*time.Millisecond))
	startBot(t, dc, pong)
	ch := dc.NewChannel("c")
	for range 2 {
		if _, err := dc.User("alice").Slash(ctx(t), ch, "ping"); err != nil {
			t.Fatal(err)
		}
	}
	// READY, GUILD_CREATE, CHANNEL_CREATE and two INTERACTION_CREATE: the bot's heartbeats must catch up to 5.
	st, err := dc.WaitGateway(ctx(t), func(s discordtest.GatewayStats) bool { return s.LastBeatSeq == 5 })
	if err != nil {
		t.Fatalf("%v (stats %+v)", err, dc.Gateway())
	}
	if st.Seq != 5 || st.Heartbeats < 2 || st.Resumes != 0 {
		t.Fatalf("stats %+v", st)
	}
}

func TestGatewayResumeReplaysMissedEvents(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, pong)
	dc.CloseGateway(4000, true)
	// Sent while the bot is disconnected: Discord keeps it and replays it on Resume.
	r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if r.Message().Content != "pong" {
		t.Fatalf("reply %q", r.Message().Content)
	}
	st := dc.Gateway()
	if st.Resumes != 1 || st.Identifies != 1 || !st.Connected {
		t.Fatalf("want one resume on the same session, stats %+v", st)
	}
}

func TestGatewayNonResumableCloseIdentifiesAgain(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, pong)
	dc.CloseGateway(4009, false)
	st, err := dc.WaitGateway(ctx(t), func(s discordtest.GatewayStats) bool { return s.Identifies == 2 && s.Connected })
	if err != nil {
		t.Fatalf("%v (stats %+v)", err, dc.Gateway())
	}
	if st.Invalidated != 1 || st.Resumes != 0 {
		t.Fatalf("want the resume refused then a new identify, stats %+v", st)
	}
	if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping"); err != nil {
		t.Fatal(err)
	}
}

func TestGatewayReconnectRequest(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, pong)
	if err := dc.RequestReconnect(); err != nil {
		t.Fatal(err)
	}
	if _, err := dc.WaitGateway(ctx(t), func(s discordtest.GatewayStats) bool { return s.Resumes == 1 && s.Connected }); err != nil {
		t.Fatalf("%v (stats %+v)", err, dc.Gateway())
	}
}

// TestGatewayProtocolErrors speaks raw WebSocket to check the close codes.
func TestGatewayProtocolErrors(t *testing.T) {
	tests := []struct {
		name     string
		send     any
		wantCode int
	}{
		{"bad token", map[string]any{"op": 2, "d": map[string]any{"token": "Bot wrong", "intents": 1}}, 4004},
		{"unknown opcode", map[string]any{"op": 42, "d": nil}, 4001},
		{"presence before identify", map[string]any{"op": 3, "d": map[string]any{}}, 4003},
		{"not json", "}{", 4002},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			ws, _, err := websocket.DefaultDialer.Dial(dc.GatewayURL()+"?v=10&encoding=json", http.Header{})
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			var hello struct {
				Op int `json:"op"`
				D  struct {
					HeartbeatInterval int `json:"heartbeat_interval"`
				} `json:"d"`
			}
			if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 || hello.D.HeartbeatInterval == 0 {
				t.Fatalf("hello = %+v, %v", hello, err)
			}
			if s, ok := tt.send.(string); ok {
				err = ws.WriteMessage(websocket.TextMessage, []byte(s))
			} else {
				raw, _ := json.Marshal(tt.send)
				err = ws.WriteMessage(websocket.TextMessage, raw)
			}
			if err != nil {
				t.Fatal(err)
			}
			ws.SetReadDeadline(time.Now().Add(5 * time.Second))
			_, _, err = ws.ReadMessage()
			if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != tt.wantCode {
				t.Fatalf("got %v, want close code %d", err, tt.wantCode)
			}
		})
	}
}

// rawGateway is a bare gateway client for tests of the protocol itself.
type rawGateway struct {
	t  *testing.T
	ws *websocket.Conn
}

// dialGateway connects to url and reads Hello.
func dialGateway(t *testing.T, url string) *rawGateway {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url+"?v=10&encoding=json", http.Header{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	g := &rawGateway{t: t, ws: ws}
	if p := g.read(); p.Op != 10 {
		t.Fatalf("first payload op %d, want Hello", p.Op)
	}
	return g
}

type rawPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s"`
	T  string          `json:"t"`
}

func (g *rawGateway) send(op int, d any) {
	g.t.Helper()
	if err := g.ws.WriteJSON(map[string]any{"op": op, "d": d}); err != nil {
		g.t.Fatal(err)
	}
}

// read returns the next payload, skipping heartbeat ACKs.
func (g *rawGateway) read() rawPayload {
	g.t.Helper()
	for {
		g.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		var p rawPayload
		if err := g.ws.ReadJSON(&p); err != nil {
			g.t.Fatalf("reading the gateway: %v", err)
		}
		if p.Op != 11 {
			return p
		}
	}
}

// identify identifies and returns READY's session id and resume URL, and
// the sequence number of the last GUILD_CREATE that follows (the fake has one
// guild).
func (g *rawGateway) identify() (sessionID, resumeURL string, seq int64) {
	g.t.Helper()
	g.send(2, map[string]any{"token": discordtest.Token, "intents": 0, "properties": map[string]string{}})
	p := g.read()
	var ready struct {
		SessionID string `json:"session_id"`
		ResumeURL string `json:"resume_gateway_url"`
	}
	if err := json.Unmarshal(p.D, &ready); err != nil || p.T != "READY" {
		g.t.Fatalf("after identify got %s %s (%v), want READY", p.T, p.D, err)
	}
	if p = g.read(); p.T != "GUILD_CREATE" {
		g.t.Fatalf("after READY got op %d %s, want GUILD_CREATE", p.Op, p.T)
	}
	return ready.SessionID, ready.ResumeURL, p.S
}

// resume resumes and returns RESUMED, or the Invalid Session that refused it,
// skipping the events replayed before.
func (g *rawGateway) resume(sessionID string, seq int64) rawPayload {
	g.t.Helper()
	g.send(6, map[string]any{"token": discordtest.Token, "session_id": sessionID, "seq": seq})
	for {
		if p := g.read(); p.Op == 9 || p.T == "RESUMED" {
			return p
		}
	}
}

func (g *rawGateway) close(code int) {
	g.t.Helper()
	if err := g.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second)); err != nil {
		g.t.Fatal(err)
	}
	g.ws.Close()
}

// TestGatewayResumeURLAndCloseCodes: READY gives a resume URL of its own,
// the fake records which URL each connection used, and a session survives a
// close with 4000 but not one with 1000 or 1001 (events/gateway.mdx
// "Initiating a Disconnect").
func TestGatewayResumeURLAndCloseCodes(t *testing.T) {
	for _, tt := range []struct {
		code      int
		resumable bool
	}{{4000, true}, {1012, true}, {1000, false}, {1001, false}} {
		t.Run(strconv.Itoa(tt.code), func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			g := dialGateway(t, dc.GatewayURL())
			id, resumeURL, seq := g.identify()
			if resumeURL != dc.ResumeGatewayURL() || resumeURL == dc.GatewayURL() {
				t.Fatalf("resume_gateway_url %q, want %q, distinct from %q", resumeURL, dc.ResumeGatewayURL(), dc.GatewayURL())
			}
			g.close(tt.code)
			if _, err := dc.WaitGateway(ctx(t), func(s discordtest.GatewayStats) bool { return !s.Connected }); err != nil {
				t.Fatal(err)
			}
			p := dialGateway(t, resumeURL).resume(id, seq)
			if got := p.T == "RESUMED"; got != tt.resumable {
				t.Fatalf("resume after closing with %d: op %d %s %s, want resumed: %v", tt.code, p.Op, p.T, p.D, tt.resumable)
			}
			conns := dc.GatewayConnections()
			want := []discordtest.GatewayConnection{{Path: "/gateway", Op: "identify", ClosedWith: tt.code}, {Path: "/resume-gateway"}}
			if tt.resumable {
				want[1].Op = "resume"
			}
			if len(conns) != 2 || conns[0] != want[0] || conns[1] != want[1] {
				t.Fatalf("connections %+v, want %+v", conns, want)
			}
		})
	}
}

// TestGatewayInvalidSession: op 9 with d=true lets the bot resume on the same
// connection; with d=false the session is gone and it must identify.
func TestGatewayInvalidSession(t *testing.T) {
	for _, resumable := range []bool{true, false} {
		t.Run(strconv.FormatBool(resumable), func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			g := dialGateway(t, dc.GatewayURL())
			id, _, seq := g.identify()
			if err := dc.InvalidateSession(resumable); err != nil {
				t.Fatal(err)
			}
			if p := g.read(); p.Op != 9 || string(p.D) != strconv.FormatBool(resumable) {
				t.Fatalf("got op %d d=%s, want op 9 d=%v", p.Op, p.D, resumable)
			}
			p := g.resume(id, seq)
			if got := p.T == "RESUMED"; got != resumable {
				t.Fatalf("resume after op 9 d=%v: op %d %s", resumable, p.Op, p.T)
			}
			if !resumable {
				g.identify()
			}
		})
	}
}

// TestGatewayReconnectAfterNext: op 7 follows READY, then RESUMED, at once.
func TestGatewayReconnectAfterNext(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	dc.ReconnectAfterNext("READY", 1)
	dc.ReconnectAfterNext("RESUMED", 1)
	g := dialGateway(t, dc.GatewayURL())
	g.send(2, map[string]any{"token": discordtest.Token, "intents": 0, "properties": map[string]string{}})
	ready := g.read()
	var d struct {
		SessionID string `json:"session_id"`
	}
	if err := json.Unmarshal(ready.D, &d); err != nil || ready.T != "READY" {
		t.Fatalf("got %s, want READY", ready.T)
	}
	if p := g.read(); p.Op != 7 {
		t.Fatalf("after READY got op %d %s, want op 7", p.Op, p.T)
	}
	g.close(4000)
	g = dialGateway(t, dc.ResumeGatewayURL())
	if p := g.resume(d.SessionID, ready.S); p.T != "RESUMED" {
		t.Fatalf("resume: op %d %s", p.Op, p.T)
	}
	if p := g.read(); p.Op != 7 {
		t.Fatalf("after RESUMED got op %d %s, want op 7", p.Op, p.T)
	}
	if st := dc.Gateway(); st.ReconnectsSent != 2 || st.Resumes != 1 {
		t.Fatalf("stats %+v, want 2 op 7 sent and 1 resume", st)
	}
}
