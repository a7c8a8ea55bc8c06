package discordtest_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
)

// commands is what the test bots register.
var commands = []*discordgo.ApplicationCommand{
	{
		Name:        "gomoku",
		Description: "Play Gomoku",
		Options: []*discordgo.ApplicationCommandOption{{
			Type:        discordgo.ApplicationCommandOptionSubCommand,
			Name:        "challenge",
			Description: "Challenge someone",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to play", Required: true},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "size", Description: "Board size", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "15", Value: 15}, {Name: "19", Value: 19},
				}},
			},
		}, {
			Type:        discordgo.ApplicationCommandOptionSubCommand,
			Name:        "move",
			Description: "Play a move",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "at", Description: "Where", Required: true, Autocomplete: true},
			},
		}},
	},
	{Name: "ping", Description: "Check the bot", IntegrationTypes: &[]discordgo.ApplicationIntegrationType{
		discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}},
}

// ctx returns a context that ends with the test or after 10 s.
func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

// boardPNG is a tiny PNG standing in for a board image.
func boardPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.Black)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func buttons(ids ...string) []discordgo.MessageComponent {
	var row discordgo.ActionsRow
	for _, id := range ids {
		row.Components = append(row.Components, discordgo.Button{Label: id, Style: discordgo.PrimaryButton, CustomID: id})
	}
	return []discordgo.MessageComponent{row}
}

// startBot opens a plain discordgo session on the fake, registers the commands
// and routes interactions to handle. It fails the test on any REST error.
func startBot(t testing.TB, dc *discordtest.Discord, handle func(s *discordgo.Session, i *discordgo.InteractionCreate) error) *discordgo.Session {
	t.Helper()
	s := dc.Session()
	g := bot.NewGateway(s, slog.New(slog.NewTextHandler(io.Discard, nil)))
	g.HandshakeTimeout = 2 * time.Second
	g.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if err := handle(s, i); err != nil {
			t.Errorf("bot: %v", err)
		}
	})
	if err := g.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := g.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	if _, err := s.ApplicationCommandBulkOverwrite(s.State.User.ID, "", commands); err != nil {
		t.Fatalf("registering commands: %v", err)
	}
	return s
}

// TestEndToEnd is the whole path: a plain discordgo session connects, registers
// commands, receives a slash command, answers with a PNG and buttons, and a click
// updates the message.
func TestEndToEnd(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	board := boardPNG(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			data := i.ApplicationCommandData()
			opp := data.Options[0].Options[0].UserValue(s)
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content:    "<@" + i.Member.User.ID + "> challenges " + opp.Username,
					Files:      []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
					Components: buttons("accept", "decline"),
				},
			})
		case discordgo.InteractionMessageComponent:
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: i.Member.User.Username + " accepted", Components: []discordgo.MessageComponent{}},
			})
		}
		return nil
	})

	if got := dc.Commands(""); len(got) != 2 || got[0].Name != "gomoku" || got[0].ID == "" {
		t.Fatalf("registered commands = %+v, want gomoku and ping with IDs", got)
	}
	lobby := dc.NewChannel("lobby")
	alice, bob := dc.User("alice"), dc.User("bob")
	r, err := alice.Slash(ctx(t), lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID)))
	if err != nil {
		t.Fatal(err)
	}
	m := r.Message()
	if r.Type != discordgo.InteractionResponseChannelMessageWithSource || m.Content != "<@"+alice.ID+"> challenges bob" {
		t.Fatalf("reply type %d, content %q", r.Type, m.Content)
	}
	att, ok := m.Attachment("board.png")
	if !ok {
		t.Fatalf("no board.png among %+v", m.Attachments)
	}
	img, err := png.Decode(bytes.NewReader(att.Data))
	if err != nil || img.Bounds().Dx() != 4 {
		t.Fatalf("attachment is not the PNG sent: %v", err)
	}
	if b := m.Buttons(); len(b) != 2 || b[0].CustomID != "accept" {
		t.Fatalf("buttons = %+v", b)
	}

	r2, err := bob.Click(ctx(t), m, "accept")
	if err != nil {
		t.Fatal(err)
	}
	if got := r2.Message(); got.ID != m.ID || got.Content != "bob accepted" || len(got.Components) != 0 || got.Version != 1 {
		t.Fatalf("after the click the message is %+v", got)
	}
	// The old version still had the button, the current one has not: a second click fails.
	if _, err := bob.Click(ctx(t), m, "accept"); err == nil {
		t.Fatal("clicking a button the bot removed succeeded")
	}
	if f := dc.Failures(); len(f) != 0 {
		t.Fatalf("interaction failures: %+v", f)
	}
	if got := dc.Channel(lobby.ID).Messages(); len(got) != 1 {
		t.Fatalf("lobby has %d messages, want 1", len(got))
	}
}
