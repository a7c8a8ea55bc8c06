package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// NonceWindow is how long, on the fake clock, a channel message create with
// enforce_nonce returns the message first created with the same nonce instead
// of creating another. Discord only says "the past few minutes"
// (resources/message.mdx "Create Message", enforce_nonce) or "a short
// duration" (discord-api-docs#6647); the fake takes two minutes.
const NonceWindow = 2 * time.Minute

// maxNonce is the longest string nonce (resources/message.mdx "Create Message").
const maxNonce = 25

// nonceEntry is a message created with enforce_nonce.
type nonceEntry struct {
	messageID string
	at        time.Time // on the fake clock
}

// decodeNonce reads a message body's nonce, an integer or a string of up to
// 25 characters, as text ("" when absent).
func decodeNonce(raw json.RawMessage) (string, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if utf8.RuneCountInString(s) > maxNonce {
			return "", formError("nonce", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxNonce))
		}
		return s, nil
	}
	var n int64
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", formError("nonce", "BASE_TYPE_INVALID", "Nonce must be an integer or a string")
	}
	return strconv.FormatInt(n, 10), nil
}

// enforcedNonceLocked returns the answer to a create with enforce_nonce whose
// nonce the bot already used within NonceWindow: the message then created,
// or, as Discord does when that message was deleted since, Unknown Message
// (discord-api-docs#6647: the flow is a safe retry, so it never recreates a
// deleted message). ok is false when the create should go ahead. Nonces are
// per author, as the docs say, and only the bot creates messages in the fake.
// dc.mu must be held.
func (dc *Discord) enforcedNonceLocked(b *messageBody) (status int, reply any, ok bool) {
	if !b.enforceNonce || b.nonce == "" {
		return 0, nil, false
	}
	e, seen := dc.nonces[b.nonce]
	if !seen || dc.clock.Now().Sub(e.at) >= NonceWindow {
		return 0, nil, false
	}
	m := dc.messages[e.messageID]
	if m == nil {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message"), true
	}
	return http.StatusOK, dc.wireLocked(m), true
}

// rememberNonceLocked records a message created with enforce_nonce.
func (dc *Discord) rememberNonceLocked(b *messageBody, m *Message) {
	if b.enforceNonce && b.nonce != "" {
		dc.nonces[b.nonce] = nonceEntry{messageID: m.ID, at: m.Created}
	}
}
