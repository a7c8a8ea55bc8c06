package discordtest

import (
	"fmt"
	"net/http"
	"time"
)

// fault is a failure injected into the next matching REST requests.
type fault struct {
	method, route string
	remaining     int
	status        int           // FailNext
	retryAfter    time.Duration // RateLimitNext, ResourceLimitNext
	scope         string        // of the 429: user, global or shared
	delay         time.Duration // SlowNext
	drop          bool          // DropNext
}

// FailNext makes the next n requests matching method and route answer with
// status (e.g. 500 or 502) without taking effect. route is the spec's path
// template, e.g. "/channels/{channel_id}/messages"; "" matches any method or
// route. discordgo retries 502 by itself; a test shows the bot survives the rest.
func (dc *Discord) FailNext(method, route string, status, n int) {
	dc.addFault(&fault{method: method, route: route, remaining: n, status: status})
}

// RateLimitNext makes the next n matching requests answer 429 with
// retry_after and Discord's rate-limit headers; global marks a global limit.
// Each counts as an invalid request.
func (dc *Discord) RateLimitNext(method, route string, retryAfter time.Duration, global bool, n int) {
	scope := scopeUser
	if global {
		scope = scopeGlobal
	}
	dc.addFault(&fault{method: method, route: route, remaining: n, status: http.StatusTooManyRequests, retryAfter: retryAfter, scope: scope})
}

// ResourceLimitNext makes the next n matching requests answer 429 with
// X-RateLimit-Scope: shared, as Discord does when the resource rather than
// the bot is rate limited; these do not count as invalid requests
// (rate-limits.mdx "Invalid Request Limit").
func (dc *Discord) ResourceLimitNext(method, route string, retryAfter time.Duration, n int) {
	dc.addFault(&fault{method: method, route: route, remaining: n, status: http.StatusTooManyRequests, retryAfter: retryAfter, scope: scopeShared})
}

// DropNext makes the next n matching requests fail as a broken network
// would: the connection closes before any answer and the request takes no
// effect. The client sees an error that quotes the request's URL.
func (dc *Discord) DropNext(method, route string, n int) {
	dc.addFault(&fault{method: method, route: route, remaining: n, drop: true})
}

// SlowNext delays the next n matching requests by d (real time) before they are
// handled, as a slow network or a busy Discord would.
func (dc *Discord) SlowNext(method, route string, d time.Duration, n int) {
	dc.addFault(&fault{method: method, route: route, remaining: n, delay: d})
}

func (dc *Discord) addFault(f *fault) {
	dc.tb.Helper()
	if f.route != "" {
		known := false
		for r := range dc.routes {
			known = known || r == f.method+" "+f.route || (f.method == "" && len(r) > len(f.route) && r[len(r)-len(f.route):] == f.route)
		}
		if !known {
			dc.tb.Errorf("discordtest: fault for %s %s matches no route the fake serves", f.method, f.route)
		}
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	dc.faults = append(dc.faults, f)
}

// takeFault consumes one use of the first fault matching the request.
func (dc *Discord) takeFault(method, route string) *fault {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	for i, f := range dc.faults {
		if (f.method == "" || f.method == method) && (f.route == "" || f.route == route) {
			f.remaining--
			if f.remaining <= 0 {
				dc.faults = append(dc.faults[:i:i], dc.faults[i+1:]...)
			}
			c := *f
			return &c
		}
	}
	return nil
}

// serve applies the fault to a request of class; it reports whether it
// wrote the reply itself.
func (f *fault) serve(w http.ResponseWriter, r *http.Request, class bucketClass) bool {
	if f.delay > 0 {
		t := time.NewTimer(f.delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
		}
		return false
	}
	if f.drop {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return true
			}
		}
		panic(http.ErrAbortHandler) // closes the connection all the same
	}
	if f.status == http.StatusTooManyRequests {
		now := time.Now()
		v := verdict{class: class, limit: class.limit, remaining: 0, reset: now.Add(f.retryAfter), served: now}
		writeRateLimited(w, f.scope, f.retryAfter, &v)
		return true
	}
	writeJSON(w, f.status, map[string]any{"message": fmt.Sprintf("%d: %s", f.status, http.StatusText(f.status)), "code": 0})
	return true
}
