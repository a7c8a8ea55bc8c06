package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rest sends the bot's REST requests: interaction responses, messages
// through an interaction's token (an interaction webhook) and messages in
// channels with the bot token. Each request is queued in the rate-limit
// bucket Discord puts it in (topics/rate-limits.mdx): one per channel for
// creating and editing its messages, one per interaction token for its
// webhook, and none for the interaction callbacks, which are exempt from
// the global limit. discordgo's rate limiter waits out what those buckets'
// headers say, and a 429.
type rest struct {
	s *discordgo.Session
	// app is the application id, which interaction webhooks are addressed
	// by ("" until known: see appID).
	app string
}

// appID is the application's id: given, or learned from the gateway's
// READY (an application's id is usually its bot user's).
func (r *rest) appID() string {
	if r.app != "" {
		return r.app
	}
	if st := r.s.State; st != nil {
		if st.Application != nil && st.Application.ID != "" {
			return st.Application.ID
		}
		if st.User != nil {
			return st.User.ID
		}
	}
	return ""
}

// Retries of a request Discord answered with a server error (discordgo's
// own are switched off in sendOnce; it still waits out 429s): a few quick
// ones, which fit in an interaction's 3 seconds; the deliverer retries later
// still.
const (
	retries    = 3
	retryFirst = 100 * time.Millisecond
)

// do sends one request with payload p (and files, as a multipart body) in
// bucket, and decodes the reply into out (when not nil); a server error is
// retried, unless once is set (a request that may have taken effect and
// cannot be told apart from a second one: a follow-up). Errors never show
// the URL: interaction tokens are in it.
func (r *rest) do(ctx context.Context, method, endpoint, bucket string, p any, files []*discordgo.File, out any) error {
	return r.send(ctx, method, endpoint, bucket, p, files, out, false)
}

func (r *rest) send(ctx context.Context, method, endpoint, bucket string, p any, files []*discordgo.File, out any, once bool) error {
	var err error
	for attempt := range retries {
		if err = r.sendOnce(ctx, method, endpoint, bucket, p, files, out); once || restStatus(err) < http.StatusInternalServerError {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(retryFirst << attempt):
		}
		for _, f := range files {
			if s, ok := f.Reader.(io.Seeker); ok {
				s.Seek(0, io.SeekStart)
			}
		}
	}
	return err
}

func (r *rest) sendOnce(ctx context.Context, method, endpoint, bucket string, p any, files []*discordgo.File, out any) error {
	var (
		body        []byte
		contentType = "application/json"
		err         error
	)
	switch {
	case len(files) > 0:
		contentType, body, err = discordgo.MultipartBodyWithJSON(p, files)
	case p != nil:
		body, err = json.Marshal(p)
	}
	if err != nil {
		return fmt.Errorf("encoding a %s request: %w", method, err)
	}
	// discordgo would retry a server error at once, even a follow-up that
	// may have taken effect; send does that, with backoff, where it is safe.
	// It also reports a server error as bare text, so the status is taken
	// from the response itself.
	seen := &statusSeen{rt: r.s.Client.Transport}
	client := &http.Client{Transport: seen, Timeout: r.s.Client.Timeout}
	reply, err := r.s.RequestRaw(method, endpoint, contentType, body, bucket, 0,
		discordgo.WithContext(ctx), discordgo.WithRestRetries(0), discordgo.WithClient(client))
	if err != nil {
		if seen.status >= http.StatusInternalServerError {
			err = &serverError{status: seen.status, err: err}
		}
		return redact(err)
	}
	if out != nil && len(reply) > 0 {
		if err := json.Unmarshal(reply, out); err != nil {
			return fmt.Errorf("decoding Discord's reply to a %s request: %w", method, err)
		}
	}
	return nil
}

// callback is the body of an interaction response.
type callback struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data *payload                          `json:"data,omitempty"`
}

// callbackReply is the interaction callback response (with_response=true):
// the message the response created or updated.
type callbackReply struct {
	Resource struct {
		Message *discordgo.Message `json:"message"`
	} `json:"resource"`
}

// respond sends an interaction's initial response of type t with m's
// data (nil for none) and returns the id of the message it created or
// updated, when Discord says.
func (r *rest) respond(ctx context.Context, id, token string, t discordgo.InteractionResponseType, data *payload, files []*discordgo.File) (string, error) {
	endpoint := discordgo.EndpointInteractionResponse(id, token) + "?with_response=true"
	var out callbackReply
	// Each callback gets a bucket of its own: discordgo holds a bucket's
	// lock for the whole request, and callbacks are not rate limited.
	if err := r.do(ctx, http.MethodPost, endpoint, "callback/"+id, callback{Type: t, Data: data}, files, &out); err != nil {
		return "", fmt.Errorf("interaction response (type %d): %w", t, err)
	}
	if m := out.Resource.Message; m != nil {
		return m.ID, nil
	}
	return "", nil
}

// webhookBucket is the rate-limit bucket of an interaction token's
// webhook: Discord limits each token's webhook separately.
func webhookBucket(token string) string { return "webhook/" + token }

// webhookMessage returns the message of an interaction's webhook:
// messageID, or "@original" for its initial response.
func (r *rest) webhookMessage(ctx context.Context, token, messageID string) (*discordgo.Message, error) {
	var m discordgo.Message
	endpoint := discordgo.EndpointWebhookMessage(r.appID(), token, messageID)
	if err := r.do(ctx, http.MethodGet, endpoint, webhookBucket(token), nil, nil, &m); err != nil {
		return nil, fmt.Errorf("reading an interaction's message: %w", err)
	}
	return &m, nil
}

// editWebhook edits a message of an interaction's webhook (messageID, or
// "@original") with p.
func (r *rest) editWebhook(ctx context.Context, token, messageID string, p *payload, files []*discordgo.File) (*discordgo.Message, error) {
	var m discordgo.Message
	endpoint := discordgo.EndpointWebhookMessage(r.appID(), token, messageID)
	if err := r.do(ctx, http.MethodPatch, endpoint, webhookBucket(token), p, files, &m); err != nil {
		return nil, fmt.Errorf("editing an interaction's message: %w", err)
	}
	return &m, nil
}

// deleteWebhook deletes a message of an interaction's webhook.
func (r *rest) deleteWebhook(ctx context.Context, token, messageID string) error {
	endpoint := discordgo.EndpointWebhookMessage(r.appID(), token, messageID)
	if err := r.do(ctx, http.MethodDelete, endpoint, webhookBucket(token), nil, nil, nil); err != nil {
		return fmt.Errorf("deleting an interaction's message: %w", err)
	}
	return nil
}

// followup creates a follow-up message of an interaction.
func (r *rest) followup(ctx context.Context, token string, p *payload, files []*discordgo.File) (*discordgo.Message, error) {
	var m discordgo.Message
	endpoint := discordgo.EndpointWebhookToken(r.appID(), token) + "?wait=true"
	if err := r.send(ctx, http.MethodPost, endpoint, webhookBucket(token), p, files, &m, true); err != nil {
		return nil, fmt.Errorf("sending a follow-up message: %w", err)
	}
	return &m, nil
}

// channelBucket is the rate-limit bucket of a channel's messages.
func channelBucket(channelID string) string { return "channel/" + channelID + "/messages" }

// create posts a message in a channel with the bot token. With a nonce,
// Discord creates it at most once: a second create with the same nonce in
// the next few minutes returns the first message (enforce_nonce), so a
// create retried after a crash does not post (and notify) twice.
func (r *rest) create(ctx context.Context, channelID string, p *payload, files []*discordgo.File) (*discordgo.Message, error) {
	var m discordgo.Message
	if err := r.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages(channelID), channelBucket(channelID), p, files, &m); err != nil {
		return nil, fmt.Errorf("posting to channel %s: %w", channelID, err)
	}
	return &m, nil
}

// edit edits a message of the bot in a channel with the bot token.
func (r *rest) edit(ctx context.Context, channelID, messageID string, p *payload, files []*discordgo.File) (*discordgo.Message, error) {
	var m discordgo.Message
	if err := r.do(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(channelID, messageID), channelBucket(channelID), p, files, &m); err != nil {
		return nil, fmt.Errorf("editing message %s: %w", messageID, err)
	}
	return &m, nil
}

// statusSeen is an HTTP transport that notes the status of the response
// to the one request it sends.
type statusSeen struct {
	rt     http.RoundTripper // nil: http.DefaultTransport
	status int
}

func (t *statusSeen) RoundTrip(req *http.Request) (*http.Response, error) {
	rt := t.rt
	if rt == nil {
		rt = http.DefaultTransport
	}
	resp, err := rt.RoundTrip(req)
	if err == nil {
		t.status = resp.StatusCode
	}
	return resp, err
}

// serverError is a server error (5xx) Discord answered, which discordgo
// reports as bare text.
type serverError struct {
	status int
	err    error
}

func (e *serverError) Error() string {
	return fmt.Sprintf("Discord answered %d: %v", e.status, e.err)
}
func (e *serverError) Unwrap() error { return e.err }

// restStatus returns the HTTP status of a Discord error, 0 if none.
func restStatus(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	var se *serverError
	if errors.As(err, &se) {
		return se.status
	}
	return 0
}

// restCode returns the JSON error code of a Discord error, 0 if none.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Discord's JSON error codes the bot acts on (topics/opcodes-and-status-codes.mdx).
const (
	codeUnknownMessage      = 10008 // the message was deleted
	codeUnknownWebhook      = 10015 // the interaction's webhook: unknown, or not answered yet
	codeUnknownInteraction  = 10062 // too late for an initial response
	codeMissingAccess       = 50001
	codeMissingPermissions  = 50013
	codeInvalidWebhookToken = 50027 // the interaction token has expired
	codeAlreadyAcknowledged = 40060
)

// gone reports whether err says that the message or the token it was
// reached through no longer exists: retrying cannot help.
func gone(err error) bool {
	switch restCode(err) {
	case codeUnknownMessage, codeUnknownWebhook, codeInvalidWebhookToken, codeUnknownInteraction:
		return true
	}
	return restStatus(err) == http.StatusNotFound
}

// tokenGone reports whether err says that an interaction's token cannot
// be used (expired, or its interaction never answered): the bot token may
// still reach the message.
func tokenGone(err error) bool {
	switch restCode(err) {
	case codeUnknownWebhook, codeInvalidWebhookToken:
		return true
	}
	return restStatus(err) == http.StatusUnauthorized
}

// forbidden reports whether Discord refused for want of permissions or
// access.
func forbidden(err error) bool { return restStatus(err) == http.StatusForbidden }

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
