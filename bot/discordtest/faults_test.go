package discordtest_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

const messagesRoute = "/channels/{channel_id}/messages"

func TestFail502IsRetriedByDiscordgo(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	dc.FailNext("POST", messagesRoute, 502, 2)
	if _, err := s.ChannelMessageSend(ch.ID, "hello"); err != nil {
		t.Fatalf("discordgo should retry 502 by itself: %v", err)
	}
	if n := dc.CountRequests("POST", messagesRoute); n != 3 {
		t.Fatalf("%d requests, want 2 failures and 1 success", n)
	}
	if got := ch.Messages(); len(got) != 1 {
		t.Fatalf("%d messages, want exactly 1 (failed attempts must not take effect)", len(got))
	}
}

func TestFail500ReachesTheCaller(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	dc.FailNext("", messagesRoute, 500, 1)
	_, err := s.ChannelMessageSend(ch.ID, "hello", discordgo.WithRestRetries(0))
	if err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("got %v, want discordgo's error for a 500", err)
	}
	if len(ch.Messages()) != 0 {
		t.Fatal("a failed request took effect")
	}
	if _, err := s.ChannelMessageSend(ch.ID, "hello"); err != nil {
		t.Fatalf("the fault should be used up: %v", err)
	}
}

func TestRateLimitIsWaitedOut(t *testing.T) {
	for _, global := range []bool{false, true} {
		t.Run(map[bool]string{false: "bucket", true: "global"}[global], func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			s := dc.Session()
			limited := make(chan *discordgo.RateLimit, 1)
			s.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) { limited <- rl })
			ch := dc.NewChannel("c")
			dc.RateLimitNext("POST", messagesRoute, 100*time.Millisecond, global, 1)
			if _, err := s.ChannelMessageSend(ch.ID, "hello"); err != nil {
				t.Fatalf("discordgo should wait out a 429: %v", err)
			}
			select {
			case rl := <-limited:
				if rl.RetryAfter != 100*time.Millisecond {
					t.Fatalf("retry_after seen by discordgo: %v", rl.RetryAfter)
				}
			case <-ctx(t).Done():
				t.Fatal("discordgo saw no rate limit")
			}
			if n := dc.CountRequests("POST", messagesRoute); n != 2 {
				t.Fatalf("%d requests, want 2", n)
			}
		})
	}
}

func TestRateLimitWithoutRetryReturnsError(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	dc.RateLimitNext("POST", messagesRoute, time.Second, false, 1)
	_, err := s.ChannelMessageSend(dc.NewChannel("c").ID, "hello", discordgo.WithRetryOnRatelimit(false))
	var rle *discordgo.RateLimitError
	if !errors.As(err, &rle) || rle.RetryAfter != time.Second {
		t.Fatalf("got %v, want a RateLimitError with retry_after 1s", err)
	}
}

// TestSlowCallbackFailsTheInteraction shows a slow network between the bot and
// Discord can make an answer miss the deadline: the user sees a failure.
func TestSlowCallbackFailsTheInteraction(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithAckDeadline(200*time.Millisecond))
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		got <- pong(s, i)
		return nil
	})
	ch := dc.NewChannel("c")
	dc.SlowNext("POST", "/interactions/{interaction_id}/{interaction_token}/callback", 400*time.Millisecond, 1)
	if _, err := dc.User("alice").Slash(ctx(t), ch, "ping"); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("got %v, want ErrInteractionFailed", err)
	}
	if status, code := restCode(t, <-got); status != 404 || code != 10062 {
		t.Fatalf("late callback: HTTP %d code %d", status, code)
	}
	// The next one is not slowed down.
	if _, err := dc.User("alice").Slash(ctx(t), ch, "ping"); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
}

func TestFaultOnUnknownRouteIsReported(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	dc.FailNext("POST", "/channels/{id}/messages", 500, 1)
	if errs := rec.Errors(); len(errs) != 1 {
		t.Fatalf("reports %q, want one about the unknown route", errs)
	}
}
