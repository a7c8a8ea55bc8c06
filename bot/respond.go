package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// outMessage is a message the bot sends: what every reply, post and edit is
// built from. Files are kept as bytes so that a retried request can send
// them again.
type outMessage struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []outFile
	Ephemeral  bool
}

type outFile struct {
	Name, ContentType string
	Data              []byte
}

func (m *outMessage) files() []*discordgo.File {
	fs := make([]*discordgo.File, len(m.Files))
	for i, f := range m.Files {
		fs[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return fs
}

func (m *outMessage) components() []discordgo.MessageComponent {
	if m.Components == nil {
		return []discordgo.MessageComponent{}
	}
	return m.Components
}

func (m *outMessage) embeds() []*discordgo.MessageEmbed {
	if m.Embeds == nil {
		return []*discordgo.MessageEmbed{}
	}
	return m.Embeds
}

func (m *outMessage) flags() discordgo.MessageFlags {
	if m.Ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// responseData is m as an initial response.
func (m *outMessage) responseData() *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{
		Content: m.Content, Embeds: m.embeds(), Components: m.components(), Files: m.files(),
		Flags: m.flags(), AllowedMentions: mentions(),
	}
}

// webhookEdit is m as an edit of the original response: every field is
// replaced, attachments included.
func (m *outMessage) webhookEdit() *discordgo.WebhookEdit {
	content, embeds, comps := m.Content, m.embeds(), m.components()
	return &discordgo.WebhookEdit{
		Content: &content, Embeds: &embeds, Components: &comps,
		Files: m.files(), Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions(),
	}
}

// webhookParams is m as a follow-up.
func (m *outMessage) webhookParams() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content: m.Content, Embeds: m.Embeds, Components: m.components(), Files: m.files(),
		Flags: m.flags(), AllowedMentions: mentions(),
	}
}

// mentions lets the bot ping users it mentions, never roles or everyone.
func mentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}}
}

// retryREST runs a REST call again when Discord answers with a server error
// (discordgo already waits out 429s and retries 502s): up to three tries.
func retryREST(ctx context.Context, call func() error) error {
	var err error
	for attempt := range 3 {
		if err = call(); err == nil || !serverError(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(50<<attempt) * time.Millisecond):
		}
	}
	return err
}

func serverError(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= http.StatusInternalServerError
}

// restCode returns the JSON error code of a Discord error, 0 if none.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// ackState is how an interaction has been acknowledged so far.
type ackState uint8

const (
	notAcked        ackState = iota
	ackedMessage             // answered with a message (type 4) or an update (type 7)
	ackedDeferred            // deferred with a public "thinking" message (type 5)
	ackedDeferredEp          // deferred with an ephemeral "thinking" message (type 5, ephemeral)
	ackedUpdate              // deferred update of the clicked message (type 6)
)

// responder answers one interaction. It remembers how the interaction was
// acknowledged, so handlers say what they want (a message, an update, an
// ephemeral note) and the responder picks the calls; a watchdog defers the
// interaction when the handler is slow.
type responder struct {
	ctx context.Context
	s   *discordgo.Session
	i   *discordgo.Interaction

	mu    sync.Mutex
	state ackState
	// ephemeralDefer makes the watchdog's deferral ephemeral (commands
	// whose answer is private).
	ephemeralDefer bool
	watchdog       *time.Timer
	err            error // the watchdog's failure, reported by the handler
}

func newResponder(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, after time.Duration) *responder {
	r := &responder{ctx: ctx, s: s, i: i}
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		r.watchdog = time.AfterFunc(after, r.watch)
	}
	return r
}

// watch defers an interaction the handler has not answered yet.
func (r *responder) watch() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != notAcked {
		return
	}
	if r.i.Type == discordgo.InteractionMessageComponent || r.i.Type == discordgo.InteractionModalSubmit {
		r.err = r.ackLocked(discordgo.InteractionResponseDeferredMessageUpdate, nil, ackedUpdate)
	} else {
		r.err = r.deferLocked(r.ephemeralDefer)
	}
}

// stop ends the watchdog.
func (r *responder) stop() {
	if r.watchdog != nil {
		r.watchdog.Stop()
	}
}

func (r *responder) ackLocked(t discordgo.InteractionResponseType, data *discordgo.InteractionResponseData, next ackState) error {
	err := retryREST(r.ctx, func() error {
		if data != nil && len(data.Files) > 0 {
			// files are readers: rebuild them for a retry
			for _, f := range data.Files {
				if rs, ok := f.Reader.(*bytes.Reader); ok {
					if _, err := rs.Seek(0, 0); err != nil {
						return err
					}
				}
			}
		}
		err := r.s.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: t, Data: data}, discordgo.WithContext(r.ctx))
		if restCode(err) == 40060 { // a retried response that had in fact arrived
			return nil
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("interaction response (type %d): %w", t, err)
	}
	r.state = next
	return nil
}

func (r *responder) deferLocked(ephemeral bool) error {
	if r.state != notAcked {
		return nil
	}
	if ephemeral {
		return r.ackLocked(discordgo.InteractionResponseDeferredChannelMessageWithSource,
			&discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}, ackedDeferredEp)
	}
	return r.ackLocked(discordgo.InteractionResponseDeferredChannelMessageWithSource, &discordgo.InteractionResponseData{}, ackedDeferred)
}

// deferReply shows "thinking" before slow work whose result is a new message.
func (r *responder) deferReply(ephemeral bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.deferLocked(ephemeral)
}

// deferUpdate acknowledges a component before slow work that edits the
// message it is on (or posts elsewhere).
func (r *responder) deferUpdate() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != notAcked {
		return nil
	}
	return r.ackLocked(discordgo.InteractionResponseDeferredMessageUpdate, nil, ackedUpdate)
}

// message answers with a new message and returns it (with its id).
func (r *responder) message(m *outMessage) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == notAcked {
		if err := r.deferLocked(m.Ephemeral); err != nil {
			return nil, err
		}
	}
	switch {
	case r.state == ackedDeferred && !m.Ephemeral, r.state == ackedDeferredEp && m.Ephemeral:
		return r.editOriginalLocked(m)
	case r.state == ackedDeferred && m.Ephemeral:
		// the public "thinking" message cannot turn private: replace it
		if err := retryREST(r.ctx, func() error { return r.s.InteractionResponseDelete(r.i, discordgo.WithContext(r.ctx)) }); err != nil {
			return nil, fmt.Errorf("deleting the deferred response: %w", err)
		}
		r.state = ackedUpdate // further messages are follow-ups
	}
	var msg *discordgo.Message
	err := retryREST(r.ctx, func() (err error) {
		msg, err = r.s.FollowupMessageCreate(r.i, true, m.webhookParams(), discordgo.WithContext(r.ctx))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("follow-up message: %w", err)
	}
	return msg, nil
}

// update replaces the message the component is on.
func (r *responder) update(m *outMessage) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == notAcked {
		return r.ackLocked(discordgo.InteractionResponseUpdateMessage, m.responseData(), ackedMessage)
	}
	_, err := r.editOriginalLocked(m)
	return err
}

func (r *responder) editOriginalLocked(m *outMessage) (*discordgo.Message, error) {
	var msg *discordgo.Message
	err := retryREST(r.ctx, func() (err error) {
		msg, err = r.s.InteractionResponseEdit(r.i, m.webhookEdit(), discordgo.WithContext(r.ctx))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("editing the interaction response: %w", err)
	}
	return msg, nil
}

// send answers with a new message in one call when the interaction is not
// acknowledged yet (its id is not needed), as message does otherwise.
func (r *responder) send(m *outMessage) error {
	r.mu.Lock()
	if r.state == notAcked {
		defer r.mu.Unlock()
		return r.ackLocked(discordgo.InteractionResponseChannelMessageWithSource, m.responseData(), ackedMessage)
	}
	r.mu.Unlock()
	_, err := r.message(m)
	return err
}

// ephemeral answers with a note only the user sees.
func (r *responder) ephemeral(text string) error {
	return r.send(&outMessage{Content: text, Ephemeral: true})
}

// choices answers an autocomplete.
func (r *responder) choices(c []*discordgo.ApplicationCommandOptionChoice) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c == nil {
		c = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return r.ackLocked(discordgo.InteractionApplicationCommandAutocompleteResult,
		&discordgo.InteractionResponseData{Choices: c}, ackedMessage)
}

// acked reports whether the interaction has been answered somehow.
func (r *responder) acked() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state != notAcked
}
