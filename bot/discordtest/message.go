package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is one version of a message. The fake never changes a Message it has
// handed out: an edit makes a new version, so a test can compare before and after.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	AuthorID  string
	Content   string
	Embeds    []*discordgo.MessageEmbed
	// Components are the message's action rows as the bot sent them.
	Components  []Component
	Attachments []Attachment
	Flags       discordgo.MessageFlags
	// Mentions are the users the content mentions and allowed_mentions let
	// through (the message's mentions array); only a create notifies them.
	Mentions []string
	// Nonce is the nonce the message was created with, if any.
	Nonce string
	// InteractionID is set on an interaction's responses and follow-ups.
	InteractionID string
	// VisibleTo is the only user who sees an ephemeral message; empty for others.
	VisibleTo string
	// Version counts edits: 0 for the message as first posted.
	Version int
	Created time.Time
	Edited  time.Time

	rawComponents json.RawMessage
	kind          discordgo.MessageType
}

// Ephemeral reports whether only one user can see the message.
func (m *Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether the message is a deferred response still "thinking".
func (m *Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Component returns the component with this custom id, searching all rows.
func (m *Message) Component(customID string) (Component, bool) {
	var find func([]Component) (Component, bool)
	find = func(cs []Component) (Component, bool) {
		for _, c := range cs {
			if c.CustomID == customID {
				return c, true
			}
			if got, ok := find(c.Components); ok {
				return got, true
			}
		}
		return Component{}, false
	}
	return find(m.Components)
}

// Buttons returns every button of the message, row by row.
func (m *Message) Buttons() []Component {
	var out []Component
	for _, row := range m.Components {
		for _, c := range row.Components {
			if c.Type == discordgo.ButtonComponent {
				out = append(out, c)
			}
		}
	}
	return out
}

// Attachment returns the attachment with this file name.
func (m *Message) Attachment(filename string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// Component is a message or modal component (action row, button, select menu,
// text input) as the bot sent it.
type Component struct {
	Type        discordgo.ComponentType `json:"type"`
	CustomID    string                  `json:"custom_id,omitempty"`
	Label       string                  `json:"label,omitempty"`
	Style       int                     `json:"style,omitempty"`
	URL         string                  `json:"url,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Placeholder string                  `json:"placeholder,omitempty"`
	Options     []SelectOption          `json:"options,omitempty"`
	MinValues   *int                    `json:"min_values,omitempty"`
	MaxValues   int                     `json:"max_values,omitempty"`
	// Text inputs (modals).
	Value     string `json:"value,omitempty"`
	Required  *bool  `json:"required,omitempty"`
	MinLength int    `json:"min_length,omitempty"`
	MaxLength int    `json:"max_length,omitempty"`
	// Components are an action row's children.
	Components []Component `json:"components,omitempty"`
}

// SelectOption is one option of a string select menu.
type SelectOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Attachment is a file attached to a message; Data holds its bytes (decode a
// PNG with image/png). It is also served at URL.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	URL         string
	Data        []byte
	// Description is the attachment's alt text (at most 1024 characters),
	// which screen readers read.
	Description string
}

// upload is a file part of a multipart request.
type upload struct {
	field       string // files[n]
	filename    string
	contentType string
	data        []byte
}

// messageBody is a message create or edit request, with which fields were present.
type messageBody struct {
	fields map[string]json.RawMessage

	content       *string
	embeds        []*discordgo.MessageEmbed
	components    []Component
	rawComponents json.RawMessage
	flags         *discordgo.MessageFlags
	allowed       *allowedMentions // nil: Discord's default
	nonce         string           // "" when absent
	enforceNonce  bool
	keep          []json.RawMessage // attachments: ids to keep, or indexes of new files
	described     map[string]string // attachments: alt text by id or index
	files         []upload
}

func (b *messageBody) has(field string) bool {
	v, ok := b.fields[field]
	return ok && string(v) != "null"
}

func (b *messageBody) present(field string) bool { _, ok := b.fields[field]; return ok }

// parseMessageBody decodes the JSON of a message request (or payload_json).
func parseMessageBody(raw []byte, files []upload) (*messageBody, *apiError) {
	b := &messageBody{files: files}
	if len(raw) == 0 {
		b.fields = map[string]json.RawMessage{}
		return b, nil
	}
	if err := json.Unmarshal(raw, &b.fields); err != nil {
		return nil, badJSON(err)
	}
	decode := func(field string, v any) *apiError {
		if !b.has(field) {
			return nil
		}
		if err := json.Unmarshal(b.fields[field], v); err != nil {
			return formError(field, "BASE_TYPE_INVALID", fmt.Sprintf("Invalid %s: %v", field, err))
		}
		return nil
	}
	if b.has("content") {
		b.content = new(string)
	}
	if err := decode("content", b.content); err != nil {
		return nil, err
	}
	if b.present("content") && !b.has("content") {
		b.content = new(string)
	}
	if err := decode("embeds", &b.embeds); err != nil {
		return nil, err
	}
	if err := decode("components", &b.components); err != nil {
		return nil, err
	}
	if b.has("components") {
		b.rawComponents = b.fields["components"]
	}
	if b.has("flags") {
		b.flags = new(discordgo.MessageFlags)
	}
	if err := decode("flags", b.flags); err != nil {
		return nil, err
	}
	am, aerr := decodeAllowedMentions(b.fields["allowed_mentions"])
	if aerr != nil {
		return nil, aerr
	}
	b.allowed = am
	if b.nonce, aerr = decodeNonce(b.fields["nonce"]); aerr != nil {
		return nil, aerr
	}
	if err := decode("enforce_nonce", &b.enforceNonce); err != nil {
		return nil, err
	}
	var keep []struct {
		ID          json.RawMessage `json:"id"`
		Description *string         `json:"description"`
	}
	if err := decode("attachments", &keep); err != nil {
		return nil, err
	}
	b.described = map[string]string{}
	for i, k := range keep {
		b.keep = append(b.keep, k.ID)
		if k.Description == nil {
			continue
		}
		if n := len([]rune(*k.Description)); n > 1024 {
			return nil, formError(fmt.Sprintf("attachments.%d.description", i), "BASE_TYPE_MAX_LENGTH", "Must be 1024 or fewer in length.")
		}
		b.described[attachmentRef(k.ID)] = *k.Description
	}
	return b, nil
}

// attachmentRef is an attachments entry's id as text: a snowflake string
// of a kept attachment, or the index of a new file (a number or a string).
func attachmentRef(id json.RawMessage) string {
	var s string
	if json.Unmarshal(id, &s) != nil {
		s = string(id)
	}
	return s
}

// apply makes the next version of m (nil for a new message) from the request.
// dc.mu must be held; it stores the uploaded files.
func (dc *Discord) applyLocked(m *Message, b *messageBody) *Message {
	next := &Message{}
	if m != nil {
		*next = *m
		next.Version++
		next.Edited = dc.clock.Now()
		next.Flags &^= discordgo.MessageFlagsLoading // any edit completes a deferred response
	} else {
		next.Created = dc.clock.Now()
		next.Nonce = b.nonce
	}
	if b.content != nil {
		next.Content = *b.content
		next.Mentions = dc.mentionsLocked(next.Content, b.allowed)
	}
	if b.present("embeds") {
		next.Embeds = b.embeds
	}
	if b.present("components") {
		next.Components, next.rawComponents = b.components, b.rawComponents
	}
	if b.flags != nil {
		if m == nil {
			next.Flags = *b.flags &^ discordgo.MessageFlagsLoading
		} else {
			// Only SUPPRESS_EMBEDS can change after creation; EPHEMERAL is fixed.
			const editable = discordgo.MessageFlagsSuppressEmbeds
			next.Flags = next.Flags&^editable | *b.flags&editable
		}
	}
	var atts []Attachment
	if b.present("attachments") {
		for _, id := range b.keep {
			var s string
			if json.Unmarshal(id, &s) != nil {
				s = string(id) // a number: the index of a new file, kept below
			}
			for _, a := range next.Attachments {
				if a.ID == s {
					atts = append(atts, a)
				}
			}
		}
	} else {
		atts = append(atts, next.Attachments...)
	}
	for i := range atts {
		if d, ok := b.described[atts[i].ID]; ok {
			atts[i].Description = d
		}
	}
	for _, f := range b.files {
		a := &Attachment{ID: dc.newIDLocked(), Filename: f.filename, ContentType: f.contentType, Data: f.data}
		if n, ok := strings.CutPrefix(f.field, "files["); ok {
			a.Description = b.described[strings.TrimSuffix(n, "]")]
		}
		a.URL = dc.srv.URL + "/attachments/" + a.ID + "/" + a.Filename
		dc.attachments[a.ID] = a
		atts = append(atts, *a)
	}
	next.Attachments = atts
	return next
}

// emptyMessage reports whether a message has nothing to show.
func emptyMessage(m *Message) bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Attachments) == 0 && len(m.Components) == 0
}

// storeLocked saves a new version of a message. dc.mu must be held.
func (dc *Discord) storeLocked(m *Message) {
	if _, ok := dc.messages[m.ID]; !ok {
		dc.order[m.ChannelID] = append(dc.order[m.ChannelID], m.ID)
		if c := dc.channels[m.ChannelID]; c != nil && c.thread != nil {
			c.thread.active = dc.clock.Now() // a message is activity
		}
	}
	dc.messages[m.ID] = m
	dc.broadcastLocked()
}

// deleteLocked removes a message. dc.mu must be held.
func (dc *Discord) deleteLocked(m *Message) {
	delete(dc.messages, m.ID)
	ids := dc.order[m.ChannelID]
	for i, id := range ids {
		if id == m.ID {
			dc.order[m.ChannelID] = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
	dc.broadcastLocked()
}

// Wire formats (what Discord sends).

type wireUser struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	Discriminator string  `json:"discriminator"`
	GlobalName    string  `json:"global_name"`
	Avatar        *string `json:"avatar"`
	Bot           bool    `json:"bot,omitempty"`
	PublicFlags   int     `json:"public_flags"`
	Flags         int     `json:"flags"`
	PrimaryGuild  *struct {
		IdentityGuildID string `json:"identity_guild_id"`
	} `json:"primary_guild"`
}

func (u *User) wire() wireUser {
	return wireUser{ID: u.ID, Username: u.Name, Discriminator: "0", GlobalName: u.Name, Bot: u.Bot}
}

type wireAttachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	Description string `json:"description,omitempty"`
}

// wireInteractionMeta is a message's interaction_metadata, or with Name its
// deprecated interaction field.
type wireInteractionMeta struct {
	ID                  string               `json:"id"`
	Type                int                  `json:"type"`
	Name                string               `json:"name,omitempty"`
	User                wireUser             `json:"user"`
	Owners              map[string]string    `json:"authorizing_integration_owners,omitempty"`
	OriginalResponseID  string               `json:"original_response_message_id,omitempty"`
	InteractedMessageID string               `json:"interacted_message_id,omitempty"`
	Triggering          *wireInteractionMeta `json:"triggering_interaction_metadata,omitempty"`
}

type wireMessage struct {
	ID              string                    `json:"id"`
	Type            int                       `json:"type"`
	ChannelID       string                    `json:"channel_id"`
	GuildID         string                    `json:"guild_id,omitempty"`
	Author          wireUser                  `json:"author"`
	Content         string                    `json:"content"`
	Timestamp       string                    `json:"timestamp"`
	EditedTimestamp *string                   `json:"edited_timestamp"`
	TTS             bool                      `json:"tts"`
	MentionEveryone bool                      `json:"mention_everyone"`
	Mentions        []wireUser                `json:"mentions"`
	MentionRoles    []string                  `json:"mention_roles"`
	Attachments     []wireAttachment          `json:"attachments"`
	Embeds          []*discordgo.MessageEmbed `json:"embeds"`
	Components      json.RawMessage           `json:"components"`
	Pinned          bool                      `json:"pinned"`
	Flags           int                       `json:"flags"`
	Nonce           string                    `json:"nonce,omitempty"`
	WebhookID       string                    `json:"webhook_id,omitempty"`
	ApplicationID   string                    `json:"application_id,omitempty"`
	Interaction     *wireInteractionMeta      `json:"interaction,omitempty"`
	InteractionMeta *wireInteractionMeta      `json:"interaction_metadata,omitempty"`
}

// wireLocked renders m as Discord would send it. dc.mu must be held.
func (dc *Discord) wireLocked(m *Message) wireMessage {
	w := wireMessage{
		ID: m.ID, Type: int(m.kind), ChannelID: m.ChannelID, GuildID: m.GuildID,
		Content: m.Content, Timestamp: timestamp(m.Created), Flags: int(m.Flags), Nonce: m.Nonce,
		Mentions: []wireUser{}, MentionRoles: []string{}, Attachments: []wireAttachment{},
		Embeds: m.Embeds, Components: m.rawComponents,
	}
	if w.Embeds == nil {
		w.Embeds = []*discordgo.MessageEmbed{}
	}
	if len(w.Components) == 0 {
		w.Components = json.RawMessage("[]")
	}
	if u := dc.usersByID[m.AuthorID]; u != nil {
		w.Author = u.wire()
	}
	for _, id := range m.Mentions {
		if u := dc.usersByID[id]; u != nil {
			w.Mentions = append(w.Mentions, u.wire())
		}
	}
	if !m.Edited.IsZero() {
		s := timestamp(m.Edited)
		w.EditedTimestamp = &s
	}
	for _, a := range m.Attachments {
		w.Attachments = append(w.Attachments, wireAttachment{
			ID: a.ID, Filename: a.Filename, ContentType: a.ContentType, Size: len(a.Data), URL: a.URL, ProxyURL: a.URL,
			Description: a.Description,
		})
	}
	if ix := dc.interactions[m.InteractionID]; ix != nil {
		w.WebhookID, w.ApplicationID = dc.app.ID, dc.app.ID
		w.InteractionMeta = dc.metadataLocked(ix, m)
		if ix.kind == discordgo.InteractionApplicationCommand {
			w.Interaction = &wireInteractionMeta{ID: ix.id, Type: int(ix.kind), Name: ix.commandName, User: ix.user.wire()}
		}
	}
	return w
}

// serveAttachment is the fake CDN: GET /attachments/{id}/{filename}.
func (dc *Discord) serveAttachment(w http.ResponseWriter, r *http.Request) {
	dc.mu.Lock()
	a := dc.attachments[r.PathValue("id")]
	dc.mu.Unlock()
	if a == nil || a.Filename != r.PathValue("filename") {
		http.NotFound(w, r)
		return
	}
	if a.ContentType != "" {
		w.Header().Set("Content-Type", a.ContentType)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Data)))
	w.Write(a.Data)
}
