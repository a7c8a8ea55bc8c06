package discordtest_test

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestDirectMessages: the bot opens a DM with any user; a message there
// is delivered and notifies its recipient, unless the user refuses DMs
// from the bot, when it fails with 403 and code 50007.
func TestDirectMessages(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	open, closed := dc.User("open"), dc.User("closed", discordtest.ClosedDMs())

	ch, err := s.UserChannelCreate(open.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ch.ID != dc.DM(open).ID {
		t.Fatalf("the DM opened is %s, want %s", ch.ID, dc.DM(open).ID)
	}
	m, err := s.ChannelMessageSend(ch.ID, "<@"+open.ID+"> hello")
	if err != nil {
		t.Fatal(err)
	}
	if n := open.Notifications(); len(n) != 1 || n[0].MessageID != m.ID {
		t.Fatalf("notifications of the DM's recipient: %+v", n)
	}

	ch, err = s.UserChannelCreate(closed.ID)
	if err != nil {
		t.Fatalf("opening the DM of a user who refuses DMs: %v", err)
	}
	_, err = s.ChannelMessageSend(ch.ID, "hello")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 403 || rerr.Message == nil || rerr.Message.Code != 50007 {
		t.Fatalf("a DM to a user who refuses DMs: %v", err)
	}
	if len(dc.DM(closed).Messages()) != 0 {
		t.Fatal("the refused DM was stored")
	}
}
