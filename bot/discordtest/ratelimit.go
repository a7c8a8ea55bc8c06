package discordtest

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rateLimitsByDefault says whether a fake enforces Discord's rate limits
// unless told otherwise: it does, as Discord does.
const rateLimitsByDefault = true

// WithRateLimits makes the fake enforce Discord's rate limits in real time
// (discordgo sleeps in real time): per-route buckets and the global limit,
// answering 429 when one is exhausted (see rateLimiter). It is the default;
// the option says so where a test depends on it.
func WithRateLimits() Option { return func(dc *Discord) { dc.limits.on = true } }

// Discord's rate limits as the fake applies them (topics/rate-limits.mdx).
const (
	// GlobalLimit requests per GlobalWindow per bot token, whatever the
	// route, except the interaction endpoints (rate-limits.mdx "Global Rate
	// Limit"; receiving-and-responding.mdx "Endpoints": "not bound to the
	// application's Global Rate Limit").
	GlobalLimit  = 50
	GlobalWindow = time.Second

	// MessageLimit creates, edits and deletes of messages per MessageWindow
	// per channel, all in one bucket: discord-platform.md, as observed.
	MessageLimit  = 5
	MessageWindow = 5 * time.Second

	// WebhookLimit requests per WebhookWindow per interaction token, shared by
	// its follow-ups and its @original and follow-up GET, PATCH and DELETE:
	// 5 per 2 s, as measured in discord-api-docs#2701 ("5/2s per
	// interaction"), where Discord answered that these are the webhook rate
	// limits keyed on the interaction.
	WebhookLimit  = 5
	WebhookWindow = 2 * time.Second

	// RouteLimit requests per RouteWindow per route and top-level resource
	// for every other route, the callback included (one per interaction can
	// succeed anyway). Discord publishes no figures; this is the fake's
	// choice, as low as the usual per-route limits.
	RouteLimit  = 5
	RouteWindow = time.Second
)

// Scopes of a 429 (rate-limits.mdx "Header Format", X-RateLimit-Scope).
const (
	scopeUser   = "user"   // a per-route limit of the bot
	scopeGlobal = "global" // the bot's global limit
	scopeShared = "shared" // a limit of the resource, shared with others
)

// bucketClass is a per-route rate limit and the routes that share it.
type bucketClass struct {
	name        string        // hashed into X-RateLimit-Bucket
	limit       int           // requests per window
	window      time.Duration //
	major       []string      // path parameters counted apart: the top-level resources
	interaction bool          // an interaction endpoint, free of the global limit
}

// bucketOf is a stable, opaque X-RateLimit-Bucket for a name.
func bucketOf(route string) string {
	var h uint32 = 2166136261
	for i := 0; i < len(route); i++ {
		h = (h ^ uint32(route[i])) * 16777619
	}
	return fmt.Sprintf("%08x", h)
}

// bucket is the X-RateLimit-Bucket of the class: one opaque id for all the
// routes that share it, "non-inclusive of top-level resources in the path".
func (c bucketClass) bucket() string { return bucketOf(c.name) }

// routeClass returns the rate limit of a route. Per-route limits "account for
// top-level resources within the path": channel_id, guild_id, and webhook_id
// with webhook_token (rate-limits.mdx); the callback is counted per
// interaction.
func routeClass(method, route string) bucketClass {
	switch {
	case route == "/interactions/{interaction_id}/{interaction_token}/callback":
		return bucketClass{name: "POST " + route, limit: RouteLimit, window: RouteWindow, major: []string{"interaction_id"}, interaction: true}
	case strings.HasPrefix(route, "/webhooks/{webhook_id}/{webhook_token}"):
		return bucketClass{name: "interaction webhook", limit: WebhookLimit, window: WebhookWindow, major: []string{"webhook_id", "webhook_token"}, interaction: true}
	case method != http.MethodGet && strings.HasPrefix(route, "/channels/{channel_id}/messages"):
		return bucketClass{name: "channel messages", limit: MessageLimit, window: MessageWindow, major: []string{"channel_id"}}
	}
	var major []string
	for _, p := range []string{"channel_id", "guild_id"} {
		if strings.Contains(route, "{"+p+"}") {
			major = append(major, p)
		}
	}
	return bucketClass{name: method + " " + route, limit: RouteLimit, window: RouteWindow, major: major}
}

// window counts the requests of one bucket (or of the global limit) in its
// current fixed window, which opens with its first request.
type window struct {
	start time.Time
	count int
}

// HeaderSlack is how early a request may come for a window that closes.
// The headers give the reset to the millisecond, rounded, and discordgo
// reads X-RateLimit-Reset-After into whole milliseconds with float
// truncation: a client that waits exactly as told can be back up to about
// 1.5 ms early, which over a real network is latency. In-process it was
// an occasional 429 that Discord would not give.
const HeaderSlack = 2 * time.Millisecond

// take counts a request at now against limit per length, and reports
// whether it may go ahead, how many remain and when the window closes.
func (w *window) take(now time.Time, limit int, length time.Duration) (ok bool, remaining int, reset time.Time) {
	if w.count == 0 || !now.Add(HeaderSlack).Before(w.start.Add(length)) {
		w.start, w.count = now, 0
	}
	reset = w.start.Add(length)
	if w.count >= limit {
		return false, 0, reset
	}
	w.count++
	return true, limit - w.count, reset
}

// rateLimiter enforces Discord's rate limits when on, and counts invalid
// requests always.
type rateLimiter struct {
	mu      sync.Mutex
	on      bool
	global  window
	buckets map[string]*window // by class name and the values of its major parameters
	// overrides replaces the limit of a class, by name ("global" for the
	// global limit), for this package's tests.
	overrides map[string]limitOverride
	invalid   int
}

// limitOverride is a limit a test sets in place of Discord's.
type limitOverride struct {
	limit  int
	window time.Duration
}

// limitOf returns a class's limit and window, or their override.
func (l *rateLimiter) limitOf(name string, limit int, length time.Duration) (int, time.Duration) {
	if o, ok := l.overrides[name]; ok {
		return o.limit, o.window
	}
	return limit, length
}

// verdict is what the rate limiter decided for one request.
type verdict struct {
	class     bucketClass
	ok        bool
	scope     string // of the 429 when !ok
	limit     int
	remaining int
	reset     time.Time
	served    time.Time
}

// check counts a request of class at now, with the values of its major
// parameters. When enforcement is off it lets everything through and reports
// the bucket as full but for this request.
func (l *rateLimiter) check(class bucketClass, majors string, now time.Time) verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	limit, length := l.limitOf(class.name, class.limit, class.window)
	v := verdict{class: class, ok: true, limit: limit, remaining: limit - 1, reset: now.Add(length), served: now}
	if !l.on {
		return v
	}
	if !class.interaction {
		glimit, glength := l.limitOf(scopeGlobal, GlobalLimit, GlobalWindow)
		if ok, _, reset := l.global.take(now, glimit, glength); !ok {
			v.ok, v.scope, v.reset = false, scopeGlobal, reset
			return v
		}
	}
	key := class.name + " " + majors
	w := l.buckets[key]
	if w == nil {
		w = &window{}
		l.buckets[key] = w
	}
	v.ok, v.remaining, v.reset = w.take(now, limit, length)
	if !v.ok {
		v.scope = scopeUser
	}
	return v
}

// count records the status of a served request: 401, 403 and 429 are invalid
// requests, except a 429 of scope shared (rate-limits.mdx "Invalid Request
// Limit aka Cloudflare bans").
func (l *rateLimiter) count(status int, scope string) {
	if status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusTooManyRequests && scope != scopeShared {
		l.mu.Lock()
		l.invalid++
		l.mu.Unlock()
	}
}

// InvalidRequests returns how many requests so far were invalid in Discord's
// sense: answered 401, 403 or 429, except a 429 of scope shared. Discord bans
// an IP for a while past 10,000 in 10 minutes (rate-limits.mdx).
func (dc *Discord) InvalidRequests() int {
	dc.limits.mu.Lock()
	defer dc.limits.mu.Unlock()
	return dc.limits.invalid
}

// majorValues is the key of a request's top-level resources in its bucket.
func majorValues(class bucketClass, r *http.Request) string {
	var vals []string
	for _, p := range class.major {
		vals = append(vals, r.PathValue(p))
	}
	return strings.Join(vals, "/")
}

// seconds formats a duration in seconds with Discord's millisecond precision.
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// setHeaders writes the rate-limit headers every response carries
// (rate-limits.mdx "Header Format").
func (v verdict) setHeaders(h http.Header) {
	h.Set("X-RateLimit-Limit", strconv.Itoa(v.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(v.remaining))
	h.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(v.reset.UnixMilli())/1000))
	h.Set("X-RateLimit-Reset-After", seconds(max(v.reset.Sub(v.served), 0)))
	h.Set("X-RateLimit-Bucket", v.class.bucket())
}

// writeRateLimited answers 429 as Discord does (rate-limits.mdx "Exceeding A
// Rate Limit"): Retry-After in whole seconds, retry_after in the body with
// decimals, X-RateLimit-Scope, and for the global limit X-RateLimit-Global
// without the route's headers; v is nil for the global limit.
func writeRateLimited(w http.ResponseWriter, scope string, retryAfter time.Duration, v *verdict) {
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(retryAfter.Seconds()))))
	h.Set("X-RateLimit-Scope", scope)
	global := scope == scopeGlobal
	message := "You are being rate limited."
	if global {
		h.Set("X-RateLimit-Global", "true")
	} else if v != nil {
		v.setHeaders(h)
	}
	if scope == scopeShared {
		message = "The resource is being rate limited."
	}
	secs, _ := strconv.ParseFloat(seconds(retryAfter), 64)
	writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": message, "retry_after": secs, "global": global})
}
