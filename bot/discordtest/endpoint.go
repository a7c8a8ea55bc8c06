package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// callbackRoute is the route of an interaction's initial response, whose
// rules also judge a response given in the body of an HTTP interaction.
const callbackRoute = "/interactions/{interaction_id}/{interaction_token}/callback"

// maxEndpointReply bounds what the fake reads of an endpoint's answer.
const maxEndpointReply = 8 << 20

// endpointState is the application's Interactions Endpoint URL: when set,
// interactions are POSTed there, signed, instead of dispatched over the
// gateway; the two are exclusive (interactions/overview.mdx "Preparing for
// Interactions"). Guarded by Discord.mu, except wg.
type endpointState struct {
	key      ed25519.PrivateKey // the application's signing key, made on first use; the bot gets PublicKey
	url      string             // "" while interactions come over the gateway
	inflight map[string]*endpointPost
	stats    EndpointStats
	wg       sync.WaitGroup // POSTs under way
	cleanup  bool           // the test waits for them at its end
}

// endpointPost is an interaction POSTed to the endpoint whose answer has
// not been processed yet.
type endpointPost struct {
	ix   *interaction
	done chan struct{} // closed once the answer has been processed
}

// EndpointStats counts what the fake did with the interactions endpoint.
type EndpointStats struct {
	// Pings counts the validation PINGs sent (two per check: one signed,
	// one forged).
	Pings int
	// Inline counts interactions whose initial response was the HTTP
	// response's body (200).
	Inline int
	// Accepted counts interactions answered 202 after their initial
	// response went through the callback route.
	Accepted int
	// Failed counts interactions whose HTTP answer was wrong, late or
	// missing, or refused as a response (each is also a Failure).
	Failed int
	// Problems says, for each failed one, what was wrong.
	Problems []string
}

// PublicKey returns the application's public key, the Developer Portal's
// "Public Key": the fake signs the requests it sends to the interactions
// endpoint with the matching private key, made for this fake.
func (dc *Discord) PublicKey() ed25519.PublicKey {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.signingKeyLocked().Public().(ed25519.PublicKey)
}

// PublicKeyHex is PublicKey as the Developer Portal shows it: 64 hex digits.
func (dc *Discord) PublicKeyHex() string { return hex.EncodeToString(dc.PublicKey()) }

func (dc *Discord) signingKeyLocked() ed25519.PrivateKey {
	if dc.ep.key == nil {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			dc.tb.Fatalf("discordtest: making the application's key: %v", err)
		}
		dc.ep.key = priv
	}
	return dc.ep.key
}

// SetInteractionsEndpoint sets the application's Interactions Endpoint URL,
// as saving it in the Developer Portal does: Discord first checks the URL
// (CheckInteractionsEndpoint) and refuses it unless it passes. From then on
// every user action is a signed POST to url instead of an INTERACTION_CREATE
// over the gateway, and no gateway session is needed. The fake then acts as
// Discord does with the answer: a 200 body is the initial response, judged
// by the callback route's rules (and Discord's API contract); a 202 with no
// body means that the response went through the callback route, and the
// interaction fails if it has not; anything else, or no answer within 3
// seconds, fails the interaction (Failures).
func (dc *Discord) SetInteractionsEndpoint(ctx context.Context, url string) error {
	if err := dc.checkEndpoint(ctx, url); err != nil {
		return fmt.Errorf("the interactions endpoint URL could not be verified: %w", err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	dc.ep.url = url
	if dc.ep.inflight == nil {
		dc.ep.inflight = map[string]*endpointPost{}
	}
	if !dc.ep.cleanup {
		dc.ep.cleanup = true
		dc.tb.Cleanup(dc.ep.wg.Wait) // before the fake stops: no POST outlives the test
	}
	return nil
}

// ClearInteractionsEndpoint removes the Interactions Endpoint URL:
// interactions come over the gateway again.
func (dc *Discord) ClearInteractionsEndpoint() {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	dc.ep.url = ""
}

// CheckInteractionsEndpoint runs the security check Discord runs when the
// URL is saved and routinely after (interactions/overview.mdx "Setting Up
// an Endpoint"): a PING signed with the application's key must be answered
// 200 with a JSON PONG ({"type":1}), and the same PING with a forged
// signature must be refused with 401.
func (dc *Discord) CheckInteractionsEndpoint(ctx context.Context) error {
	dc.mu.Lock()
	url := dc.ep.url
	dc.mu.Unlock()
	if url == "" {
		return errors.New("no interactions endpoint URL is set")
	}
	return dc.checkEndpoint(ctx, url)
}

func (dc *Discord) checkEndpoint(ctx context.Context, url string) error {
	dc.mu.Lock()
	key := dc.signingKeyLocked()
	ping := map[string]any{"id": dc.newIDLocked(), "application_id": dc.app.ID, "type": 1,
		"token": "aW50ZXJhY3Rpb24" + rand.Text() + rand.Text(), "version": 1, "user": dc.app.wire()}
	dc.ep.stats.Pings += 2
	dc.mu.Unlock()
	body, err := json.Marshal(ping)
	if err != nil {
		return fmt.Errorf("encoding a PING: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, AckDeadline)
	defer cancel()
	status, ctype, reply, err := postSigned(ctx, url, key, body, false)
	if err != nil {
		return fmt.Errorf("PING: %w", err)
	}
	var pong struct {
		Type *int `json:"type"`
	}
	mt, _, _ := mime.ParseMediaType(ctype)
	if status != http.StatusOK || mt != "application/json" || json.Unmarshal(reply, &pong) != nil || pong.Type == nil || *pong.Type != 1 {
		return fmt.Errorf("a signed PING was answered %d %q %q, want 200 with a JSON PONG {\"type\":1}", status, ctype, truncate(reply))
	}
	status, _, reply, err = postSigned(ctx, url, key, body, true)
	if err != nil {
		return fmt.Errorf("PING with a forged signature: %w", err)
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("a PING with a forged signature was answered %d %q, want 401", status, truncate(reply))
	}
	return nil
}

// deliverInteractionLocked sends an interaction to the bot: over the
// gateway session s, or, when an interactions endpoint is set, as a signed
// POST to it, whose answer is processed in the background (act waits for
// the initial response either way). dc.mu must be held.
func (dc *Discord) deliverInteractionLocked(s *gwSession, ix *interaction, payload map[string]any) error {
	if dc.ep.url == "" {
		if s == nil {
			return errNoBot
		}
		return dc.dispatchLocked(s, "INTERACTION_CREATE", payload)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encoding the interaction: %w", err)
	}
	p := &endpointPost{ix: ix, done: make(chan struct{})}
	dc.ep.inflight[ix.token] = p
	dc.ep.wg.Add(1)
	go dc.postInteraction(dc.ep.url, dc.signingKeyLocked(), p, body)
	return nil
}

// postInteraction POSTs one interaction to the endpoint and acts on the
// answer as Discord does.
func (dc *Discord) postInteraction(url string, key ed25519.PrivateKey, p *endpointPost, body []byte) {
	defer dc.ep.wg.Done()
	ix := p.ix
	ctx, cancel := context.WithDeadline(context.Background(), ix.dispatched.Add(dc.ackDeadline))
	defer cancel()
	status, ctype, reply, err := postSigned(ctx, url, key, body, false)
	problem := ""
	switch {
	case err != nil:
		problem = fmt.Sprintf("no answer from the interactions endpoint within %v: %v", dc.ackDeadline, err)
	case status == http.StatusOK:
		if mt, _, _ := mime.ParseMediaType(ctype); mt != "application/json" {
			problem = fmt.Sprintf("the endpoint answered 200 with Content-Type %q, not an application/json interaction response (files cannot go in it)", ctype)
			break
		}
		dc.checkContract(http.MethodPost, callbackRoute, reply)
		r, _ := http.NewRequest(http.MethodPost, "/interactions/"+ix.id+"/"+ix.token+"/callback", nil)
		r.SetPathValue("interaction_id", ix.id)
		r.SetPathValue("interaction_token", ix.token)
		if st, out := dc.postCallback(&restReq{r: r, route: callbackRoute, body: reply}); st >= 300 {
			problem = fmt.Sprintf("the response in the endpoint's 200 body was refused: %d %s", st, describe(out))
		}
	case status == http.StatusAccepted:
		dc.mu.Lock()
		acked := ix.acked
		dc.mu.Unlock()
		switch {
		case len(reply) > 0:
			problem = fmt.Sprintf("the endpoint answered 202 with a body %q (202 means no body)", truncate(reply))
		case !acked:
			problem = "the endpoint answered 202 but sent no initial response through the callback route"
		}
	default:
		problem = fmt.Sprintf("the endpoint answered %d %q", status, truncate(reply))
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	switch {
	case problem != "":
		dc.ep.stats.Failed++
		dc.ep.stats.Problems = append(dc.ep.stats.Problems, problem)
		if !ix.acked {
			ix.failed = true // the request is over: nothing answers this interaction now
		}
		dc.tb.Logf("discordtest: interaction %s (%s as %s) failed: %s", ix.id, ix.action, ix.user.Name, problem)
	case status == http.StatusOK:
		dc.ep.stats.Inline++
	default:
		dc.ep.stats.Accepted++
	}
	delete(dc.ep.inflight, ix.token)
	close(p.done)
	dc.broadcastLocked()
}

// awaitEndpointAnswer holds a request on an interaction's webhook while
// the endpoint's answer to that interaction, not yet acknowledged, is
// still being read: an answer sent before the request is taken before it,
// as Discord takes it.
func (dc *Discord) awaitEndpointAnswer(ctx context.Context, route string, q *restReq) {
	if !strings.HasPrefix(route, "/webhooks/") {
		return
	}
	dc.mu.Lock()
	p := dc.ep.inflight[q.param("webhook_token")]
	wait := p != nil && !p.ix.acked
	dc.mu.Unlock()
	if !wait {
		return
	}
	select {
	case <-p.done:
	case <-ctx.Done():
	}
}

// WaitEndpointAnswers waits until the fake has read and acted on the
// endpoint's answer to every interaction POSTed so far. A user's action
// returns at the initial response, which for a 202 comes before the 202
// itself.
func (dc *Discord) WaitEndpointAnswers(ctx context.Context) error {
	return dc.waitFor(ctx, "the interactions endpoint's answers", func() bool { return len(dc.ep.inflight) == 0 })
}

// EndpointStats returns what the interactions endpoint answered so far.
func (dc *Discord) EndpointStats() EndpointStats {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	st := dc.ep.stats
	st.Problems = append([]string(nil), st.Problems...)
	return st
}

// postSigned POSTs body to url signed as Discord signs interactions:
// X-Signature-Ed25519 is the hex Ed25519 signature of
// X-Signature-Timestamp (Unix seconds) followed by the body. forged signs
// with another key. It returns the answer's status, Content-Type and body.
func postSigned(ctx context.Context, url string, key ed25519.PrivateKey, body []byte, forged bool) (int, string, []byte, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	if forged {
		_, other, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return 0, "", nil, fmt.Errorf("making a forged key: %w", err)
		}
		key = other
	}
	sig := ed25519.Sign(key, append([]byte(ts), body...))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, fmt.Errorf("the endpoint URL: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(io.LimitReader(resp.Body, maxEndpointReply))
	if err != nil {
		return 0, "", nil, fmt.Errorf("reading the endpoint's answer: %w", err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), reply, nil
}

// truncate shows the start of an answer in a message.
func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// describe writes a route's JSON reply in a message.
func describe(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
