package discordtest_test

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// verifying wraps next in the checks Discord asks of an endpoint: 401
// unless signed by key, PONG to a PING.
func verifying(key ed25519.PublicKey, next func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
		if err != nil || len(sig) != ed25519.SignatureSize ||
			!ed25519.Verify(key, append([]byte(r.Header.Get("X-Signature-Timestamp")), body...), sig) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if i.Type == discordgo.InteractionPing {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		next(w, r, &i)
	}
}

// TestEndpointSavedOnlyIfItChecksSignatures: Discord saves an
// Interactions Endpoint URL only if a signed PING gets a JSON PONG and a
// forged one gets 401.
func TestEndpointSavedOnlyIfItChecksSignatures(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	ctx := context.Background()
	pongAll := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":1}`))
	}))
	defer pongAll.Close()
	if err := dc.SetInteractionsEndpoint(ctx, pongAll.URL); err == nil || !strings.Contains(err.Error(), "forged") {
		t.Fatalf("an endpoint that PONGs a forged PING was saved: %v", err)
	}
	textPong := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Signature-Ed25519") == "" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`type 1`))
	}))
	defer textPong.Close()
	if err := dc.SetInteractionsEndpoint(ctx, textPong.URL); err == nil || !strings.Contains(err.Error(), "JSON PONG") {
		t.Fatalf("an endpoint that does not PONG in JSON was saved: %v", err)
	}
	good := httptest.NewServer(verifying(dc.PublicKey(), func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {}))
	defer good.Close()
	if err := dc.SetInteractionsEndpoint(ctx, good.URL); err != nil {
		t.Fatal(err)
	}
	if err := dc.CheckInteractionsEndpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if st := dc.EndpointStats(); st.Pings != 8 {
		t.Fatalf("%+v: want 8 PINGs (two per check)", st)
	}
}

// TestEndpointAnswers: with an endpoint set, a user's action is a signed
// POST there and needs no gateway; a JSON body of 200 is the initial
// response, a 202 stands for a response through the callback route, and
// anything else fails the interaction.
func TestEndpointAnswers(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithAckDeadline(500*time.Millisecond))
	ctx := context.Background()
	s := dc.Session()
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", commands); err != nil {
		t.Fatal(err)
	}
	// The bot answers /ping as the name of the channel says.
	names := []string{"inline", "callback", "no callback", "empty", "multipart", "error", "late"}
	chans, how := map[string]*discordtest.Channel{}, map[string]string{}
	for _, name := range names {
		chans[name] = dc.NewChannel(name)
		how[chans[name].ID] = name
	}
	srv := httptest.NewServer(verifying(dc.PublicKey(), func(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
		switch how[i.ChannelID] {
		case "inline":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":4,"data":{"content":"pong"}}`))
		case "callback":
			if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "pong"}}); err != nil {
				t.Error(err)
			}
			w.WriteHeader(http.StatusAccepted)
		case "no callback":
			w.WriteHeader(http.StatusAccepted)
		case "empty":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":4,"data":{"content":""}}`))
		case "multipart":
			w.Header().Set("Content-Type", "multipart/form-data; boundary=x")
			w.Write([]byte("--x--"))
		case "error":
			http.Error(w, "oops", http.StatusInternalServerError)
		case "late":
			<-r.Context().Done()
		}
	}))
	defer srv.Close()
	if err := dc.SetInteractionsEndpoint(ctx, srv.URL); err != nil {
		t.Fatal(err)
	}
	alice := dc.User("alice")
	for _, name := range []string{"inline", "callback"} {
		r, err := alice.Slash(ctx, chans[name], "ping")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m := r.Message(); r.Type != discordgo.InteractionResponseChannelMessageWithSource || m == nil || m.Content != "pong" {
			t.Fatalf("%s: type %d, message %+v", name, r.Type, m)
		}
	}
	for _, name := range []string{"no callback", "empty", "multipart", "error", "late"} {
		if _, err := alice.Slash(ctx, chans[name], "ping"); !errors.Is(err, discordtest.ErrInteractionFailed) {
			t.Fatalf("%s: %v, want the interaction failed", name, err)
		}
	}
	if err := dc.WaitEndpointAnswers(ctx); err != nil {
		t.Fatal(err)
	}
	if st := dc.EndpointStats(); st.Inline != 1 || st.Accepted != 1 || st.Failed != 5 {
		t.Fatalf("%+v: want 1 inline, 1 accepted, 5 failed", st)
	}
	if f := dc.Failures(); len(f) != 5 {
		t.Fatalf("failures %+v, want 5", f)
	}
	if n := dc.CountRequests("POST", "/interactions/{interaction_id}/{interaction_token}/callback"); n != 1 {
		t.Fatalf("%d callbacks, want 1 (the inline answer is no request)", n)
	}
	if gs := dc.GatewayConnections(); len(gs) != 0 {
		t.Fatalf("gateway connections %+v, want none", gs)
	}
}
