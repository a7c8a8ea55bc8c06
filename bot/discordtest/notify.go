package discordtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// How a message that notified its mentions was created; Notification.How.
const (
	// HowCreate is a channel message create (POST /channels/{id}/messages).
	HowCreate = "create"
	// HowResponse is an interaction's initial response of type 4
	// (CHANNEL_MESSAGE_WITH_SOURCE).
	HowResponse = "response"
	// HowFollowup is a follow-up that created a new message
	// (POST /webhooks/{application_id}/{token}).
	HowFollowup = "followup"
)

// Notification is one user notified of a mention of them, as Discord does:
//
//   - only when a message is created with the mention in its content: by a
//     channel message create, an interaction's type 4 response or a follow-up
//     that creates a message. Edits never notify, whatever route made them
//     (PATCH of a channel message, of @original after a type 5 defer, of a
//     follow-up, an UPDATE_MESSAGE response): discord-api-docs#5497, where a
//     deferred reply edited to mention a user pinged nobody, and
//     resources/message.mdx "Edit Message", which only rebuilds the message's
//     mentions array. A follow-up sent while the type 5 response still shows
//     its loading state edits that message instead of creating one
//     (interactions/receiving-and-responding.mdx "Create Followup Message"), so
//     it does not notify either;
//   - only for the users allowed_mentions lets through (resources/message.mdx
//     "Allowed Mentions Object": without the field, user mentions are parsed
//     in regular messages, interactions and webhooks alike; parse ["users"]
//     parses them all; a users list only those; any other parse none);
//   - never for an ephemeral message, which only its reader sees, nor for one
//     created with SUPPRESS_NOTIFICATIONS (resources/message.mdx "Message
//     Flags": it "will not trigger push and desktop notifications");
//   - only users who can see the channel: the recipient of a DM, or any user
//     of a guild channel whose member permissions include VIEW_CHANNEL.
type Notification struct {
	UserID    string
	MessageID string
	ChannelID string
	How       string // HowCreate, HowResponse or HowFollowup
}

// Notifications returns every notification so far, in order.
func (dc *Discord) Notifications() []Notification {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return slices.Clone(dc.notifications)
}

// Notifications returns the notifications u got so far, in order.
func (u *User) Notifications() []Notification {
	u.dc.mu.Lock()
	defer u.dc.mu.Unlock()
	var out []Notification
	for _, n := range u.dc.notifications {
		if n.UserID == u.ID {
			out = append(out, n)
		}
	}
	return out
}

// userMention matches a user mention in message content: <@id> or the
// legacy nickname form <@!id> (reference.mdx "Message Formatting").
var userMention = regexp.MustCompile(`<@!?([0-9]+)>`)

// allowedMentions is the allowed_mentions object of a message request.
type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
}

// maxAllowedUsers is the most user ids allowed_mentions.users may list.
const maxAllowedUsers = 100

// checkAllowedMentions rejects what Discord rejects: parse "users" together
// with a users list (resources/message.mdx: "the parse field is mutually
// exclusive with the other fields"), and more than 100 users.
func checkAllowedMentions(am *allowedMentions) *apiError {
	if am == nil {
		return nil
	}
	if slices.Contains(am.Parse, "users") && len(am.Users) > 0 {
		return formError("allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
			fmt.Sprintf("parse:[\"users\"] and users: %v are mutually exclusive.", am.Users))
	}
	if len(am.Users) > maxAllowedUsers {
		return formError("allowed_mentions.users", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAllowedUsers))
	}
	return nil
}

// mentionsLocked returns the known users that content mentions and am allows
// (nil am: the default, which parses user mentions), in order of first
// mention, without the bot itself. It is the message's mentions array,
// rebuilt on every create and on every edit of the content. dc.mu must be held.
func (dc *Discord) mentionsLocked(content string, am *allowedMentions) []string {
	var out []string
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		id := m[1]
		u := dc.usersByID[id]
		if u == nil || u == dc.app || slices.Contains(out, id) {
			continue
		}
		if am != nil && !slices.Contains(am.Parse, "users") && !slices.Contains(am.Users, id) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// notifyLocked records the notifications of a message just created. Call it
// only where a message is created, never on an edit. dc.mu must be held.
func (dc *Discord) notifyLocked(m *Message, how string) {
	if m.Ephemeral() || m.Flags&discordgo.MessageFlagsSuppressNotifications != 0 {
		return
	}
	ch := dc.channels[m.ChannelID]
	for _, id := range m.Mentions {
		if ch == nil || !ch.canSeeLocked(dc.usersByID[id]) {
			continue
		}
		dc.notifications = append(dc.notifications, Notification{UserID: id, MessageID: m.ID, ChannelID: m.ChannelID, How: how})
	}
	dc.broadcastLocked()
}

// decodeAllowedMentions reads the allowed_mentions field of a message body
// (nil when absent or null) and checks it.
func decodeAllowedMentions(raw json.RawMessage) (*allowedMentions, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var am allowedMentions
	if err := json.Unmarshal(raw, &am); err != nil {
		return nil, formError("allowed_mentions", "BASE_TYPE_INVALID", fmt.Sprintf("Invalid allowed_mentions: %v", err))
	}
	if aerr := checkAllowedMentions(&am); aerr != nil {
		return nil, aerr
	}
	return &am, nil
}

// canSeeLocked reports whether u can see the channel: the recipient of a DM,
// or a user of a guild channel whose permissions there include
// VIEW_CHANNEL. c.dc.mu must be held.
func (c *Channel) canSeeLocked(u *User) bool {
	if u == nil {
		return false
	}
	if c.recipient != nil {
		return u == c.recipient
	}
	return has(c.permsForLocked(u), discordgo.PermissionViewChannel)
}
