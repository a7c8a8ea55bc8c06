package match

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/tengen-bot/tengen/store"
)

// via returns an interaction in channel c1 arriving now.
func (e *env) via(n int, source string) Via {
	return Via{Interaction: fmt.Sprintf("i%d", n), Token: "token", At: e.clock.Now(), Channel: "c1", Source: source,
		Locale: "zh-CN", Perms: 3072}
}

// posts returns the posts of game id.
func (e *env) posts(id int64) []*store.Post {
	e.t.Helper()
	ps, err := e.db.Posts(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return ps
}

func TestPostsAgainstTheAI(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 1, Start: OpponentFirst,
		ChannelID: "c1", Via: e.via(1, "")})
	if err != nil {
		t.Fatal(err)
	}
	if g.Locale != "zh-CN" || g.Perms != 3072 {
		t.Fatalf("game %+v: want the interaction's locale and permissions kept", g)
	}
	e.rec.waitFor(t, g.ID, MoveMade) // the AI opens
	ps := e.posts(g.ID)
	if len(ps) != 1 || ps[0].Interaction != "i1" || !reflect.DeepEqual(ps[0].Ping, []string{alice.ID}) || ps[0].Want != store.WantVersion(2) {
		t.Fatalf("posts %+v: want one board, created through i1, showing the AI's move and notifying alice, whose turn it is", ps)
	}

	// alice's move is a new board through her /move; the AI's answer is
	// shown on that same board, and notifies alice.
	if _, err := e.m.Play(ctx, g.ID, Actor{alice, e.via(2, "")}, "h9", AnyPly); err != nil {
		t.Fatal(err)
	}
	e.rec.waitFor(t, g.ID, MoveMade)
	e.rec.waitFor(t, g.ID, MoveMade)
	ps = e.posts(g.ID)
	if len(ps) != 2 || ps[0].Want != store.WantRetired || ps[1].Interaction != "i2" || !reflect.DeepEqual(ps[1].Ping, []string{alice.ID}) || ps[1].Want != store.WantVersion(4) {
		t.Fatalf("posts %+v: want the first board retired, the second through i2 showing version 4 and notifying alice", ps)
	}

	// A draw offer: a prompt through the click, nobody to ping; the AI's
	// answer settles it.
	if _, err := e.m.Ask(ctx, g.ID, Actor{alice, e.via(3, "m2")}, store.DrawRequest, 3); err != nil {
		t.Fatal(err)
	}
	e.rec.waitFor(t, g.ID, RequestAccepted) // RandomAI sees every position as level
	ps = e.posts(g.ID)
	prompt := ps[len(ps)-1]
	if prompt.Kind != store.PromptPost || prompt.Ping != nil || prompt.Request != store.DrawRequest || prompt.Want != store.WantAccepted {
		t.Fatalf("prompt %+v: want a draw prompt pinging nobody, accepted", prompt)
	}
	if ps[1].Want != store.WantVersion(6) {
		t.Fatalf("board %+v: want it to show the drawn game (version 6)", ps[1])
	}
}

func TestPostsOfAnUndo(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	e.play(g.ID, "h8", "h9")
	if _, err := e.m.Ask(ctx, g.ID, Actor{alice, e.via(1, "board")}, store.UndoRequest, 2); err != nil {
		t.Fatal(err)
	}
	ps := e.posts(g.ID)
	prompt := ps[len(ps)-1]
	if prompt.Kind != store.PromptPost || !reflect.DeepEqual(prompt.Ping, []string{bob.ID}) || prompt.By != 0 {
		t.Fatalf("prompt %+v: want it to ping bob about alice's undo", prompt)
	}
	// bob accepts: the prompt says so, and a new board through his click
	// asks alice, whose move was taken back, to move again.
	if _, err := e.m.Answer(ctx, g.ID, Actor{bob, e.via(2, "prompt")}, true, 2); err != nil {
		t.Fatal(err)
	}
	ps = e.posts(g.ID)
	last := ps[len(ps)-1]
	if p, err := e.db.Post(ctx, prompt.ID); err != nil || p.Want != store.WantAccepted {
		t.Fatalf("prompt %+v, %v: want accepted", p, err)
	}
	if last.Kind != store.BoardPost || last.Interaction != "i2" || !reflect.DeepEqual(last.Ping, []string{alice.ID}) {
		t.Fatalf("board %+v: want a new board through bob's click pinging alice", last)
	}
	if g, _ := e.game(g.ID); g.BoardPost != last.ID || g.PromptPost != 0 {
		t.Fatalf("game %+v: want the new board current and no prompt", g)
	}
}

func TestPostsOfAResignation(t *testing.T) {
	e := newEnv(t, Config{})
	g := e.duel(false)
	before := e.posts(g.ID)
	// A click on the board: the board itself shows the result.
	if _, err := e.m.Resign(ctx, g.ID, Actor{bob, e.via(1, "board")}, 0); err != nil {
		t.Fatal(err)
	}
	after := e.posts(g.ID)
	if len(after) != len(before) || after[len(after)-1].Want != store.WantVersion(3) {
		t.Fatalf("posts %+v: want the same board showing version 3", after)
	}
	// The other channel's permissions are not this channel's.
	g2 := e.duel(false)
	v := e.via(2, "")
	v.Channel, v.Perms = "c2", 1
	if _, err := e.m.Resign(ctx, g2.ID, Actor{alice, v}, 0); err != nil {
		t.Fatal(err)
	}
	ps := e.posts(g2.ID)
	last := ps[len(ps)-1]
	if last.ChannelID != "c2" || last.Interaction != "i2" || last.Ping != nil {
		t.Fatalf("board %+v: want a new board in c2 through the command, pinging nobody", last)
	}
	if got, _ := e.game(g2.ID); got.ChannelID != "c2" || got.Perms != 1 || got.Locale != "zh-CN" {
		t.Fatalf("game %+v: want it to follow its board to c2 with c2's permissions", got)
	}
}
