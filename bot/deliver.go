package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/bot/queue"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// deliverer makes Discord show what the lifecycle planned: for each game
// with due posts (store.Post), it creates the posts not yet created, edits
// the others to what they should show, and records what Discord shows. It
// reads everything from the store, so it converges after a crash at any
// point: Resume queues every game with a due post.
//
// A game's deliveries run one at a time (a bot/queue), and the updates
// interactions make to a game's messages run in the same turn (do):
// Discord has no version check on edits, and two edits of one message must
// not cross.
type deliverer struct {
	st    Store
	rest  *rest
	pres  *presenter
	clock match.Clock
	log   *slog.Logger
	q     *queue.Queue
	// created, when not nil, is told of each message the deliverer posts
	// with the bot token, once recorded (the bot gives a side's first
	// board a thread: boardThread).
	created func(ctx context.Context, g *store.Game, eg engine.Game, p *store.Post, messageID string)

	mu      sync.Mutex
	retries map[int64]*retry // games waiting to be delivered again
	// answering lists the interactions whose handlers run in this process:
	// until a handler is done, the post its interaction creates is its own.
	answering map[string]bool
	// finished lists the interactions whose handlers are done, with when:
	// a delivery that read the store before a handler recorded its post
	// must not take that post for one whose handler failed.
	finished map[string]finish
	finishes uint64 // handlers done so far
}

// finish is when an interaction's handler was done: the number of handlers
// done by then, and the time, for pruning.
type finish struct {
	seq uint64
	at  time.Time
}

// answeringSnap is what answeringNow saw: how many handlers had finished.
// Which ones were running need not be kept: each is running still, or has
// finished since (see owned).
type answeringSnap struct {
	finishes uint64
}

// retry is a delivery scheduled for later.
type retry struct {
	timer *time.Timer
	fails int // consecutive failures, for the backoff
}

// Delivery timings.
const (
	// firstRetry and maxRetry bound the backoff after a failed delivery.
	firstRetry = time.Second
	maxRetry   = time.Minute
	// deliverTimeout bounds one delivery of a game.
	deliverTimeout = 2 * time.Minute
	// leaseRetry is when a game whose delivery another process holds is
	// looked at again.
	leaseRetry = 2 * time.Second
)

func newDeliverer(st Store, r *rest, p *presenter, clock match.Clock, log *slog.Logger, workers int) *deliverer {
	d := &deliverer{st: st, rest: r, pres: p, clock: clock, log: log, retries: map[int64]*retry{},
		answering: map[string]bool{}, finished: map[string]finish{}}
	d.q = queue.New(workers, func(ctx context.Context, id int64) {
		d.deliver(ctx, id)
		d.tell(ctx, id)
	})
	return d
}

// answer marks interaction id as being answered by its handler in this
// process, until the returned function is called.
func (d *deliverer) answer(id string) (done func()) {
	d.mu.Lock()
	d.answering[id] = true
	d.mu.Unlock()
	return func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		delete(d.answering, id)
		d.finishes++
		now := time.Now()
		d.finished[id] = finish{seq: d.finishes, at: now}
		if len(d.finished) > maxFinished {
			for k, f := range d.finished {
				if now.Sub(f.at) > deliverTimeout {
					delete(d.finished, k)
				}
			}
		}
	}
}

// maxFinished is how many finished handlers the deliverer remembers before
// it forgets those older than any delivery still running.
const maxFinished = 1024

// answeringNow notes where the handlers stand. Taken before the store is
// read, it tells which posts the read may show before their handler
// recorded them (see owned).
func (d *deliverer) answeringNow() answeringSnap {
	d.mu.Lock()
	defer d.mu.Unlock()
	return answeringSnap{finishes: d.finishes}
}

// owned reports whether the post of interaction id, read after snap was
// taken, may still be its handler's: the handler ran when snap was taken,
// runs now, or finished since (it may have recorded the post after the
// read). Such a handler queues the game again when it is done. A post
// not owned had its handler done before the read: it recorded the post or
// failed to, and the deliverer takes over.
func (d *deliverer) owned(id string, snap answeringSnap) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.answering[id] {
		return true
	}
	f, ok := d.finished[id]
	return ok && f.seq > snap.finishes
}

// known reports whether interaction id's handler ran in this process
// (recently: see maxFinished).
func (d *deliverer) known(id string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, done := d.finished[id]
	return d.answering[id] || done
}

// remoteGrace is how long after an interaction's answer was due the
// deliverer leaves its post to a handler it does not know of (one in
// another process, or in a process that died): answered by then, or
// deferred and completed by then (a handler waits for the AI's reply at
// most half of the deferral delay), it has recorded the post, or it never
// will.
const remoteGrace = 10 * time.Second

// add queues the delivery of game id.
func (d *deliverer) add(id int64) { d.q.Add(id) }

// do runs fn for game id in the game's delivery turn.
func (d *deliverer) do(ctx context.Context, id int64, fn func()) error { return d.q.Do(ctx, id, fn) }

// schedule sets when game id is delivered again: at at, or after the
// next backoff when failed, or never (a zero at), replacing what was set.
func (d *deliverer) schedule(id int64, at time.Time, failed bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	r := d.retries[id]
	if r == nil {
		if at.IsZero() && !failed {
			return
		}
		r = &retry{}
		d.retries[id] = r
	}
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	if failed {
		r.fails++
		at = time.Now().Add(min(firstRetry<<min(r.fails-1, 6), maxRetry))
	} else {
		r.fails = 0
	}
	if at.IsZero() {
		delete(d.retries, id)
		return
	}
	r.timer = time.AfterFunc(time.Until(at), func() {
		d.mu.Lock()
		if r.timer != nil && d.retries[id] == r {
			r.timer = nil
		}
		d.mu.Unlock()
		d.q.Add(id)
	})
}

// pending reports whether a handler is answering or a retry is scheduled:
// more deliveries are to come.
func (d *deliverer) pending() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.answering) > 0 {
		return true
	}
	for _, r := range d.retries {
		if r.timer != nil {
			return true
		}
	}
	return false
}

// close stops the deliveries and the scheduled retries.
func (d *deliverer) close(ctx context.Context) error {
	d.mu.Lock()
	for id, r := range d.retries {
		if r.timer != nil {
			r.timer.Stop()
		}
		delete(d.retries, id)
	}
	d.mu.Unlock()
	return d.q.Close(ctx)
}

// outcome is how one post's delivery went.
type outcome uint8

const (
	delivered outcome = iota // Discord shows the post (or there is nothing to show)
	waiting                  // later: its interaction's handler may still create it, or at a time
	failed                   // a transient failure: try again later
	blocked                  // the app may not do it there: wait for an interaction
)

// deliver makes Discord show game id's due posts. It reads the game and
// its due posts again after each round, until none is due or nothing more
// can be done now.
func (d *deliverer) deliver(ctx context.Context, id int64) {
	ctx, cancel := context.WithTimeout(ctx, deliverTimeout)
	defer cancel()
	// One process at a time delivers a game (several may share a
	// PostgreSQL database): another holding it delivers what is due, or
	// dies and its lease lapses.
	now := d.clock.Now()
	until := now.Add(deliverTimeout + 10*time.Second)
	held, err := d.st.LeaseDelivery(ctx, id, now, until)
	if err != nil {
		d.log.Error("leasing a game's delivery", "game", id, "err", err)
		d.schedule(id, time.Time{}, true)
		return
	}
	if !held {
		d.schedule(id, time.Now().Add(leaseRetry), false)
		return
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := d.st.ReleaseDelivery(rctx, id, until); err != nil {
			d.log.Warn("releasing a game's delivery", "game", id, "err", err)
		}
	}()
	for range 4 {
		answering := d.answeringNow()
		del, err := d.st.Delivery(ctx, id)
		if err != nil {
			d.log.Error("reading a game to deliver", "game", id, "err", err)
			d.schedule(id, time.Time{}, true)
			return
		}
		if len(del.Due) == 0 {
			d.schedule(id, time.Time{}, false)
			return
		}
		eg, err := match.Restore(del.Game.Kind, del.Game.Moves)
		if err != nil {
			d.log.Error("restoring a game to deliver", "game", id, "err", err)
			return
		}
		progress, fail := false, false
		var wake time.Time
		for _, p := range del.Due {
			switch o, at := d.post(ctx, del.Game, eg, p, answering); o {
			case delivered:
				progress = true
			case waiting:
				if wake.IsZero() || at.Before(wake) {
					wake = at
				}
			case failed:
				fail = true
			}
		}
		if fail {
			d.schedule(id, time.Time{}, true)
			return
		}
		d.schedule(id, wake, false)
		if !progress || ctx.Err() != nil {
			return
		}
	}
	d.add(id) // still changing: another turn, after the other games
}

// post delivers one due post of game g (eg is its engine state) and
// records it; it says how it went and, when waiting, until when. answering
// is what answeringNow saw before g was read.
func (d *deliverer) post(ctx context.Context, g *store.Game, eg engine.Game, p *store.Post, answering answeringSnap) (outcome, time.Time) {
	now := d.clock.Now()
	if stale(g, p) {
		return d.record(ctx, p, p.Want, "") // nothing to show any more
	}
	if p.MessageID == "" && p.Interaction != "" {
		if d.owned(p.Interaction, answering) {
			return waiting, time.Time{} // its handler queues the game again when done
		}
		if wake := p.RespondBy.Add(remoteGrace); !d.known(p.Interaction) && now.Before(wake) {
			// Its handler may be running in another process sharing the
			// database: leave it the post until it must have answered.
			return waiting, time.Now().Add(wake.Sub(now))
		}
		if o, ok := d.adopt(ctx, g, eg, p, now); ok {
			return o, time.Time{}
		}
	}
	if p.MessageID == "" && !asks(p) {
		// Never shown, and now asking nothing (a board retired, a prompt
		// settled before their message was made): nothing to show.
		return d.record(ctx, p, p.Want, "")
	}
	m, err := d.pres.post(g, eg, p)
	if err != nil {
		d.log.Error("presenting a post", "game", g.ID, "post", p.ID, "err", err)
		return failed, time.Time{}
	}
	if p.MessageID == "" {
		return d.create(ctx, g, eg, p, m)
	}
	return d.edit(ctx, g, p, m, now)
}

// adopt settles a post whose interaction's handler did not record it
// (the process stopped, or the response failed): Discord may already show
// it as the interaction's response, or a "thinking…" placeholder. It
// reports false when the post was never answered and must be created.
func (d *deliverer) adopt(ctx context.Context, g *store.Game, eg engine.Game, p *store.Post, now time.Time) (outcome, bool) {
	if p.Followup || !p.Reachable(now) {
		return 0, false
	}
	orig, err := d.rest.webhookMessage(ctx, p.Token, "@original")
	switch {
	case gone(err):
		return 0, false // never answered: create it
	case err != nil:
		d.log.Warn("looking for an interaction's response", "game", g.ID, "post", p.ID, "err", err)
		return failed, true
	case orig.Flags&discordgo.MessageFlagsLoading == 0:
		// The response was sent; only its record was lost. What it
		// shows is not known: edit it to what it should show.
		p.MessageID = orig.ID
		if err := d.st.Delivered(ctx, p.ID, "", orig.ID); err != nil {
			d.log.Error("recording a post", "game", g.ID, "post", p.ID, "err", err)
			return failed, true
		}
		m, err := d.pres.post(g, eg, p)
		if err != nil {
			d.log.Error("presenting a post", "game", g.ID, "post", p.ID, "err", err)
			return failed, true
		}
		o, _ := d.edit(ctx, g, p, m, now)
		return o, true
	}
	// A deferred response, still "thinking…": it becomes the post. An
	// edit notifies nobody, so whoever the post pings gets a follow-up.
	m, err := d.pres.post(g, eg, p)
	if err != nil {
		d.log.Error("presenting a post", "game", g.ID, "post", p.ID, "err", err)
		return failed, true
	}
	msg, err := d.rest.editWebhook(ctx, p.Token, "@original", m.full(), m.files())
	if err != nil {
		return d.failure(g, p, "completing a deferred response", err), true
	}
	if len(m.Ping) > 0 {
		if _, err := d.rest.followup(ctx, p.Token, pingPayload(m.Ping), nil); err != nil {
			d.log.Warn("notifying after a deferred response", "game", g.ID, "post", p.ID, "err", err)
		}
	}
	o, _ := d.record(ctx, p, p.Want, msg.ID)
	return o, true
}

// Permissions the bot needs in a channel to create and edit messages
// there with its own token.
const (
	permView   = discordgo.PermissionViewChannel
	permSend   = discordgo.PermissionSendMessages
	permEmbed  = discordgo.PermissionEmbedLinks
	permAttach = discordgo.PermissionAttachFiles
)

// missing returns the permissions among want that the app lacks in g's
// channel with its bot token: none in a DM with the bot user, where it may
// always post (app_permissions there lists what responses may use); all
// where the bot user is not present (a server or group DM where only the
// players installed Tengen); none when they are not known (Discord will
// say).
func missing(g *store.Game, want int64) int64 {
	switch {
	case g.Place == store.BotDM:
		return 0
	case !g.Place.BotCanPost():
		return want
	case g.Perms == store.PermsUnknown:
		return 0
	}
	return inThread(g, want) &^ g.Perms
}

// needs returns the permissions creating m with the bot token needs.
func needs(m *message) int64 {
	p := int64(permView | permSend)
	if len(m.Embeds) > 0 {
		p |= permEmbed
	}
	if len(m.Files) > 0 {
		p |= permAttach
	}
	return p
}

// create posts p in its channel with the bot token (g is its game, eg the
// game's engine state), at most once (its
// nonce), or as a follow-up of the interaction it was handed to (Rebind),
// and records it.
func (d *deliverer) create(ctx context.Context, g *store.Game, eg engine.Game, p *store.Post, m *message) (outcome, time.Time) {
	if p.Followup && p.Reachable(d.clock.Now()) {
		msg, err := d.rest.followup(ctx, p.Token, m.full(), m.files())
		if err != nil {
			return d.failure(g, p, "posting a follow-up", err), time.Time{}
		}
		return d.record(ctx, p, p.Want, msg.ID)
	}
	if lack := missing(g, needs(m)); lack != 0 && p.ChannelID == g.ChannelID {
		if p.Kind == store.NoticePost && g.Place.BotCanPost() {
			// A notice is news of the moment (the board shows the result
			// too): it is dropped rather than kept waiting.
			d.log.Warn("cannot post a notice in the game's channel: dropped", "game", g.ID, "post", p.ID,
				"channel", p.ChannelID, "missing", permissionNames(lack))
			return d.record(ctx, p, p.Want, "")
		}
		// Where only the players installed Tengen, the next interaction
		// there shows it (stranded), notices included.
		d.log.Warn("cannot post in the game's channel: waiting for an interaction there", "game", g.ID, "post", p.ID,
			"channel", p.ChannelID, "missing", permissionNames(lack))
		return blocked, time.Time{}
	}
	body := m.full()
	body.Nonce, body.EnforceNonce = nonce(p), true
	msg, err := d.rest.create(ctx, p.ChannelID, body, m.files())
	if err != nil {
		return d.failure(g, p, "posting", err), time.Time{}
	}
	o, at := d.record(ctx, p, p.Want, msg.ID)
	if o == delivered && d.created != nil {
		d.created(ctx, g, eg, p, msg.ID)
	}
	return o, at
}

// nonce makes the create of post p happen once even when it is sent again
// after a crash (Discord's enforce_nonce, 25 characters at most).
func nonce(p *store.Post) string { return "tengen-" + strconv.FormatInt(p.ID, 10) }

// edit makes the existing message of p show m: through its interaction's
// token while that lasts (a webhook, with a rate-limit bucket of its own),
// then with the bot token. A token that cannot reach the message (an
// interaction that was never answered, after a crash) falls back to the
// bot token too.
func (d *deliverer) edit(ctx context.Context, g *store.Game, p *store.Post, m *message, now time.Time) (outcome, time.Time) {
	body := m.edit()
	if p.Reachable(now) {
		_, err := d.rest.editWebhook(ctx, p.Token, p.MessageID, body, m.files())
		if d.reopen(ctx, g, p, err) {
			_, err = d.rest.editWebhook(ctx, p.Token, p.MessageID, body, m.files())
		}
		if err == nil {
			return d.notified(ctx, g, p, now)
		}
		if !tokenGone(err) {
			return d.failure(g, p, "editing", err), time.Time{}
		}
	}
	if lack := missing(g, permView); lack != 0 && p.ChannelID == g.ChannelID {
		d.log.Warn("cannot edit in the game's channel: waiting for an interaction there", "game", g.ID, "post", p.ID,
			"missing", permissionNames(lack))
		return blocked, time.Time{}
	}
	_, err := d.rest.edit(ctx, p.ChannelID, p.MessageID, body, m.files())
	if d.reopen(ctx, g, p, err) {
		_, err = d.rest.edit(ctx, p.ChannelID, p.MessageID, body, m.files())
	}
	if err != nil {
		return d.failure(g, p, "editing", err), time.Time{}
	}
	return d.notified(ctx, g, p, now)
}

// notified notifies whom the edited post p pings, then records it. A post
// that no longer asks anything (a retired board, a settled prompt) drops
// its notification: it is news only while someone must act on it.
func (d *deliverer) notified(ctx context.Context, g *store.Game, p *store.Post, now time.Time) (outcome, time.Time) {
	if len(p.Ping) > 0 && asks(p) {
		if err := d.notify(ctx, g, p, now); err != nil {
			return d.failure(g, p, "notifying", err), time.Time{}
		}
	}
	return d.record(ctx, p, p.Want, "")
}

// notify sends whom the post p pings a short message that notifies them,
// since the edit that showed them the change notified nobody: through the
// post's interaction token while it lasts, else in the channel, at most
// once (a nonce).
func (d *deliverer) notify(ctx context.Context, g *store.Game, p *store.Post, now time.Time) error {
	body := pingPayload(p.Ping)
	if p.Reachable(now) {
		_, err := d.rest.followup(ctx, p.Token, body, nil)
		if err == nil || !tokenGone(err) {
			return err
		}
	}
	if lack := missing(g, permView|permSend); lack != 0 && p.ChannelID == g.ChannelID {
		d.log.Warn("cannot notify in the game's channel", "game", g.ID, "post", p.ID, "missing", permissionNames(lack))
		return nil
	}
	body.Nonce, body.EnforceNonce = pingNonce(p), true
	_, err := d.rest.create(ctx, p.ChannelID, body, nil)
	return err
}

// asks reports whether post p asks someone to act (or tells something, a
// notice): a current board, an open challenge or prompt.
func asks(p *store.Post) bool {
	switch p.Kind {
	case store.BoardPost:
		return strings.HasPrefix(p.Want, "v")
	case store.ChallengePost, store.PromptPost:
		return p.Want == store.WantOpen
	}
	return true
}

// pingNonce identifies the notification of post p's delivery of its want
// (25 characters at most, as Discord allows).
func pingNonce(p *store.Post) string {
	n := "t" + strconv.FormatInt(p.ID, 10) + "." + p.Want
	return n[:min(len(n), 25)]
}

// failure sorts a failed request: a message or token that is gone will
// never take the edit (recorded as done, nothing left to show); a refusal
// waits for an interaction; anything else is tried again later.
func (d *deliverer) failure(g *store.Game, p *store.Post, what string, err error) outcome {
	switch {
	case gone(err):
		d.log.Warn(what+": the message is gone", "game", g.ID, "post", p.ID, "err", err)
		if err := d.st.Delivered(context.Background(), p.ID, p.Want, ""); err != nil {
			d.log.Error("recording a post", "game", g.ID, "post", p.ID, "err", err)
			return failed
		}
		return delivered
	case forbidden(err):
		d.log.Warn(what+": Discord refused", "game", g.ID, "post", p.ID, "err", err)
		return blocked
	}
	d.log.Warn(what+" failed; trying again later", "game", g.ID, "post", p.ID, "err", err)
	return failed
}

// record notes that Discord shows shown for p.
func (d *deliverer) record(ctx context.Context, p *store.Post, shown, messageID string) (outcome, time.Time) {
	if err := d.st.Delivered(ctx, p.ID, shown, messageID); err != nil {
		d.log.Error("recording a post", "game", p.GameID, "post", p.ID, "err", err)
		return failed, time.Time{}
	}
	return delivered, time.Time{}
}

// permissionNames names permission bits for logs and replies.
func permissionNames(p int64) string {
	names := []struct {
		bit  int64
		name string
	}{{permView, "View Channel"}, {permSend, "Send Messages"}, {permEmbed, "Embed Links"}, {permAttach, "Attach Files"},
		{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"}}
	s := ""
	for _, n := range names {
		if p&n.bit != 0 {
			if s != "" {
				s += ", "
			}
			s += n.name
		}
	}
	if s == "" {
		return fmt.Sprintf("%#x", p)
	}
	return s
}
