package bot_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// BenchmarkInteraction measures the handler path without the AI, through
// the fake Discord on loopback: one /move per iteration in a game between
// two people (lifecycle write, board image, deferred reply edited with the
// board, the previous board's buttons removed), timed from the user's action
// to the completed reply. A new game starts, off the clock, when one ends.
func BenchmarkInteraction(b *testing.B) {
	w := newWorld(b, setup{})
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
			newGame()
			paused += time.Since(p0)
			b.StartTimer()
		}
	}
	elapsed := time.Since(start) - paused
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "interactions/s")
	b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	if f := w.dc.Failures(); len(f) != 0 {
		b.Fatalf("interactions failed: %+v", f)
	}
}
