package bot_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
)

// signedRequest is a POST of body to the endpoint signed by key at ts, as
// Discord signs it.
func signedRequest(key ed25519.PrivateKey, ts time.Time, body []byte) *http.Request {
	stamp := strconv.FormatInt(ts.Unix(), 10)
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Timestamp", stamp)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(stamp), body...))))
	return r
}

// helpInteraction is a /help command by u in ch: answered privately,
// without any image, so in the HTTP response's body.
func helpInteraction(t *testing.T, appID string, ch *discordtest.Channel, u *discordtest.User, id string) []byte {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"id": id, "application_id": appID, "type": 2, "token": "aW50ZXJhY3Rpb24test" + id, "version": 1,
		"channel_id": ch.ID, "channel": map[string]any{"id": ch.ID, "type": 1}, "locale": "en-US",
		"user": map[string]any{"id": u.ID, "username": u.Name, "discriminator": "0"},
		"data": map[string]any{"id": "1", "name": "help", "type": 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// TestEndpointRefusesWhatDiscordDidNotSign: the interactions endpoint
// answers only POSTs signed by the application's key over their timestamp
// and body, with a timestamp within five minutes, once: everything else is
// refused (401, 405, 413) without reaching a handler. A PING is answered
// with PONG.
func TestEndpointRefusesWhatDiscordDidNotSign(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true})
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, otherKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	h := w.b.Endpoint(pub)
	now := time.Now()
	help := helpInteraction(t, w.dc.AppID(), w.lobby, w.alice, "900001")
	ping := []byte(`{"id":"900002","application_id":"` + w.dc.AppID() + `","type":1,"token":"t","version":1}`)
	before := len(w.dc.Requests())

	tests := []struct {
		name   string
		req    func() *http.Request
		status int
	}{
		{"GET", func() *http.Request { return httptest.NewRequest(http.MethodGet, "/interactions", nil) }, http.StatusMethodNotAllowed},
		{"no signature headers", func() *http.Request {
			return httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(help))
		}, http.StatusUnauthorized},
		{"no timestamp", func() *http.Request {
			r := signedRequest(key, now, help)
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, http.StatusUnauthorized},
		{"signature not hex", func() *http.Request {
			r := signedRequest(key, now, help)
			r.Header.Set("X-Signature-Ed25519", "zz"+r.Header.Get("X-Signature-Ed25519")[2:])
			return r
		}, http.StatusUnauthorized},
		{"signed by another key", func() *http.Request { return signedRequest(otherKey, now, help) }, http.StatusUnauthorized},
		{"body changed after signing", func() *http.Request {
			r := signedRequest(key, now, help)
			r.Body = io.NopCloser(bytes.NewReader(bytes.Replace(help, []byte("help"), []byte("gomoku"), 1)))
			return r
		}, http.StatusUnauthorized},
		{"timestamp changed after signing", func() *http.Request {
			r := signedRequest(key, now, help)
			r.Header.Set("X-Signature-Timestamp", strconv.FormatInt(now.Unix()+1, 10))
			return r
		}, http.StatusUnauthorized},
		{"replay signed six minutes ago", func() *http.Request { return signedRequest(key, now.Add(-6*time.Minute), help) }, http.StatusUnauthorized},
		{"timestamp six minutes ahead", func() *http.Request { return signedRequest(key, now.Add(6*time.Minute), help) }, http.StatusUnauthorized},
		{"body over 1 MiB", func() *http.Request {
			big := append(bytes.Clone(help[:len(help)-1]), []byte(`,"pad":"`+strings.Repeat("x", bot.MaxInteractionBody)+`"}`)...)
			return signedRequest(key, now, big)
		}, http.StatusRequestEntityTooLarge},
		{"PING forged", func() *http.Request { return signedRequest(otherKey, now, ping) }, http.StatusUnauthorized},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, tt.req())
		if rec.Code != tt.status {
			t.Errorf("%s: %d %q, want %d", tt.name, rec.Code, rec.Body.String(), tt.status)
		}
		if tt.status == http.StatusMethodNotAllowed && rec.Header().Get("Allow") != http.MethodPost {
			t.Errorf("%s: Allow %q, want POST", tt.name, rec.Header().Get("Allow"))
		}
	}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, signedRequest(key, now, ping))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" || strings.TrimSpace(rec.Body.String()) != `{"type":1}` {
		t.Fatalf("PING: %d %q %q, want 200 and a JSON PONG", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	w.idle()
	if got := w.dc.Requests()[before:]; len(got) != 0 {
		t.Fatalf("refused requests reached Discord: %+v", got)
	}

	// A signed /help is answered in the body (no files, nothing to record);
	// the same request again is a replay.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, signedRequest(key, now.Add(-4*time.Minute), help))
	var answer struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data struct {
			Embeds []struct {
				Description string `json:"description"`
			} `json:"embeds"`
			Flags discordgo.MessageFlags `json:"flags"`
		} `json:"data"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil ||
		answer.Type != discordgo.InteractionResponseChannelMessageWithSource || answer.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || len(answer.Data.Embeds) == 0 || answer.Data.Embeds[0].Description == "" {
		t.Fatalf("/help: %d %q, want 200 with a private message", rec.Code, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, signedRequest(key, now, help))
	if rec.Code != http.StatusUnauthorized {
		t.Fatalf("/help sent again: %d %q, want 401", rec.Code, rec.Body.String())
	}
	w.idle()
	if got := w.dc.Requests()[before:]; len(got) != 0 {
		t.Fatalf("an answer in the body still called Discord: %+v", got)
	}
}

// endpointStats returns the fake's EndpointStats once it has read every
// answer of the endpoint.
func (w *world) endpointStats() discordtest.EndpointStats {
	w.t.Helper()
	if err := w.dc.WaitEndpointAnswers(ctxT(w.t)); err != nil {
		w.t.Fatal(err)
	}
	return w.dc.EndpointStats()
}

// callbackRoute is the route of an interaction's initial response.
const callbackRoute = "/interactions/{interaction_id}/{interaction_token}/callback"

// TestHTTPModeWholeGame plays through the interactions endpoint, with no
// gateway at all: a challenge, its acceptance, moves whose boards (images)
// go through the callback route with 202, a refusal answered in the HTTP
// body, and a game against the AI whose reply follows; the same handlers
// as over the gateway, and nobody sees a failure.
func TestHTTPModeWholeGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true})
	ctx := ctxT(t)
	if gs := w.dc.GatewayConnections(); len(gs) != 0 {
		t.Fatalf("HTTP mode opened the gateway: %+v", gs)
	}
	board := w.startGame()
	checkBoard(t, board, startButtons...)
	board = w.play(w.alice, "h8")
	board = w.play(w.bob, "h9")
	checkBoard(t, board, liveButtons...)

	// A refusal has no files: it is the HTTP response's body, and no
	// callback is sent.
	st, callbacks := w.endpointStats(), w.dc.CountRequests("POST", callbackRoute)
	r := w.must(w.bob.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "a1")))
	w.settled(r)
	wantEphemeral(t, r, "turn")
	// (Or, on a machine so slow that the watchdog deferred it, the
	// deferral is the body and the note follows through the webhook.)
	if got := w.endpointStats(); got.Inline != st.Inline+1 || w.dc.CountRequests("POST", callbackRoute) != callbacks {
		t.Fatalf("the refusal: endpoint %+v (before %+v), %d callbacks (before %d); want it in the body",
			got, st, w.dc.CountRequests("POST", callbackRoute), callbacks)
	}

	// Autocomplete choices too.
	st, callbacks = w.endpointStats(), w.dc.CountRequests("POST", callbackRoute)
	ac := w.must(w.alice.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "i")))
	if len(ac.Choices) == 0 || w.endpointStats().Inline != st.Inline+1 || w.dc.CountRequests("POST", callbackRoute) != callbacks {
		t.Fatalf("autocomplete: %d choices, endpoint %+v (before %+v); want choices in the body", len(ac.Choices), w.endpointStats(), st)
	}

	// A board is an image: through the callback route, then 202.
	st = w.endpointStats()
	r = w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "i8")))
	checkBoard(t, w.settled(r), liveButtons...)
	deferred := r.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource // a slow machine
	if got := w.endpointStats(); !deferred && got.Accepted != st.Accepted+1 || deferred && got.Inline != st.Inline+1 {
		t.Fatalf("a move answered with type %d: endpoint %+v (before %+v); want one more 202", r.Type, got, st)
	}

	// Against the AI: the reply follows on the board.
	w.do(w.carol.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	ai := w.play(w.carol, "h8")
	if _, err := w.waitMoves(ai, "2"); err != nil {
		t.Fatal(err)
	}
	w.idle()
	w.noFailures()
	got := w.endpointStats()
	if got.Failed != 0 || got.Inline == 0 || got.Accepted == 0 {
		t.Fatalf("endpoint %+v", got)
	}
	if gs := w.dc.GatewayConnections(); len(gs) != 0 {
		t.Fatalf("HTTP mode opened the gateway: %+v", gs)
	}
	t.Logf("endpoint: %+v", got)
}

// TestHTTPModeDeferred: when the handler is slower than the deferral
// (here at once), the deferral is the HTTP body and the answer follows
// through the interaction's webhook, as over the gateway.
func TestHTTPModeDeferred(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true, deferAfter: time.Millisecond})
	board := w.startGame()
	for i, mv := range []string{"h8", "h9", "i8", "i9"} {
		board = w.play([]*discordtest.User{w.alice, w.bob}[i%2], mv)
		if field(board, "Moves played") != strconv.Itoa(i+1) {
			t.Fatalf("after %s: %q moves played", mv, field(board, "Moves played"))
		}
	}
	checkBoard(t, board, liveButtons...)
	r := w.must(w.bob.Slash(ctxT(t), w.lobby, "move", discordtest.Opt("move", "a1")))
	// A refusal after a public deferral deletes the "thinking" message
	// and follows privately: there is no edit to wait for.
	w.idle()
	wantEphemeral(t, r, "turn")
	w.noFailures()
	st := w.endpointStats()
	if st.Failed != 0 || st.Inline == 0 {
		t.Fatalf("endpoint %+v", st)
	}
	t.Logf("endpoint: %+v", st)
}

// TestHTTPModeAnswersInTime: an HTTP interaction request ends before
// Discord's 3 seconds even when the first response is stuck on its way
// through the callback route: the bot answers 202 (the response may yet
// land), and when it does not, the move the interaction made still
// reaches the channel through the deliverer.
func TestHTTPModeAnswersInTime(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true})
	ctx := ctxT(t)
	w.startGame()
	hold := w.dc.HoldNext("POST", callbackRoute, false)
	if _, err := w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8")); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("a move whose response never arrived: %v, want the interaction failed", err)
	}
	st := w.endpointStats()
	if st.Failed != 1 || len(st.Problems) != 1 || !strings.Contains(st.Problems[0], "answered 202") {
		t.Fatalf("endpoint %+v: want the request answered 202 in time, without a callback", st)
	}
	hold.Release()
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool { return field(m, "Moves played") == "1" && !m.Loading() }); err != nil {
		t.Fatalf("the move never reached the channel: %v", err)
	}
}
