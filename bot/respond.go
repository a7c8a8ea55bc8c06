package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/store"
)

// replyKind is how an interaction is answered.
type replyKind uint8

const (
	replyMessage replyKind = iota + 1 // a new message (callback type 4)
	replyUpdate                       // the clicked message changes (type 7)
	replyAck                          // nothing changes here, other messages do (type 6)
	replyChoices                      // autocomplete choices (type 8)
)

// reply is what a handler answers: the response as a value, which the
// executor (send) turns into requests.
type reply struct {
	kind    replyKind
	msg     *message
	choices []*discordgo.ApplicationCommandOptionChoice
	// post is the game post the reply shows (created by a new message, or
	// the clicked post updated); it is recorded as delivered. nil for none.
	post *store.Post
	// games are the games whose other due posts are delivered once the
	// interaction is answered.
	games []int64
	// note, when not nil, follows the answer as a private follow-up (the
	// reason a click on an outdated board changed it instead of acting).
	note *message
	// after, when not nil, runs once the answer is sent, with the id of
	// its message when Discord said it (a review's reviewer, which edits
	// the answer).
	after func(messageID string)
	// thread: the reply is a new game's first board, from which a thread
	// is started for the game (threads.go).
	thread bool
}

// ephemeralReply is a note only the user sees.
func ephemeralReply(text string) reply {
	return reply{kind: replyMessage, msg: &message{Content: text, Ephemeral: true}}
}

// ackState is how an interaction has been acknowledged so far.
type ackState uint8

const (
	notAcked        ackState = iota
	acked                    // answered (type 4, 7 or 8)
	ackedDeferred            // deferred with a public "thinking" message (type 5)
	ackedDeferredEp          // deferred with an ephemeral "thinking" message (type 5, ephemeral)
	ackedUpdate              // deferred update of the clicked message (type 6)
)

// responder answers one interaction. It remembers how the interaction was
// acknowledged, so that the executor says what it wants (a message, an
// update) and the responder picks the requests; a watchdog defers the
// interaction when the handler is slow, so that Discord gets an answer
// within its 3 seconds.
type responder struct {
	ctx  context.Context
	rest *rest
	i    *discordgo.Interaction
	// http is the HTTP request the interaction came in (nil over the
	// gateway): the first acknowledgement goes in its response body when
	// it can (see ackLocked).
	http *httpAnswer

	mu    sync.Mutex
	state ackState
	// ephemeral makes the watchdog's deferral ephemeral (commands whose
	// answer is private).
	ephemeral bool
	watchdog  *time.Timer
	err       error // the watchdog's failure, reported by the executor
}

func newResponder(ctx context.Context, r *rest, i *discordgo.Interaction, h *httpAnswer, after time.Duration, ephemeral bool) *responder {
	rs := &responder{ctx: ctx, rest: r, i: i, http: h, ephemeral: ephemeral}
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		rs.watchdog = time.AfterFunc(after, rs.watch)
	}
	return rs
}

// watch defers an interaction the handler has not answered yet.
func (r *responder) watch() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != notAcked {
		return
	}
	if r.i.Type == discordgo.InteractionMessageComponent || r.i.Type == discordgo.InteractionModalSubmit {
		_, r.err = r.ackLocked(discordgo.InteractionResponseDeferredMessageUpdate, nil, nil, ackedUpdate, false)
		return
	}
	if r.ephemeral {
		_, r.err = r.ackLocked(discordgo.InteractionResponseDeferredChannelMessageWithSource,
			&payload{Flags: discordgo.MessageFlagsEphemeral}, nil, ackedDeferredEp, false)
		return
	}
	_, r.err = r.ackLocked(discordgo.InteractionResponseDeferredChannelMessageWithSource, &payload{}, nil, ackedDeferred, false)
}

// failure returns the watchdog's failure, if it has failed. The watchdog
// writes it under mu, possibly while the handler is still answering, so it
// is read under mu too.
func (r *responder) failure() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// stop ends the watchdog.
func (r *responder) stop() {
	if r.watchdog != nil {
		r.watchdog.Stop()
	}
}

// ackLocked sends the initial response and moves to state next; it
// returns the id of the message the response created or updated when
// needID is set.
//
// An interaction that came by HTTP is answered in that request's response
// body when it can be: the response carries no files (Discord refuses a
// multipart body there) and needs no id (the body's answer says none).
// Otherwise the response goes through the callback route, as over the
// gateway, and the HTTP request is answered 202 with no body once it has
// (receiving-and-responding.mdx "Interaction Callback").
func (r *responder) ackLocked(t discordgo.InteractionResponseType, data *payload, m *message, next ackState, needID bool) (string, error) {
	var files []*discordgo.File
	if m != nil {
		files = m.files()
	}
	if len(files) == 0 && !needID {
		if ok, err := r.http.inline(callback{Type: t, Data: data}); ok {
			if err != nil {
				return "", err
			}
			r.state = next
			return "", nil
		}
	}
	r.http.callingBack()
	id, err := r.rest.respond(r.ctx, r.i.ID, r.i.Token, t, data, files)
	if restCode(err) == codeAlreadyAcknowledged {
		err = nil // a retried response that had in fact arrived
	}
	r.http.calledBack(err)
	if err != nil {
		return "", err
	}
	r.state = next
	return id, nil
}

// message answers with a new message (and notifies whom it pings) and
// returns its id when needID is set (a game post the executor records).
func (r *responder) message(m *message, needID bool) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.state == notAcked:
		return r.ackLocked(discordgo.InteractionResponseChannelMessageWithSource, m.full(), m, acked, needID)
	case r.state == ackedDeferred && !m.Ephemeral, r.state == ackedDeferredEp && m.Ephemeral:
		// The "thinking" message becomes m: an edit, which notifies
		// nobody, so whoever m pings gets a follow-up.
		msg, err := r.rest.editWebhook(r.ctx, r.i.Token, "@original", m.full(), m.files())
		if err != nil {
			return "", err
		}
		r.state = acked
		if len(m.Ping) > 0 {
			if _, err := r.rest.followup(r.ctx, r.i.Token, pingPayload(m.Ping), nil); err != nil {
				return msg.ID, fmt.Errorf("notifying after a deferred response: %w", err)
			}
		}
		return msg.ID, nil
	case r.state == ackedDeferred && m.Ephemeral:
		// The public "thinking" message cannot turn private: it goes, and
		// the note follows privately.
		if err := r.rest.deleteWebhook(r.ctx, r.i.Token, "@original"); err != nil {
			return "", fmt.Errorf("deleting the deferred response: %w", err)
		}
		r.state = acked
	}
	// After a deferred update (or an answer already given): a follow-up,
	// which is a new message.
	msg, err := r.rest.followup(r.ctx, r.i.Token, m.full(), m.files())
	if err != nil {
		return "", err
	}
	return msg.ID, nil
}

// update replaces the message the clicked component is on and returns its
// id.
func (r *responder) update(m *message) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == notAcked {
		if _, err := r.ackLocked(discordgo.InteractionResponseUpdateMessage, m.edit(), m, acked, false); err != nil {
			return "", err
		}
		return r.i.Message.ID, nil
	}
	msg, err := r.rest.editWebhook(r.ctx, r.i.Token, "@original", m.edit(), m.files())
	if err != nil {
		return "", err
	}
	return msg.ID, nil
}

// ack acknowledges a click that changes nothing on its message.
func (r *responder) ack() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != notAcked {
		return nil
	}
	_, err := r.ackLocked(discordgo.InteractionResponseDeferredMessageUpdate, nil, nil, ackedUpdate, false)
	return err
}

// choices answers an autocomplete.
func (r *responder) choices(c []*discordgo.ApplicationCommandOptionChoice) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c == nil {
		c = []*discordgo.ApplicationCommandOptionChoice{}
	}
	_, err := r.ackLocked(discordgo.InteractionApplicationCommandAutocompleteResult, &payload{Choices: &c}, nil, acked, false)
	return err
}
