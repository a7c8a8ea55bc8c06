package match

import (
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// What Discord shows of a game is planned here, by the same attempt that
// changes the game, and stored in the same transaction (store.Plan): the
// lifecycle owns which message shows the board and the open prompt, and
// the bot only makes Discord match the plan.
//
// The rules:
//   - The player who must act now (the challenged user, the player to move
//     after a turn change, the player asked to answer a request) is
//     notified once (Post.Ping): the post that asks them is created with a
//     mention of them, which notifies, as an edit would not; when the post
//     already exists (the board the AI answers on), its delivery notifies
//     them with a short message. The actor is never pinged by their own
//     action, nor the AI, nor bystanders.
//   - A post created by an operation that came through an interaction is
//     that interaction's initial response (or, when it cannot be, created
//     by the bot in the channel afterwards); the others are edits.
//   - A board that stops being the latest is retired: it loses its
//     buttons. Settled challenges and prompts show how they ended.

// next is the version the game has once the attempt is stored.
func (l *live) next() int64 { return l.g.Version + 1 }

// seen keeps what the interaction v says about the game's channel: the
// locale of its public messages and what the app may do there.
func (l *live) seen(v Via) {
	if v.Interaction == "" {
		return
	}
	if l.fromMirror(v) {
		if v.Locale != "" {
			l.g.Mirror.Locale = v.Locale // the mirror's server speaks for its channel only
		}
		return
	}
	if l.mirrored() && v.Channel != l.g.ChannelID {
		return // a third channel, maybe a third server: it speaks for neither
	}
	if v.Locale != "" {
		l.g.Locale = v.Locale
	}
	if v.Channel == l.g.ChannelID && v.Perms != store.PermsUnknown {
		l.g.Perms = v.Perms
	}
	if v.Channel == l.g.ChannelID && v.Place != "" {
		l.g.Place = v.Place
	}
}

// want plans what the existing post id should show.
func (l *live) want(id int64, want string) {
	l.plan.Wants = append(l.plan.Wants, store.Want{Post: id, Want: want})
}

// post plans a new post of kind k in the game's channel, created through
// the interaction v when it has one. A game with no channel (one made by a
// tool or a test) has nowhere to show posts: none are planned.
func (l *live) post(k store.PostKind, v Via, want string, ping []string) *store.Post {
	p := &store.Post{Kind: k, ChannelID: l.g.ChannelID, Want: want, Ping: ping}
	if v.interactive() {
		p.Interaction, p.Token = v.Interaction, v.Token
		p.RespondBy, p.TokenUntil = v.At.Add(RespondWithin), v.At.Add(TokenLifetime)
		if v.Channel != "" {
			p.ChannelID = v.Channel
		}
	}
	if p.ChannelID != "" {
		l.plan.Posts = append(l.plan.Posts, p)
	}
	return p
}

// newBoard plans a new board showing the game after the attempt, created
// through v when it can be, and retires the current one. The game lives on
// where its latest board is.
func (l *live) newBoard(v Via, ping []string) {
	if l.mirrored() {
		v = l.home(v)
		here, there := l.split(ping)
		if l.fromMirror(v) {
			l.newMirrorBoard(v, there)
			l.showMainBoard(here)
			return
		}
		l.showMirrorBoard(there)
		ping = here
	}
	l.newMainBoard(v, ping)
}

// newMainBoard is newBoard in the game's own channel.
func (l *live) newMainBoard(v Via, ping []string) {
	if old := l.g.BoardPost; old != 0 {
		l.want(old, store.WantRetired)
	}
	if v.interactive() && v.Channel != "" && v.Channel != l.g.ChannelID {
		// a board shown elsewhere takes the game out of its thread
		l.g.ChannelID, l.g.Perms, l.g.Place, l.g.ThreadParent = v.Channel, v.Perms, v.Place, ""
	}
	l.post(store.BoardPost, v, store.WantVersion(l.next()), ping)
}

// showBoard plans the current board to show the game after the attempt
// (an edit; a new board when there is none yet), notifying ping.
func (l *live) showBoard(ping []string) {
	if l.mirrored() {
		here, there := l.split(ping)
		l.showMirrorBoard(there)
		ping = here
	}
	l.showMainBoard(ping)
}

// showMainBoard is showBoard in the game's own channel.
func (l *live) showMainBoard(ping []string) {
	if l.g.BoardPost == 0 {
		l.newMainBoard(Via{}, ping)
		return
	}
	l.plan.Wants = append(l.plan.Wants, store.Want{Post: l.g.BoardPost, Want: store.WantVersion(l.next()), Ping: ping})
}

// refreshBoard plans the board to show the game after the attempt: the
// clicked board itself when the interaction v is a click on a component
// (the bot answers the click by updating it when it is the latest board),
// a new board created through v for a command.
func (l *live) refreshBoard(v Via) {
	if v.interactive() && v.Source == "" {
		l.newBoard(v, nil)
		return
	}
	l.showBoard(nil)
}

// newChallenge plans the post of a challenge (or rematch offer) waiting
// for the opponent, who is notified.
func (l *live) newChallenge(v Via) {
	ping := l.pingSide(l.g.Challenger.Other(), "")
	if l.mirrored() {
		here, there := l.split(ping)
		mv, gv := l.vias(l.home(v))
		p := l.mirrorPost(store.ChallengePost, mv, store.WantOpen, there)
		p.Request, p.By = l.g.Request.Kind, l.g.Challenger
		v, ping = gv, here
	}
	p := l.post(store.ChallengePost, v, store.WantOpen, ping)
	p.Request, p.By = l.g.Request.Kind, l.g.Challenger
}

// settleChallenge plans the challenge post to show how it ended; the game's
// board is no longer the challenge.
func (l *live) settleChallenge(how string) {
	l.fillOpen()
	if id := l.g.BoardPost; id != 0 {
		l.want(id, how)
	}
	if id := l.g.Mirror.BoardPost; id != 0 {
		l.want(id, how)
	}
	l.g.BoardPost, l.g.Mirror.BoardPost = 0, 0
}

// newPrompt plans the prompt of the request just made, asking (and
// notifying) the other player.
func (l *live) newPrompt(v Via, actor string) {
	r := l.g.Request
	ping := l.pingSide(r.By.Other(), actor)
	if l.mirrored() {
		here, there := l.split(ping)
		mv, gv := l.vias(l.home(v))
		p := l.mirrorPost(store.PromptPost, mv, store.WantOpen, there)
		p.Request, p.By = r.Kind, r.By
		v, ping = gv, here
	}
	p := l.post(store.PromptPost, v, store.WantOpen, ping)
	p.Request, p.By = r.Kind, r.By
}

// settlePrompt plans the prompt of the pending request to show how it
// ended.
func (l *live) settlePrompt(how string) {
	if id := l.g.PromptPost; id != 0 {
		l.want(id, how)
		l.g.PromptPost = 0
	}
	if id := l.g.Mirror.PromptPost; id != 0 {
		l.want(id, how)
		l.g.Mirror.PromptPost = 0
	}
}

// notice plans a one-off message notifying ping. A mirrored game's
// reminder is posted where the player it reminds plays; its other notices
// (a loss on time) in both channels.
func (l *live) notice(what string, ping []string) {
	if l.mirrored() {
		here, there := l.split(ping)
		if len(there) > 0 || what != store.WantRemind {
			l.mirrorPost(store.NoticePost, Via{}, what, there)
		}
		if len(here) == 0 && what == store.WantRemind {
			return
		}
		ping = here
	}
	l.post(store.NoticePost, Via{}, what, ping)
}

// A game paired across servers (store.Mirror) is shown in two channels
// that its players cannot both see: every board, challenge, prompt and
// notice planned in the game's channel is planned in the mirror's too, in
// the same attempt, so that both converge through the same outbox. An
// interaction from the mirror's channel creates the new post there (its
// answer) and the game's channel gets the edit, and the other way round;
// each player is notified in their own channel only. Each side may have a
// thread of its own (see thread.go): the game's is started from its first
// board by the handler of the interaction that created it (IntoThread),
// the mirror's by the bot's deliverer once it has posted the mirror's
// first board (MirrorIntoThread).

// mirrored reports whether the game is shown in a second server too.
func (l *live) mirrored() bool { return l.g.Mirrored() }

// fromMirror reports whether the interaction v came from the mirror's
// channel.
func (l *live) fromMirror(v Via) bool {
	return l.mirrored() && v.Interaction != "" && v.Channel == l.g.Mirror.ChannelID
}

// split divides whom to notify between the game's channel (here) and the
// mirror's (there, its player's).
func (l *live) split(ping []string) (here, there []string) {
	for _, u := range ping {
		if u == l.g.Mirror.UserID {
			there = append(there, u)
		} else {
			here = append(here, u)
		}
	}
	return here, there
}

// home returns the interaction v when it came from one of the two
// channels of a mirrored game, else none: a command typed elsewhere (a
// game named by number) shows the game where it is, in both channels, and
// never moves it, as each player sees only their own.
func (l *live) home(v Via) Via {
	if v.Channel != "" && v.Channel != l.g.ChannelID && !l.fromMirror(v) {
		return Via{}
	}
	return v
}

// vias returns the interaction v for the side it came from and none for
// the other: (the mirror's, the game's channel's).
func (l *live) vias(v Via) (mirror, here Via) {
	if l.fromMirror(v) {
		return v, Via{}
	}
	return Via{}, v
}

// mirrorPost plans a new post of kind k in the mirror's channel, created
// through v when it came from there, else by the bot.
func (l *live) mirrorPost(k store.PostKind, v Via, want string, ping []string) *store.Post {
	p := &store.Post{Kind: k, ChannelID: l.g.Mirror.ChannelID, Want: want, Ping: ping}
	if l.fromMirror(v) && v.interactive() {
		p.Interaction, p.Token = v.Interaction, v.Token
		p.RespondBy, p.TokenUntil = v.At.Add(RespondWithin), v.At.Add(TokenLifetime)
	}
	l.plan.Posts = append(l.plan.Posts, p)
	return p
}

// newMirrorBoard plans a new board in the mirror's channel, created
// through v (an interaction from there), and retires the mirror's current
// one.
func (l *live) newMirrorBoard(v Via, ping []string) {
	if old := l.g.Mirror.BoardPost; old != 0 {
		l.want(old, store.WantRetired)
	}
	l.mirrorPost(store.BoardPost, v, store.WantVersion(l.next()), ping)
}

// showMirrorBoard plans the mirror's board to show the game after the
// attempt (an edit; a new board when there is none yet).
func (l *live) showMirrorBoard(ping []string) {
	if l.g.Mirror.BoardPost == 0 {
		l.newMirrorBoard(Via{}, ping)
		return
	}
	l.plan.Wants = append(l.plan.Wants, store.Want{Post: l.g.Mirror.BoardPost, Want: store.WantVersion(l.next()), Ping: ping})
}

// pingSide returns whom to notify that side s must act: its player, unless
// that is the AI or the actor (the user whose action this is).
func (l *live) pingSide(s engine.Side, actor string) []string {
	if !l.g.Status.Live() {
		return nil // nobody must act in a game that is over
	}
	u := l.g.Seats[s].UserID
	if u == "" || u == actor {
		return nil
	}
	return []string{u}
}

// players returns the people of the game.
func (l *live) players() []string {
	var ps []string
	for _, s := range l.g.Seats {
		if s.UserID != "" {
			ps = append(ps, s.UserID)
		}
	}
	return ps
}
