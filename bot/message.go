package bot

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// message is a Discord message as the bot sends it: what presenters build
// and the executor and the deliverer send, as a new message, an
// interaction response or an edit.
type message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []file
	Ephemeral  bool
	// Ping lists the users whose mentions in Content notify when the
	// message is created (allowed_mentions); nobody else is notified, and
	// an edit notifies nobody whatever it says.
	Ping []string
	// KeepImage: an edit with this message leaves the message's embeds
	// and attachments as they are and changes only its content and
	// components (a retired board).
	KeepImage bool
}

// file is an attachment, kept as bytes so that a retried request can send
// it again.
type file struct {
	Name, ContentType string
	Data              []byte
	// Description is the attachment's alt text for screen readers (at
	// most 1024 characters; see altText).
	Description string
}

// Attachment names of board messages.
const (
	boardFile  = "board.png"
	replayFile = "replay.gif"
)

// attachment is an entry of a message's attachments list: a file of the
// request (by its index in the files) the message keeps.
type attachment struct {
	ID          string `json:"id"` // a snowflake in Discord's spec: the file's index, as text
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"` // alt text, at most 1024 characters
}

// allowedMentions is Discord's allowed_mentions: only the users listed
// are notified by mentions in the content, never roles or everyone.
type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users,omitempty"`
}

// payload is a message body in Discord's JSON: a created message, an edit
// (every field set replaces the message's) or an interaction response's
// data. Nil fields are left out, which an edit reads as "keep".
type payload struct {
	Content         *string                       `json:"content,omitempty"`
	Embeds          *[]*discordgo.MessageEmbed    `json:"embeds,omitempty"`
	Components      *[]discordgo.MessageComponent `json:"components,omitempty"`
	Attachments     *[]attachment                 `json:"attachments,omitempty"`
	AllowedMentions *allowedMentions              `json:"allowed_mentions,omitempty"`
	Flags           discordgo.MessageFlags        `json:"flags,omitempty"`
	Nonce           string                        `json:"nonce,omitempty"`
	EnforceNonce    bool                          `json:"enforce_nonce,omitempty"`
	// Choices answer an autocomplete.
	Choices *[]*discordgo.ApplicationCommandOptionChoice `json:"choices,omitempty"`
}

// pingPayload is a message that only notifies users: the follow-up sent
// when a message meant to notify them could only be made by an edit (a
// deferred response), which notifies nobody.
func pingPayload(users []string) *payload {
	content := "🔔"
	for _, u := range users {
		content += " <@" + u + ">"
	}
	return &payload{Content: &content, AllowedMentions: &allowedMentions{Parse: []string{}, Users: users}}
}

// full is the payload replacing every part of a message with m: content,
// embeds, buttons and attachments.
func (m *message) full() *payload {
	content := m.Content
	embeds := m.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	atts := make([]attachment, len(m.Files))
	for i, f := range m.Files {
		atts[i] = attachment{ID: strconv.Itoa(i), Filename: f.Name, Description: f.Description}
	}
	p := &payload{Content: &content, Embeds: &embeds, Components: &comps, Attachments: &atts,
		AllowedMentions: &allowedMentions{Parse: []string{}, Users: m.Ping}}
	if m.Ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	return p
}

// edit is the payload editing a message into m.
func (m *message) edit() *payload {
	if !m.KeepImage {
		return m.full()
	}
	content := m.Content
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return &payload{Content: &content, Components: &comps, AllowedMentions: &allowedMentions{Parse: []string{}}}
}

// files returns m's files for a multipart request.
func (m *message) files() []*discordgo.File {
	fs := make([]*discordgo.File, len(m.Files))
	for i, f := range m.Files {
		fs[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytesReader(f.Data)}
	}
	return fs
}

// row is one action row of components.
func row(cs ...discordgo.MessageComponent) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: cs}}
}
