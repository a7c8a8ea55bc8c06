package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The HTTP interactions endpoint's limits.
const (
	// MaxInteractionBody is the largest request body the endpoint reads;
	// a larger one is refused with 413 without being handled. Discord's
	// interactions are a few KiB.
	MaxInteractionBody = 1 << 20
	// SignatureWindow is how far a request's X-Signature-Timestamp may be
	// from the endpoint's clock, before or after: an older request is a
	// replay and refused with 401.
	SignatureWindow = 5 * time.Minute
	// EndpointDeadline is when the endpoint answers a request at the
	// latest, counted from its arrival, so that Discord has the answer
	// within its 3 seconds.
	EndpointDeadline = 2750 * time.Millisecond
)

// Endpoint returns the HTTP handler of Discord's interactions endpoint
// (the application's Interactions Endpoint URL): Discord then delivers
// interactions by signed POSTs instead of over the gateway
// (interactions/overview.mdx "Preparing for Interactions"). publicKey is
// the application's public key (Developer Portal, General Information).
//
// The handler refuses what is not a POST (405), a body over
// MaxInteractionBody (413), and a request whose X-Signature-Ed25519 is not
// the signature of X-Signature-Timestamp and the body by publicKey, or
// whose timestamp is more than SignatureWindow away, or which repeats an
// interaction already received (401). It answers PING with PONG. Every
// other interaction is handled as OnInteraction handles it, and its first
// response is the HTTP response's body when it has no files and is ready
// in time (the watchdog's deferral, after Options.DeferAfter, is such a
// response); a response with files goes through the callback route, after
// which the request is answered 202 with no body. The request ends within
// EndpointDeadline whatever the handler does.
func (b *Bot) Endpoint(publicKey ed25519.PublicKey) http.Handler {
	return &endpoint{b: b, key: publicKey, now: time.Now, seen: map[string]time.Time{}}
}

// endpoint is the interactions endpoint of a Bot.
type endpoint struct {
	b   *Bot
	key ed25519.PublicKey
	now func() time.Time // the wall clock Discord's timestamps are read against

	mu   sync.Mutex
	seen map[string]time.Time // interactions received within the window, by id
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "only POST", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxInteractionBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "reading the request body", http.StatusBadRequest)
		return
	}
	if err := e.verify(r.Header, body); err != nil {
		e.b.log.Debug("an interaction request refused", "err", err, "remote", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	rc, err := decodeInteraction(body)
	if err != nil {
		http.Error(w, "the body is not an interaction", http.StatusBadRequest)
		return
	}
	i := rc.Interaction
	if i.Type == discordgo.InteractionPing {
		writeBody(w, http.StatusOK, []byte(`{"type":1}`))
		return
	}
	if !e.first(i.ID) {
		e.b.log.Warn("an interaction received twice refused (a replay)", "interaction", i.ID, "remote", r.RemoteAddr)
		http.Error(w, "interaction already received", http.StatusUnauthorized)
		return
	}
	e.b.closeMu.RLock()
	if e.b.closed {
		e.b.closeMu.RUnlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	e.b.inflight.Add(1)
	e.b.closeMu.RUnlock()
	a := newHTTPAnswer()
	go func() {
		defer e.b.inflight.Done()
		e.b.handle(context.Background(), rc, a)
		a.finish()
	}()
	if status := a.serve(r.Context(), w, EndpointDeadline); status != http.StatusOK && status != http.StatusAccepted {
		e.b.log.Warn("an interaction request answered with an error", "interaction", i.ID, "status", status)
	}
}

// verify checks a request's signature and timestamp.
func (e *endpoint) verify(h http.Header, body []byte) error {
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return errors.New("no valid X-Signature-Ed25519 header")
	}
	ts := h.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("no valid X-Signature-Timestamp header")
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if len(e.key) != ed25519.PublicKeySize || !ed25519.Verify(e.key, msg, sig) {
		return errors.New("the signature does not match the body")
	}
	if skew := e.now().Sub(time.Unix(secs, 0)); skew > SignatureWindow || skew < -SignatureWindow {
		return fmt.Errorf("the signed timestamp is %v from now (is this host's clock right?)", skew.Round(time.Second))
	}
	return nil
}

// first records interaction id as received and reports whether it had not
// been: a signed request sent again within the window is a replay.
func (e *endpoint) first(id string) bool {
	now := e.now()
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.seen[id]; ok {
		return false
	}
	if len(e.seen)%1024 == 1023 {
		for k, at := range e.seen {
			if now.Sub(at) > 2*SignatureWindow {
				delete(e.seen, k)
			}
		}
	}
	e.seen[id] = now
	return true
}

// writeBody writes a JSON body with its status.
func writeBody(w http.ResponseWriter, status int, body []byte) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, err := w.Write(body)
	return err
}

// answerState is where the answer to an HTTP interaction request stands.
type answerState uint8

const (
	answerOpen        answerState = iota // nothing yet: the body may still carry the response
	answerInline                         // the response is the body
	answerCallingBack                    // the response is going through the callback route
	answerCalledBack                     // it went through the callback route
	answerNone                           // the handler ended without responding
	answerClosed                         // the request was answered (or given up) without a body
)

// httpAnswer joins the HTTP request an interaction came in to the
// responder of that interaction: the responder hands its first
// acknowledgement over as the response body, or says that it sent it
// through the callback route; the request's handler writes what it is
// given. A nil *httpAnswer stands for the gateway: its methods do
// nothing.
type httpAnswer struct {
	mu      sync.Mutex
	state   answerState
	body    []byte
	cbErr   error         // the callback route's failure
	ready   chan struct{} // closed when the state leaves answerOpen or answerCallingBack
	written chan struct{} // closed once an inline body has been written (or could not be)
	werr    error         // writing the inline body failed
}

func newHTTPAnswer() *httpAnswer {
	return &httpAnswer{ready: make(chan struct{}), written: make(chan struct{})}
}

// inline makes cb the HTTP response's body, if the request still waits
// for one, and returns once it is written; false means the response must
// go through the callback route.
func (a *httpAnswer) inline(cb callback) (bool, error) {
	if a == nil {
		return false, nil
	}
	body, err := json.Marshal(cb)
	if err != nil {
		return false, nil // the callback route will say
	}
	a.mu.Lock()
	if a.state != answerOpen {
		a.mu.Unlock()
		return false, nil
	}
	a.state, a.body = answerInline, body
	close(a.ready)
	a.mu.Unlock()
	<-a.written
	if a.werr != nil {
		return true, fmt.Errorf("interaction response (type %d) in the HTTP response: %w", cb.Type, a.werr)
	}
	return true, nil
}

// callingBack says that the first response goes through the callback
// route.
func (a *httpAnswer) callingBack() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.state == answerOpen {
		a.state = answerCallingBack
	}
}

// calledBack says that the callback route answered (err nil: it took the
// response).
func (a *httpAnswer) calledBack(err error) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.state == answerCallingBack {
		a.state, a.cbErr = answerCalledBack, err
		close(a.ready)
	}
}

// finish says that the handler is done: a request still without an
// answer gets none.
func (a *httpAnswer) finish() {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch a.state {
	case answerOpen:
		a.state = answerNone
		close(a.ready)
	case answerCallingBack: // calledBack always follows callingBack
	}
}

// serve answers the HTTP request: with the inline response as its body
// (200), with 202 and no body once the callback route took the response,
// or with an error; within deadline whatever happens. It returns the
// status written.
func (a *httpAnswer) serve(ctx context.Context, w http.ResponseWriter, deadline time.Duration) int {
	t := time.NewTimer(deadline)
	defer t.Stop()
	select {
	case <-a.ready:
	case <-t.C:
	case <-ctx.Done():
	}
	a.mu.Lock()
	state, body, cbErr := a.state, a.body, a.cbErr
	if state == answerOpen || state == answerCallingBack {
		a.state = answerClosed // too late for a body now
	}
	a.mu.Unlock()
	switch state {
	case answerInline:
		a.werr = writeBody(w, http.StatusOK, body)
		if a.werr == nil {
			if f, ok := w.(http.Flusher); ok {
				f.Flush()
			}
		}
		close(a.written)
		return http.StatusOK
	case answerCalledBack:
		if cbErr != nil {
			http.Error(w, "the interaction response failed", http.StatusInternalServerError)
			return http.StatusInternalServerError
		}
		w.WriteHeader(http.StatusAccepted)
		return http.StatusAccepted
	case answerCallingBack:
		// Still sending through the callback route at the deadline: it
		// may yet arrive in time.
		w.WriteHeader(http.StatusAccepted)
		return http.StatusAccepted
	case answerNone:
		http.Error(w, "no response", http.StatusInternalServerError)
		return http.StatusInternalServerError
	}
	http.Error(w, "no response in time", http.StatusServiceUnavailable)
	return http.StatusServiceUnavailable
}
