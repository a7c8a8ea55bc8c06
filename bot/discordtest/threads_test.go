package discordtest_test

import (
	"errors"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestThreads: a thread started from a message shares its id, is a public
// thread of the message's channel with the permissions of its parent, and
// takes the bot's messages only with SEND_MESSAGES_IN_THREADS; a message
// has one thread; an interaction in the thread names it and its parent; an
// archived thread refuses edits and users' commands, and a message (or
// its creator) unarchives it unless it is locked; it archives itself after
// auto_archive_duration without activity.
func TestThreads(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, pong)
	raw := rawInteractions(t, s)
	lobby := dc.NewChannel("lobby")
	alice := dc.User("alice")
	starter, err := s.ChannelMessageSend(lobby.ID, "game #1")
	if err != nil {
		t.Fatal(err)
	}

	lobby.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionCreatePublicThreads)
	if _, err := s.MessageThreadStart(lobby.ID, starter.ID, "Gomoku #1", 10080); !isCode(err, discordgo.ErrCodeMissingPermissions) {
		t.Fatalf("without CREATE_PUBLIC_THREADS: %v", err)
	}
	lobby.SetAppPermissions(discordtest.DefaultPermissions)
	th, err := s.MessageThreadStart(lobby.ID, starter.ID, "Gomoku #1", 10080)
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != starter.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != lobby.ID ||
		th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 10080 {
		t.Fatalf("thread %+v, want a public thread of %s with the starter's id %s", th, lobby.ID, starter.ID)
	}
	if _, err := s.MessageThreadStart(lobby.ID, starter.ID, "again", 60); !isCode(err, discordgo.ErrCodeThreadAlreadyCreatedForThisMessage) {
		t.Fatalf("a second thread on one message: %v", err)
	}
	if m := dc.Message(starter.ID); m == nil || !m.HasThread() {
		t.Fatalf("the starter has no HAS_THREAD flag: %+v", m)
	}
	thread := dc.Channel(th.ID)
	if thread.Parent() != lobby {
		t.Fatal("the thread's parent is not the lobby")
	}

	lobby.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionSendMessagesInThreads)
	if _, err := s.ChannelMessageSend(thread.ID, "board"); !isCode(err, discordgo.ErrCodeMissingPermissions) {
		t.Fatalf("without SEND_MESSAGES_IN_THREADS: %v", err)
	}
	lobby.SetAppPermissions(discordtest.DefaultPermissions &^ discordgo.PermissionSendMessages)
	board, err := s.ChannelMessageSend(thread.ID, "board")
	if err != nil {
		t.Fatalf("SEND_MESSAGES_IN_THREADS without SEND_MESSAGES: %v", err)
	}
	lobby.SetAppPermissions(discordtest.DefaultPermissions)

	if _, err := alice.Slash(ctx(t), thread, "ping"); err != nil {
		t.Fatal(err)
	}
	p := <-raw
	if at(p, "channel_id") != thread.ID || at(p, "channel", "parent_id") != lobby.ID || at(p, "channel", "type") != float64(11) {
		t.Fatalf("interaction in the thread: channel_id %v, channel %v", at(p, "channel_id"), at(p, "channel"))
	}

	thread.Archive(false)
	if _, err := s.ChannelMessageEdit(thread.ID, board.ID, "edited"); !isCode(err, discordgo.ErrCodePerformedOperationOnArchivedThread) {
		t.Fatalf("an edit in an archived thread: %v", err)
	}
	if _, err := alice.Slash(ctx(t), thread, "ping"); !errors.Is(err, discordtest.ErrThreadArchived) {
		t.Fatalf("a command in an archived thread: %v", err)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "notice"); err != nil || thread.Archived() {
		t.Fatalf("a message did not unarchive the thread: %v, archived %v", err, thread.Archived())
	}
	dc.Clock().Advance(10080*time.Minute - time.Second)
	if thread.Archived() {
		t.Fatal("archived before its auto_archive_duration")
	}
	dc.Clock().Advance(time.Second)
	if !thread.Archived() {
		t.Fatal("not archived after a week without activity")
	}
	archived := false
	if _, err := s.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil || thread.Archived() {
		t.Fatalf("its creator could not unarchive it: %v", err)
	}
	if _, err := s.ChannelMessageEdit(thread.ID, board.ID, "edited"); err != nil {
		t.Fatal(err)
	}
	thread.Archive(true)
	if _, err := s.ChannelMessageSend(thread.ID, "notice"); !isCode(err, discordgo.ErrCodeThreadIsLocked) {
		t.Fatalf("a message in a locked thread: %v", err)
	}
}

// isCode reports whether err is Discord's JSON error code.
func isCode(err error, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == code
}
