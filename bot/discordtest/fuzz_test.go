package discordtest

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// FuzzMessageBody checks that any message body is either rejected with a
// Discord error or accepted, and that an accepted body survives the round trip
// through the stored message and its wire form unchanged.
func FuzzMessageBody(f *testing.F) {
	for _, seed := range []string{
		`{"content":"hello"}`,
		`{"content":"x","components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"A"},{"type":2,"style":5,"url":"https://e.x","label":"L"}]}]}`,
		`{"content":"x","components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a"},{"type":2,"style":1,"custom_id":"a"}]}]}`,
		`{"embeds":[{"title":"t","description":"d"}],"flags":64}`,
		`{"content":null,"attachments":[]}`,
		`{"components":[{"type":1,"components":[{"type":3,"custom_id":"s","options":[{"label":"a","value":"a"}]}]}]}`,
		`[]`, `{"content":5}`, `{`,
	} {
		f.Add([]byte(seed))
	}
	dc := &Discord{clock: &Clock{now: time.Unix(1700000000, 0)}, usersByID: map[string]*User{}, interactions: map[string]*interaction{}, attachments: map[string]*Attachment{}}
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, aerr := parseMessageBody(raw, nil)
		if aerr == nil {
			aerr = checkMessageBody(b)
		}
		if aerr != nil {
			if aerr.Status < 400 || aerr.Code == 0 || aerr.Message == "" {
				t.Fatalf("rejection without a Discord error: %+v", aerr)
			}
			return
		}
		m := dc.applyLocked(nil, b)
		wire, err := json.Marshal(dc.wireLocked(m))
		if err != nil {
			t.Fatalf("wire form does not encode: %v", err)
		}
		back, aerr := parseMessageBody(wire, nil)
		if aerr != nil {
			t.Fatalf("the wire form of an accepted body is not a valid body: %v\n%s", aerr, wire)
		}
		if aerr := checkMessageBody(back); aerr != nil {
			t.Fatalf("the wire form breaks the rules the body passed: %v", aerr)
		}
		m2 := dc.applyLocked(nil, back)
		if m2.Content != m.Content || !sameComponents(m2.Components, m.Components) || len(m2.Embeds) != len(m.Embeds) {
			t.Fatalf("round trip changed the message:\n%+v\n%+v", m, m2)
		}
	})
}

// sameComponents compares component trees, treating nil and empty alike.
func sameComponents(a, b []Component) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}
