package discordtest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// sendRaw creates a message with a raw body (discordgo's MessageSend has no
// nonce) and returns it.
func sendRaw(s *discordgo.Session, channelID string, body map[string]any) (*discordgo.Message, error) {
	ep := discordgo.EndpointChannelMessages(channelID)
	raw, err := s.RequestWithBucketID("POST", ep, body, ep)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// TestEnforceNonceReturnsTheFirstMessage: a retried create with the same
// nonce and enforce_nonce returns the message already created, creates
// nothing and notifies nobody again.
func TestEnforceNonceReturnsTheFirstMessage(t *testing.T) {
	for name, nonce := range map[string]any{"string": "game-42-move-7", "integer": 4207} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			s := dc.Session()
			ch := dc.NewChannel("c")
			alice := dc.User("alice")
			body := map[string]any{"content": mention(alice) + " your move", "nonce": nonce, "enforce_nonce": true}
			first, err := sendRaw(s, ch.ID, body)
			if err != nil {
				t.Fatal(err)
			}
			again, err := sendRaw(s, ch.ID, body)
			if err != nil {
				t.Fatal(err)
			}
			if again.ID != first.ID || len(ch.Messages()) != 1 || len(alice.Notifications()) != 1 {
				t.Fatalf("retry gave %s (first %s), %d messages, %d notifications: want the first message, 1, 1",
					again.ID, first.ID, len(ch.Messages()), len(alice.Notifications()))
			}
		})
	}
}

func TestNonceWithoutEnforceCreatesAgain(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	body := map[string]any{"content": "hi", "nonce": "n1"}
	for range 2 {
		if _, err := sendRaw(s, ch.ID, body); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(ch.Messages()); n != 2 {
		t.Fatalf("%d messages, want 2: without enforce_nonce a nonce dedups nothing", n)
	}
}

func TestEnforceNonceWindowAndDeletion(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	body := map[string]any{"content": "hi", "nonce": "n1", "enforce_nonce": true}
	first, err := sendRaw(s, ch.ID, body)
	if err != nil {
		t.Fatal(err)
	}
	dc.Clock().Advance(discordtest.NonceWindow)
	later, err := sendRaw(s, ch.ID, body)
	if err != nil {
		t.Fatal(err)
	}
	if later.ID == first.ID || len(ch.Messages()) != 2 {
		t.Fatalf("after the window: message %s (first %s), %d messages; want a new one", later.ID, first.ID, len(ch.Messages()))
	}
	if err := s.ChannelMessageDelete(ch.ID, later.ID); err != nil {
		t.Fatal(err)
	}
	_, err = sendRaw(s, ch.ID, body)
	if status, code := restCode(t, err); status != 404 || code != 10008 || len(ch.Messages()) != 1 {
		t.Fatalf("retry of a deleted message: HTTP %d code %d, %d messages; want 404 10008 and no new message", status, code, len(ch.Messages()))
	}
}

// TestNonceLongerThan25IsRefused: the spec's contract check reports it, and
// the fake answers as Discord does.
func TestNonceLongerThan25IsRefused(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	s := dc.Session()
	_, err := sendRaw(s, dc.NewChannel("c").ID, map[string]any{"content": "hi", "nonce": strings.Repeat("n", 26)})
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("HTTP %d code %d, want 400 50035", status, code)
	}
	if errs := rec.Errors(); len(errs) != 1 || !strings.Contains(errs[0], "/nonce") {
		t.Fatalf("reports %q, want one contract violation at /nonce", errs)
	}
}
