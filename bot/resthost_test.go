package bot

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// recordingTransport answers every request itself and remembers its URL and Host.
type recordingTransport struct {
	urls  []string
	hosts []string
}

func (r *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r.urls = append(r.urls, req.URL.String())
	r.hosts = append(r.hosts, req.Host)
	return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader("ok")), Request: req}, nil
}

func TestRESTTransportRewrites(t *testing.T) {
	tests := []struct {
		name, base, in, want string
	}{
		{"discord to http", "http://127.0.0.1:8080", "https://discord.com/api/v9/users/@me", "http://127.0.0.1:8080/api/v9/users/@me"},
		{"keeps query", "http://127.0.0.1:8080/", "https://discord.com/api/v9/webhooks/1/t?wait=true", "http://127.0.0.1:8080/api/v9/webhooks/1/t?wait=true"},
		{"path prefix", "https://proxy.internal/discord/", "https://discord.com/api/v9/gateway", "https://proxy.internal/discord/api/v9/gateway"},
		{"host case", "http://proxy:9", "https://DISCORD.com/api/v9/gateway", "http://proxy:9/api/v9/gateway"},
		{"other host untouched", "http://127.0.0.1:8080", "https://cdn.discordapp.com/avatars/1/a.png", "https://cdn.discordapp.com/avatars/1/a.png"},
		{"look-alike host untouched", "http://127.0.0.1:8080", "https://discord.com.evil.example/api", "https://discord.com.evil.example/api"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordingTransport{}
			rt, err := NewRESTTransport(tt.base, rec)
			if err != nil {
				t.Fatalf("NewRESTTransport(%q): %v", tt.base, err)
			}
			req, err := http.NewRequest(http.MethodGet, tt.in, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := rt.RoundTrip(req)
			if err != nil {
				t.Fatalf("RoundTrip: %v", err)
			}
			resp.Body.Close()
			if got := rec.urls[0]; got != tt.want {
				t.Errorf("sent to %q, want %q", got, tt.want)
			}
			if rec.hosts[0] != "" && rec.hosts[0] != req.URL.Host {
				t.Errorf("Host header %q left pointing elsewhere", rec.hosts[0])
			}
			if req.URL.String() != tt.in {
				t.Errorf("caller's request was modified: %q", req.URL)
			}
		})
	}
}

func TestRESTTransportBadBase(t *testing.T) {
	tests := []struct{ base, wantErr string }{
		{"", "scheme must be http or https"},
		{"127.0.0.1:8080", "first path segment"},
		{"ftp://example.com", "scheme must be http or https"},
		{"http://", "no host"},
		{"http://user:pw@example.com", "credentials"},
		{"http://example.com/?x=1", "query or fragment"},
		{"http://exa mple.com", "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.base, func(t *testing.T) {
			_, err := NewRESTTransport(tt.base, nil)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("NewRESTTransport(%q) error = %v, want one containing %q", tt.base, err, tt.wantErr)
			}
		})
	}
}

// TestRESTTransportEndToEnd sends a real request through the default transport to
// a local server, the way discordgo's http.Client would.
func TestRESTTransportEndToEnd(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, r.Method+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	rt, err := NewRESTTransport(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: rt}
	resp, err := client.Post("https://discord.com/api/v9/channels/1/messages", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(body), "POST /api/v9/channels/1/messages"; got != want {
		t.Errorf("server saw %q, want %q", got, want)
	}
}

func ExampleNewRESTTransport() {
	rt, err := NewRESTTransport("http://127.0.0.1:8080", http.DefaultTransport)
	if err != nil {
		panic(err)
	}
	client := &http.Client{Transport: rt} // give this to discordgo: session.Client = client
	_ = client
}
