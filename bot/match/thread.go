package match

import (
	"context"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A game may be played in a thread of its own (the server's setting, which
// the bot reads): the bot starts a public thread from the game's first
// board in the channel and hands it to IntoThread, which moves the game
// there. From then on the game's channel is the thread: its boards,
// prompts and notices are posted there, and commands typed there find it;
// the board the thread was started from says, in one line, that the game
// goes on in the thread, and when the game ends (finish, abandon) a line
// with its result is posted in the channel the thread was started in. A
// rematch played in the thread is announced there too (Rematch).

// IntoThread moves game id into thread, a thread just started (by who)
// from its board in the game's channel: the game's channel becomes the
// thread, the board in the channel becomes the thread's starter line and a
// new board is posted in the thread by the bot. Nobody is notified again:
// the board in the channel already did. A game already in a thread, or
// over, is left as it is.
func (m *Manager) IntoThread(ctx context.Context, id int64, thread string, who Actor) (*store.Game, error) {
	if thread == "" {
		return nil, engine.E(engine.Internal, "moving a game into a thread: no thread")
	}
	return m.change(ctx, id, func(l *live) (step, error) {
		if l.g.ThreadParent != "" || !l.g.Status.Live() || l.g.ChannelID == thread {
			return step{}, nil
		}
		if _, ok := sideOf(l.g, who.ID); !ok {
			return step{}, engine.E(engine.NotInGame, l.g.ID, l.seat(engine.First), l.seat(engine.Second))
		}
		l.g.ThreadParent, l.g.ChannelID = l.g.ChannelID, thread
		if old := l.g.BoardPost; old != 0 {
			l.want(old, store.WantThread)
		}
		l.post(store.BoardPost, Via{}, store.WantVersion(l.next()), nil)
		return step{write: true}, nil
	})
}

// MirrorIntoThread moves the mirror of game id (a game paired across
// servers, store.Mirror) into thread, a thread the bot just started from
// the mirror's first board: as IntoThread does for the game's own
// channel, the mirror's channel becomes the thread, its board there the
// thread's starter line, and a new board of the mirror is posted in the
// thread; its end is announced in the channel the thread was started in.
// A game with no mirror, whose mirror is in a thread already, or that is
// over, is left as it is.
func (m *Manager) MirrorIntoThread(ctx context.Context, id int64, thread string) (*store.Game, error) {
	if thread == "" {
		return nil, engine.E(engine.Internal, "moving a mirror into a thread: no thread")
	}
	return m.change(ctx, id, func(l *live) (step, error) {
		mr := &l.g.Mirror
		if !l.mirrored() || mr.ThreadParent != "" || !l.g.Status.Live() || mr.ChannelID == thread {
			return step{}, nil
		}
		mr.ThreadParent, mr.ChannelID = mr.ChannelID, thread
		if old := mr.BoardPost; old != 0 {
			l.want(old, store.WantThread)
		}
		l.mirrorPost(store.BoardPost, Via{}, store.WantVersion(l.next()), nil)
		return step{write: true}, nil
	})
}

// announce plans the line that tells the channel a game's thread was
// started in how the game ended (and the same for its mirror's thread);
// nothing for a game not in a thread.
func (l *live) announce() {
	if l.g.ThreadParent != "" {
		l.plan.Posts = append(l.plan.Posts, &store.Post{Kind: store.NoticePost, ChannelID: l.g.ThreadParent, Want: store.WantResult})
	}
	if l.mirrored() && l.g.Mirror.ThreadParent != "" {
		l.plan.Posts = append(l.plan.Posts, &store.Post{Kind: store.NoticePost, ChannelID: l.g.Mirror.ThreadParent, Want: store.WantResult})
	}
}
