package discordtest

import (
	"testing"
)

// BenchmarkContractValidate measures checking one interaction callback body
// against the compiled spec schema (compiled once, outside the loop).
func BenchmarkContractValidate(b *testing.B) {
	path, err := defaultSpecPath()
	if err != nil {
		b.Skipf("SKIPPED: no spec: %v", err)
	}
	c := &contract{path: path}
	if err := c.available(); err != nil {
		b.Skipf("SKIPPED: contract checks are off: %v", err)
	}
	body := []byte(`{"type":4,"data":{"content":"pong","components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"A"},{"type":2,"style":2,"custom_id":"b","label":"B"}]}],"embeds":[{"title":"Board","image":{"url":"attachment://board.png"}}]}}`)
	route := "/interactions/{interaction_id}/{interaction_token}/callback"
	if err := c.validate("POST", route, body); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.validate("POST", route, body); err != nil {
			b.Fatal(err)
		}
	}
}
