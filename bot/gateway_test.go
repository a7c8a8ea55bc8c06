package bot_test

import (
	"context"
	"flag"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
)

var (
	bareGateway = flag.Bool("gateway.bare", false,
		"TestGatewayReconnectStorm drives discordgo's own reconnect instead of bot.Gateway, to see the storm it fixes")
	stormRounds = flag.Int("gateway.rounds", 3, "rounds of TestGatewayReconnectStorm")
)

// TestGatewayReconnectStorm replays what set off discordgo's reconnect storm:
// Discord drops the connection, the bot resumes, and op 7 (Reconnect)
// arrives right after RESUMED, while users keep sending interactions. Every
// interaction must be answered within Discord's 3 s, the session must
// survive (one Identify, no refused Resume) and the bot must never close a
// connection with 1000 or 1001, which ends the session. With
// -gateway.bare, discordgo's own reconnect fails this in every run of three
// rounds measured (see bot.Gateway for why).
func TestGatewayReconnectStorm(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	if *bareGateway {
		s.AddHandler(pong(t))
		if err := s.Open(); err != nil {
			t.Fatal(err)
		}
		registerPing(t, s)
	} else {
		startPingBot(t, s, 30*time.Second)
	}
	alice, lobby := dc.User("alice"), dc.NewChannel("lobby")

	answered := 0
	for round := range *stormRounds {
		dc.ReconnectAfterNext("RESUMED", 1)
		dc.CloseGateway(4000, true)
		// Interactions every 400 ms while the bot resumes, is told to
		// reconnect and resumes again (about 2.5 s).
		var wg sync.WaitGroup
		var mu sync.Mutex
		for k := range 7 {
			wg.Go(func() {
				time.Sleep(time.Duration(k) * 400 * time.Millisecond)
				_, err := alice.Slash(ctxT(t), lobby, "ping")
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Errorf("round %d, ping %d: %v", round, k, err)
					return
				}
				answered++
			})
		}
		wg.Wait()
		if err := dc.WaitConnected(ctxT(t)); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	st := dc.Gateway()
	t.Logf("%d interactions answered; gateway %+v", answered, st)
	if st.Identifies != 1 || st.Invalidated != 0 {
		t.Errorf("the session did not survive: %d identifies, %d resumes refused, %d connections (want 1, 0, %d)",
			st.Identifies, st.Invalidated, st.Connections, 1+2**stormRounds)
	}
	for i, c := range dc.GatewayConnections() {
		if c.ClosedWith == 1000 || c.ClosedWith == 1001 {
			t.Errorf("connection %d: the bot closed it with %d, which ends the session", i, c.ClosedWith)
		}
	}
}

// TestGatewayRefusedResume: Discord refuses a Resume (op 9 as the first
// packet), which leaves discordgo's Open stuck holding its lock for good. The
// gateway must give up on that session, identify on a new one, and answer
// interactions again; the first session must stay usable for REST.
func TestGatewayRefusedResume(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	g := startPingBot(t, s, time.Second)
	alice, lobby := dc.User("alice"), dc.NewChannel("lobby")

	dc.CloseGateway(4009, false)
	st, err := dc.WaitGateway(ctxT(t), func(s discordtest.GatewayStats) bool { return s.Identifies == 2 && s.Connected })
	if err != nil {
		t.Fatalf("%v (stats %+v)", err, dc.Gateway())
	}
	if st.Invalidated != 1 {
		t.Errorf("want the resume refused once, stats %+v", st)
	}
	if g.Session() == s {
		t.Error("the gateway still runs on the stuck session")
	}
	if _, err := alice.Slash(ctxT(t), lobby, "ping"); err != nil {
		t.Fatalf("after a refused resume: %v", err)
	}
	// REST through the first session still works.
	if _, err := s.Channel(lobby.ID); err != nil {
		t.Errorf("REST through the stuck session: %v", err)
	}
}

// startPingBot runs a bot that answers every slash command with "pong" on
// s through a bot.Gateway, and registers /ping.
func startPingBot(t *testing.T, s *discordgo.Session, handshake time.Duration) *bot.Gateway {
	t.Helper()
	g := bot.NewGateway(s, testLogger(t))
	g.HandshakeTimeout = handshake
	g.AddHandler(pong(t))
	if err := g.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := g.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	registerPing(t, s)
	return g
}

// pong answers an interaction with "pong".
func pong(t *testing.T) func(*discordgo.Session, *discordgo.InteractionCreate) {
	return func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
		if err != nil {
			t.Errorf("answering %s: %v", i.ID, err)
		}
	}
}

// registerPing registers the /ping command.
func registerPing(t *testing.T, s *discordgo.Session) {
	t.Helper()
	ping := []*discordgo.ApplicationCommand{{Name: "ping", Description: "Ping"}}
	if _, err := s.ApplicationCommandBulkOverwrite(s.State.User.ID, "", ping); err != nil {
		t.Fatal(err)
	}
}
