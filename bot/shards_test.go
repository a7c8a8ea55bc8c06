package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// newShardedWorld is newWorld without a gateway: the test opens the bot's
// shards itself (openShards) and hands their interactions to w.b.
func newShardedWorld(t *testing.T, opts ...discordtest.Option) *world {
	t.Helper()
	dc := discordtest.New(t, opts...)
	w := &world{t: t, dc: dc, path: filepath.Join(t.TempDir(), "tengen.db"), setup: setup{ai: &scriptAI{}}}
	w.alice, w.bob, w.carol = dc.User("alice"), dc.User("bob"), dc.User("carol")
	ctx := ctxT(t)
	db, err := store.Open(ctx, w.path, store.Options{Now: dc.Clock().Now, MinGames: 1, MaxRD: 350})
	if err != nil {
		t.Fatal(err)
	}
	s := dc.Session()
	var b *bot.Bot
	m := match.New(db, match.Config{Clock: dc.Clock(), Coin: func() bool { return true }, Workers: 2, AI: w.ai,
		Notifier: match.NotifyFunc(func(e match.Event) { b.Notify(e) })})
	b, err = bot.New(bot.Options{Session: s, Store: db, Manager: m, Clock: dc.Clock(), Rated: true, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	if err := bot.Register(s, ""); err != nil {
		t.Fatal(err)
	}
	w.b, w.m, w.db, w.s = b, m, db, s
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := m.Close(ctx); err != nil {
			t.Errorf("closing the lifecycle: %v", err)
		}
		if err := b.Close(ctx); err != nil {
			t.Errorf("closing the bot: %v", err)
		}
		if err := db.Close(); err != nil {
			t.Errorf("closing the database: %v", err)
		}
	})
	return w
}

// waits records the identify waits Shards asked for, which move the fake's
// clock on instead of sleeping.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (ws *waits) all() []time.Duration {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return slices.Clone(ws.d)
}

// shardOptions are o with the identify buckets on dc's clock: a wait moves
// the clock on and is recorded in ws.
func shardOptions(t *testing.T, dc *discordtest.Discord, ws *waits, o bot.ShardOptions) bot.ShardOptions {
	o.Logger = testLogger(t)
	if o.HandshakeTimeout == 0 {
		o.HandshakeTimeout = 2 * time.Second
	}
	o.Now = dc.Clock().Now
	o.Wait = func(_ context.Context, d time.Duration) error {
		ws.mu.Lock()
		ws.d = append(ws.d, d)
		ws.mu.Unlock()
		dc.Clock().Advance(d)
		return nil
	}
	return o
}

// openShards opens shards on s that hand their interactions to w.b, and
// closes them when the test ends. seen, when not nil, counts the
// interactions they received.
func openShards(t *testing.T, w *world, s *discordgo.Session, ws *waits, o bot.ShardOptions, seen *counter) *bot.Shards {
	t.Helper()
	sh := bot.NewShards(s, shardOptions(t, w.dc, ws, o))
	sh.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if seen != nil {
			seen.add(ic.GuildID)
		}
		w.b.OnInteraction(s, ic)
	})
	if err := sh.Open(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sh.Close(context.Background()); err != nil {
			t.Errorf("closing the shards: %v", err)
		}
	})
	return sh
}

// counter counts interactions by guild ("" for DMs).
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) add(guild string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[guild]++
}

func (c *counter) get(guild string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[guild]
}

// shardGuilds makes one guild with a lobby on each of shards shards.
func shardGuilds(w *world, shards int) []*discordtest.Channel {
	var lobbies []*discordtest.Channel
	for id := range shards {
		lobbies = append(lobbies, w.dc.NewGuildOnShard(fmt.Sprintf("guild on shard %d", id), id, shards).NewChannel("lobby"))
	}
	return lobbies
}

// playIn has alice challenge bob in lobby, bob accept and alice move: a
// slash command, a click and a slash command, all answered.
func playIn(w *world, lobby *discordtest.Channel) {
	w.t.Helper()
	w.lobby = lobby
	board := w.startGame()
	if after := w.play(w.alice, "h8"); after == nil || after.ID == "" {
		w.t.Fatalf("in %s: no board after a move (board %s)", lobby.ID, board.ID)
	}
	w.noFailures()
}

// TestShardsServeEveryShard: with Discord recommending three shards and
// max_concurrency 1, the bot runs all three, identifying them in order 5 s
// apart (on the fake's clock, through the injected wait), and answers games
// in a guild on every shard and commands in a DM, which Discord sends to
// shard 0.
func TestShardsServeEveryShard(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(3, 1))
	lobbies := shardGuilds(w, 3)
	var ws waits
	seen := &counter{}
	sh := openShards(t, w, w.s, &ws, bot.ShardOptions{}, seen)
	if sh.Count() != 3 || !slices.Equal(sh.IDs(), []int{0, 1, 2}) || !sh.Connected() {
		t.Fatalf("shards %d, ids %v, connected %v; want Discord's 3, all here, connected", sh.Count(), sh.IDs(), sh.Connected())
	}
	ids := w.dc.Identifies()
	if len(ids) != 3 {
		t.Fatalf("identifies %+v, want 3", ids)
	}
	for i, a := range ids {
		if a.Outcome != "ready" || a.Shard != [2]int{i, 3} {
			t.Errorf("identify %d: %+v, want shard [%d 3] ready", i, a, i)
		}
		if i > 0 && a.At.Sub(ids[i-1].At) < bot.IdentifyInterval {
			t.Errorf("shard %d identified %v after shard %d, in the same bucket: want at least 5 s", i, a.At.Sub(ids[i-1].At), i-1)
		}
	}
	if got := ws.all(); len(got) != 2 {
		t.Errorf("identify waits %v, want two (before shards 1 and 2)", got)
	}
	for shard, lobby := range lobbies {
		playIn(w, lobby)
		if n := seen.get(lobby.GuildID); n != 3 {
			t.Errorf("shard %d's guild: %d interactions reached the bot, want 3", shard, n)
		}
	}
	r := w.must(w.alice.Slash(ctxT(t), w.dc.DM(w.alice), "help"))
	if m := w.settled(r); m == nil || seen.get("") != 1 {
		t.Fatalf("/help in a DM: %+v, %d interactions without a guild", m, seen.get(""))
	}
	conns := w.dc.GatewayConnections()
	for _, c := range conns {
		if c.Op != "identify" {
			t.Errorf("connection %+v: want only the three identifies", c)
		}
	}
	if st := w.dc.Gateway(); st.RateLimitedIdentifies != 0 {
		t.Errorf("%d identifies were rate-limited", st.RateLimitedIdentifies)
	}
}

// TestShardsIdentifyInBuckets: with max_concurrency 2, shards 0 and 1 (keys
// 0 and 1) identify at once, shards 2 and 3 each at least 5 s after the
// shard of its key, and Discord rate-limits none.
func TestShardsIdentifyInBuckets(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(4, 2))
	var ws waits
	openShards(t, w, w.s, &ws, bot.ShardOptions{}, nil)
	by := map[int]discordtest.IdentifyAttempt{}
	for _, a := range w.dc.Identifies() {
		if a.Outcome != "ready" || a.Shard[1] != 4 {
			t.Fatalf("identify %+v, want ready with 4 shards", a)
		}
		by[a.Shard[0]] = a
	}
	if len(by) != 4 {
		t.Fatalf("identified shards %v, want 0 to 3", by)
	}
	for id := 2; id < 4; id++ {
		if gap := by[id].At.Sub(by[id-2].At); gap < bot.IdentifyInterval {
			t.Errorf("shard %d identified %v after shard %d of its bucket, want at least 5 s", id, gap, id-2)
		}
	}
	if got := ws.all(); len(got) != 2 {
		t.Errorf("identify waits %v, want one per bucket", got)
	}
	if st := w.dc.Gateway(); st.RateLimitedIdentifies != 0 {
		t.Errorf("%d identifies were rate-limited", st.RateLimitedIdentifies)
	}
}

// TestShardDropsAndResumesAlone: shard 1 is dropped and kept from coming
// back; meanwhile the guilds of shards 0 and 2 are served and the bot is
// not ready. An interaction sent to shard 1's guild while it is down is
// replayed when it resumes and answered. The other shards never reconnect.
func TestShardDropsAndResumesAlone(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(3, 3))
	lobbies := shardGuilds(w, 3)
	var ws waits
	// A resume held longer than the handshake timeout would be taken for
	// a stuck one: keep Tengen's 30 s.
	sh := openShards(t, w, w.s, &ws, bot.ShardOptions{HandshakeTimeout: 30 * time.Second}, nil)

	release := w.dc.HoldShard(1)
	w.dc.CloseShard(1, 3, 4000, true)
	if _, err := w.dc.WaitGateway(ctxT(t), func(s discordtest.GatewayStats) bool { return s.Held == 1 }); err != nil {
		t.Fatalf("shard 1 never tried to resume: %v", err)
	}
	if sh.Connected() {
		t.Error("Connected with shard 1 down")
	}
	if got := w.dc.ConnectedShards(3); !slices.Equal(got, []int{0, 2}) {
		t.Fatalf("connected shards %v, want 0 and 2", got)
	}
	playIn(w, lobbies[0])
	playIn(w, lobbies[2])

	// Sent while shard 1 is down: Discord keeps it for the resume.
	w.lobby = lobbies[1]
	seq := w.dc.ShardSeq(1, 3)
	type answer struct {
		r   *discordtest.Reply
		err error
	}
	got := make(chan answer, 1)
	go func() {
		r, err := w.alice.Slash(ctxT(t), lobbies[1], "gomoku", discordtest.Sub("challenge",
			discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me")))
		got <- answer{r, err}
	}()
	if err := w.dc.WaitShardSeq(ctxT(t), 1, 3, seq); err != nil {
		t.Fatal(err)
	}
	release()
	a := <-got
	if a.err != nil {
		t.Fatalf("the challenge sent while shard 1 was down: %v", a.err)
	}
	if err := w.dc.WaitShards(ctxT(t), 3); err != nil {
		t.Fatal(err)
	}
	w.click(w.bob, w.settled(a.r), "Accept")
	w.play(w.alice, "h8")
	w.noFailures()

	perShard := map[[2]int][]string{}
	for _, c := range w.dc.GatewayConnections() {
		perShard[c.Shard] = append(perShard[c.Shard], c.Op)
	}
	want := map[[2]int][]string{{0, 3}: {"identify"}, {1, 3}: {"identify", "resume"}, {2, 3}: {"identify"}}
	if fmt.Sprint(perShard) != fmt.Sprint(want) {
		t.Errorf("connections by shard %v, want %v", perShard, want)
	}
	if n := sh.Reconnects(); n != 1 {
		t.Errorf("Reconnects() = %d, want 1", n)
	}
	if !sh.Connected() {
		t.Error("not Connected after shard 1 resumed")
	}
}

// TestShardingRequired: past the guild limit one session is refused with
// 4011 (Sharding Required) and the bot says so; two shards, each under the
// limit, connect.
func TestShardingRequired(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithGuildLimit(2))
	shardGuilds(w, 2) // with the default guild, 3 guilds: 2 on one shard of 2, 1 on the other
	var ws waits
	one := bot.NewShards(w.s, shardOptions(t, w.dc, &ws, bot.ShardOptions{Count: 1}))
	err := one.Open(ctxT(t))
	if err == nil || !strings.Contains(err.Error(), "4011") {
		t.Fatalf("one shard for 3 guilds past a limit of 2: %v, want the 4011 refusal", err)
	}
	two := openShards(t, w, w.s, &ws, bot.ShardOptions{Count: 2}, nil)
	if !two.Connected() {
		t.Fatal("two shards not connected")
	}
	lobby := w.dc.Guild().NewChannel("lobby")
	playIn(w, lobby)
}

// TestShardsSplitAcrossProcesses: two processes, each with half of four
// shards, answer everything between them: each the guilds of its shards,
// the first one also DMs (shard 0). With max_concurrency 1 the second
// process's first identify comes within 5 s of the first process's last
// one (they share no limiter, Discord's bucket is the bot's): Discord
// answers it with op 9, which leaves discordgo's handshake stuck, and the
// shard identifies again on a new session in its turn.
func TestShardsSplitAcrossProcesses(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(4, 1))
	lobbies := shardGuilds(w, 4)
	var ws waits
	first, second := &counter{}, &counter{}
	a := openShards(t, w, w.s, &ws, bot.ShardOptions{Count: 4, IDs: []int{0, 1}}, first)
	b := openShards(t, w, w.dc.Session(), &ws, bot.ShardOptions{Count: 4, IDs: []int{2, 3}}, second)
	if !slices.Equal(a.IDs(), []int{0, 1}) || !slices.Equal(b.IDs(), []int{2, 3}) || a.Gateway(2) != nil || b.Gateway(2) == nil {
		t.Fatalf("processes run %v and %v", a.IDs(), b.IDs())
	}
	var outcomes []string
	for _, a := range w.dc.Identifies() {
		outcomes = append(outcomes, fmt.Sprintf("%d:%s", a.Shard[0], a.Outcome))
	}
	if want := "[0:ready 1:ready 2:rate limited 2:ready 3:ready]"; fmt.Sprint(outcomes) != want {
		t.Errorf("identifies %v, want %s", outcomes, want)
	}
	for shard, lobby := range lobbies {
		playIn(w, lobby)
		mine, other := first, second
		if shard >= 2 {
			mine, other = second, first
		}
		if mine.get(lobby.GuildID) != 3 || other.get(lobby.GuildID) != 0 {
			t.Errorf("shard %d's guild: %d interactions to its process, %d to the other; want 3 and 0",
				shard, mine.get(lobby.GuildID), other.get(lobby.GuildID))
		}
	}
	w.settled(w.must(w.alice.Slash(ctxT(t), w.dc.DM(w.alice), "help")))
	if first.get("") != 1 || second.get("") != 0 {
		t.Errorf("DM interactions: %d to the first process, %d to the second; want 1 and 0", first.get(""), second.get(""))
	}
}

// TestShardsRefuseWithoutSessionStarts: when Discord has fewer session
// starts left than there are shards to start, Open says so and identifies
// nothing.
func TestShardsRefuseWithoutSessionStarts(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(3, 1), discordtest.WithSessionStartLimit(2))
	var ws waits
	sh := bot.NewShards(w.s, shardOptions(t, w.dc, &ws, bot.ShardOptions{}))
	err := sh.Open(ctxT(t))
	if err == nil || !strings.Contains(err.Error(), "2 more session starts") || !strings.Contains(err.Error(), "3 shards") {
		t.Fatalf("Open = %v, want a refusal naming 2 session starts left and 3 shards", err)
	}
	if n := len(w.dc.Identifies()); n != 0 {
		t.Fatalf("%d identifies, want none", n)
	}
	bad := bot.NewShards(w.s, shardOptions(t, w.dc, &ws, bot.ShardOptions{Count: 2, IDs: []int{1, 2}}))
	if err := bad.Open(ctxT(t)); err == nil || !strings.Contains(err.Error(), "shard 2 is outside the 2 shards") {
		t.Fatalf("Open with shard 2 of 2 = %v", err)
	}
}

// TestShardIdentifiesAgainInItsTurn: Discord ends shard 1's session (op 9,
// not resumable) right after it identified. discordgo identifies again at
// once, by itself, which Discord refuses for the bucket (op 9 again) and
// which leaves discordgo's handshake stuck; the shard then identifies on a
// new session in its bucket's turn, 5 s after the last identify, and
// serves again. Shard 0 serves throughout.
func TestShardIdentifiesAgainInItsTurn(t *testing.T) {
	t.Parallel()
	w := newShardedWorld(t, discordtest.WithShards(2, 1))
	lobbies := shardGuilds(w, 2)
	var ws waits
	sh := openShards(t, w, w.s, &ws, bot.ShardOptions{}, nil)
	if err := w.dc.InvalidateSession(false); err != nil { // the latest session: shard 1's
		t.Fatal(err)
	}
	playIn(w, lobbies[0])
	if _, err := w.dc.WaitGateway(ctxT(t), func(s discordtest.GatewayStats) bool { return s.RateLimitedIdentifies == 1 }); err != nil {
		t.Fatal(err)
	}
	if err := w.dc.WaitShards(ctxT(t), 2); err != nil {
		t.Fatal(err)
	}
	playIn(w, lobbies[1])
	var outcomes []string
	var last time.Time
	for _, a := range w.dc.Identifies() {
		outcomes = append(outcomes, fmt.Sprintf("%d:%s", a.Shard[0], a.Outcome))
		if a.Outcome == "ready" {
			if !last.IsZero() && a.At.Sub(last) < bot.IdentifyInterval {
				t.Errorf("shard %d identified %v after the previous identify of its bucket", a.Shard[0], a.At.Sub(last))
			}
			last = a.At
		}
	}
	if want := "[0:ready 1:ready 1:rate limited 1:ready]"; fmt.Sprint(outcomes) != want {
		t.Errorf("identifies %v, want %s", outcomes, want)
	}
	if !sh.Connected() || sh.Reconnects() != 1 {
		t.Errorf("connected %v, reconnects %d; want connected after one reconnect", sh.Connected(), sh.Reconnects())
	}
}
