package discordtest

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// ErrInteractionFailed is what a user sees as "This interaction failed": the bot
// sent no initial response within 3 seconds. Actions wrap it; test with errors.Is.
var ErrInteractionFailed = errors.New("this interaction failed")

// interaction is one interaction the fake dispatched. Guarded by Discord.mu.
type interaction struct {
	id, token   string
	kind        discordgo.InteractionType
	action      string // slash, click, select, autocomplete, modal
	user        *User
	channel     *Channel
	commandName string
	source      string       // the message a component (or its modal) was on
	parent      *interaction // for a modal submit, the interaction that opened the modal
	dispatched  time.Time
	created     time.Time // on the fake clock, for token expiry

	acked    bool
	ackType  discordgo.InteractionResponseType
	ack      chan struct{} // closed when acknowledged
	failed   bool
	original string // message ID of @original
	// ackVersion is @original's version as the initial response left it,
	// recorded with the ack under the same lock, so an edit that follows at
	// once is never taken for the state at the ack.
	ackVersion int
	followups  []string
	choices    []*discordgo.ApplicationCommandOptionChoice
	modal      *Modal
}

// Modal is a modal the bot opened (callback type 9).
type Modal struct {
	CustomID   string      `json:"custom_id"`
	Title      string      `json:"title"`
	Components []Component `json:"components"`
}

// Inputs returns the modal's text inputs.
func (m *Modal) Inputs() []Component {
	var out []Component
	for _, row := range m.Components {
		out = append(out, row.Components...)
	}
	return out
}

// Reply is what the bot answered to a user's action.
type Reply struct {
	// Type is the initial response's callback type.
	Type discordgo.InteractionResponseType
	// Choices are the autocomplete choices (type 8).
	Choices []*discordgo.ApplicationCommandOptionChoice
	// Modal is the modal the bot opened (type 9).
	Modal *Modal
	// InteractionID identifies the interaction.
	InteractionID string

	dc *Discord
	ix *interaction
}

// Token returns the interaction's token: a secret, for tests that check
// it never reaches a log.
func (r *Reply) Token() string { return r.ix.token }

// Message returns the current version of the interaction's original response
// (for a component interaction answered with type 6 or 7, the clicked message),
// or nil when there is none (autocomplete, modal, deleted).
func (r *Reply) Message() *Message {
	r.dc.mu.Lock()
	defer r.dc.mu.Unlock()
	return r.dc.messages[r.ix.original]
}

// WaitEdit waits until the original response has been edited since the initial
// response (the usual end of a deferred reply) and returns its current version.
// The initial response's version is recorded when the fake receives it, not
// when the user's action returns, so an edit sent right after the
// acknowledgement is always seen.
func (r *Reply) WaitEdit(ctx context.Context) (*Message, error) {
	var m *Message
	err := r.dc.waitFor(ctx, "an edit of the original response", func() bool {
		m = r.dc.messages[r.ix.original]
		return m != nil && m.Version > r.ix.ackVersion
	})
	return m, err
}

// Followups returns the current versions of the follow-up messages so far.
func (r *Reply) Followups() []*Message {
	r.dc.mu.Lock()
	defer r.dc.mu.Unlock()
	return r.followupsLocked()
}

func (r *Reply) followupsLocked() []*Message {
	var out []*Message
	for _, id := range r.ix.followups {
		if m := r.dc.messages[id]; m != nil {
			out = append(out, m)
		}
	}
	return out
}

// WaitFollowup waits for the i-th (from 0) follow-up message and returns it.
func (r *Reply) WaitFollowup(ctx context.Context, i int) (*Message, error) {
	var m *Message
	err := r.dc.waitFor(ctx, fmt.Sprintf("follow-up #%d", i), func() bool {
		if i < len(r.ix.followups) {
			m = r.dc.messages[r.ix.followups[i]]
		}
		return m != nil
	})
	return m, err
}

// act dispatches an interaction as u and waits for the bot's initial response.
func (u *User) act(ctx context.Context, ix *interaction, data any, msg *wireMessage) (*Reply, error) {
	dc := u.dc
	dc.mu.Lock()
	if !ix.channel.memberLocked(u) {
		dc.mu.Unlock()
		return nil, fmt.Errorf("%s as %s: %s cannot see channel %s", ix.action, u.Name, u.Name, ix.channel.Name)
	}
	if dc.archivedLocked(ix.channel) {
		dc.mu.Unlock()
		return nil, fmt.Errorf("%s as %s: %w", ix.action, u.Name, ErrThreadArchived)
	}
	s := dc.gw.current
	if s == nil && dc.ep.url == "" {
		dc.mu.Unlock()
		return nil, fmt.Errorf("%s as %s: %w", ix.action, u.Name, errNoBot)
	}
	ix.id = dc.newIDLocked()
	ix.token = "aW50ZXJhY3Rpb24" + rand.Text() + rand.Text()
	ix.user = u
	ix.created = dc.clock.Now()
	ix.ack = make(chan struct{})
	dc.interactions[ix.id] = ix
	payload := dc.interactionPayloadLocked(ix, data, msg)
	ix.dispatched = time.Now()
	if err := dc.deliverInteractionLocked(s, ix, payload); err != nil {
		// The bot is disconnected; the event waits for its Resume.
		dc.tb.Logf("discordtest: %v (kept for replay on resume)", err)
	}
	dc.mu.Unlock()

	timer := time.NewTimer(dc.ackDeadline)
	defer timer.Stop()
	select {
	case <-ix.ack:
	case <-timer.C:
		dc.mu.Lock()
		if !ix.acked {
			ix.failed = true
			f := Failure{InteractionID: ix.id, UserID: u.ID, Kind: ix.action,
				Reason: fmt.Sprintf("no initial response within %v", dc.ackDeadline)}
			dc.failures = append(dc.failures, f)
			dc.broadcastLocked()
			dc.mu.Unlock()
			return nil, fmt.Errorf("%s as %s: %w (%s)", ix.action, u.Name, ErrInteractionFailed, f.Reason)
		}
		dc.mu.Unlock()
	case <-ctx.Done():
		return nil, fmt.Errorf("%s as %s: waiting for the bot's response: %w", ix.action, u.Name, ctx.Err())
	}
	if dc.afterAck != nil {
		dc.afterAck(ix.id)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return &Reply{Type: ix.ackType, Choices: ix.choices, Modal: ix.modal, InteractionID: ix.id, dc: dc, ix: ix}, nil
}

type wireMember struct {
	User        *wireUser `json:"user,omitempty"`
	Nick        *string   `json:"nick"`
	Roles       []string  `json:"roles"`
	JoinedAt    string    `json:"joined_at"`
	Deaf        bool      `json:"deaf"`
	Mute        bool      `json:"mute"`
	Flags       int       `json:"flags"`
	Permissions string    `json:"permissions,omitempty"`
}

// memberLocked renders u as a member of guild guildID with perms, their
// permissions in the channel at hand.
func (dc *Discord) memberLocked(guildID string, u *User, perms int64) wireMember {
	wu := u.wire()
	roles := []string{}
	if g := dc.guildLocked(guildID); g != nil {
		roles = g.roleIDsLocked(u)
	}
	return wireMember{User: &wu, Roles: roles, JoinedAt: timestamp(dc.clock.Now()), Permissions: permString(perms)}
}

// interactionPayloadLocked renders the INTERACTION_CREATE data. dc.mu must be held.
func (dc *Discord) interactionPayloadLocked(ix *interaction, data any, msg *wireMessage) map[string]any {
	ch := ix.channel
	channel := map[string]any{"id": ch.ID, "type": 0, "name": ch.Name}
	if ch.thread != nil {
		channel = ch.threadWireLocked()
	}
	p := map[string]any{
		"id": ix.id, "application_id": dc.app.ID, "type": int(ix.kind), "token": ix.token, "version": 1,
		"channel_id": ch.ID, "channel": channel, "locale": ix.user.locale, "app_permissions": permString(ch.appPermissionsLocked()),
		"entitlements": []any{}, "authorizing_integration_owners": dc.ownersLocked(ix),
	}
	if data != nil {
		p["data"] = data
	}
	if msg != nil {
		p["message"] = msg
	}
	if ch.GuildID != "" {
		channel["guild_id"] = ch.GuildID
		p["guild_id"] = ch.GuildID
		gl := DefaultLocale
		if g := dc.guildLocked(ch.GuildID); g != nil {
			gl = g.locale
		}
		p["guild_locale"] = gl
		p["guild"] = map[string]any{"id": ch.GuildID, "locale": gl, "features": []any{}}
		p["member"] = dc.memberLocked(ch.GuildID, ix.user, ch.permsForLocked(ix.user))
		p["context"] = 0
	} else if ch.group != nil {
		for k, v := range ch.wireLocked() {
			channel[k] = v
		}
		p["user"] = ix.user.wire()
		p["context"] = 2
	} else {
		channel["type"] = 1
		p["user"] = ix.user.wire()
		p["context"] = 1
	}
	return p
}

// ownersLocked is the interaction's authorizing_integration_owners: the guild
// install in a guild the bot is in, else the user's install
// (receiving-and-responding.mdx "Authorizing Integration Owners Object").
func (dc *Discord) ownersLocked(ix *interaction) map[string]string {
	if ix.channel.GuildID != "" && !dc.userAppOnlyLocked(ix.channel) {
		return map[string]string{"0": ix.channel.GuildID}
	}
	return map[string]string{"1": ix.user.ID}
}

// metadataLocked renders the interaction metadata of ix that its response or
// follow-up m carries (resources/message.mdx "Message Interaction Metadata
// Object"; m is nil for the metadata of the interaction that opened a modal).
// dc.mu must be held.
func (dc *Discord) metadataLocked(ix *interaction, m *Message) *wireInteractionMeta {
	meta := &wireInteractionMeta{ID: ix.id, Type: int(ix.kind), User: ix.user.wire(), Owners: dc.ownersLocked(ix)}
	if m != nil && ix.original != "" && m.ID != ix.original {
		meta.OriginalResponseID = ix.original // "present only on follow-up messages"
	}
	switch ix.kind {
	case discordgo.InteractionMessageComponent:
		meta.InteractedMessageID = ix.source
	case discordgo.InteractionModalSubmit:
		if ix.parent != nil {
			meta.Triggering = dc.metadataLocked(ix.parent, nil)
		}
	}
	return meta
}

// Click clicks the button with customID on msg, as u, and returns the bot's
// answer. Like a Discord client, it can only click what u sees: the current
// version of the message must still have that button, enabled, and an
// ephemeral message must be u's own.
func (u *User) Click(ctx context.Context, msg *Message, customID string) (*Reply, error) {
	return u.component(ctx, "click", msg, customID, nil)
}

// Select picks values in the select menu with customID on msg, as u.
func (u *User) Select(ctx context.Context, msg *Message, customID string, values ...string) (*Reply, error) {
	if values == nil {
		values = []string{}
	}
	return u.component(ctx, "select", msg, customID, values)
}

func (u *User) component(ctx context.Context, action string, msg *Message, customID string, values []string) (*Reply, error) {
	dc := u.dc
	if msg == nil {
		return nil, fmt.Errorf("%s %q as %s: no message (did the bot answer?)", action, customID, u.Name)
	}
	dc.mu.Lock()
	cur := dc.messages[msg.ID]
	if cur == nil || (cur.Ephemeral() && cur.VisibleTo != u.ID) {
		dc.mu.Unlock()
		return nil, fmt.Errorf("%s %q as %s: message %s is not visible to %s (deleted, or ephemeral for someone else)", action, customID, u.Name, msg.ID, u.Name)
	}
	c, ok := cur.Component(customID)
	var problem string
	switch {
	case !ok:
		problem = fmt.Sprintf("the current version (edit %d) of message %s has no component %q", cur.Version, cur.ID, customID)
	case c.Disabled:
		problem = fmt.Sprintf("component %q of message %s is disabled", customID, cur.ID)
	case action == "click" && c.Type != discordgo.ButtonComponent:
		problem = fmt.Sprintf("component %q of message %s is not a button", customID, cur.ID)
	case action == "select" && c.Type == discordgo.ButtonComponent:
		problem = fmt.Sprintf("component %q of message %s is a button, not a select menu", customID, cur.ID)
	case action == "select" && c.Type == discordgo.SelectMenuComponent:
		for _, v := range values {
			found := false
			for _, o := range c.Options {
				found = found || o.Value == v
			}
			if !found {
				problem = fmt.Sprintf("select menu %q has no option %q", customID, v)
			}
		}
	}
	if problem != "" {
		dc.mu.Unlock()
		return nil, fmt.Errorf("%s as %s: %s", action, u.Name, problem)
	}
	ch := dc.channels[cur.ChannelID]
	wire := dc.wireLocked(cur)
	dc.mu.Unlock()
	data := map[string]any{"custom_id": customID, "component_type": int(c.Type)}
	if values != nil {
		data["values"] = values
	}
	ix := &interaction{kind: discordgo.InteractionMessageComponent, action: action, channel: ch, source: cur.ID}
	return u.act(ctx, ix, data, &wire)
}

// SubmitModal fills in and submits the modal the bot opened in r, as u.
// values maps text input custom ids to what u typed; required inputs must be filled.
func (u *User) SubmitModal(ctx context.Context, r *Reply, values map[string]string) (*Reply, error) {
	if r == nil || r.Modal == nil {
		return nil, fmt.Errorf("submit modal as %s: the bot did not open a modal", u.Name)
	}
	if r.ix.user != u {
		return nil, fmt.Errorf("submit modal as %s: the modal was opened for %s", u.Name, r.ix.user.Name)
	}
	var rows []map[string]any
	known := map[string]bool{}
	for _, in := range r.Modal.Inputs() {
		known[in.CustomID] = true
		v, ok := values[in.CustomID]
		required := in.Required == nil || *in.Required
		n := utf8.RuneCountInString(v)
		switch {
		case required && (!ok || v == ""):
			return nil, fmt.Errorf("submit modal as %s: input %q is required", u.Name, in.CustomID)
		case in.MaxLength > 0 && n > in.MaxLength:
			return nil, fmt.Errorf("submit modal as %s: input %q takes at most %d characters", u.Name, in.CustomID, in.MaxLength)
		case n > 0 && n < in.MinLength:
			return nil, fmt.Errorf("submit modal as %s: input %q needs at least %d characters", u.Name, in.CustomID, in.MinLength)
		}
		rows = append(rows, map[string]any{"type": 1, "components": []any{
			map[string]any{"type": int(discordgo.TextInputComponent), "custom_id": in.CustomID, "value": v},
		}})
	}
	for k := range values {
		if !known[k] {
			return nil, fmt.Errorf("submit modal as %s: the modal has no input %q", u.Name, k)
		}
	}
	data := map[string]any{"custom_id": r.Modal.CustomID, "components": rows}
	ix := &interaction{kind: discordgo.InteractionModalSubmit, action: "modal", channel: r.ix.channel, source: r.ix.source, parent: r.ix}
	var wire *wireMessage
	u.dc.mu.Lock()
	if m := u.dc.messages[ix.source]; m != nil {
		w := u.dc.wireLocked(m)
		wire = &w
	}
	u.dc.mu.Unlock()
	return u.act(ctx, ix, data, wire)
}

// allowedResponses lists the callback types Discord accepts per interaction type.
func allowedResponse(ix *interaction, t discordgo.InteractionResponseType) bool {
	switch t {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		return ix.kind != discordgo.InteractionApplicationCommandAutocomplete
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		return ix.source != "" && (ix.kind == discordgo.InteractionMessageComponent || ix.kind == discordgo.InteractionModalSubmit)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		return ix.kind == discordgo.InteractionApplicationCommandAutocomplete
	case discordgo.InteractionResponseModal:
		return ix.kind == discordgo.InteractionApplicationCommand || ix.kind == discordgo.InteractionMessageComponent
	case discordgo.InteractionResponsePong:
		return ix.kind == discordgo.InteractionPing
	}
	return false
}

type callbackBody struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data json.RawMessage                   `json:"data"`
}

// postCallback is the initial interaction response. Like every route of an
// interaction token it is a webhook, so it does not check the bot's
// permissions in the channel (receiving-and-responding.mdx "Responding to an
// Interaction": "Interactions--both receiving and responding--are webhooks
// under the hood"), except that a user-installed app's responses are made
// ephemeral where USE_EXTERNAL_APPS is denied (see SetMemberPermissions).
func (dc *Discord) postCallback(q *restReq) (int, any) {
	var body callbackBody
	if err := json.Unmarshal(q.body, &body); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	ix := dc.interactions[q.param("interaction_id")]
	if ix == nil || ix.token != q.param("interaction_token") {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
	}
	if ix.acked {
		return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	if ix.failed || time.Since(ix.dispatched) > dc.ackDeadline {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, codeUnknownInteraction,
			fmt.Sprintf("Unknown interaction (the initial response came %v after dispatch; the limit is %v)", time.Since(ix.dispatched).Round(time.Millisecond), dc.ackDeadline))
	}
	if !allowedResponse(ix, body.Type) {
		return http.StatusBadRequest, formError("type", "INTERACTION_RESPONSE_TYPE_INVALID",
			fmt.Sprintf("Interaction response type %d is not valid for a %s interaction", body.Type, ix.action))
	}
	switch body.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		b, aerr := parseMessageBody(body.Data, q.files)
		if aerr == nil {
			aerr = checkMessageBody(b)
		}
		if aerr != nil {
			return aerr.Status, aerr
		}
		m := dc.applyLocked(nil, b)
		if dc.forcedEphemeralLocked(ix.channel) {
			m.Flags |= discordgo.MessageFlagsEphemeral
		}
		if body.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			m = &Message{Created: m.Created, Flags: discordgo.MessageFlagsLoading | m.Flags&discordgo.MessageFlagsEphemeral}
		} else if emptyMessage(m) {
			return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
		}
		dc.postInteractionMessageLocked(ix, m)
		ix.original = m.ID
		if body.Type == discordgo.InteractionResponseChannelMessageWithSource {
			dc.notifyLocked(m, HowResponse)
		}
	case discordgo.InteractionResponseDeferredMessageUpdate:
		ix.original = ix.source
	case discordgo.InteractionResponseUpdateMessage:
		b, aerr := parseMessageBody(body.Data, q.files)
		if aerr == nil {
			aerr = checkMessageBody(b)
		}
		if aerr != nil {
			return aerr.Status, aerr
		}
		src := dc.messages[ix.source]
		if src == nil {
			return http.StatusNotFound, newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		}
		if status, reply := dc.editLocked(src, b, false); status != http.StatusOK {
			return status, reply
		}
		ix.original = ix.source
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d struct {
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		}
		if err := json.Unmarshal(body.Data, &d); err != nil {
			return http.StatusBadRequest, badJSON(err)
		}
		if len(d.Choices) > MaxChoices {
			return http.StatusBadRequest, formError("data.choices", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxChoices))
		}
		for i, c := range d.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				return http.StatusBadRequest, formError(fmt.Sprintf("data.choices.%d.name", i), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			}
		}
		ix.choices = d.Choices
	case discordgo.InteractionResponseModal:
		var m Modal
		if err := json.Unmarshal(body.Data, &m); err != nil {
			return http.StatusBadRequest, badJSON(err)
		}
		if aerr := checkModal(&m); aerr != nil {
			return aerr.Status, aerr
		}
		ix.modal = &m
	}
	ix.acked, ix.ackType = true, body.Type
	if m := dc.messages[ix.original]; m != nil {
		ix.ackVersion = m.Version
	}
	close(ix.ack)
	dc.broadcastLocked()
	if !queryTrue(q.r.URL.Query().Get("with_response")) {
		return http.StatusNoContent, nil
	}
	return http.StatusOK, dc.callbackResponseLocked(ix)
}

// queryTrue reads a boolean query string as Discord does: True, true or 1
// (reference.mdx "Boolean Query Strings").
func queryTrue(v string) bool { return v == "True" || v == "true" || v == "1" }

// callbackResponseLocked is the interaction callback response that a callback
// with ?with_response=true answers with (200 instead of 204): the interaction
// with the id, loading and ephemeral state of the response message, and, for
// types 4 and 7 only, the message as a resource
// (receiving-and-responding.mdx "Interaction Callback Response Object"; the
// spec's InteractionCallbackResponse). dc.mu must be held.
func (dc *Discord) callbackResponseLocked(ix *interaction) map[string]any {
	inter := map[string]any{"id": ix.id, "type": int(ix.kind)}
	out := map[string]any{"interaction": inter}
	m := dc.messages[ix.original]
	if m == nil {
		return out
	}
	inter["response_message_id"] = m.ID
	inter["response_message_loading"] = m.Loading()
	inter["response_message_ephemeral"] = m.Ephemeral()
	switch ix.ackType {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		out["resource"] = map[string]any{"type": int(ix.ackType), "message": dc.wireLocked(m)}
	}
	return out
}

// postInteractionMessageLocked stores m as a message of ix (response or follow-up).
func (dc *Discord) postInteractionMessageLocked(ix *interaction, m *Message) {
	m.ID, m.ChannelID, m.GuildID, m.AuthorID = dc.newIDLocked(), ix.channel.ID, ix.channel.GuildID, dc.app.ID
	m.InteractionID = ix.id
	if ix.kind == discordgo.InteractionApplicationCommand {
		m.kind = discordgo.MessageTypeChatInputCommand
	}
	if m.Ephemeral() {
		m.VisibleTo = ix.user.ID
	}
	dc.storeLocked(m)
}

// webhookLocked finds the interaction of a webhook route and checks its
// token, which "can be used to send followup messages" for 15 minutes after
// the interaction, on the fake clock, but is "invalidated" if the 3-second
// deadline for the initial response passed
// (receiving-and-responding.mdx "Interaction Callback"); before that response
// there is no webhook to use yet.
func (dc *Discord) webhookLocked(q *restReq) (*interaction, *apiError) {
	if q.param("webhook_id") != dc.app.ID {
		return nil, newAPIError(http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
	}
	token := q.param("webhook_token")
	for _, ix := range dc.interactions {
		if ix.token != token {
			continue
		}
		if age := dc.clock.Now().Sub(ix.created); age >= TokenLifetime {
			return nil, newAPIError(http.StatusUnauthorized, codeInvalidWebhookToken,
				fmt.Sprintf("Invalid Webhook Token (the interaction token expired %v after its interaction)", age))
		}
		if ix.failed {
			return nil, newAPIError(http.StatusUnauthorized, codeInvalidWebhookToken,
				"Invalid Webhook Token (the interaction was not answered in time, which invalidates its token)")
		}
		if !ix.acked {
			return nil, newAPIError(http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook (the interaction has not been acknowledged)")
		}
		return ix, nil
	}
	return nil, newAPIError(http.StatusUnauthorized, codeInvalidWebhookToken, "Invalid Webhook Token")
}

// webhookMessageLocked finds @original or a follow-up of the interaction.
func (dc *Discord) webhookMessageLocked(q *restReq) (*interaction, *Message, *apiError) {
	ix, aerr := dc.webhookLocked(q)
	if aerr != nil {
		return nil, nil, aerr
	}
	id := ix.original
	if mid := q.param("message_id"); mid != "" {
		id = ""
		for _, f := range append([]string{ix.original}, ix.followups...) {
			if f == mid {
				id = mid
			}
		}
	}
	m := dc.messages[id]
	if m == nil {
		return nil, nil, newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	}
	return ix, m, nil
}

func (dc *Discord) getWebhookMessage(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	_, m, aerr := dc.webhookMessageLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	return http.StatusOK, dc.wireLocked(m)
}

func (dc *Discord) patchWebhookMessage(q *restReq) (int, any) {
	b, aerr := readMessageBody(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	_, m, aerr := dc.webhookMessageLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	return dc.editLocked(m, b, false)
}

func (dc *Discord) deleteWebhookMessage(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	_, m, aerr := dc.webhookMessageLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.deleteLocked(m)
	return http.StatusNoContent, nil
}

// postFollowup creates a follow-up message, which works like Execute Webhook
// with wait always true: it answers with the message
// (interactions/receiving-and-responding.mdx "Create Followup Message").
// Sent while a type 5 response still shows its loading state, it edits that
// message instead of creating one, keeping its ephemeral state, as the same
// section says; so it notifies nobody. Any later follow-up creates a message.
func (dc *Discord) postFollowup(q *restReq) (int, any) {
	b, aerr := readMessageBody(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	ix, aerr := dc.webhookLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	if orig := dc.messages[ix.original]; ix.ackType == discordgo.InteractionResponseDeferredChannelMessageWithSource && orig != nil && orig.Loading() {
		return dc.editLocked(orig, b, false)
	}
	if dc.userAppOnlyLocked(ix.channel) && len(ix.followups) >= maxUserAppFollowups {
		return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeMaxFollowups, "This interaction has hit the maximum number of follow up messages")
	}
	m := dc.applyLocked(nil, b)
	if emptyMessage(m) {
		return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
	}
	if dc.forcedEphemeralLocked(ix.channel) {
		m.Flags |= discordgo.MessageFlagsEphemeral
	}
	dc.postInteractionMessageLocked(ix, m)
	ix.followups = append(ix.followups, m.ID)
	dc.notifyLocked(m, HowFollowup)
	return http.StatusOK, dc.wireLocked(m)
}
