package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/store"
)

// BenchmarkInteraction measures a move between two people through the fake
// Discord on loopback, with Discord's rate limits: one /move per iteration
// (lifecycle write, board image, the board as the interaction's answer, the
// previous board's buttons removed), timed from the user's action to the
// answer. It reports the REST requests per move, those in the channel's
// shared bucket, the notifications per move, and the store's durable
// writes (commits with an fsync) per move. A new game starts, off the
// clock, when one ends.
func BenchmarkInteraction(b *testing.B) {
	benchInteraction(b, setup{opts: []discordtest.Option{discordtest.WithRateLimits()}}, lobby)
}

// BenchmarkInteractionHTTP is BenchmarkInteraction in HTTP mode: the
// interactions come to the bot's interactions endpoint, signed, and it
// reports besides how the moves' first responses went: in the HTTP body
// (inline/move) or through the callback route and 202 (202/move).
func BenchmarkInteractionHTTP(b *testing.B) {
	benchInteraction(b, setup{http: true, opts: []discordtest.Option{discordtest.WithRateLimits()}}, lobby)
}

// BenchmarkInteractionUserInstall is BenchmarkInteraction where only the
// players installed Tengen: in a server that did not invite the bot, and
// in a group DM. There the bot token may not touch the channel, so every
// request goes through the interactions' tokens.
func BenchmarkInteractionUserInstall(b *testing.B) {
	places := map[string]func(w *world) *discordtest.Channel{
		"server": func(w *world) *discordtest.Channel {
			g := w.dc.NewGuild("theirs")
			g.SetBotMember(false)
			return g.NewChannel("games")
		},
		"group-dm": func(w *world) *discordtest.Channel { return w.dc.GroupDM(w.alice, w.bob) },
	}
	for _, name := range []string{"server", "group-dm"} {
		b.Run(name, func(b *testing.B) {
			benchInteraction(b, setup{opts: []discordtest.Option{discordtest.WithRateLimits()}}, places[name])
		})
	}
}

// lobby is the world's channel in a server that invited the bot.
func lobby(w *world) *discordtest.Channel { return w.lobby }

// benchInteraction plays moves between alice and bob in the channel place
// makes.
func benchInteraction(b *testing.B, s setup, place func(w *world) *discordtest.Channel) {
	w := newWorld(b, s)
	ch := place(w)
	ctx := context.Background()
	players := [2]*discordtest.User{w.alice, w.bob}
	var mirror *gomoku.Game
	newGame := func() {
		m := w.do(w.alice.Slash(ctx, ch, "gomoku", discordtest.Sub("challenge",
			discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"), discordtest.Opt("size", 19))))
		w.click(w.bob, m, "Accept")
		mirror, _ = gomoku.NewGame(19, gomoku.Freestyle)
	}
	newGame()
	lat := make([]time.Duration, 0, b.N)
	reqs, pings, writes, games := len(w.dc.Requests()), len(w.dc.Notifications()), w.writes.Load(), 0
	var inline, accepted int // the endpoint's answers to new games, taken off
	var e discordtest.EndpointStats
	if s.http {
		e = w.endpointStats()
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	var paused time.Duration
	for range b.N {
		mv := mirror.LegalMoves()[0]
		t0 := time.Now()
		r, err := players[mirror.Ply()%2].Slash(ctx, ch, "move", discordtest.Opt("move", mv))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := completed(ctx, ch, r.Message(), -1); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
		if _, err := mirror.Play(mv); err != nil {
			b.Fatal(err)
		}
		if mirror.Outcome().Over() {
			b.StopTimer()
			p0 := time.Now()
			w.idle()
			r0, n0, w0 := len(w.dc.Requests()), len(w.dc.Notifications()), w.writes.Load()
			e0 := w.endpointStats()
			newGame()
			w.idle()
			e1 := w.endpointStats()
			inline, accepted = inline-(e1.Inline-e0.Inline), accepted-(e1.Accepted-e0.Accepted)
			games++
			reqs, pings = reqs+len(w.dc.Requests())-r0, pings+len(w.dc.Notifications())-n0 // not the new game's
			writes += w.writes.Load() - w0
			paused += time.Since(p0)
			b.StartTimer()
		}
	}
	elapsed := time.Since(start) - paused
	b.StopTimer()
	w.idle()
	channel := 0
	for _, r := range w.dc.Requests()[reqs:] {
		if strings.HasPrefix(r.Route, "/channels/{channel_id}/messages") {
			channel++
		}
	}
	b.ReportMetric(float64(len(w.dc.Requests())-reqs)/float64(b.N), "req/move")
	b.ReportMetric(float64(channel)/float64(b.N), "channel-req/move")
	b.ReportMetric(float64(len(w.dc.Notifications())-pings)/float64(b.N), "pings/move")
	b.ReportMetric(float64(w.writes.Load()-writes)/float64(b.N), "writes/move")
	if s.http {
		st := w.endpointStats()
		b.ReportMetric(float64(st.Inline+inline-e.Inline)/float64(b.N), "inline/move")
		b.ReportMetric(float64(st.Accepted+accepted-e.Accepted)/float64(b.N), "202/move")
	}
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "interactions/s")
	b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	if f := w.dc.Failures(); len(f) != 0 {
		b.Fatalf("interactions failed: %+v", f)
	}
	noForbidden(b, w)
}

// BenchmarkMoveAgainstTheAI plays moves against Tengen's own engines at a
// level, through the fake Discord, one /move per iteration, and reports
// from the move's interaction: the time to the move's answer (p50/p99
// answer-ms) and to the board showing the AI's reply (p50/p99 reply-ms),
// the REST requests per move in all and in the channel's shared bucket
// (channel-req/move), where Discord allows 5 requests in 5 seconds, and the
// notifications per move, and the store's durable writes per move (the
// move's and the AI's reply's). A new game, when one ends, is set up off the
// clock and its requests and notifications are not counted, except in the
// logged routes and channel-req/move.
func BenchmarkMoveAgainstTheAI(b *testing.B) {
	for _, level := range []int{1, 10} {
		b.Run(fmt.Sprintf("level=%d", level), func(b *testing.B) {
			w := newWorld(b, setup{ai: &match.Engines{}, opts: []discordtest.Option{discordtest.WithRateLimits()}})
			ctx := context.Background()
			var game int64
			newGame := func() {
				board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai",
					discordtest.Opt("level", level), discordtest.Opt("colour", "black"))))
				id, err := parseButton(board)
				if err != nil {
					b.Fatal(err)
				}
				game = id
			}
			newGame()
			var answer, reply []time.Duration
			before, pings, extraReqs, writes := len(w.dc.Requests()), len(w.dc.Notifications()), 0, w.writes.Load()
			b.ResetTimer()
			for range b.N {
				g, err := w.db.Game(ctx, game)
				if err != nil {
					b.Fatal(err)
				}
				eg, err := match.Restore(g.Kind, g.Moves)
				if err != nil {
					b.Fatal(err)
				}
				mv := eg.LegalMoves()[0]
				t0 := time.Now()
				r, err := w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", mv))
				if err != nil {
					b.Fatal(err)
				}
				answer = append(answer, time.Since(t0))
				m := r.Message()
				want := itoa(eg.Ply() + 2)
				if _, err := w.lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
					return x.ID == m.ID && (field(x, "Moves played") == want || strings.HasPrefix(x.Content, "🏁"))
				}); err != nil {
					b.Fatal(err)
				}
				reply = append(reply, time.Since(t0))
				if g, err = w.db.Game(ctx, game); err != nil {
					b.Fatal(err)
				}
				if g.Status != store.Active {
					b.StopTimer()
					w.idle()
					r0, n0, w0 := len(w.dc.Requests()), len(w.dc.Notifications()), w.writes.Load()
					newGame()
					w.idle()
					extraReqs += len(w.dc.Requests()) - r0
					writes += w.writes.Load() - w0
					pings += len(w.dc.Notifications()) - n0 // not the new game's
					b.StartTimer()
				}
			}
			b.StopTimer()
			w.idle()
			channel := 0
			reqs := w.dc.Requests()[before:]
			routes := map[string]int{}
			for _, r := range reqs {
				routes[r.Method+" "+r.Route]++
				if strings.HasPrefix(r.Route, "/channels/{channel_id}/messages") {
					channel++
				}
			}
			b.Logf("%d moves: %v", b.N, routes)
			report := func(name string, d []time.Duration) {
				slices.Sort(d)
				b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, "p50-"+name+"-ms")
				b.ReportMetric(float64(d[(len(d)*99)/100].Microseconds())/1000, "p99-"+name+"-ms")
			}
			report("answer", answer)
			report("reply", reply)
			b.ReportMetric(float64(len(reqs)-extraReqs)/float64(b.N), "req/move")
			b.ReportMetric(float64(channel)/float64(b.N), "channel-req/move")
			b.ReportMetric(float64(len(w.dc.Notifications())-pings)/float64(b.N), "pings/move")
			b.ReportMetric(float64(w.writes.Load()-writes)/float64(b.N), "writes/move")
			if f := w.dc.Failures(); len(f) != 0 {
				b.Fatalf("interactions failed: %+v", f)
			}
		})
	}
}
