package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/storetest"
)

// The proof on one machine: three bot processes and one AI worker share a
// PostgreSQL database and the fake Discord, many games are played at once,
// one bot process and then the deadline leader are killed with SIGKILL
// mid-game (a supervisor starts them again), and every game goes on, no
// acknowledged move is lost and none is applied twice.

// cluster is the processes of one test and what the games did.
type cluster struct {
	t        *testing.T
	dc       *discordtest.Discord
	database string
	procs    []*botProcess
	cfgs     []string
	dirs     []string
	worker   *botProcess
}

// freeAddr returns a loopback address with a free port.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// roundRobin is a load balancer in front of the bot processes' endpoints:
// each request goes to the next backend, and to the one after when a
// backend refuses the connection (a killed process), as a load balancer
// with passive health checks does. A request a backend took is never sent
// again (an interaction is not idempotent: a process killed after its
// answer went through the callback route has acknowledged it), as nginx
// does by default for a POST.
type roundRobin struct {
	backends []string
	next     atomic.Uint64
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	for range len(rr.backends) {
		b := rr.backends[rr.next.Add(1)%uint64(len(rr.backends))]
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+b+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if op := (*net.OpError)(nil); errors.As(err, &op) && op.Op == "dial" {
			continue // a dead backend: the next
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
		resp.Body.Close()
		return
	}
	http.Error(w, "no backend answers", http.StatusBadGateway)
}

// TestThreeProcessesHTTP: three "tengen run" processes in HTTP mode behind
// a round-robin balancer, one "tengen ai-worker", one PostgreSQL database.
func TestThreeProcessesHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("the multi-process proof runs real processes")
	}
	database := storetest.Schema(t)
	dc := discordtest.New(t)
	c := &cluster{t: t, dc: dc, database: database}
	rr := &roundRobin{}
	for i := range 3 {
		addr := freeAddr(t)
		rr.backends = append(rr.backends, addr)
		c.cfgs = append(c.cfgs, fmt.Sprintf("database: %q\ndev_guild: %q\ndiscord:\n  register: %v\ninteractions:\n  listen: %q\n  public_key: %q\ngames:\n  ai: workers\n  tick_interval: 1s\n  puzzle_stock: 0\n",
			database, dc.Guild().ID, i == 0, addr, dc.PublicKeyHex()))
		c.dirs = append(c.dirs, t.TempDir())
	}
	for i := range 3 {
		c.procs = append(c.procs, startProcess(t, dc, c.dirs[i], c.cfgs[i], "run", "msg=running"))
	}
	c.worker = startProcess(t, dc, t.TempDir(), fmt.Sprintf("database: %q\ngames:\n  tick_interval: 1s\n  puzzle_stock: 0\n", database), "ai-worker", "AI worker running")
	lb := httptest.NewServer(rr)
	defer lb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	if err := dc.SetInteractionsEndpoint(ctx, lb.URL+"/interactions"); err != nil {
		t.Fatal(err)
	}
	c.play(ctx, []*discordtest.Channel{dc.NewChannel("lobby")})
}

// TestThreeProcessesShards: three "tengen run" processes in gateway mode,
// each running one of three shards, one "tengen ai-worker", one PostgreSQL
// database; the games are in guilds on every shard.
func TestThreeProcessesShards(t *testing.T) {
	if testing.Short() {
		t.Skip("the multi-process proof runs real processes")
	}
	database := storetest.Schema(t)
	dc := discordtest.New(t, discordtest.WithShards(3, 3))
	c := &cluster{t: t, dc: dc, database: database}
	var channels []*discordtest.Channel
	for shard := range 3 {
		channels = append(channels, dc.NewGuildOnShard(fmt.Sprintf("g%d", shard), shard, 3).NewChannel("lobby"))
	}
	for i := range 3 {
		c.cfgs = append(c.cfgs, fmt.Sprintf("database: %q\ndiscord:\n  register: %v\n  shards: \"3\"\n  shard_ids: \"%d\"\ngames:\n  ai: workers\n  tick_interval: 1s\n  puzzle_stock: 0\n",
			database, i == 0, i))
		c.dirs = append(c.dirs, t.TempDir())
	}
	for i := range 3 {
		c.procs = append(c.procs, startProcess(t, dc, c.dirs[i], c.cfgs[i], "run", "msg=running"))
	}
	c.worker = startProcess(t, dc, t.TempDir(), fmt.Sprintf("database: %q\ngames:\n  tick_interval: 1s\n  puzzle_stock: 0\n", database), "ai-worker", "AI worker running")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	c.play(ctx, channels)
}

// play runs 8 games between people and 4 against the AI at once in the
// channels, kills one bot process after a few rounds and the deadline
// leader a few rounds later (each started again by the test, as a
// supervisor would), and checks every game.
func (c *cluster) play(ctx context.Context, channels []*discordtest.Channel) {
	t := c.t
	db, err := store.Open(ctx, c.database, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const people, solos, rounds = 8, 4, 10
	type game struct {
		id      int64
		players [2]*discordtest.User
		ai      bool
		ch      *discordtest.Channel
		acked   []string // moves acknowledged to the players, in order
	}
	games := make([]*game, 0, people+solos)
	for i := range people + solos {
		ch := channels[i%len(channels)]
		a, b := c.dc.User(fmt.Sprintf("p%da", i)), c.dc.User(fmt.Sprintf("p%db", i))
		g := &game{players: [2]*discordtest.User{a, b}, ai: i >= people, ch: ch}
		var r *discordtest.Reply
		if g.ai {
			r, err = retry(ctx, func() (*discordtest.Reply, error) {
				return a.Slash(ctx, ch, "gomoku", discordtest.Sub("ai", discordtest.Opt("level", 1), discordtest.Opt("colour", "black")))
			})
		} else {
			r, err = retry(ctx, func() (*discordtest.Reply, error) {
				return a.Slash(ctx, ch, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", b.ID), discordtest.Opt("first", "me")))
			})
		}
		if err != nil {
			t.Fatal(err)
		}
		live, err := db.UserGames(ctx, a.ID)
		if err != nil || len(live) != 1 {
			t.Fatalf("%s's games: %v, %v", a.Name, live, err)
		}
		g.id = live[0].ID
		if !g.ai {
			id := r.Message().ID // not inside WaitMessage's test, which holds the fake's lock
			m, err := ch.WaitMessage(ctx, func(m *discordtest.Message) bool { return m.ID == id && len(m.Buttons()) == 2 })
			if err != nil {
				t.Fatalf("the challenge: %v", err)
			}
			if _, err := retry(ctx, func() (*discordtest.Reply, error) { return b.Click(ctx, m, m.Buttons()[0].CustomID) }); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, g)
	}

	var wg sync.WaitGroup
	var failedMoves atomic.Int32
	progress := make([]atomic.Int32, len(games)) // rounds done, per game
	for gi, g := range games {
		wg.Go(func() {
			defer progress[gi].Store(rounds)
			for r := range rounds {
				progress[gi].Store(int32(r))
				sg, err := db.Game(ctx, g.id)
				if err != nil {
					t.Error(err)
					return
				}
				if sg.Status != store.Active {
					return
				}
				eg, err := match.Restore(sg.Kind, sg.Moves)
				if err != nil {
					t.Error(err)
					return
				}
				moves := eg.LegalMoves()
				mv := moves[rand.IntN(len(moves))]
				player := g.players[eg.Turn()]
				if g.ai {
					player = g.players[0]
				}
				rep, err := player.Slash(ctx, g.ch, "move", discordtest.Opt("move", mv))
				if err == nil && acknowledged(ctx, rep) {
					g.acked = append(g.acked, mv)
				} else {
					failedMoves.Add(1)
				}
				// Wait until the game has taken the move (or not) and, against
				// the AI, the AI has answered.
				deadline := time.Now().Add(60 * time.Second)
				for time.Now().Before(deadline) {
					sg, err := db.Game(ctx, g.id)
					if err != nil {
						t.Error(err)
						return
					}
					eg, _ := match.Restore(sg.Kind, sg.Moves)
					if sg.Status != store.Active || !sg.Seats[eg.Turn()].IsAI() {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
		})
	}
	// The kills, while the games go on: a bot process once every game has
	// played 3 rounds, the deadline leader after 6.
	for _, at := range []int32{3, 6} {
		for {
			all := true
			for i := range progress {
				all = all && progress[i].Load() >= at
			}
			if all {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		victim := 1
		if at == 6 {
			// Process 1 may have been the leader killed at round 3, and
			// the deadlines not yet taken over.
			victim = c.awaitLeader("the deadlines have no leader", time.Now())
		}
		killedAt := time.Now()
		c.kill(victim)
		if at == 6 {
			// Another process (or the new one) runs the deadlines again.
			c.awaitLeader("nobody runs the deadlines a minute after their leader died", killedAt)
			t.Logf("the deadlines were taken over %v after their leader was killed (its restart included)", time.Since(killedAt).Round(time.Millisecond))
		}
	}
	wg.Wait()

	// Every game went on, every acknowledged move is in it once, in order.
	for _, g := range games {
		sg, err := db.Game(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		played := strings.Fields(sg.Moves)
		seen := map[string]bool{}
		for _, m := range played {
			if seen[m] {
				t.Errorf("game %d: %s applied twice: %v", g.id, m, played)
			}
			seen[m] = true
		}
		i := 0
		for _, m := range played {
			if i < len(g.acked) && m == g.acked[i] {
				i++
			}
		}
		if i != len(g.acked) {
			t.Errorf("game %d: acknowledged %v, stored %v: a move was lost", g.id, g.acked, played)
		}
		if sg.Status == store.Active && len(played) < rounds/2 {
			t.Errorf("game %d stopped at %d moves", g.id, len(played))
		}
	}
	t.Logf("%d games, %d moves failed around the kills (not acknowledged), failures in Discord: %d",
		len(games), failedMoves.Load(), len(c.dc.Failures()))
}

// acknowledged reports whether the answer rep told the player their move
// was taken: its response, once no longer "thinking…", is public. A slow
// answer (a loaded machine) is deferred first, then completed with the
// board or replaced by a private refusal; one still thinking after 20 s
// (its process killed before it committed) took nothing.
func acknowledged(ctx context.Context, rep *discordtest.Reply) bool {
	deadline := time.Now().Add(20 * time.Second)
	for {
		m := rep.Message()
		switch {
		case m == nil:
			return false // deleted: a private refusal follows
		case !m.Loading():
			return !m.Ephemeral()
		case time.Now().After(deadline) || ctx.Err() != nil:
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// retry runs an action until it succeeds (an interaction sent to a
// process while it dies fails; the player tries again).
func retry(ctx context.Context, act func() (*discordtest.Reply, error)) (*discordtest.Reply, error) {
	var err error
	for range 5 {
		var r *discordtest.Reply
		if r, err = act(); err == nil {
			return r, nil
		}
		if !errors.Is(err, discordtest.ErrInteractionFailed) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return nil, err
}

// awaitLeader returns the index of the process running the deadlines,
// waiting up to a minute from since for one; it fails the test with
// failure when none does by then.
func (c *cluster) awaitLeader(failure string, since time.Time) int {
	for {
		if i := c.leaderOrNone(); i >= 0 {
			return i
		}
		if time.Since(since) > time.Minute {
			c.t.Fatal(failure)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// leaderOrNone returns the index of the process running the deadlines, or
// -1 when none does.
func (c *cluster) leaderOrNone() int {
	for i, p := range c.procs {
		if p.cmd.ProcessState == nil && strings.Contains(p.logs.String(), "running the deadlines") {
			return i
		}
	}
	return -1
}

// kill kills process i with SIGKILL and starts it again, as a supervisor
// would.
func (c *cluster) kill(i int) {
	c.t.Logf("killing process %d", i)
	c.procs[i].kill()
	// Discord lets a shard identify again once its bucket's 5 s have
	// passed (the fake counts them on its own clock).
	c.dc.Clock().Advance(6 * time.Second)
	c.procs[i] = startProcess(c.t, c.dc, c.dirs[i], c.cfgs[i], "run", "msg=running")
}
