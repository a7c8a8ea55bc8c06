package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxRequestBody bounds what the fake reads from one request (files included).
const maxRequestBody = 64 << 20

// apiPrefix matches the versioned prefix discordgo puts before every route.
var apiPrefix = regexp.MustCompile(`^/api/v(9|10)(/.*)$`)

// restReq is a parsed REST request handed to a route handler.
type restReq struct {
	r     *http.Request
	route string
	body  []byte   // JSON body, or the payload_json part of a multipart body
	files []upload // file parts of a multipart body
}

func (q *restReq) param(name string) string { return q.r.PathValue(name) }

// restFunc handles one route; it returns the status and the JSON reply (nil for none).
type restFunc func(q *restReq) (int, any)

// handler builds the fake's HTTP handler: the versioned REST API, the gateway
// WebSocket and the attachment CDN.
func (dc *Discord) handler() http.Handler {
	api := http.NewServeMux()
	add := func(method, route string, auth bool, fn restFunc) {
		dc.routes[method+" "+route] = true
		api.HandleFunc(method+" "+route, dc.serveREST(method, route, auth, fn))
	}
	add("GET", "/gateway", false, dc.getGateway)
	add("GET", "/gateway/bot", true, dc.getGateway)
	add("GET", "/users/@me", true, dc.getMe)
	add("GET", "/users/{user_id}", true, dc.getUser)
	for _, prefix := range []string{"/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"} {
		add("GET", prefix+"/commands", true, dc.getCommands)
		add("PUT", prefix+"/commands", true, dc.putCommands)
		add("POST", prefix+"/commands", true, dc.postCommand)
	}
	add("POST", "/interactions/{interaction_id}/{interaction_token}/callback", false, dc.postCallback)
	add("POST", "/webhooks/{webhook_id}/{webhook_token}", false, dc.postFollowup)
	for _, msg := range []string{"@original", "{message_id}"} {
		route := "/webhooks/{webhook_id}/{webhook_token}/messages/" + msg
		add("GET", route, false, dc.getWebhookMessage)
		add("PATCH", route, false, dc.patchWebhookMessage)
		add("DELETE", route, false, dc.deleteWebhookMessage)
	}
	add("GET", "/channels/{channel_id}", true, dc.getChannel)
	add("GET", "/guilds/{guild_id}", true, dc.getGuild)
	add("GET", "/guilds/{guild_id}/members/{user_id}", true, dc.getMember)
	add("GET", "/guilds/{guild_id}/roles", true, dc.getRoles)
	add("POST", "/users/@me/channels", true, dc.postDM)
	add("POST", "/channels/{channel_id}/messages", true, dc.postChannelMessage)
	add("GET", "/channels/{channel_id}/messages/{message_id}", true, dc.getChannelMessage)
	add("PATCH", "/channels/{channel_id}/messages/{message_id}", true, dc.patchChannelMessage)
	add("DELETE", "/channels/{channel_id}/messages/{message_id}", true, dc.deleteChannelMessage)
	add("POST", "/channels/{channel_id}/messages/{message_id}/threads", true, dc.postMessageThread)
	add("PATCH", "/channels/{channel_id}", true, dc.patchChannel)
	api.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		dc.tb.Errorf("discordtest: the bot called %s %s, which the fake does not implement", r.Method, r.URL.Path)
		dc.record(Request{Method: r.Method, Path: r.URL.Path, Status: http.StatusNotFound, Served: time.Now()})
		writeJSON(w, http.StatusNotFound, newAPIError(http.StatusNotFound, 0, "404: Not Found"))
	})

	root := http.NewServeMux()
	root.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		m := apiPrefix.FindStringSubmatch(r.URL.Path)
		if m == nil {
			dc.tb.Errorf("discordtest: %s %s has no /api/v9 or /api/v10 prefix", r.Method, r.URL.Path)
			writeJSON(w, http.StatusNotFound, newAPIError(http.StatusNotFound, 0, "404: Not Found"))
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawPath = m[2], ""
		api.ServeHTTP(w, r2)
	})
	for _, p := range []string{gatewayPath, resumeGatewayPath} {
		root.HandleFunc("GET "+p, dc.serveGateway)
		root.HandleFunc("GET "+p+"/", dc.serveGateway)
	}
	root.HandleFunc("GET /attachments/{id}/{filename}", dc.serveAttachment)
	return root
}

// serveREST wraps a route handler with what every Discord route does: auth,
// injected faults, rate limits, body parsing, contract checks, rate-limit
// headers.
func (dc *Discord) serveREST(method, route string, auth bool, fn restFunc) http.HandlerFunc {
	class := routeClass(method, route)
	return func(w http.ResponseWriter, r *http.Request) {
		res := dc.serveRESTInner(w, r, method, route, class, auth, fn)
		dc.limits.count(res.status, res.scope)
		dc.record(Request{Method: method, Path: r.URL.Path, Route: route, Status: res.status, Served: res.at, Bucket: class.bucket()})
	}
}

// served is how the fake answered a request.
type served struct {
	status int
	scope  string // of a 429
	at     time.Time
}

func (dc *Discord) serveRESTInner(w http.ResponseWriter, r *http.Request, method, route string, class bucketClass, auth bool, fn restFunc) served {
	if auth && r.Header.Get("Authorization") != Token {
		writeJSON(w, http.StatusUnauthorized, newAPIError(http.StatusUnauthorized, 0, "401: Unauthorized"))
		return served{status: http.StatusUnauthorized, at: time.Now()}
	}
	if f := dc.takeFault(method, route); f != nil {
		if f.serve(w, r, class) {
			return served{status: f.status, scope: f.scope, at: time.Now()}
		}
	}
	v := dc.limits.check(class, majorValues(class, r), time.Now())
	if !v.ok {
		if v.scope == scopeGlobal {
			writeRateLimited(w, scopeGlobal, v.reset.Sub(v.served), nil)
		} else {
			writeRateLimited(w, v.scope, v.reset.Sub(v.served), &v)
		}
		return served{status: http.StatusTooManyRequests, scope: v.scope, at: v.served}
	}
	status, reply := dc.handle(w, r, method, route, fn)
	v.setHeaders(w.Header())
	if reply == nil {
		w.WriteHeader(status)
	} else {
		writeJSON(w, status, reply)
	}
	return served{status: status, at: v.served}
}

// handle reads the request's body, checks it against the spec and runs the
// route's handler.
func (dc *Discord) handle(w http.ResponseWriter, r *http.Request, method, route string, fn restFunc) (int, any) {
	q := &restReq{r: r, route: route}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBody))
	if err != nil {
		return http.StatusRequestEntityTooLarge, newAPIError(http.StatusRequestEntityTooLarge, codeEntityTooLarge, "Request entity too large")
	}
	if len(body) > 0 {
		if err := q.parseBody(r.Header.Get("Content-Type"), body); err != nil {
			return err.Status, err
		}
		dc.checkContract(method, route, q.body)
	}
	dc.awaitEndpointAnswer(r.Context(), route, q)
	if h := dc.takeHold(method, route, false); h != nil {
		h.wait(r.Context())
	}
	status, reply := fn(q)
	if h := dc.takeHold(method, route, true); h != nil {
		h.wait(r.Context())
	}
	return status, reply
}

// parseBody splits a JSON or multipart body into the JSON payload and files.
func (q *restReq) parseBody(contentType string, body []byte) *apiError {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return newAPIError(http.StatusBadRequest, 50109, fmt.Sprintf("bad Content-Type %q: %v", contentType, err))
	}
	switch mt {
	case "application/json":
		q.body = body
		return nil
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return newAPIError(http.StatusBadRequest, 50109, "bad multipart body: "+err.Error())
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return newAPIError(http.StatusBadRequest, 50109, "bad multipart body: "+err.Error())
			}
			switch name := part.FormName(); {
			case name == "payload_json":
				q.body = data
			case strings.HasPrefix(name, "files[") || strings.HasPrefix(name, "file"):
				q.files = append(q.files, upload{field: name, filename: part.FileName(), contentType: part.Header.Get("Content-Type"), data: data})
			default:
				return formError(name, "UNKNOWN_FIELD", fmt.Sprintf("unexpected multipart field %q", name))
			}
		}
	default:
		return newAPIError(http.StatusBadRequest, 50109, fmt.Sprintf("Content-Type %q is not supported by the fake", mt))
	}
}

func (dc *Discord) record(req Request) {
	dc.mu.Lock()
	dc.requests = append(dc.requests, req)
	dc.broadcastLocked()
	dc.mu.Unlock()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (dc *Discord) getGateway(q *restReq) (int, any) {
	if strings.HasSuffix(q.route, "/bot") {
		return http.StatusOK, dc.gatewayBot()
	}
	return http.StatusOK, map[string]string{"url": dc.GatewayURL()}
}

func (dc *Discord) getMe(q *restReq) (int, any) { return http.StatusOK, dc.app.wire() }

func (dc *Discord) getUser(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	u := dc.usersByID[q.param("user_id")]
	if u == nil {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, 10013, "Unknown User")
	}
	return http.StatusOK, u.wire()
}

// commandScope checks the application and guild of a command route.
func (dc *Discord) commandScopeLocked(q *restReq) (string, *apiError) {
	if q.param("application_id") != dc.app.ID {
		return "", newAPIError(http.StatusForbidden, 50001, "Missing Access (not this bot's application)")
	}
	gid := q.param("guild_id")
	if gid != "" {
		if aerr := dc.botGuildLocked(gid); aerr != nil {
			return "", aerr
		}
	}
	return gid, nil
}

func (dc *Discord) guildLocked(id string) *Guild {
	for _, g := range dc.guilds {
		if g.ID == id {
			return g
		}
	}
	return nil
}

func (dc *Discord) getCommands(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	gid, aerr := dc.commandScopeLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	cmds := dc.commands[gid]
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	return http.StatusOK, cmds
}

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func (dc *Discord) putCommands(q *restReq) (int, any) {
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(q.body, &cmds); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	gid, aerr := dc.commandScopeLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		if aerr := checkCommand(fmt.Sprint(i), c); aerr != nil {
			return aerr.Status, aerr
		}
		key := fmt.Sprint(c.Type, c.Name)
		if seen[key] {
			return http.StatusBadRequest, formError(fmt.Sprint(i)+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", fmt.Sprintf("Application command names must be unique (%q)", c.Name))
		}
		seen[key] = true
	}
	old := map[string]string{}
	for _, c := range dc.commands[gid] {
		old[c.Name] = c.ID
	}
	for _, c := range cmds {
		dc.fillCommandLocked(c, gid, old[c.Name])
	}
	dc.commands[gid] = cmds
	dc.broadcastLocked()
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	return http.StatusOK, cmds
}

func (dc *Discord) postCommand(q *restReq) (int, any) {
	var c discordgo.ApplicationCommand
	if err := json.Unmarshal(q.body, &c); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	gid, aerr := dc.commandScopeLocked(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	if aerr := checkCommand("", &c); aerr != nil {
		return aerr.Status, aerr
	}
	cmds := dc.commands[gid]
	for i, old := range cmds {
		if old.Name == c.Name && old.Type == c.Type {
			dc.fillCommandLocked(&c, gid, old.ID)
			cmds[i] = &c
			dc.broadcastLocked()
			return http.StatusOK, &c
		}
	}
	dc.fillCommandLocked(&c, gid, "")
	dc.commands[gid] = append(cmds, &c)
	dc.broadcastLocked()
	return http.StatusCreated, &c
}

func (dc *Discord) fillCommandLocked(c *discordgo.ApplicationCommand, gid, id string) {
	if id == "" {
		id = dc.newIDLocked()
	}
	c.ID, c.ApplicationID, c.GuildID, c.Version = id, dc.app.ID, gid, dc.newIDLocked()
	if c.Type == 0 {
		c.Type = discordgo.ChatApplicationCommand
	}
}

// checkCommand enforces the naming and option-order rules Discord applies.
func checkCommand(at string, c *discordgo.ApplicationCommand) *apiError {
	field := func(f string) string {
		if at == "" {
			return f
		}
		return at + "." + f
	}
	if (c.Type == 0 || c.Type == discordgo.ChatApplicationCommand) && !commandName.MatchString(c.Name) {
		return formError(field("name"), "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q is invalid: 1-32 lowercase letters, digits, - or _", c.Name))
	}
	return checkOptions(field("options"), c.Options)
}

func checkOptions(at string, opts []*discordgo.ApplicationCommandOption) *apiError {
	if len(opts) > 25 {
		return formError(at, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	optional := false
	for i, o := range opts {
		oat := fmt.Sprintf("%s.%d", at, i)
		if !commandName.MatchString(o.Name) {
			return formError(oat+".name", "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Option name %q is invalid", o.Name))
		}
		if n := len([]rune(o.Description)); n < 1 || n > 100 {
			return formError(oat+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		if o.Required && optional {
			return formError(oat+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
		}
		optional = optional || !o.Required
		// "autocomplete may not be set to true if choices are present"
		// (Application Command Option Structure): a player may then send
		// any value, which the app must check.
		if o.Autocomplete && len(o.Choices) > 0 {
			return formError(oat+".autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES", "Autocomplete cannot be enabled on an option with choices")
		}
		if err := checkOptions(oat+".options", o.Options); err != nil {
			return err
		}
	}
	return nil
}

func (dc *Discord) channelLocked(id string) (*Channel, *apiError) {
	c := dc.channels[id]
	if c == nil {
		return nil, newAPIError(http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
	}
	return c, nil
}

// channelMessageLocked finds a message through the channel API, which cannot
// see ephemeral messages, once the bot's permissions in the channel allow the
// call and grant need (see botChannelLocked).
func (dc *Discord) channelMessageLocked(q *restReq, need int64) (*Message, *apiError) {
	c, aerr := dc.channelLocked(q.param("channel_id"))
	if aerr != nil {
		return nil, aerr
	}
	if aerr := dc.botChannelLocked(c, need); aerr != nil {
		return nil, aerr
	}
	m := dc.messages[q.param("message_id")]
	if m == nil || m.ChannelID != c.ID || m.Ephemeral() {
		return nil, newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	}
	return m, nil
}

func (dc *Discord) postChannelMessage(q *restReq) (int, any) {
	b, aerr := readMessageBody(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c, aerr := dc.channelLocked(q.param("channel_id"))
	if aerr != nil {
		return aerr.Status, aerr
	}
	send := int64(discordgo.PermissionSendMessages)
	if c.thread != nil {
		send = discordgo.PermissionSendMessagesInThreads
	}
	if aerr := dc.botChannelLocked(c, send); aerr != nil {
		return aerr.Status, aerr
	}
	if aerr := dmRefusedLocked(c); aerr != nil {
		return aerr.Status, aerr
	}
	if c.thread != nil {
		if aerr := dc.threadSendLocked(c); aerr != nil {
			return aerr.Status, aerr
		}
	}
	if b.flags != nil && *b.flags&discordgo.MessageFlagsEphemeral != 0 {
		return http.StatusBadRequest, formError("flags", "MESSAGE_FLAGS_INVALID", "Only interaction responses can be ephemeral")
	}
	if status, reply, ok := dc.enforcedNonceLocked(b); ok {
		return status, reply
	}
	dropped, aerr := dc.botContentLocked(c, b)
	if aerr != nil {
		return aerr.Status, aerr
	}
	m := dc.applyLocked(nil, b)
	if emptyMessage(m) {
		aerr := emptyMessageError(dropped, true)
		return aerr.Status, aerr
	}
	m.ID, m.ChannelID, m.GuildID, m.AuthorID = dc.newIDLocked(), c.ID, c.GuildID, dc.app.ID
	dc.storeLocked(m)
	dc.rememberNonceLocked(b, m)
	dc.notifyLocked(m, HowCreate)
	return http.StatusOK, dc.wireLocked(m)
}

// getChannelMessage needs READ_MESSAGE_HISTORY besides VIEW_CHANNEL
// (resources/message.mdx "Get Channel Message"); the docs do not give the
// error, so the fake answers the one for a missing permission, 50013.
func (dc *Discord) getChannelMessage(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	m, aerr := dc.channelMessageLocked(q, discordgo.PermissionReadMessageHistory)
	if aerr != nil {
		return aerr.Status, aerr
	}
	return http.StatusOK, dc.wireLocked(m)
}

func (dc *Discord) patchChannelMessage(q *restReq) (int, any) {
	b, aerr := readMessageBody(q)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	m, aerr := dc.channelMessageLocked(q, 0)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dropped, aerr := dc.botContentLocked(dc.channels[m.ChannelID], b)
	if aerr != nil {
		return aerr.Status, aerr
	}
	return dc.editLocked(m, b, dropped)
}

// editLocked applies an edit to m and stores the new version; droppedEmbeds
// says whether the bot's permissions dropped the embeds it sent.
func (dc *Discord) editLocked(m *Message, b *messageBody, droppedEmbeds bool) (int, any) {
	if m.AuthorID != dc.app.ID {
		return http.StatusForbidden, newAPIError(http.StatusForbidden, codeCannotEditOtherUsers, "Cannot edit a message authored by another user")
	}
	if aerr := dc.threadEditLocked(dc.channels[m.ChannelID]); aerr != nil {
		return aerr.Status, aerr
	}
	next := dc.applyLocked(m, b)
	if emptyMessage(next) {
		aerr := emptyMessageError(droppedEmbeds, false)
		return aerr.Status, aerr
	}
	dc.storeLocked(next)
	return http.StatusOK, dc.wireLocked(next)
}

func (dc *Discord) deleteChannelMessage(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	m, aerr := dc.channelMessageLocked(q, 0)
	if aerr != nil {
		return aerr.Status, aerr
	}
	dc.deleteLocked(m)
	return http.StatusNoContent, nil
}

// Commands returns the application commands registered for a guild, or the
// global ones for guildID "".
func (dc *Discord) Commands(guildID string) []*discordgo.ApplicationCommand {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), dc.commands[guildID]...)
}

func (dc *Discord) getChannel(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c, aerr := dc.channelLocked(q.param("channel_id"))
	if aerr != nil {
		return aerr.Status, aerr
	}
	if aerr := dc.botChannelLocked(c, 0); aerr != nil {
		return aerr.Status, aerr
	}
	return http.StatusOK, c.wireLocked()
}

func (dc *Discord) getGuild(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if aerr := dc.botGuildLocked(q.param("guild_id")); aerr != nil {
		return aerr.Status, aerr
	}
	g := dc.guildLocked(q.param("guild_id"))
	return http.StatusOK, map[string]any{
		"id": g.ID, "name": g.Name, "owner_id": g.ownerLocked(), "roles": g.wireRolesLocked(), "emojis": []any{}, "features": []any{},
		"preferred_locale": g.locale,
	}
}

func (dc *Discord) getMember(q *restReq) (int, any) {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if aerr := dc.botGuildLocked(q.param("guild_id")); aerr != nil {
		return aerr.Status, aerr
	}
	g, u := dc.guildLocked(q.param("guild_id")), dc.usersByID[q.param("user_id")]
	if u == nil || g.absent[u.ID] {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, 10007, "Unknown Member")
	}
	// A member object as Get Guild Member returns it: no permissions, which
	// only interactions carry (resources/guild.mdx "Guild Member Object").
	wu := u.wire()
	var timeout any // null, or when the member's timeout ends
	if until, out := g.timedOutLocked(u); out {
		timeout = timestamp(until)
	}
	return http.StatusOK, map[string]any{
		"user": wu, "roles": g.roleIDsLocked(u), "joined_at": timestamp(dc.clock.Now()), "nick": nil, "avatar": nil,
		"banner": nil, "premium_since": nil, "communication_disabled_until": timeout, "pending": false, "flags": 0,
		"mute": false, "deaf": false,
	}
}

// postDM opens (or returns) the DM channel between the bot and a user.
func (dc *Discord) postDM(q *restReq) (int, any) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(q.body, &body); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	u := dc.usersByID[body.RecipientID]
	if u == nil || u == dc.app {
		return http.StatusBadRequest, formError("recipient_id", "BASE_TYPE_INVALID", "Unknown user")
	}
	return http.StatusOK, dc.dmLocked(u).wireLocked()
}
