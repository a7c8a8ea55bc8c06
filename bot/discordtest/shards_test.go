package discordtest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
)

// openShard opens shard id of count on a gateway of its own whose handler
// answers /ping with the shard that received it.
func openShard(t testing.TB, dc *discordtest.Discord, id, count int) *discordgo.Session {
	t.Helper()
	s := dc.Session()
	s.ShardID, s.ShardCount = id, count
	g := bot.NewGateway(s, slog.New(slog.NewTextHandler(io.Discard, nil)))
	g.HandshakeTimeout = 2 * time.Second
	g.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: fmt.Sprintf("pong from shard %d", id), Components: buttons("a", "b", "c")},
		})
		if err != nil {
			t.Errorf("shard %d: %v", id, err)
		}
	})
	if err := g.Open(); err != nil {
		t.Fatalf("opening shard %d of %d: %v", id, count, err)
	}
	t.Cleanup(func() {
		if err := g.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return s
}

// TestGatewayBotShards: GET /gateway/bot says what WithShards and
// WithSessionStartLimit set, and each identify uses a session start.
func TestGatewayBotShards(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithShards(3, 2), discordtest.WithSessionStartLimit(10))
	s := dc.Session()
	gb, err := s.GatewayBot()
	if err != nil {
		t.Fatal(err)
	}
	if gb.Shards != 3 || gb.SessionStartLimit.MaxConcurrency != 2 || gb.SessionStartLimit.Remaining != 10 ||
		gb.SessionStartLimit.Total != 1000 || strings.TrimSuffix(gb.URL, "/") != dc.GatewayURL() {
		t.Fatalf("GET /gateway/bot = %+v", gb)
	}
	openShard(t, dc, 0, 3)
	if gb, err = s.GatewayBot(); err != nil || gb.SessionStartLimit.Remaining != 9 {
		t.Fatalf("after one identify: %+v, %v; want 9 session starts left", gb, err)
	}
	plain, err := discordtest.New(t).Session().GatewayBot()
	if err != nil || plain.Shards != 1 || plain.SessionStartLimit.MaxConcurrency != 1 {
		t.Fatalf("the default fake's GET /gateway/bot = %+v, %v; want 1 shard, max_concurrency 1", plain, err)
	}
}

// TestShardRouting: events go to the shard (guild_id >> 22) % num_shards,
// DMs to shard 0; READY and GUILD_CREATE announce each shard's guilds only.
func TestShardRouting(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithShards(3, 3))
	var chans []*discordtest.Channel
	for shard := range 3 {
		g := dc.NewGuildOnShard(fmt.Sprintf("guild %d", shard), shard, 3)
		chans = append(chans, g.NewChannel("lobby"))
	}
	for id := range 3 {
		s := openShard(t, dc, id, 3)
		if id == 0 {
			if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", commands); err != nil {
				t.Fatal(err)
			}
		}
		var guilds []string // READY's, and GUILD_CREATE's as they come
		s.State.RLock()
		for _, g := range s.State.Guilds {
			guilds = append(guilds, g.ID)
		}
		s.State.RUnlock()
		for _, g := range guilds {
			if got := discordtest.ShardOf(g, 3); got != id {
				t.Errorf("shard %d was told of guild %s, which is on shard %d", id, g, got)
			}
		}
	}
	alice := dc.User("alice")
	for shard, ch := range chans {
		r, err := alice.Slash(ctx(t), ch, "ping")
		if err != nil {
			t.Fatalf("in the guild on shard %d: %v", shard, err)
		}
		if want := fmt.Sprintf("pong from shard %d", shard); r.Message().Content != want {
			t.Errorf("in the guild on shard %d: %q, want %q", shard, r.Message().Content, want)
		}
	}
	r, err := alice.Slash(ctx(t), dc.DM(alice), "ping")
	if err != nil {
		t.Fatalf("in a DM: %v", err)
	}
	if r.Message().Content != "pong from shard 0" {
		t.Errorf("in a DM: %q, want shard 0's answer", r.Message().Content)
	}
	if f := dc.Failures(); len(f) != 0 {
		t.Fatalf("failures: %+v", f)
	}
	for _, a := range dc.Identifies() {
		if a.Outcome != "ready" || a.Shard[1] != 3 {
			t.Errorf("identify %+v, want every one ready with 3 shards", a)
		}
	}
}

// rawIdentify identifies on a new raw connection with shard (none when nil)
// and returns the first payload after it, or the close code the fake ended
// the connection with.
func rawIdentify(t *testing.T, dc *discordtest.Discord, shard []int) (rawPayload, int) {
	t.Helper()
	g := dialGateway(t, dc.GatewayURL())
	d := map[string]any{"token": discordtest.Token, "intents": 0, "properties": map[string]string{}}
	if shard != nil {
		d["shard"] = shard
	}
	g.send(2, d)
	g.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var p rawPayload
	if err := g.ws.ReadJSON(&p); err != nil {
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return p, ce.Code
		}
		t.Fatalf("after identify: %v", err)
	}
	return p, 0
}

// TestShardRefusals: a shard outside [0, num_shards) is closed with 4010;
// a session that would serve more guilds than the limit with 4011, which
// enough shards avoid; past the session start limit with 4004.
func TestShardRefusals(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithGuildLimit(2))
	for _, shard := range [][]int{{2, 2}, {-1, 2}, {0, 0}} {
		if _, code := rawIdentify(t, dc, shard); code != 4010 {
			t.Errorf("identify with shard %v: closed with %d, want 4010 (Invalid Shard)", shard, code)
		}
	}
	// The default guild and one more on each of 2 shards: 3 guilds.
	dc.NewGuildOnShard("zero", 0, 2)
	dc.NewGuildOnShard("one", 1, 2)
	if _, code := rawIdentify(t, dc, nil); code != 4011 {
		t.Errorf("one session for 3 guilds past a limit of 2: closed with %d, want 4011 (Sharding Required)", code)
	}
	for id := range 2 {
		if p, code := rawIdentify(t, dc, []int{id, 2}); code != 0 || p.T != "READY" {
			t.Errorf("shard %d of 2: %s, closed with %d; want READY", id, p.T, code)
		}
	}
	var outcomes []string
	for _, a := range dc.Identifies() {
		outcomes = append(outcomes, a.Outcome)
	}
	if want := "[invalid shard invalid shard invalid shard sharding required ready ready]"; fmt.Sprint(outcomes) != want {
		t.Errorf("identify outcomes %v, want %s", outcomes, want)
	}

	spent := discordtest.New(t, discordtest.WithSessionStartLimit(1))
	if p, code := rawIdentify(t, spent, nil); code != 0 || p.T != "READY" {
		t.Fatalf("the last session start: %s, closed with %d", p.T, code)
	}
	if _, code := rawIdentify(t, spent, nil); code != 4004 {
		t.Errorf("past the session start limit: closed with %d, want 4004", code)
	}
}

// TestIdentifyBuckets: with max_concurrency 1 every shard shares rate-limit
// key 0, so a second identify within 5 s (on the fake's clock) is answered
// with op 9 (Invalid Session) and counted; 5 s later it is fine. With
// max_concurrency 2, shards 0 and 1 are in different buckets and may
// identify together.
func TestIdentifyBuckets(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithShards(2, 1))
	if p, code := rawIdentify(t, dc, []int{0, 2}); p.T != "READY" {
		t.Fatalf("shard 0: %+v, %d", p, code)
	}
	dc.Clock().Advance(discordtest.IdentifyInterval - time.Millisecond)
	p, code := rawIdentify(t, dc, []int{1, 2})
	if p.Op != 9 || string(p.D) != "false" || code != 0 {
		t.Fatalf("shard 1 in the same bucket 4.999 s later: %+v, closed %d; want op 9 d=false", p, code)
	}
	if st := dc.Gateway(); st.RateLimitedIdentifies != 1 || st.Identifies != 1 {
		t.Fatalf("stats %+v, want one identify rate-limited", st)
	}
	dc.Clock().Advance(time.Millisecond)
	if p, _ := rawIdentify(t, dc, []int{1, 2}); p.T != "READY" {
		t.Fatalf("shard 1, 5 s after shard 0: %+v, want READY", p)
	}

	two := discordtest.New(t, discordtest.WithShards(2, 2))
	for id := range 2 {
		if p, _ := rawIdentify(t, two, []int{id, 2}); p.T != "READY" {
			t.Fatalf("max_concurrency 2, shard %d: %+v, want READY at once", id, p)
		}
	}
	if p, _ := rawIdentify(t, two, []int{0, 2}); p.Op != 9 {
		t.Fatalf("max_concurrency 2, shard 0 again at once: %+v, want op 9", p)
	}
}

// BenchmarkSlashRoundTripSharded is BenchmarkSlashRoundTrip with three
// shards, the actions going round guilds on each: what routing by guild
// costs the fake.
func BenchmarkSlashRoundTripSharded(b *testing.B) {
	dc := discordtest.New(b, discordtest.WithShards(3, 3))
	var chans []*discordtest.Channel
	for shard := range 3 {
		chans = append(chans, dc.NewGuildOnShard(fmt.Sprintf("guild %d", shard), shard, 3).NewChannel("lobby"))
	}
	for id := range 3 {
		s := openShard(b, dc, id, 3)
		if id == 0 {
			if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", commands); err != nil {
				b.Fatal(err)
			}
		}
	}
	alice := dc.User("alice")
	c := ctx(b)
	i := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := alice.Slash(c, chans[i%3], "ping"); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
