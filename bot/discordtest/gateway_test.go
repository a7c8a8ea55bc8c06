package discordtest_test

import (
	"encoding/json"
	"net/http"
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
