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
// shared bucket, and the notifications per move. A new game starts, off the
// clock, when one ends.
func BenchmarkInteraction(b *testing.B) {
	benchInteraction(b, setup{opts: []discordtest.Option{discordtest.WithRateLimits()}})
}

// BenchmarkInteractionHTTP is BenchmarkInteraction in HTTP mode: the
// interactions come to the bot's interactions endpoint, signed, and it
// reports besides how the moves' first responses went: in the HTTP body
// (inline/move) or through the callback route and 202 (202/move).
func BenchmarkInteractionHTTP(b *testing.B) {
	benchInteraction(b, setup{http: true, opts: []discordtest.Option{discordtest.WithRateLimits()}})
}

func benchInteraction(b *testing.B, s setup) {
	w := newWorld(b, s)
	ctx := context.Background()
	players := [2]*discordtest.User{w.alice, w.bob}
	var mirror *gomoku.Game
	newGame := func() {
		ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
			discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"), discordtest.Opt("size", 19))))
		w.click(w.bob, ch, "Accept")
		mirror, _ = gomoku.NewGame(19, gomoku.Freestyle)
	}
	newGame()
	lat := make([]time.Duration, 0, b.N)
	reqs, pings, games := len(w.dc.Requests()), len(w.dc.Notifications()), 0
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
		r, err := players[mirror.Ply()%2].Slash(ctx, w.lobby, "move", discordtest.Opt("move", mv))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := completed(ctx, w.lobby, r.Message(), -1); err != nil {
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
			r0, n0 := len(w.dc.Requests()), len(w.dc.Notifications())
			e0 := w.endpointStats()
			newGame()
			e1 := w.endpointStats()
			inline, accepted = inline-(e1.Inline-e0.Inline), accepted-(e1.Accepted-e0.Accepted)
			games++
			reqs, pings = reqs+len(w.dc.Requests())-r0, pings+len(w.dc.Notifications())-n0 // not the new game's
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
}

// BenchmarkMoveAgainstTheAI plays moves against Tengen's own engines at a
// level, through the fake Discord, one /move per iteration, and reports
// from the move's interaction: the time to the move's answer (p50/p99
// answer-ms) and to the board showing the AI's reply (p50/p99 reply-ms),
// the REST requests per move in all and in the channel's shared bucket
// (channel-req/move), where Discord allows 5 requests in 5 seconds, and the
// notifications per move. A new game, when one ends, is set up off the
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
			before, pings, extraReqs := len(w.dc.Requests()), len(w.dc.Notifications()), 0
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
					r0, n0 := len(w.dc.Requests()), len(w.dc.Notifications())
					newGame()
					w.idle()
					extraReqs += len(w.dc.Requests()) - r0
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
			if f := w.dc.Failures(); len(f) != 0 {
				b.Fatalf("interactions failed: %+v", f)
			}
		})
	}
}
