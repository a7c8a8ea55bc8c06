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
	if l.g.BoardPost == 0 {
		l.newBoard(Via{}, ping)
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
	p := l.post(store.ChallengePost, v, store.WantOpen, l.pingSide(l.g.Challenger.Other(), ""))
	p.Request, p.By = l.g.Request.Kind, l.g.Challenger
}

// settleChallenge plans the challenge post to show how it ended; the game's
// board is no longer the challenge.
func (l *live) settleChallenge(how string) {
	l.fillOpen()
	if id := l.g.BoardPost; id != 0 {
		l.want(id, how)
	}
	l.g.BoardPost = 0
}

// newPrompt plans the prompt of the request just made, asking (and
// notifying) the other player.
func (l *live) newPrompt(v Via, actor string) {
	r := l.g.Request
	p := l.post(store.PromptPost, v, store.WantOpen, l.pingSide(r.By.Other(), actor))
	p.Request, p.By = r.Kind, r.By
}

// settlePrompt plans the prompt of the pending request to show how it
// ended.
func (l *live) settlePrompt(how string) {
	if id := l.g.PromptPost; id != 0 {
		l.want(id, how)
		l.g.PromptPost = 0
	}
}

// notice plans a one-off message notifying ping.
func (l *live) notice(what string, ping []string) { l.post(store.NoticePost, Via{}, what, ping) }

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
