package discordtest

import (
	"bytes"
	"fmt"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SetAfterAck makes every user action call f, in the user's goroutine, after
// the bot's initial response arrived and before the action returns, as a
// goroutine scheduled late under load would. Set it before any action.
func SetAfterAck(dc *Discord, f func(interactionID string)) { dc.afterAck = f }

// ValidateSchema checks a JSON reply of the fake against a component schema
// of Discord's OpenAPI spec (#/components/schemas/name).
func ValidateSchema(name string, body []byte) error {
	path, err := defaultSpecPath()
	if err != nil {
		return err
	}
	sp, err := loadSpec(path)
	if err != nil {
		return err
	}
	sp.mu.Lock()
	sch, err := sp.comp.Compile(sp.url + "#/components/schemas/" + name)
	sp.mu.Unlock()
	if err != nil {
		return fmt.Errorf("compiling schema %s: %w", name, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("reply is not JSON: %w", err)
	}
	return sch.Validate(v)
}

// SetRateLimit replaces a rate limit of the fake by name: "global", "channel
// messages", "interaction webhook", or "METHOD route" for any other route. A
// long window lets a test exhaust a bucket without racing the clock.
func SetRateLimit(dc *Discord, name string, limit int, window time.Duration) {
	dc.limits.mu.Lock()
	defer dc.limits.mu.Unlock()
	dc.limits.overrides[name] = limitOverride{limit: limit, window: window}
}
