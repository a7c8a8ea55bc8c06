package discordtest

import (
	"context"
	"sync"
)

// Hold stops one REST request in the fake, so that a test can act (kill
// the bot's process, say) at an exact point: before Discord applies the
// request, or after it applied it but before the bot hears the answer.
type Hold struct {
	method, route string
	applied       bool
	reached       chan struct{}
	release       chan struct{}
	once          sync.Once
}

// HoldNext holds the next request matching method and route (the spec's
// path template, as for FailNext). With applied false the request waits
// before it takes effect; with applied true it takes effect and its
// answer waits. The request goes on when the test calls Release, or when
// the bot gives up on it (its connection closes: a killed process).
func (dc *Discord) HoldNext(method, route string, applied bool) *Hold {
	h := &Hold{method: method, route: route, applied: applied, reached: make(chan struct{}), release: make(chan struct{})}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	dc.holds = append(dc.holds, h)
	return h
}

// Reached is closed when the held request has arrived (and, for a hold
// after applying, has taken effect).
func (h *Hold) Reached() <-chan struct{} { return h.reached }

// Release lets the held request go on.
func (h *Hold) Release() { h.once.Do(func() { close(h.release) }) }

// takeHold removes and returns the first hold matching the request at
// that point (before or after applying it), or nil.
func (dc *Discord) takeHold(method, route string, applied bool) *Hold {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	for i, h := range dc.holds {
		if h.method == method && h.route == route && h.applied == applied {
			dc.holds = append(dc.holds[:i:i], dc.holds[i+1:]...)
			return h
		}
	}
	return nil
}

// wait blocks the request until the hold is released or the request's
// client goes away.
func (h *Hold) wait(ctx context.Context) {
	close(h.reached)
	select {
	case <-h.release:
	case <-ctx.Done():
	}
}
