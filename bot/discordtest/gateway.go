package discordtest

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
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
	closeInvalidShard         = 4010
	closeShardingRequired     = 4011
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
	shards         shardState
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
	shard   shardKey // [0, 1] when Identify carried no shard
	sharded bool     // Identify carried a shard array
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
	// Shard is the [shard_id, num_shards] of the session the connection
	// identified or resumed, zero when that session is not sharded.
	Shard [2]int
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
	// RateLimitedIdentifies counts the identifies answered with op 9
	// because their rate-limit key had identified less than
	// IdentifyInterval before (WithShards).
	RateLimitedIdentifies int
	// Held counts the identifies and resumes waiting on HoldShard.
	Held        int
	LastBeatSeq int64 // sequence number carried by the last heartbeat
	Seq         int64 // last sequence number dispatched on the current session
	Connected   bool  // a session is attached to a live connection
}

// Gateway returns the gateway counters.
func (dc *Discord) Gateway() GatewayStats {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.gatewayStatsLocked()
}

func (dc *Discord) gatewayStatsLocked() GatewayStats {
	s := dc.gw.stats
	s.Held = dc.gw.shards.held
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
	Token    string  `json:"token"`
	Compress bool    `json:"compress"`
	Intents  *int    `json:"intents"`
	Shard    *[2]int `json:"shard"`
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
	key := shardKey{0, 1}
	if d.Shard != nil {
		key = shardKey{d.Shard[0], d.Shard[1]}
	}
	dc.waitHold(key.ID)

	dc.mu.Lock()
	defer dc.mu.Unlock()
	if ok, open := dc.admitIdentifyLocked(c, key, d.Shard != nil); !ok {
		return open
	}
	s := &gwSession{id: dc.newIDLocked() + "-session", shard: key, sharded: d.Shard != nil}
	dc.gw.sessions[s.id] = s
	dc.gw.current = s
	dc.gw.shards.latestLocked()[key] = s
	c.session = s
	s.conn = c
	c.info.Op = "identify"
	if d.Shard != nil {
		c.info.Shard = *d.Shard
	}
	dc.gw.stats.Identifies++
	guilds := dc.shardGuildsLocked(key)
	unavailable := []map[string]any{}
	for _, g := range guilds {
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
	if d.Shard != nil {
		ready["shard"] = []int{key.ID, key.Count}
	}
	if err := dc.sendLocked(s, "READY", ready); err != nil {
		return false
	}
	if !dc.reconnectIfAskedLocked(c, "READY") {
		return false
	}
	for _, g := range guilds {
		if err := dc.sendLocked(s, "GUILD_CREATE", dc.guildCreateLocked(g)); err != nil {
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
		"id": g.ID, "name": g.Name, "owner_id": g.ownerLocked(), "unavailable": false, "member_count": len(dc.users),
		"channels": channels, "roles": g.wireRolesLocked(),
		"members": []any{dc.memberLocked(g.ID, dc.app, DefaultPermissions)}, "threads": []any{}, "emojis": []any{}, "stickers": []any{},
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
	if s := dc.gw.sessions[d.SessionID]; s != nil {
		shard := s.shard.ID
		dc.mu.Unlock()
		dc.waitHold(shard)
		dc.mu.Lock()
	}
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
	if s.sharded {
		c.info.Shard = [2]int{s.shard.ID, s.shard.Count}
	}
	dc.gw.current = s
	dc.gw.shards.latestLocked()[s.shard] = s
	dc.gw.stats.Resumes++
	if err := dc.sendLocked(s, "RESUMED", map[string]any{}); err != nil {
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

// sendLocked sends an event to the session (buffering it while the bot is
// disconnected, for replay on resume). dc.mu must be held, which keeps
// dispatches in sequence order.
func (dc *Discord) sendLocked(s *gwSession, event string, data any) error {
	s.seq++
	seq := s.seq
	raw, err := json.Marshal(gwOut{Op: opDispatch, D: data, S: &seq, T: &event})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", event, err)
	}
	s.history = append(s.history, gwFrame{seq: seq, raw: raw})
	dc.broadcastLocked() // for WaitShardSeq
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
	dc.closeSessionLocked(dc.gw.current, code, resumable)
}

// closeSessionLocked closes session s's connection (none when s is nil)
// with a close code, forgetting the session unless it is resumable; it
// unlocks dc.mu, which must be held, before it closes the connection.
func (dc *Discord) closeSessionLocked(s *gwSession, code int, resumable bool) {
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

// IdentifyInterval is how long Discord's identify rate limit lasts: each
// rate-limit key (shard_id % max_concurrency) may identify once per 5 s
// (events/gateway.mdx "Max Concurrency", "Rate Limiting").
const IdentifyInterval = 5 * time.Second

// sessionStartTotal is the daily session start limit of a bot in fewer than
// 150,000 guilds (events/gateway.mdx "Identifying").
const sessionStartTotal = 1000

// shardKey is a session's [shard_id, num_shards].
type shardKey struct{ ID, Count int }

// serves reports whether a session of this shard gets the events of guild
// ("" for an event of no guild, such as a DM's): events/gateway.mdx
// "Sharding", shard_id = (guild_id >> 22) % num_shards, and events without
// a guild_id go to shard 0 only.
func (k shardKey) serves(guild string) bool {
	switch {
	case k.Count <= 1:
		return true
	case guild == "":
		return k.ID == 0
	default:
		return ShardOf(guild, k.Count) == k.ID
	}
}

// shardState is the fake's sharding bookkeeping, guarded by Discord.mu.
type shardState struct {
	recommended    int  // GET /gateway/bot's shards (WithShards; 1 when 0)
	maxConcurrency int  // session_start_limit.max_concurrency (1 when 0)
	buckets        bool // identify buckets are enforced (WithShards)
	guildLimit     int  // most guilds one session may serve (WithGuildLimit; 0: no limit)
	startUsed      int  // session starts used of sessionStartTotal
	// latest is the session most recently identified or resumed per
	// shard: the one that receives the shard's events.
	latest       map[shardKey]*gwSession
	lastIdentify map[int]time.Time // per rate-limit key, on the fake clock
	attempts     []IdentifyAttempt
	holds        map[int]chan struct{} // shards whose identify and resume wait (HoldShard)
	held         int                   // identifies and resumes waiting on a hold
}

func (s *shardState) latestLocked() map[shardKey]*gwSession {
	if s.latest == nil {
		s.latest = map[shardKey]*gwSession{}
	}
	return s.latest
}

func (s *shardState) concurrency() int { return max(s.maxConcurrency, 1) }

// WithShards makes GET /gateway/bot recommend shards shards and announce
// maxConcurrency as session_start_limit.max_concurrency, and turns on
// Discord's identify buckets: two identifies of the same rate-limit key
// (shard_id % maxConcurrency) less than IdentifyInterval apart on the fake's
// clock are answered with op 9 (Invalid Session), as Discord answers an app
// that exceeds max_concurrency, and recorded (Identifies, GatewayStats).
// Without it the fake recommends 1 shard and enforces no bucket, so tests
// that identify again at once keep working.
func WithShards(shards, maxConcurrency int) Option {
	return func(dc *Discord) {
		dc.gw.shards.recommended, dc.gw.shards.maxConcurrency, dc.gw.shards.buckets = shards, maxConcurrency, true
	}
}

// WithGuildLimit makes a session that would serve more than n guilds fail
// to identify with close code 4011 (Sharding Required), as Discord does past
// 2,500 guilds per session.
func WithGuildLimit(n int) Option { return func(dc *Discord) { dc.gw.shards.guildLimit = n } }

// WithSessionStartLimit leaves remaining of the day's 1,000 session starts
// (session_start_limit.remaining); an identify past them is refused with
// close code 4004, as Discord ends every session and resets the token then.
func WithSessionStartLimit(remaining int) Option {
	return func(dc *Discord) { dc.gw.shards.startUsed = sessionStartTotal - remaining }
}

// gatewayBot is GET /gateway/bot's answer.
func (dc *Discord) gatewayBot() map[string]any {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	sh := &dc.gw.shards
	resetAfter := 0
	if sh.startUsed > 0 {
		resetAfter = int((24 * time.Hour).Milliseconds())
	}
	return map[string]any{
		"url": dc.GatewayURL(), "shards": max(sh.recommended, 1),
		"session_start_limit": map[string]int{
			"total": sessionStartTotal, "remaining": max(sessionStartTotal-sh.startUsed, 0),
			"reset_after": resetAfter, "max_concurrency": sh.concurrency(),
		},
	}
}

// ShardOf is the shard that receives the events of the guild among shards
// shards: (guild_id >> 22) % shards (events/gateway.mdx "Sharding").
func ShardOf(guildID string, shards int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || shards < 1 {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// NewGuildOnShard creates a guild, as NewGuild does, whose id falls on
// shard shard of shards: the fake's snowflakes carry its clock, so it
// moves the clock on a millisecond at a time until the next id does.
func (dc *Discord) NewGuildOnShard(name string, shard, shards int) *Guild {
	dc.tb.Helper()
	for range shards {
		dc.mu.Lock()
		next := uint64(dc.clock.Now().UnixMilli()-discordEpoch) << 22
		if next <= dc.lastID {
			next = dc.lastID + 1
		}
		dc.mu.Unlock()
		if ShardOf(strconv.FormatUint(next, 10), shards) == shard {
			break
		}
		dc.clock.Advance(time.Millisecond)
	}
	g := dc.NewGuild(name)
	if got := ShardOf(g.ID, shards); got != shard {
		dc.tb.Errorf("discordtest: guild %s fell on shard %d of %d, not %d (ids made meanwhile?)", g.ID, got, shards, shard)
	}
	return g
}

// IdentifyAttempt is one Identify the fake received.
type IdentifyAttempt struct {
	// Shard is the identify's [shard_id, num_shards], zero when it carried
	// none.
	Shard [2]int
	// At is when it arrived, on the fake's clock.
	At time.Time
	// Outcome is "ready" (a new session), "rate limited" (op 9: its
	// rate-limit key identified less than IdentifyInterval before),
	// "invalid shard" (closed 4010), "sharding required" (closed 4011,
	// WithGuildLimit) or "session start limit" (closed 4004).
	Outcome string
}

// Identifies returns every Identify that got past authentication, in order.
func (dc *Discord) Identifies() []IdentifyAttempt {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return append([]IdentifyAttempt(nil), dc.gw.shards.attempts...)
}

// admitIdentifyLocked applies Discord's sharding rules to an identify for
// key: a shard out of range is closed with 4010, a session past the guild
// limit with 4011, one past the session start limit with 4004, and one
// that comes too soon after another of its rate-limit key is answered with
// op 9. It reports whether the identify may go on and, when not, whether
// the connection stays open. dc.mu must be held.
func (dc *Discord) admitIdentifyLocked(c *gwConn, key shardKey, explicit bool) (ok, open bool) {
	sh := &dc.gw.shards
	now := dc.clock.Now()
	attempt := IdentifyAttempt{At: now}
	if explicit {
		attempt.Shard = [2]int{key.ID, key.Count}
	}
	refuse := func(outcome string, code int, reason string) (bool, bool) {
		attempt.Outcome = outcome
		sh.attempts = append(sh.attempts, attempt)
		dc.broadcastLocked()
		c.closeWith(code, reason)
		return false, false
	}
	switch {
	case key.Count < 1 || key.ID < 0 || key.ID >= key.Count:
		return refuse("invalid shard", closeInvalidShard, "Invalid shard.")
	case sh.guildLimit > 0 && len(dc.shardGuildsLocked(key)) > sh.guildLimit:
		return refuse("sharding required", closeShardingRequired, "Sharding required.")
	case sh.startUsed >= sessionStartTotal:
		return refuse("session start limit", closeAuthenticationFailed, "Authentication failed.")
	}
	rk := key.ID % sh.concurrency()
	if last, seen := sh.lastIdentify[rk]; sh.buckets && seen && now.Sub(last) < IdentifyInterval {
		attempt.Outcome = "rate limited"
		sh.attempts = append(sh.attempts, attempt)
		dc.gw.stats.RateLimitedIdentifies++
		dc.broadcastLocked()
		return false, c.write(opInvalidSession, false) == nil
	}
	if sh.lastIdentify == nil {
		sh.lastIdentify = map[int]time.Time{}
	}
	sh.lastIdentify[rk] = now
	sh.startUsed++
	attempt.Outcome = "ready"
	sh.attempts = append(sh.attempts, attempt)
	return true, true
}

// shardGuildsLocked returns the guilds the bot is a member of whose events
// go to shard key. dc.mu must be held.
func (dc *Discord) shardGuildsLocked(key shardKey) []*Guild {
	var out []*Guild
	for _, g := range dc.memberGuildsLocked() {
		if key.serves(g.ID) {
			out = append(out, g)
		}
	}
	return out
}

// dispatchLocked sends an event as Discord routes it: to the latest session
// of each shard that serves the event's guild (shard 0 for an event of no
// guild, such as a DM's interaction), buffering it while that session is
// disconnected, for replay on resume. One unsharded session gets every
// event. s is the bot's latest session, which the caller has checked. When
// no session serves the shard the event is lost, as it is on Discord.
// dc.mu must be held.
func (dc *Discord) dispatchLocked(s *gwSession, event string, data any) error {
	latest := dc.gw.shards.latest
	if len(latest) == 0 {
		return dc.sendLocked(s, event, data)
	}
	if len(latest) == 1 {
		for k, only := range latest {
			if k.Count <= 1 {
				return dc.sendLocked(only, event, data)
			}
		}
	}
	guild, err := eventGuild(event, data)
	if err != nil {
		return err
	}
	keys := make([]shardKey, 0, len(latest))
	for k := range latest {
		if k.serves(guild) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return fmt.Errorf("%s of guild %q: no session serves its shard, so Discord drops it", event, guild)
	}
	slices.SortFunc(keys, func(a, b shardKey) int { return cmp.Or(cmp.Compare(a.Count, b.Count), cmp.Compare(a.ID, b.ID)) })
	var errs []error
	for _, k := range keys {
		if err := dc.sendLocked(latest[k], event, data); err != nil {
			errs = append(errs, fmt.Errorf("shard [%d, %d]: %w", k.ID, k.Count, err))
		}
	}
	return errors.Join(errs...)
}

// eventGuild is the guild an event belongs to: its guild_id, or the id of
// a GUILD_CREATE, GUILD_UPDATE or GUILD_DELETE; "" for none.
func eventGuild(event string, data any) (string, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return "", fmt.Errorf("encoding %s: %w", event, err)
	}
	var ids struct {
		ID      string `json:"id"`
		GuildID string `json:"guild_id"`
	}
	if err := json.Unmarshal(raw, &ids); err != nil {
		return "", fmt.Errorf("reading the guild of %s: %w", event, err)
	}
	switch {
	case ids.GuildID != "":
		return ids.GuildID, nil
	case event == "GUILD_CREATE" || event == "GUILD_UPDATE" || event == "GUILD_DELETE":
		return ids.ID, nil
	}
	return "", nil
}

// ConnectedShards returns, in order, the shards of shards shards whose
// latest session is on a live connection.
func (dc *Discord) ConnectedShards(shards int) []int {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.connectedShardsLocked(shards)
}

func (dc *Discord) connectedShardsLocked(shards int) []int {
	var out []int
	for id := range shards {
		if s := dc.gw.shards.latest[shardKey{id, shards}]; s != nil && s.conn != nil {
			out = append(out, id)
		}
	}
	return out
}

// WaitShards waits until every shard of shards shards has a session on a
// live connection.
func (dc *Discord) WaitShards(ctx context.Context, shards int) error {
	return dc.waitFor(ctx, fmt.Sprintf("%d shards connected", shards), func() bool {
		return len(dc.connectedShardsLocked(shards)) == shards
	})
}

// CloseShard closes the connection of shard shard of shards with a close
// code, as CloseGateway does for the latest session; the other shards are
// untouched.
func (dc *Discord) CloseShard(shard, shards, code int, resumable bool) {
	dc.mu.Lock()
	dc.closeSessionLocked(dc.gw.shards.latest[shardKey{shard, shards}], code, resumable)
}

// HoldShard makes every Identify and Resume of the given shard id wait
// (GatewayStats.Held counts them) until release is called, so that a test
// can keep one shard disconnected while the others serve. release is also
// called when the test ends.
func (dc *Discord) HoldShard(shard int) (release func()) {
	ch := make(chan struct{})
	dc.mu.Lock()
	if dc.gw.shards.holds == nil {
		dc.gw.shards.holds = map[int]chan struct{}{}
	}
	dc.gw.shards.holds[shard] = ch
	dc.mu.Unlock()
	var once sync.Once
	release = func() {
		once.Do(func() {
			dc.mu.Lock()
			if dc.gw.shards.holds[shard] == ch {
				delete(dc.gw.shards.holds, shard)
			}
			dc.mu.Unlock()
			close(ch)
		})
	}
	dc.tb.Cleanup(release)
	return release
}

// waitHold waits while HoldShard holds shard.
func (dc *Discord) waitHold(shard int) {
	dc.mu.Lock()
	ch := dc.gw.shards.holds[shard]
	if ch != nil {
		dc.gw.shards.held++
		dc.broadcastLocked()
	}
	dc.mu.Unlock()
	if ch == nil {
		return
	}
	<-ch
	dc.mu.Lock()
	dc.gw.shards.held--
	dc.broadcastLocked()
	dc.mu.Unlock()
}

// ShardSeq is the last sequence number dispatched to the latest session of
// shard shard of shards (0 when it has none), whether or not it was
// connected to receive it.
func (dc *Discord) ShardSeq(shard, shards int) int64 {
	dc.mu.Lock()
	defer dc.mu.Unlock()
	return dc.shardSeqLocked(shard, shards)
}

func (dc *Discord) shardSeqLocked(shard, shards int) int64 {
	if s := dc.gw.shards.latest[shardKey{shard, shards}]; s != nil {
		return s.seq
	}
	return 0
}

// WaitShardSeq waits until an event after seq has been dispatched to the
// latest session of shard shard of shards: sent, or kept for its resume.
func (dc *Discord) WaitShardSeq(ctx context.Context, shard, shards int, seq int64) error {
	return dc.waitFor(ctx, fmt.Sprintf("an event for shard %d of %d", shard, shards), func() bool {
		return dc.shardSeqLocked(shard, shards) > seq
	})
}
