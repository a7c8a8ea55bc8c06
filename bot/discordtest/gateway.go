package discordtest

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// The paths of the gateway's WebSocket URLs: the one GET /gateway gives and
// the one READY gives as resume_gateway_url.
const (
	gatewayPath       = "/gateway"
	resumeGatewayPath = "/resume-gateway"
)

// Gateway close codes used by the fake.
const (
	closeUnknownError         = 4000
	closeUnknownOpcode        = 4001
	closeDecodeError          = 4002
	closeNotAuthenticated     = 4003
	closeAuthenticationFailed = 4004
	closeAlreadyAuthenticated = 4005
)

// gatewayState is the fake's gateway bookkeeping, guarded by Discord.mu.
type gatewayState struct {
	live     map[*gwConn]bool
	sessions map[string]*gwSession
	current  *gwSession // the most recently identified session
	stats    GatewayStats
	history  []*GatewayConnection // every connection, in order
	// reconnectAfter counts the READY or RESUMED dispatches still to be
	// followed at once by op 7 (ReconnectAfterNext).
	reconnectAfter map[string]int
}

func (g *gatewayState) conns() []*gwConn {
	var out []*gwConn
	for c := range g.live {
		out = append(out, c)
	}
	return out
}

// gwSession is a gateway session: it outlives connections so it can be resumed.
type gwSession struct {
	id      string
	seq     int64
	history []gwFrame // every dispatch, for replay on resume
	conn    *gwConn   // nil while the bot is disconnected
}

type gwFrame struct {
	seq int64
	raw []byte
}

// gwConn is one WebSocket connection.
type gwConn struct {
	ws       *websocket.Conn
	wmu      sync.Mutex // serialises writes
	session  *gwSession
	compress bool
	info     *GatewayConnection // guarded by Discord.mu
	closing  atomic.Bool        // the fake closed it first: what the bot sends after does not count
}

// GatewayConnection is one WebSocket connection the bot opened.
type GatewayConnection struct {
	// Path is the URL path it connected to: "/gateway", the URL GET
	// /gateway gives, or "/resume-gateway", READY's resume_gateway_url.
	Path string
	// Op is what the connection did with a session: "identify", "resume",
	// or "" if neither succeeded.
	Op string
	// ClosedWith is the close code the bot sent, 0 if it sent none (for
	// example when the fake closed the connection first).
	ClosedWith int
}

// GatewayConnections returns every gateway connection so far, in order.
func (dc *Discord) GatewayConnections() []GatewayConnection {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	out := make([]GatewayConnection, len(dc.gw.history))
	for i, c := range dc.gw.history {
		out[i] = *c
	}
	return out
}

// GatewayStats counts what happened on the gateway.
type GatewayStats struct {
	Connections int // WebSocket connections accepted
	Identifies  int // successful Identify
	Resumes     int // successful Resume
	Invalidated int // Resume attempts answered with Invalid Session
	Heartbeats  int // heartbeats received (each was ACKed)
	// ReconnectsSent counts the op 7 the fake sent (RequestReconnect,
	// ReconnectAfterNext).
	ReconnectsSent int
	LastBeatSeq    int64 // sequence number carried by the last heartbeat
	Seq            int64 // last sequence number dispatched on the current session
	Connected      bool  // a session is attached to a live connection
}

// Gateway returns the gateway counters.
func (dc *Discord) Gateway() GatewayStats {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.gatewayStatsLocked()
}

func (dc *Discord) gatewayStatsLocked() GatewayStats {
	s := dc.gw.stats
	if cur := dc.gw.current; cur != nil {
		s.Seq = cur.seq
		s.Connected = cur.conn != nil
	}
	return s
}

// WaitGateway waits until the gateway counters satisfy cond.
func (dc *Discord) WaitGateway(ctx context.Context, cond func(GatewayStats) bool) (GatewayStats, error) {
	var s GatewayStats
	err := dc.waitFor(ctx, "the gateway", func() bool {
		s = dc.gatewayStatsLocked()
		return cond(s)
	})
	return s, err
}

// WaitConnected waits until a bot session is identified (or resumed) on a live connection.
func (dc *Discord) WaitConnected(ctx context.Context) error {
	_, err := dc.WaitGateway(ctx, func(s GatewayStats) bool { return s.Connected })
	return err
}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

type gwOut struct {
	Op int     `json:"op"`
	D  any     `json:"d"`
	S  *int64  `json:"s"`
	T  *string `json:"t"`
}

func (c *gwConn) write(op int, d any) error {
	raw, err := json.Marshal(gwOut{Op: op, D: d})
	if err != nil {
		return fmt.Errorf("encoding op %d: %w", op, err)
	}
	return c.writeRaw(raw, false)
}

// writeRaw sends one frame; compressed frames are zlib binary messages, as
// Discord sends large payloads when Identify asks for compression.
func (c *gwConn) writeRaw(raw []byte, compress bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if compress {
		var buf bytes.Buffer
		z := zlib.NewWriter(&buf)
		if _, err := z.Write(raw); err != nil {
			return err
		}
		if err := z.Close(); err != nil {
			return err
		}
		return c.ws.WriteMessage(websocket.BinaryMessage, buf.Bytes())
	}
	return c.ws.WriteMessage(websocket.TextMessage, raw)
}

func (c *gwConn) closeWith(code int, reason string) {
	c.closing.Store(true)
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.wmu.Unlock()
	c.ws.Close()
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway runs one gateway connection.
func (dc *Discord) serveGateway(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if v := q.Get("v"); v != "9" && v != "10" {
		http.Error(w, fmt.Sprintf("gateway version %q is not supported (9 or 10)", v), http.StatusBadRequest)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		dc.tb.Errorf("discordtest: gateway upgrade: %v", err)
		return
	}
	c := &gwConn{ws: ws, info: &GatewayConnection{Path: strings.TrimSuffix(r.URL.Path, "/")}}
	if enc := q.Get("encoding"); enc != "json" {
		c.closeWith(closeDecodeError, fmt.Sprintf("encoding %q is not supported by the fake (json only)", enc))
		return
	}
	dc.mu.Lock()
	if dc.closed {
		dc.mu.Unlock()
		ws.Close()
		return
	}
	if dc.gw.live == nil {
		dc.gw.live = map[*gwConn]bool{}
		dc.gw.sessions = map[string]*gwSession{}
	}
	dc.gw.live[c] = true
	dc.gw.history = append(dc.gw.history, c.info)
	dc.gw.stats.Connections++
	dc.broadcastLocked()
	dc.mu.Unlock()
	defer dc.dropConn(c)

	if err := c.write(opHello, map[string]int64{"heartbeat_interval": dc.heartbeat.Milliseconds()}); err != nil {
		return
	}
	for {
		_, raw, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				dc.closedByBot(c, ce.Code)
			}
			return
		}
		var p gwPayload
		if err := json.Unmarshal(raw, &p); err != nil {
			c.closeWith(closeDecodeError, "Error while decoding payload.")
			return
		}
		if !dc.handleOp(c, p) {
			return
		}
	}
}

// closedByBot records the close code the bot sent on c. Closing with 1000 or
// 1001 invalidates the session, which can then no longer be resumed
// (events/gateway.mdx "Initiating a Disconnect"); any other code keeps it.
func (dc *Discord) closedByBot(c *gwConn, code int) {
	if c.closing.Load() {
		return // Discord closed it first; the bot's reply changes nothing
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c.info.ClosedWith = code
	if s := c.session; s != nil && s.conn == c && (code == websocket.CloseNormalClosure || code == websocket.CloseGoingAway) {
		delete(dc.gw.sessions, s.id)
	}
	dc.broadcastLocked()
}

// dropConn detaches a closed connection; its session stays resumable unless
// the bot invalidated it (closedByBot).
func (dc *Discord) dropConn(c *gwConn) {
	c.ws.Close()
	dc.mu.Lock()
	defer dc.mu.Unlock()
	delete(dc.gw.live, c)
	if c.session != nil && c.session.conn == c {
		c.session.conn = nil
	}
	dc.broadcastLocked()
}

// handleOp handles one client payload; false ends the connection.
func (dc *Discord) handleOp(c *gwConn, p gwPayload) bool {
	switch p.Op {
	case opHeartbeat:
		var seq *int64
		if err := json.Unmarshal(p.D, &seq); err != nil {
			c.closeWith(closeDecodeError, "heartbeat d must be the last sequence number or null")
			return false
		}
		dc.mu.Lock()
		dc.gw.stats.Heartbeats++
		if seq != nil {
			dc.gw.stats.LastBeatSeq = *seq
		}
		dc.broadcastLocked()
		dc.mu.Unlock()
		return c.write(opHeartbeatACK, nil) == nil
	case opIdentify:
		return dc.identify(c, p.D)
	case opResume:
		return dc.resume(c, p.D)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		if c.session == nil {
			c.closeWith(closeNotAuthenticated, "Not authenticated.")
			return false
		}
		return true
	default:
		c.closeWith(closeUnknownOpcode, fmt.Sprintf("Unknown opcode %d.", p.Op))
		return false
	}
}

type identifyData struct {
	Token    string `json:"token"`
	Compress bool   `json:"compress"`
	Intents  *int   `json:"intents"`
}

func (dc *Discord) identify(c *gwConn, raw json.RawMessage) bool {
	var d identifyData
	if err := json.Unmarshal(raw, &d); err != nil {
		c.closeWith(closeDecodeError, "Error while decoding Identify.")
		return false
	}
	if c.session != nil {
		c.closeWith(closeAlreadyAuthenticated, "Already authenticated.")
		return false
	}
	if d.Token != Token && "Bot "+d.Token != Token {
		c.closeWith(closeAuthenticationFailed, "Authentication failed.")
		return false
	}
	if d.Intents == nil {
		c.closeWith(closeUnknownError, "Identify must carry intents.")
		return false
	}
	c.compress = d.Compress

	dc.mu.Lock()
	defer dc.mu.Unlock()
	s := &gwSession{id: dc.newIDLocked() + "-session"}
	dc.gw.sessions[s.id] = s
	dc.gw.current = s
	c.session = s
	s.conn = c
	c.info.Op = "identify"
	dc.gw.stats.Identifies++
	unavailable := []map[string]any{}
	for _, g := range dc.memberGuildsLocked() {
		unavailable = append(unavailable, map[string]any{"id": g.ID, "unavailable": true})
	}
	ready := map[string]any{
		"v":                  9,
		"user":               dc.app.wire(),
		"guilds":             unavailable,
		"session_id":         s.id,
		"resume_gateway_url": dc.ResumeGatewayURL(),
		"private_channels":   []any{},
		"application":        map[string]any{"id": dc.app.ID, "flags": 0},
	}
	if err := dc.dispatchLocked(s, "READY", ready); err != nil {
		return false
	}
	if !dc.reconnectIfAskedLocked(c, "READY") {
		return false
	}
	for _, g := range dc.memberGuildsLocked() {
		if err := dc.dispatchLocked(s, "GUILD_CREATE", dc.guildCreateLocked(g)); err != nil {
			return false
		}
	}
	dc.broadcastLocked()
	return true
}

// memberGuildsLocked returns the guilds the bot user is a member of: those
// READY and GUILD_CREATE announce.
func (dc *Discord) memberGuildsLocked() []*Guild {
	var out []*Guild
	for _, g := range dc.guilds {
		if g.botMember {
			out = append(out, g)
		}
	}
	return out
}

func (dc *Discord) guildCreateLocked(g *Guild) map[string]any {
	channels := []map[string]any{}
	for _, c := range dc.channels {
		if c.GuildID == g.ID {
			channels = append(channels, c.wireLocked())
		}
	}
	return map[string]any{
		"id": g.ID, "name": g.Name, "owner_id": dc.app.ID, "unavailable": false, "member_count": len(dc.users),
		"channels": channels, "roles": []any{map[string]any{"id": g.ID, "name": "@everyone", "permissions": permString(DefaultPermissions)}},
		"members": []any{dc.memberLocked(dc.app, DefaultPermissions)}, "threads": []any{}, "emojis": []any{}, "stickers": []any{},
		"joined_at": timestamp(dc.clock.Now()), "large": false, "features": []any{},
		"preferred_locale": g.locale,
	}
}

type resumeData struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

func (dc *Discord) resume(c *gwConn, raw json.RawMessage) bool {
	var d resumeData
	if err := json.Unmarshal(raw, &d); err != nil {
		c.closeWith(closeDecodeError, "Error while decoding Resume.")
		return false
	}
	if d.Token != Token && "Bot "+d.Token != Token {
		c.closeWith(closeAuthenticationFailed, "Authentication failed.")
		return false
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	s := dc.gw.sessions[d.SessionID]
	if s == nil || d.Seq > s.seq {
		dc.gw.stats.Invalidated++
		dc.broadcastLocked()
		return c.write(opInvalidSession, false) == nil
	}
	if old := s.conn; old != nil && old != c {
		go old.closeWith(closeUnknownError, "Session resumed elsewhere.")
	}
	// Replay what the bot missed, then RESUMED, all before any new dispatch.
	for _, f := range s.history {
		if f.seq > d.Seq {
			if err := c.writeRaw(f.raw, false); err != nil {
				return false
			}
		}
	}
	c.session = s
	s.conn = c
	c.info.Op = "resume"
	dc.gw.current = s
	dc.gw.stats.Resumes++
	if err := dc.dispatchLocked(s, "RESUMED", map[string]any{}); err != nil {
		return false
	}
	dc.broadcastLocked()
	return dc.reconnectIfAskedLocked(c, "RESUMED")
}

// ReconnectAfterNext makes the fake send op 7 (Reconnect) right after each
// of the next n dispatches of event, "READY" or "RESUMED", on the same
// connection: Discord may send it "at any point in the gateway connection
// lifecycle" (events/gateway-events.mdx "Reconnect"), and one arriving just
// after a resume is what set off discordgo's reconnect storm.
func (dc *Discord) ReconnectAfterNext(event string, n int) {
	dc.tb.Helper()
	if event != "READY" && event != "RESUMED" {
		dc.tb.Errorf("discordtest: ReconnectAfterNext(%q): the event must be READY or RESUMED", event)
		return
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if dc.gw.reconnectAfter == nil {
		dc.gw.reconnectAfter = map[string]int{}
	}
	dc.gw.reconnectAfter[event] = n
}

// reconnectIfAskedLocked sends op 7 on c if ReconnectAfterNext asked for one
// after event; false means the connection broke. dc.mu must be held.
func (dc *Discord) reconnectIfAskedLocked(c *gwConn, event string) bool {
	if dc.gw.reconnectAfter[event] <= 0 {
		return true
	}
	dc.gw.reconnectAfter[event]--
	dc.gw.stats.ReconnectsSent++
	return c.write(opReconnect, nil) == nil
}

// dispatchLocked sends an event to the session (buffering it while the bot is
// disconnected, for replay on resume). dc.mu must be held, which keeps
// dispatches in sequence order.
func (dc *Discord) dispatchLocked(s *gwSession, event string, data any) error {
	s.seq++
	seq := s.seq
	raw, err := json.Marshal(gwOut{Op: opDispatch, D: data, S: &seq, T: &event})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", event, err)
	}
	s.history = append(s.history, gwFrame{seq: seq, raw: raw})
	if s.conn == nil {
		return nil
	}
	// Discord compresses large payloads such as READY when asked to.
	if err := s.conn.writeRaw(raw, s.conn.compress && event == "READY"); err != nil {
		s.conn = nil
		return fmt.Errorf("sending %s: %w", event, err)
	}
	return nil
}

// CloseGateway closes the bot's gateway connection with a close code, as
// Discord does on its side. When resumable is false the session is also
// invalidated, so the bot's Resume is answered with Invalid Session and it must
// identify again. discordgo reconnects by itself; WaitConnected waits for it.
func (dc *Discord) CloseGateway(code int, resumable bool) {
	dc.mu.Lock()
	s := dc.gw.current
	var c *gwConn
	if s != nil {
		c = s.conn
		s.conn = nil
		if !resumable {
			delete(dc.gw.sessions, s.id)
		}
	}
	dc.broadcastLocked()
	dc.mu.Unlock()
	if c != nil {
		c.closeWith(code, "closed by the test")
	}
}

// RequestReconnect sends opcode 7 (Reconnect), asking the bot to reconnect and resume.
func (dc *Discord) RequestReconnect() error {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	s := dc.gw.current
	if s == nil || s.conn == nil {
		return errNoBot
	}
	dc.gw.stats.ReconnectsSent++
	if err := s.conn.write(opReconnect, nil); err != nil {
		return fmt.Errorf("sending op 7: %w", err)
	}
	return nil
}

// InvalidateSession sends opcode 9 (Invalid Session) with d = resumable on
// the bot's connection: "the gateway has invalidated an active session and
// is requesting client action" (events/gateway-events.mdx "Invalid
// Session"). The connection leaves the session, so the bot may identify or,
// when resumable, resume on it or on a new one; when not resumable the
// session is gone and a Resume is answered with op 9 d=false.
func (dc *Discord) InvalidateSession(resumable bool) error {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	s := dc.gw.current
	if s == nil || s.conn == nil {
		return errNoBot
	}
	c := s.conn
	c.session, s.conn = nil, nil
	if !resumable {
		delete(dc.gw.sessions, s.id)
	}
	dc.broadcastLocked()
	if err := c.write(opInvalidSession, resumable); err != nil {
		return fmt.Errorf("sending op 9: %w", err)
	}
	return nil
}
