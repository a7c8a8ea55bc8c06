package discordtest_test

import (
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// BenchmarkBurstInOneChannel measures how long discordgo takes to send
// MessageLimit+1 messages to one channel under Discord's limits: the last
// must wait for the bucket's 5-second window (s/burst), with no 429.
func BenchmarkBurstInOneChannel(b *testing.B) {
	dc := discordtest.New(b, discordtest.WithRateLimits())
	s := dc.Session()
	var total time.Duration
	for b.Loop() {
		ch := dc.NewChannel("c")
		start := time.Now()
		for i := range discordtest.MessageLimit + 1 {
			if _, err := s.ChannelMessageSend(ch.ID, "board "+strconv.Itoa(i)); err != nil {
				b.Fatal(err)
			}
		}
		total += time.Since(start)
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/burst")
	b.ReportMetric(float64(dc.InvalidRequests()), "invalid")
}

// BenchmarkEditAfterAnotherTokensBurst measures how long discordgo holds an
// @original edit of one interaction after another interaction spent its own
// token's bucket (5 calls): discordgo keys all webhook message edits to one
// bucket, so it waits out the other token's window (up to WebhookWindow)
// although Discord counts each token apart (s/edit).
func BenchmarkEditAfterAnotherTokensBurst(b *testing.B) {
	dc := discordtest.New(b, discordtest.WithRateLimits())
	waits := make(chan time.Duration, 1)
	var burst atomic.Bool
	startBot(b, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := pong(s, i); err != nil {
			return err
		}
		n := 1
		if burst.Load() {
			n = discordtest.WebhookLimit
		}
		start := time.Now()
		for range n {
			if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: ptr("edited")}); err != nil {
				return err
			}
		}
		waits <- time.Since(start)
		return nil
	})
	ch := dc.NewChannel("c")
	alice := dc.User("alice")
	var total time.Duration
	for b.Loop() {
		for _, first := range []bool{true, false} {
			burst.Store(first)
			if _, err := alice.Slash(ctx(b), ch, "ping"); err != nil {
				b.Fatal(err)
			}
			if w := <-waits; !first {
				total += w
			}
		}
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/edit")
}
