package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// threadsOn has a manager of the server turn threads on (or off) in ch.
func (w *world) threadsOn(ch *discordtest.Channel, on bool, fragments ...string) {
	w.t.Helper()
	ch.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	defer ch.SetMemberPermissions(discordtest.DefaultPermissions)
	wantEphemeral(w.t, w.must(w.carol.Slash(ctxT(w.t), ch, "settings", discordtest.Sub("server", discordtest.Opt("threads", on)))), fragments...)
}

// gameThread returns the thread started from the message first, once the
// game has moved there: first says where it went, the thread holds the
// game's board.
func (w *world) gameThread(first *discordtest.Message) (*discordtest.Channel, *discordtest.Message) {
	w.t.Helper()
	// the thread is started once the first board is shown: wait for the
	// board to point to it
	id := first.ID
	if _, err := w.lobby.WaitMessage(ctxT(w.t), func(m *discordtest.Message) bool {
		return m.ID == id && strings.Contains(m.Content, "The game goes on in its thread")
	}); err != nil {
		w.t.Fatalf("the first board never pointed to a thread: %v", err)
	}
	w.idle()
	start := w.current(first)
	thread := w.dc.Channel(first.ID)
	if thread == nil || !start.HasThread() || thread.Parent() != w.lobby {
		w.t.Fatalf("no thread was started from the game's first board %q", start.Content)
	}
	if !strings.Contains(start.Content, "The game goes on in its thread: <#"+thread.ID+">") || len(start.Attachments) != 0 || len(start.Buttons()) != 0 {
		w.t.Fatalf("the first board, once the game is in its thread: %q, %d attachments, %d buttons", start.Content, len(start.Attachments), len(start.Buttons()))
	}
	if thread.AutoArchive() != 10080 {
		w.t.Fatalf("auto_archive_duration %d, want a week", thread.AutoArchive())
	}
	ms := thread.Messages()
	if len(ms) == 0 {
		w.t.Fatal("nothing in the thread")
	}
	return thread, ms[len(ms)-1]
}

// TestThreadPerGame: with the server's threads on, a game against the AI
// and one between people each get a thread started from their first board
// in the channel; the board and its prompts live in the thread, commands
// typed there find the game, and its end is announced in the channel in
// one line. Off again, games stay in the channel.
func TestThreadPerGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.threadsOn(w.lobby, true, "Saved", "A thread for each game: **yes**")
	if strings.Contains(ephemeralText(t, w.must(w.alice.Slash(ctx, w.lobby, "settings", discordtest.Sub("server")))), "⚠️") {
		t.Fatal("a permission warning where the app has every permission")
	}

	first := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai")))
	thread, board := w.gameThread(first)
	checkBoard(t, board, "Move…", "Draw", "Abort")
	// games are allowed in the lobby only: its threads are the lobby too
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions | discordgo.PermissionManageGuild)
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "settings", discordtest.Sub("server", discordtest.Opt("allow", w.lobby.ID)))), "<#"+w.lobby.ID+">")
	w.lobby.SetMemberPermissions(discordtest.DefaultPermissions)
	if m := w.do(w.bob.Slash(ctx, thread, "xiangqi", discordtest.Sub("ai"))); m.Ephemeral() {
		t.Fatalf("a game in a thread of an allowed channel was refused: %q", m.Content)
	}
	board = w.do(w.alice.Slash(ctx, thread, "move", discordtest.Opt("move", "h8")))
	if board.ChannelID != thread.ID {
		t.Fatalf("the move's board is in %s, want the thread %s", board.ChannelID, thread.ID)
	}
	if got := w.moves(t, board); len(got) != 2 {
		t.Fatalf("moves %v: want h8 and the AI's answer", got)
	}
	ask := w.must(w.alice.Slash(ctx, thread, "resign"))
	w.do(w.alice.Click(ctx, ask.Message(), buttonID(t, ask.Message(), "Yes, abort")))
	w.idle()
	last := w.lobby.Messages()[len(w.lobby.Messages())-1]
	if want := "🏁 Gomoku · game #1 (<#" + thread.ID + ">): the game was abandoned."; last.Content != want {
		t.Fatalf("the channel's last message %q, want %q", last.Content, want)
	}

	ch := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("colour", "red"))))
	start := w.click(w.bob, ch, "Accept")
	if !strings.Contains(start.Content, "<@"+w.alice.ID+">") {
		t.Fatalf("the first board does not call alice to move: %q", start.Content)
	}
	thread2, board2 := w.gameThread(start)
	checkBoard(t, board2, "Move…", "Draw", "Resign")
	w.do(w.alice.Slash(ctx, thread2, "move", discordtest.Opt("move", "h3e3")))
	w.stop() // a restart: the game is still found in its thread
	w.start()
	board2 = w.do(w.bob.Slash(ctx, thread2, "move", discordtest.Opt("move", "h10g8")))
	draw := w.click(w.bob, board2, "Draw")
	if draw.ChannelID != thread2.ID {
		t.Fatalf("the draw offer is in %s, want the thread", draw.ChannelID)
	}
	w.click(w.alice, draw, "Accept")
	w.idle()
	last = w.lobby.Messages()[len(w.lobby.Messages())-1]
	if !strings.HasPrefix(last.Content, "🏁 Xiangqi · game #3 (<#"+thread2.ID+">): ") || !strings.Contains(last.Content, "raw") {
		t.Fatalf("the result line %q", last.Content)
	}

	w.threadsOn(w.lobby, false, "A thread for each game: **no**")
	plain := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai")))
	w.idle()
	if cur := w.current(plain); cur.HasThread() || w.dc.Channel(plain.ID) != nil {
		t.Fatal("a thread with threads off")
	}
	checkBoard(t, w.current(plain), "Move…", "Draw", "Abort")
	w.noFailures()
}

// TestThreadFallback: without Create Public Threads (or Send Messages in
// Threads) in the channel, a game stays in the channel and /settings
// server warns the server's managers; where only users installed Tengen
// there are no threads, and no server settings.
func TestThreadFallback(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.lobby.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionCreatePublicThreads)
	w.threadsOn(w.lobby, true, "A thread for each game: **yes**", "may not create public threads or send messages in threads in this channel")
	first := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai")))
	w.idle()
	if w.dc.Channel(first.ID) != nil {
		t.Fatal("a thread without the permission")
	}
	checkBoard(t, w.current(first), "Move…", "Draw", "Abort")

	theirs := w.dc.NewGuild("theirs")
	other := theirs.NewChannel("hall")
	theirs.SetBotMember(false)
	wantEphemeral(t, w.must(w.alice.Slash(ctx, other, "settings", discordtest.Sub("server"))), "server settings exist only in a server that invited Tengen")
	solo := w.do(w.alice.Slash(ctx, other, "gomoku", discordtest.Sub("ai")))
	w.idle()
	if w.dc.Channel(solo.ID) != nil || len(solo.Buttons()) == 0 {
		t.Fatal("a thread where the bot is not in the server")
	}
	w.noFailures()
}

// TestThreadArchived: a game whose thread Discord archived goes on: the
// bot unarchives it to edit the board (which Discord refuses in an
// archived thread), and the result line follows.
func TestThreadArchived(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.threadsOn(w.lobby, true, "yes")
	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	thread, board := w.gameThread(w.click(w.bob, ch, "Accept"))
	w.do(w.alice.Slash(ctx, thread, "move", discordtest.Opt("move", "h8")))
	thread.Archive(false)
	if _, err := w.bob.Slash(ctx, thread, "move", discordtest.Opt("move", "h9")); err == nil {
		t.Fatal("a command in an archived thread")
	}
	// bob resigns from the channel, naming the game
	ask := w.must(w.bob.Slash(ctx, w.lobby, "resign", discordtest.Opt("game", 1)))
	w.confirmResign(w.bob, ask, board)
	w.idle()
	if thread.Archived() {
		t.Fatal("the thread is still archived")
	}
	ms := thread.Messages()
	if got := ms[len(ms)-1]; !slices.Equal(labels(got), []string{"Rematch", "Review", "Moves"}) {
		t.Fatalf("the thread's board after the resignation: %+v", got)
	}
	last := w.lobby.Messages()[len(w.lobby.Messages())-1]
	if want := "🏁 Gomoku · game #1 (<#" + thread.ID + ">): <@" + w.alice.ID + "> (black) wins by resignation"; !strings.HasPrefix(last.Content, want) {
		t.Fatalf("the result line %q, want %q…", last.Content, want)
	}

	// the rematch is played in the same thread, and announced too
	offer := w.click(w.alice, ms[len(ms)-1], "Rematch")
	rematch := w.click(w.bob, offer, "Accept")
	if offer.ChannelID != thread.ID || rematch.ChannelID != thread.ID || w.dc.Channel(rematch.ID) != nil {
		t.Fatalf("the rematch's offer in %s, board in %s; want both in the thread %s, and no new thread", offer.ChannelID, rematch.ChannelID, thread.ID)
	}
	w.confirmResign(w.bob, w.must(w.bob.Slash(ctx, thread, "resign")), rematch)
	w.idle()
	last = w.lobby.Messages()[len(w.lobby.Messages())-1]
	if want := "🏁 Gomoku · game #2 (<#" + thread.ID + ">): "; !strings.HasPrefix(last.Content, want) {
		t.Fatalf("the rematch's result line %q, want %q…", last.Content, want)
	}
	w.noFailures()
}

// TestThreadHTTP: in HTTP mode (interactions to the endpoint, the board
// through the callback route) a new game gets its thread the same way.
func TestThreadHTTP(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{http: true})
	ctx := ctxT(t)
	w.threadsOn(w.lobby, true, "yes")
	first := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai")))
	thread, board := w.gameThread(first)
	checkBoard(t, board, "Move…", "Draw", "Abort")
	if b := w.do(w.alice.Slash(ctx, thread, "move", discordtest.Opt("move", "h3e3"))); b.ChannelID != thread.ID {
		t.Fatalf("the move's board is in %s, want the thread", b.ChannelID)
	}
	w.noFailures()
}

// TestPairedInTheWaitingChannelGetsAThread: a game /play join pairs into
// the channel where the other player waits is posted there by the bot,
// answering no interaction; where the server wants threads, the bot starts
// the game's thread from that board once posted, as it does from a board
// that answers a command, and the result is announced in that channel.
// Where the bot may not create threads there, the game stays in it.
func TestPairedInTheWaitingChannelGetsAThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	const view = discordgo.PermissionViewChannel
	g := w.dc.Guild()
	hall := w.dc.NewChannel("hall")
	members := g.NewRole("club", 0)
	club := w.dc.NewChannel("club")
	club.SetRoleOverwrite(g.Everyone(), 0, view)
	club.SetRoleOverwrite(members, view, 0)
	g.GiveRole(w.carol, members)
	w.threadsOn(hall, true, "A thread for each game: **yes**")

	// dave waits in #hall and cannot see #club: the game is in #hall.
	dave := w.dc.User("dave")
	w.joinGomoku(dave, hall)
	w.wantAnswer(w.joinGomoku(w.carol, club), "Paired!", "<#"+hall.ID+">")
	pointer, err := hall.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "The game goes on in its thread: <#"+m.ID+">")
	})
	if err != nil {
		t.Fatalf("the board in #hall never pointed to a thread: %v", err)
	}
	w.idle()
	thread := w.dc.Channel(pointer.ID)
	if thread == nil || thread.Parent() != hall || !w.current(pointer).HasThread() {
		t.Fatalf("no thread started from the board in #hall")
	}
	board, err := thread.WaitMessage(ctx, func(m *discordtest.Message) bool { return hasAction(m, "resign") })
	if err != nil {
		t.Fatalf("no board in the thread: %v", err)
	}
	final := w.resign(dave, board)
	if !strings.Contains(allText(final), "wins") {
		t.Fatalf("the board after dave resigned: %s", allText(final))
	}
	if _, err := hall.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "🏁") && strings.Contains(m.Content, "<#"+thread.ID+">")
	}); err != nil {
		t.Fatalf("no result line in #hall: %v", err)
	}

	// Tengen may not create threads in #mute: the game stays there.
	mute := w.dc.NewChannel("mute")
	w.threadsOn(mute, true)
	mute.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionCreatePublicThreads)
	erin := w.dc.User("erin")
	w.joinGomoku(erin, mute)
	w.wantAnswer(w.joinGomoku(w.carol, club), "Paired!", "<#"+mute.ID+">")
	stays := w.boardFor(mute, w.carol, erin)
	w.idle()
	if w.current(stays).HasThread() || !hasAction(w.current(stays), "resign") {
		t.Fatalf("a thread where the bot may not create one: %+v", w.current(stays))
	}
	w.noFailures()
}
