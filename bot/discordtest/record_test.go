package discordtest_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestStringOptionMaxLength: a string option's max_length (at most 6,000)
// is enforced by the client: a longer text cannot be sent, one of exactly
// max_length characters reaches the bot whole; and a string option is one
// line (discord-api-docs#2381), so pasted line breaks arrive as spaces.
func TestStringOptionMaxLength(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	got := make(chan string, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		got <- i.ApplicationCommandData().Options[0].StringValue()
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "read", Flags: discordgo.MessageFlagsEphemeral}})
	})
	text := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "text", Description: "What to read",
		Required: true, MaxLength: 6000}
	if _, err := s.ApplicationCommandCreate(s.State.User.ID, "", &discordgo.ApplicationCommand{Name: "import", Description: "Import",
		Options: []*discordgo.ApplicationCommandOption{text}}); err != nil {
		t.Fatal(err)
	}
	ch := dc.NewChannel("c")
	alice := dc.User("alice")
	if _, err := alice.Slash(ctx(t), ch, "import", discordtest.Opt("text", strings.Repeat("é", 6001))); err == nil {
		t.Fatal("a text of 6,001 characters was sent")
	}
	long := strings.Repeat("é", 6000)
	if _, err := alice.Slash(ctx(t), ch, "import", discordtest.Opt("text", long)); err != nil {
		t.Fatal(err)
	}
	if v := <-got; v != long {
		t.Fatalf("the bot read %d characters, want 6000", len([]rune(v)))
	}
	// One line: pasted line breaks arrive as spaces.
	if _, err := alice.Slash(ctx(t), ch, "import", discordtest.Opt("text", "[Game \"Chinese Chess\"]\r\n\n1. H2-E2")); err != nil {
		t.Fatal(err)
	}
	if v, want := <-got, `[Game "Chinese Chess"]  1. H2-E2`; v != want {
		t.Fatalf("the bot read %q, want %q", v, want)
	}
	if errs := rec.Errors(); len(errs) != 0 {
		t.Fatalf("the fake reported %q", errs)
	}
	text.MaxLength = 6001 // more than Discord allows: the contract check says so
	if _, err := s.ApplicationCommandCreate(s.State.User.ID, "", &discordgo.ApplicationCommand{Name: "import2", Description: "Import",
		Options: []*discordgo.ApplicationCommandOption{text}}); err != nil {
		t.Fatal(err)
	}
	if errs := rec.Errors(); len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), "max_length") {
		t.Fatalf("a max_length of 6,001 went unreported: %q", errs)
	}
}

// TestEphemeralWithFile: a private answer (flag 64) may carry a file.
func TestEphemeralWithFile(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "your record", Flags: discordgo.MessageFlagsEphemeral,
				Files: []*discordgo.File{{Name: "game.pgn", ContentType: "application/x-chess-pgn", Reader: bytes.NewReader([]byte("[Game \"Chinese Chess\"]\n"))}}}})
	})
	ch := dc.NewChannel("c")
	r, err := dc.User("alice").Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	m := r.Message()
	if m == nil || !m.Ephemeral() {
		t.Fatalf("the answer %+v is not private", m)
	}
	a, ok := m.Attachment("game.pgn")
	if !ok || string(a.Data) != "[Game \"Chinese Chess\"]\n" {
		t.Fatalf("the private answer's file: %+v", m.Attachments)
	}
}

// TestAttachmentOption: a file attached to a command's attachment option
// arrives as its id, with the attachment in the resolved data, and the
// bot downloads it from the CDN at its url.
func TestAttachmentOption(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	got := make(chan []byte, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		d := i.ApplicationCommandData()
		a := d.Resolved.Attachments[d.Options[0].Value.(string)]
		if a == nil || a.Filename != "game.psq" || a.Size != 26 {
			got <- nil
			return fmt.Errorf("resolved attachment %+v", a)
		}
		resp, err := s.Client.Get(a.URL)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		got <- data
		if err != nil {
			return err
		}
		return pong(s, i)
	})
	file := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "A file", Required: true}
	if _, err := s.ApplicationCommandCreate(s.State.User.ID, "", &discordgo.ApplicationCommand{Name: "load", Description: "Load",
		Options: []*discordgo.ApplicationCommandOption{file}}); err != nil {
		t.Fatal(err)
	}
	psq := "Piskvorky 15x15, 11:11, 0\n"
	if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "load",
		discordtest.Opt("file", discordtest.Upload{Name: "game.psq", ContentType: "text/plain", Data: []byte(psq)})); err != nil {
		t.Fatal(err)
	}
	if data := <-got; string(data) != psq {
		t.Fatalf("the bot downloaded %q, want %q", data, psq)
	}
	if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("d"), "load", discordtest.Opt("file", "not a file")); err == nil {
		t.Fatal("a text was sent as a file")
	}
}
