package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// crossServers makes a second server, whose language is Chinese, with a
// channel #hall: alice is not a member of it, bob is a member of it only.
// Neither can see the other's channel: /play can pair them only across
// servers.
func (w *world) crossServers() (*discordtest.Guild, *discordtest.Channel) {
	w.t.Helper()
	other := w.dc.NewGuild("other")
	other.SetLocale(discordgo.ChineseCN)
	hall := other.NewChannel("hall")
	other.Leave(w.alice)
	w.dc.Guild().Leave(w.bob)
	return other, hall
}

// actionID returns the custom id of m's button whose action is act
// ("g/<game>/<act>/<ply>"): the same in every language.
func actionID(t testing.TB, m *discordtest.Message, act string) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if parts := strings.Split(b.CustomID, "/"); len(parts) >= 3 && parts[0] == "g" && parts[2] == act {
			return b.CustomID
		}
	}
	t.Fatalf("message %s has no %q button: %+v", m.ID, act, m.Buttons())
	return ""
}

// hasAction reports whether m has a button whose action is act.
func hasAction(m *discordtest.Message, act string) bool {
	for _, b := range m.Buttons() {
		if parts := strings.Split(b.CustomID, "/"); len(parts) >= 3 && parts[0] == "g" && parts[2] == act {
			return true
		}
	}
	return false
}

// allText is everything m says: its content and its embeds' texts.
func allText(m *discordtest.Message) string {
	var sb strings.Builder
	sb.WriteString(m.Content)
	for _, e := range m.Embeds {
		sb.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			sb.WriteString("\n" + f.Name + ": " + f.Value)
		}
		if e.Footer != nil {
			sb.WriteString("\n" + e.Footer.Text)
		}
	}
	return sb.String()
}

// gameOf returns the stored game whose board m is.
func (w *world) gameOf(m *discordtest.Message) *store.Game {
	w.t.Helper()
	id, err := parseButton(m)
	if err != nil {
		w.t.Fatal(err)
	}
	g, err := w.db.Game(ctxT(w.t), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return g
}

// latestBoard returns the latest message in ch that is a live board of
// game id (it has the game's Resign button).
func latestBoard(ch *discordtest.Channel, id int64) *discordtest.Message {
	var last *discordtest.Message
	for _, m := range ch.Messages() {
		if !m.Ephemeral() && hasAction(m, "resign") && strings.Contains(actionIDOr(m, "resign"), "g/"+fmtInt(int(id))+"/") {
			last = m
		}
	}
	return last
}

// actionIDOr is actionID without failing: "" when m has no such button.
func actionIDOr(m *discordtest.Message, act string) string {
	for _, b := range m.Buttons() {
		if parts := strings.Split(b.CustomID, "/"); len(parts) >= 3 && parts[0] == "g" && parts[2] == act {
			return b.CustomID
		}
	}
	return ""
}

// movedIn has u play move with /move in ch and returns the new board.
func (w *world) movedIn(u *discordtest.User, ch *discordtest.Channel, move string) *discordtest.Message {
	w.t.Helper()
	return w.do(u.Slash(ctxT(w.t), ch, "move", discordtest.Opt("move", move)))
}

// TestMirrorPairsAcrossServers: /play join pairs alice, in the default
// server, with bob, waiting in another server neither shares: one game,
// its board in both channels (alice's the answer to her command, bob's
// posted by the bot, in his server's Chinese), each player notified in
// their own channel; moves made from either channel update both boards;
// an undo asked in one server is answered from the other; the result is
// on both boards; a rematch offered from one server is accepted from the
// other and is mirrored too; /games scope:here lists the game in both
// servers, each with its own channel.
func TestMirrorPairsAcrossServers(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	guild2, hall := w.crossServers()

	w.wantAnswer(w.joinGomoku(w.bob, hall), "You are waiting", "a player of another server")
	bobPings := len(w.bob.Notifications())
	board := w.settled(w.joinGomoku(w.alice, w.lobby))
	if board == nil || board.Ephemeral() || board.ChannelID != w.lobby.ID || field(board, "Moves played") != "0" ||
		!strings.Contains(board.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("alice's board: %+v", board)
	}
	g := w.gameOf(board)
	if !g.Mirrored() || g.Mirror.ChannelID != hall.ID || g.Mirror.UserID != w.bob.ID || g.ChannelID != w.lobby.ID {
		t.Fatalf("the paired game: %+v", g)
	}
	mirror := w.boardFor(hall, w.alice, w.bob)
	if field(mirror, "已走步数") != "0" || !strings.Contains(allText(mirror), "五子棋") {
		t.Fatalf("bob's board is not in his server's Chinese: %s", allText(mirror))
	}
	if n := w.bob.Notifications(); len(n) != bobPings+1 || n[len(n)-1].ChannelID != hall.ID {
		t.Fatalf("bob's notifications: %+v", n)
	}
	for _, u := range []*discordtest.User{w.alice, w.bob} {
		games, err := w.db.UserGames(ctx, u.ID)
		if err != nil || len(games) != 1 || games[0].ID != g.ID {
			t.Fatalf("%s's games: %+v %v", u.Name, games, err)
		}
	}

	// /games scope:here in each server lists it with that server's channel.
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "games", discordtest.Opt("scope", "here"))), "#"+fmtInt(int(g.ID)), "<#"+w.lobby.ID+">")
	listed := ephemeralText(t, w.must(w.bob.Slash(ctx, hall, "games", discordtest.Opt("scope", "here"))))
	if !strings.Contains(listed, "#"+fmtInt(int(g.ID))) || !strings.Contains(listed, "<#"+hall.ID+">") || strings.Contains(listed, w.lobby.ID) {
		t.Fatalf("/games in bob's server: %q", listed)
	}

	// Moves from each channel: the mover's channel gets a new board, the
	// other's board is edited.
	first, second := w.alice, w.bob
	firstCh, secondCh := w.lobby, hall
	if g.Seats[0].UserID == w.bob.ID {
		first, second, firstCh, secondCh = w.bob, w.alice, hall, w.lobby
	}
	movesOf := func(m *discordtest.Message) string {
		if m.ChannelID == hall.ID {
			return field(w.current(m), "已走步数")
		}
		return field(w.current(m), "Moves played")
	}
	b1 := w.movedIn(first, firstCh, "h8")
	other := latestBoard(secondCh, g.ID)
	if movesOf(b1) != "1" || other == nil || movesOf(other) != "1" {
		t.Fatalf("after the first move: the mover's board %q, the other's %v", movesOf(b1), other)
	}
	if n := second.Notifications(); len(n) == 0 || n[len(n)-1].ChannelID != secondCh.ID {
		t.Fatalf("%s was not told to move in their own channel: %+v", second.Name, n)
	}
	b2 := w.movedIn(second, secondCh, "h9")
	other = latestBoard(firstCh, g.ID)
	if movesOf(b2) != "2" || other == nil || movesOf(other) != "2" {
		t.Fatalf("after the second move: the mover's board %q, the other's %v", movesOf(b2), other)
	}

	// second asks to take back h9 from their board; first answers from the
	// prompt in their own server.
	w.must(second.Click(ctx, w.current(b2), actionID(t, w.current(b2), "undo")))
	w.idle()
	prompt, err := firstCh.WaitMessage(ctx, func(m *discordtest.Message) bool { return hasAction(m, "yes") && !m.Ephemeral() })
	if err != nil {
		t.Fatalf("no undo prompt in %s's channel: %v", first.Name, err)
	}
	if _, err := secondCh.WaitMessage(ctx, func(m *discordtest.Message) bool { return hasAction(m, "no") && !m.Ephemeral() }); err != nil {
		t.Fatalf("no undo prompt in %s's channel: %v", second.Name, err)
	}
	w.must(first.Click(ctx, prompt, actionID(t, prompt, "yes")))
	w.idle()
	for _, ch := range []*discordtest.Channel{w.lobby, hall} {
		b := latestBoard(ch, g.ID)
		if b == nil || movesOf(b) != "1" {
			t.Fatalf("after the undo, the board in #%s: %v", ch.Name, b)
		}
		for _, m := range ch.Messages() {
			if hasAction(w.current(m), "yes") {
				t.Fatalf("a prompt in #%s is still open after the answer: %+v", ch.Name, w.current(m))
			}
		}
	}

	// gina, of bob's server only and accepting no DM, follows the game
	// from there: its result mentions her there, in its language.
	gina := w.dc.User("gina", discordtest.ClosedDMs())
	w.dc.Guild().Leave(gina)
	wantEphemeral(t, w.must(gina.Slash(ctx, hall, "follow", discordtest.Opt("game", int(g.ID)))), "#"+fmtInt(int(g.ID)))

	// alice resigns from her board: the result is on both boards.
	final := w.resign(w.alice, latestBoard(w.lobby, g.ID))
	if !strings.Contains(allText(final), "wins") || !hasAction(final, "rematch") {
		t.Fatalf("alice's final board: %s", allText(final))
	}
	var bobsFinal *discordtest.Message
	for _, m := range hall.Messages() {
		if m = w.current(m); strings.Contains(actionIDOr(m, "rematch"), "g/"+fmtInt(int(g.ID))+"/") {
			bobsFinal = m
		}
	}
	if bobsFinal == nil || !strings.Contains(allText(bobsFinal), "获胜") {
		t.Fatalf("no result in bob's server: %+v", hall.Messages())
	}
	if g = w.gameOf(final); g.Status != store.Finished {
		t.Fatalf("the game after resigning: %+v", g)
	}

	if _, err := hall.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "<@"+gina.ID+"> 🏁") && strings.Contains(m.Content, "/"+guild2.ID+"/"+hall.ID+"/")
	}); err != nil {
		t.Fatalf("gina, who follows from bob's server and accepts no DM, was not told there: %v", err)
	}

	// bob offers a rematch from his server; alice accepts it from hers.
	w.must(w.bob.Click(ctx, bobsFinal, actionID(t, bobsFinal, "rematch")))
	w.idle()
	offer, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool { return hasAction(m, "accept") && !m.Ephemeral() })
	if err != nil {
		t.Fatalf("no rematch offer in alice's channel: %v", err)
	}
	rematch := w.click(w.alice, offer, "Accept")
	r := w.gameOf(rematch)
	if r.ID == g.ID || r.Status != store.Active || !r.Mirrored() || r.Mirror.ChannelID != hall.ID || r.ChannelID != w.lobby.ID {
		t.Fatalf("the rematch: %+v", r)
	}
	if latestBoard(hall, r.ID) == nil || latestBoard(w.lobby, r.ID) == nil {
		t.Fatalf("the rematch is not on both boards: lobby %v, hall %v", latestBoard(w.lobby, r.ID), latestBoard(hall, r.ID))
	}
	w.nothingDue()
	w.noFailures()
}

// TestMirrorRefusedByServerSetting: a server's managers turn games across
// servers off with /settings server cross_server: those waiting there are
// not paired with players of other servers, nor those joining there; on
// again, they are.
func TestMirrorRefusedByServerSetting(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	_, hall := w.crossServers()
	setAcross := func(u *discordtest.User, ch *discordtest.Channel, on bool) {
		t.Helper()
		ch.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
		w.must(u.Slash(ctx, ch, "settings", discordtest.Sub("server", discordtest.Opt("cross_server", on))))
		ch.SetMemberPermissions(discordtest.DefaultPermissions)
	}

	// bob's server refuses: bob, already waiting, is not paired.
	w.joinGomoku(w.bob, hall)
	setAcross(w.bob, hall, false)
	if shown := ephemeralText(t, w.must(w.bob.Slash(ctx, hall, "settings", discordtest.Sub("server")))); !strings.Contains(shown, "other servers: **no**") {
		t.Fatalf("bob's server's settings: %q", shown)
	}
	w.wantAnswer(w.joinGomoku(w.alice, w.lobby), "You are waiting")
	w.waitingIn(w.lobby, w.alice)
	w.waitingIn(hall, w.bob)

	// On again there, but alice's server refuses: neither alice's waiting
	// entry nor her server's players are paired across.
	setAcross(w.bob, hall, true)
	w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("leave")))
	setAcross(w.alice, w.lobby, false)
	w.wantAnswer(w.joinGomoku(w.alice, w.lobby), "You are waiting")
	w.waitingIn(w.lobby, w.alice)
	w.waitingIn(hall, w.bob)
	if text := ephemeralText(t, w.must(w.alice.Slash(ctx, w.lobby, "settings", discordtest.Sub("server")))); !strings.Contains(text, "other servers: **no**") {
		t.Fatalf("alice's server's settings: %q", text)
	}

	// Both allow it: alice, joining again, is paired with bob at once.
	setAcross(w.alice, w.lobby, true)
	w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("leave")))
	board := w.settled(w.joinGomoku(w.alice, w.lobby))
	if board == nil || board.ChannelID != w.lobby.ID || field(board, "Moves played") != "0" {
		t.Fatalf("alice's board: %+v", board)
	}
	w.boardFor(hall, w.alice, w.bob)
	w.noFailures()
}

// TestMirrorConvergesAfterACrash: Discord fails the board the bot posts
// in the waiting player's server, and the process stops before it tries
// again: the game and both its boards were stored in one transaction, so
// the next process finds the mirror's board still due and posts it, once,
// and moves go on updating both.
func TestMirrorConvergesAfterACrash(t *testing.T) {
	t.Parallel()
	logs := &lines{}
	w := newWorld(t, setup{logs: logs})
	ctx := ctxT(t)
	_, hall := w.crossServers()

	w.joinGomoku(w.bob, hall)
	// discordgo tries a 5xx 4 times: the deliverer's first two attempts fail.
	w.dc.FailNext("POST", "/channels/{channel_id}/messages", 500, 8)
	w.joinGomoku(w.alice, w.lobby)
	board, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return !m.Ephemeral() && !m.Loading() && len(m.Embeds) > 0
	})
	if err != nil {
		t.Fatalf("no board in alice's channel: %v", err)
	}
	for !strings.Contains(logs.String(), "posting failed; trying again later") {
		select {
		case <-ctx.Done():
			var rs []string
			for _, r := range w.dc.Requests() {
				rs = append(rs, r.Method+" "+r.Route+" "+fmtInt(r.Status))
			}
			t.Fatalf("the mirror's board was never tried: %s\n%s\n%+v", logs, strings.Join(rs, "\n"), hall.Messages())
		case <-time.After(5 * time.Millisecond):
		}
	}
	if due, err := w.db.DueDeliveries(ctx); err != nil || len(due) != 1 {
		t.Fatalf("due after Discord failed the mirror's board: %v %v", due, err)
	}
	w.stop()
	w.start()
	w.idle()
	w.nothingDue()
	var boards int
	for _, m := range hall.Messages() {
		if !m.Ephemeral() && len(m.Embeds) > 0 {
			boards++
		}
	}
	if boards != 1 {
		t.Fatalf("%d boards in bob's channel after the restart, want 1: %+v", boards, hall.Messages())
	}
	g := w.gameOf(board)
	if g.Mirror.BoardPost == 0 {
		t.Fatalf("the mirror lost its board: %+v", g.Mirror)
	}
	first, firstCh := w.alice, w.lobby
	if g.Seats[0].UserID == w.bob.ID {
		first, firstCh = w.bob, hall
	}
	w.movedIn(first, firstCh, "h8")
	for _, ch := range []*discordtest.Channel{w.lobby, hall} {
		b := latestBoard(ch, g.ID)
		name := "Moves played"
		if ch == hall {
			name = "已走步数"
		}
		if b == nil || field(w.current(b), name) != "1" {
			t.Fatalf("after the restart, the board in #%s: %+v", ch.Name, b)
		}
	}
	w.noFailures()
}

// TestMirrorCommandsAndThreads: with threads on in both servers, the game
// paired across them gets a thread in each: in the joiner's server from
// the answer to /play join, in the waiting player's from the board the bot
// posted there; /board and /resign typed in the waiting player's thread
// find the game; the result is on both boards and announced in both
// channels the threads were started in.
func TestMirrorCommandsAndThreads(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	other, hall := w.crossServers()
	w.threadsOn(w.lobby, true, "A thread for each game: **yes**")
	w.threadsOn(hall, true, "A thread for each game: **yes**")

	w.joinGomoku(w.bob, hall)
	first := w.settled(w.joinGomoku(w.alice, w.lobby))
	thread, board := w.gameThread(first)
	g := w.gameOf(board)
	if g.ChannelID != thread.ID || g.ThreadParent != w.lobby.ID || g.Mirror.GuildID != other.ID {
		t.Fatalf("the game in its thread: %+v", g)
	}
	// bob's server wants threads too: the bot starts one from the
	// mirror's first board, which then points to it, and the mirror's
	// board goes on in the thread, in bob's server's language.
	pointer, err := hall.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return len(m.Buttons()) == 0 && strings.Contains(m.Content, "<#"+m.ID+">")
	})
	if err != nil {
		t.Fatalf("bob's first board never pointed to a thread: %v", err)
	}
	w.idle()
	mthread := w.dc.Channel(pointer.ID)
	if mthread == nil || mthread.Parent() != hall || !w.current(pointer).HasThread() || strings.Contains(pointer.Content, "The game") {
		t.Fatalf("no thread in bob's server (%q)", pointer.Content)
	}
	g = w.gameOf(board)
	if g.Mirror.ChannelID != mthread.ID || g.Mirror.ThreadParent != hall.ID {
		t.Fatalf("the mirror in its thread: %+v", g.Mirror)
	}
	mirror := latestBoard(mthread, g.ID)
	if mirror == nil || !strings.Contains(allText(mirror), "黑方") {
		t.Fatalf("bob's board in his thread: %+v", mirror)
	}

	// /board in bob's thread: a new board there, the old one retired.
	again := w.do(w.bob.Slash(ctx, mthread, "board"))
	if again.ChannelID != mthread.ID || again.ID == mirror.ID || !hasAction(again, "resign") || hasAction(w.current(mirror), "resign") {
		t.Fatalf("/board in bob's thread: %+v (the old one %+v)", again, w.current(mirror))
	}

	// /resign in bob's thread.
	ask := w.must(w.bob.Slash(ctx, mthread, "resign"))
	final := w.confirmResign(w.bob, ask, again)
	if !strings.Contains(allText(final), "获胜") || hasAction(final, "resign") {
		t.Fatalf("bob's board after he resigned: %s", allText(final))
	}
	if b := w.current(board); !strings.Contains(allText(b), "wins") {
		t.Fatalf("alice's board after bob resigned: %s", allText(b))
	}
	for _, ch := range []*discordtest.Channel{w.lobby, hall} {
		if _, err := ch.WaitMessage(ctx, func(m *discordtest.Message) bool {
			return strings.HasPrefix(m.Content, "🏁") && strings.Contains(m.Content, "#"+fmtInt(int(g.ID)))
		}); err != nil {
			t.Fatalf("no result line in #%s, where a thread of the game was started: %v", ch.Name, err)
		}
	}
	w.nothingDue()
	w.noFailures()
}
