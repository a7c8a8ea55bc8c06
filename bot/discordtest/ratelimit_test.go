package discordtest_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// rawCall sends one REST request to the fake as the bot, without discordgo's
// rate limiter, and returns the response with its body read.
func rawCall(t *testing.T, dc *discordtest.Discord, method, path, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, dc.URL()+"/api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", discordtest.Token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, raw
}

// TestChannelMessagesShareOneBucketPerChannel: creates, edits and deletes in
// a channel draw on one bucket, reported with one X-RateLimit-Bucket; the
// next request is a 429 of scope user; another channel has its own count.
func TestChannelMessagesShareOneBucketPerChannel(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithRateLimits())
	discordtest.SetRateLimit(dc, "channel messages", discordtest.MessageLimit, time.Hour)
	ch, other := dc.NewChannel("c"), dc.NewChannel("other")
	resp, raw := rawCall(t, dc, "POST", "/channels/"+ch.ID+"/messages", `{"content":"board"}`)
	var m struct{ ID string }
	if err := json.Unmarshal(raw, &m); err != nil || resp.StatusCode != 200 {
		t.Fatalf("create: HTTP %d %s", resp.StatusCode, raw)
	}
	bucket := resp.Header.Get("X-RateLimit-Bucket")
	steps := []struct{ method, path, body string }{
		{"PATCH", "/channels/" + ch.ID + "/messages/" + m.ID, `{"content":"board, move 1"}`},
		{"POST", "/channels/" + ch.ID + "/messages", `{"content":"board 2"}`},
		{"PATCH", "/channels/" + ch.ID + "/messages/" + m.ID, `{"content":"board, move 2"}`},
		{"DELETE", "/channels/" + ch.ID + "/messages/" + m.ID, ""},
	}
	for i, st := range steps {
		resp, raw := rawCall(t, dc, st.method, st.path, st.body)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s: HTTP %d %s", st.method, resp.StatusCode, raw)
		}
		h := resp.Header
		if h.Get("X-RateLimit-Bucket") != bucket || h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(3-i) {
			t.Fatalf("%s: bucket %s limit %s remaining %s; want bucket %s, limit 5, remaining %d",
				st.method, h.Get("X-RateLimit-Bucket"), h.Get("X-RateLimit-Limit"), h.Get("X-RateLimit-Remaining"), bucket, 3-i)
		}
	}
	resp, raw = rawCall(t, dc, "POST", "/channels/"+ch.ID+"/messages", `{"content":"one too many"}`)
	var body struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || resp.StatusCode != 429 {
		t.Fatalf("6th request: HTTP %d %s, want 429", resp.StatusCode, raw)
	}
	h := resp.Header
	if h.Get("X-RateLimit-Scope") != "user" || h.Get("X-RateLimit-Bucket") != bucket || h.Get("X-RateLimit-Remaining") != "0" ||
		h.Get("Retry-After") == "" || body.RetryAfter <= 0 || body.Global || h.Get("X-RateLimit-Global") != "" {
		t.Fatalf("429 headers %v, body %s", h, raw)
	}
	if got := len(ch.Messages()); got != 1 {
		t.Fatalf("%d messages after the 429, want 1 (board 2)", got)
	}
	if resp, _ := rawCall(t, dc, "POST", "/channels/"+other.ID+"/messages", `{"content":"hi"}`); resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != "4" {
		t.Fatalf("another channel: HTTP %d remaining %s, want its own bucket", resp.StatusCode, resp.Header.Get("X-RateLimit-Remaining"))
	}
	if n := dc.InvalidRequests(); n != 1 {
		t.Fatalf("%d invalid requests, want the one 429", n)
	}
	for _, r := range dc.Requests() {
		if r.Bucket != bucket {
			t.Fatalf("request %+v has bucket %s, want %s", r, r.Bucket, bucket)
		}
	}
}

// TestDiscordgoKeysCreateAndEditApart: discordgo keeps separate buckets for
// creating and editing messages where Discord has one, so after two creates
// and three edits it believes it may create again, and gets a 429.
func TestDiscordgoKeysCreateAndEditApart(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithRateLimits())
	discordtest.SetRateLimit(dc, "channel messages", discordtest.MessageLimit, time.Hour)
	s := dc.Session()
	ch := dc.NewChannel("c")
	var m *discordgo.Message
	for i := range 2 {
		var err error
		if m, err = s.ChannelMessageSend(ch.ID, "board "+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if _, err := s.ChannelMessageEdit(ch.ID, m.ID, "move "+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	_, err := s.ChannelMessageSend(ch.ID, "board 3", discordgo.WithRetryOnRatelimit(false))
	var rle *discordgo.RateLimitError
	if !errors.As(err, &rle) {
		t.Fatalf("got %v, want a 429: the channel's one bucket is spent", err)
	}
	if n := dc.InvalidRequests(); n != 1 {
		t.Fatalf("%d invalid requests, want 1", n)
	}
}

// TestDiscordgoWaitsForTheChannelBucket sends six messages to one channel
// under Discord's real limit: discordgo reads the headers and waits, so the
// sixth is served only once the bucket's window is over, with no 429.
func TestDiscordgoWaitsForTheChannelBucket(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithRateLimits())
	s := dc.Session()
	ch := dc.NewChannel("c")
	for i := range discordtest.MessageLimit + 1 {
		if _, err := s.ChannelMessageSend(ch.ID, "board "+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	var served []time.Time
	for _, r := range dc.Requests() {
		if r.Method == "POST" && r.Route == messagesRoute {
			served = append(served, r.Served)
		}
	}
	if len(served) != discordtest.MessageLimit+1 || dc.InvalidRequests() != 0 {
		t.Fatalf("%d creates served, %d invalid requests; want %d and none", len(served), dc.InvalidRequests(), discordtest.MessageLimit+1)
	}
	// The fake admits a request HeaderSlack early: the headers' rounding.
	if wait := served[discordtest.MessageLimit].Sub(served[0]); wait < discordtest.MessageWindow-discordtest.HeaderSlack {
		t.Fatalf("the 6th create was served %v after the 1st, within the %v window less %v", wait, discordtest.MessageWindow, discordtest.HeaderSlack)
	}
}

// TestGlobalLimitSparesInteractionEndpoints: once the bot's global limit is
// spent, other routes answer a global 429, but the interaction endpoints
// (callback, follow-ups, @original) still work.
func TestGlobalLimitSparesInteractionEndpoints(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithRateLimits())
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := pong(s, i); err != nil {
			return err
		}
		got <- func() error {
			if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "more"}); err != nil {
				return err
			}
			_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: ptr("pong, edited")})
			return err
		}()
		return nil
	})
	discordtest.SetRateLimit(dc, "global", 1, time.Hour)
	var resp *http.Response
	for range 3 {
		if resp, _ = rawCall(t, dc, "GET", "/users/@me", ""); resp.StatusCode == 429 {
			break
		}
	}
	if resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Global") != "true" || resp.Header.Get("X-RateLimit-Scope") != "global" {
		t.Fatalf("HTTP %d, headers %v: want a global 429", resp.StatusCode, resp.Header)
	}
	r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatalf("an interaction endpoint was held to the global limit: %v", err)
	}
	if r.Message().Content != "pong, edited" || len(r.Followups()) != 1 {
		t.Fatalf("response %+v, %d follow-ups", r.Message(), len(r.Followups()))
	}
}

// TestInteractionTokenHasItsOwnBucket: follow-ups and @original edits of one
// interaction share a bucket of 5; another interaction has its own. (Raw
// calls: discordgo keys every webhook message edit to one bucket, across all
// tokens, so it would wait for the first token's window before editing for
// the second.)
func TestInteractionTokenHasItsOwnBucket(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithRateLimits())
	discordtest.SetRateLimit(dc, "interaction webhook", discordtest.WebhookLimit, time.Hour)
	ixs := make(chan *discordgo.Interaction, 2)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		ixs <- i.Interaction
		return pong(s, i)
	})
	ch := dc.NewChannel("c")
	bucket := ""
	for range 2 {
		if _, err := dc.User("alice").Slash(ctx(t), ch, "ping"); err != nil {
			t.Fatal(err)
		}
		ix := <-ixs
		followup := "/webhooks/" + ix.AppID + "/" + ix.Token
		calls := []struct{ method, path, body string }{
			{"POST", followup, `{"content":"more"}`},
			{"PATCH", followup + "/messages/@original", `{"content":"edited"}`},
			{"GET", followup + "/messages/@original", ""},
			{"POST", followup, `{"content":"more"}`},
			{"PATCH", followup + "/messages/@original", `{"content":"edited again"}`},
		}
		for i, c := range calls {
			resp, raw := rawCall(t, dc, c.method, c.path, c.body)
			if bucket == "" {
				bucket = resp.Header.Get("X-RateLimit-Bucket")
			}
			if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != strconv.Itoa(4-i) || resp.Header.Get("X-RateLimit-Bucket") != bucket {
				t.Fatalf("%s %s: HTTP %d %s, remaining %s, bucket %s; want 200, %d, %s", c.method, c.path, resp.StatusCode, raw,
					resp.Header.Get("X-RateLimit-Remaining"), resp.Header.Get("X-RateLimit-Bucket"), 4-i, bucket)
			}
		}
		if resp, raw := rawCall(t, dc, "POST", followup, `{"content":"one too many"}`); resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Scope") != "user" {
			t.Fatalf("6th call with one token: HTTP %d %s, want a 429", resp.StatusCode, raw)
		}
	}
}

// TestInvalidRequestsAreCounted: 401, 403 and 429 count, a 429 of scope
// shared does not, nor does any other error.
func TestInvalidRequestsAreCounted(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	s.Token = "Bot wrong"
	if _, err := s.User("@me"); err == nil {
		t.Fatal("a wrong token was accepted")
	}
	s.Token = discordtest.Token
	dc.RateLimitNext("POST", messagesRoute, time.Millisecond, false, 1)
	dc.ResourceLimitNext("POST", messagesRoute, time.Millisecond, 1)
	if _, err := s.ChannelMessageSend(ch.ID, "hi"); err != nil {
		t.Fatalf("discordgo should wait out both 429s: %v", err)
	}
	if _, err := s.ChannelMessage(ch.ID, "1"); err == nil {
		t.Fatal("an unknown message was found")
	}
	ch.SetAppPermissions(0)
	if _, err := s.ChannelMessageSend(ch.ID, "hi"); err == nil {
		t.Fatal("a message was sent without permission")
	}
	if n := dc.InvalidRequests(); n != 3 {
		t.Fatalf("%d invalid requests, want 3: the 401, the bucket 429 and the 403", n)
	}
}
