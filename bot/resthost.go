package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// discordHost is the host discordgo sends all REST traffic to.
const discordHost = "discord.com"

// NewRESTTransport returns an http.RoundTripper that sends every request for
// discord.com to base instead, rewriting only the scheme, the host and (when base
// has one) a path prefix; requests for any other host pass through to next
// unchanged. It is how the bot talks to a REST proxy (nirn-proxy, twilight's
// http-proxy) or to the in-process fake in package discordtest.
//
// base must be an absolute http or https URL without query or fragment, for
// example "http://127.0.0.1:8080" or "https://proxy.internal/discord". A nil next
// means http.DefaultTransport.
func NewRESTTransport(base string, next http.RoundTripper) (http.RoundTripper, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("REST base URL %q: %w", base, err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("REST base URL %q: scheme must be http or https, not %q", base, u.Scheme)
	case u.Host == "":
		return nil, fmt.Errorf("REST base URL %q: no host", base)
	case u.User != nil:
		return nil, fmt.Errorf("REST base URL %q: credentials in the URL are not supported", base)
	case u.RawQuery != "" || u.Fragment != "":
		return nil, fmt.Errorf("REST base URL %q: must not have a query or fragment", base)
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &restHostTransport{
		scheme: u.Scheme,
		host:   u.Host,
		prefix: strings.TrimSuffix(u.Path, "/"),
		next:   next,
	}, nil
}

// restHostTransport rewrites discord.com requests onto another base URL.
type restHostTransport struct {
	scheme, host, prefix string
	next                 http.RoundTripper
}

// RoundTrip implements http.RoundTripper. It never modifies req: rewritten
// requests are shallow clones with a fresh URL.
func (t *restHostTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !strings.EqualFold(req.URL.Hostname(), discordHost) {
		return t.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Scheme = t.scheme
	u.Host = t.host
	if t.prefix != "" {
		u.Path = t.prefix + u.Path
		if u.RawPath != "" {
			u.RawPath = t.prefix + u.RawPath
		}
	}
	out.URL = &u
	out.Host = ""
	return t.next.RoundTrip(out)
}
