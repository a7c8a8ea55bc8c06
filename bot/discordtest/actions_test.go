package discordtest_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestDeferredReplyThenEditWithNewImage defers, then edits @original with a new
// board image, replacing (not adding to) the old attachment.
func TestDeferredReplyThenEditWithNewImage(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
			return err
		}
		content := "board 1"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content: &content,
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png-1")}},
		}); err != nil {
			return err
		}
		content = "board 2"
		_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content:     &content,
			Files:       []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png-2")}},
			Attachments: &[]*discordgo.MessageAttachment{},
		})
		return err
	})
	r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("type %d", r.Type)
	}
	m, err := r.WaitEdit(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	m, err = dc.Channel(m.ChannelID).WaitMessage(ctx(t), func(m *discordtest.Message) bool { return m.Content == "board 2" })
	if err != nil {
		t.Fatal(err)
	}
	if m.Loading() || len(m.Attachments) != 1 || string(m.Attachments[0].Data) != "png-2" {
		t.Fatalf("final message %+v, want one fresh board.png", m)
	}
	// The attachment is served from its URL, as from Discord's CDN.
	resp, err := http.Get(m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if string(body) != "png-2" || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("CDN served %q (%s)", body, resp.Header.Get("Content-Type"))
	}
}

// TestEditWithoutAttachmentsKeepsOldImage shows the stale-image bug class: an
// edit that adds a file without listing attachments keeps the old one too.
func TestEditWithoutAttachmentsKeepsOldImage(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	m, err := s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Files: []*discordgo.File{{Name: "a.png", Reader: strings.NewReader("a")}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID, Files: []*discordgo.File{{Name: "b.png", Reader: strings.NewReader("b")}}}); err != nil {
		t.Fatal(err)
	}
	got := dc.Message(m.ID)
	if len(got.Attachments) != 2 {
		t.Fatalf("attachments %+v, want the old and the new", got.Attachments)
	}
	fetched, err := s.ChannelMessage(ch.ID, m.ID)
	if err != nil || len(fetched.Attachments) != 2 || fetched.EditedTimestamp == nil {
		t.Fatalf("GET message = %+v, %v", fetched, err)
	}
	if err := s.ChannelMessageDelete(ch.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if dc.Message(m.ID) != nil || len(ch.Messages()) != 0 {
		t.Fatal("deleted message still there")
	}
	if _, err := s.ChannelMessage(ch.ID, m.ID); err == nil {
		t.Fatal("GET of a deleted message succeeded")
	}
}

func TestFollowupsAndOriginalLifecycle(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := pong(s, i); err != nil {
			return err
		}
		got <- func() error {
			orig, err := s.InteractionResponse(i.Interaction)
			if err != nil || orig.Content != "pong" {
				return err
			}
			f, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "secret", Flags: discordgo.MessageFlagsEphemeral})
			if err != nil {
				return err
			}
			if _, err := s.FollowupMessageEdit(i.Interaction, f.ID, &discordgo.WebhookEdit{Content: ptr("secret, edited")}); err != nil {
				return err
			}
			return s.InteractionResponseDelete(i.Interaction)
		}()
		return nil
	})
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	f, err := r.WaitFollowup(ctx(t), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Ephemeral() || f.VisibleTo != alice.ID || f.Content != "secret, edited" {
		t.Fatalf("follow-up %+v", f)
	}
	if r.Message() != nil {
		t.Fatal("@original was deleted but is still there")
	}
}

func ptr[T any](v T) *T { return &v }

func TestEphemeralOnlyVisibleToItsUser(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if i.Type == discordgo.InteractionMessageComponent {
			return pong(s, i)
		}
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral, Components: buttons("resign")},
		})
	})
	ch := dc.NewChannel("c")
	alice, bob := dc.User("alice"), dc.User("bob")
	r, err := alice.Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Click(ctx(t), r.Message(), "resign"); err == nil || !strings.Contains(err.Error(), "not visible") {
		t.Fatalf("bob clicked alice's ephemeral button: %v", err)
	}
	if _, err := alice.Click(ctx(t), r.Message(), "resign"); err != nil {
		t.Fatalf("alice's own click: %v", err)
	}
}

func TestClickRules(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "off", Style: discordgo.PrimaryButton, CustomID: "off", Disabled: true},
					discordgo.Button{Label: "web", Style: discordgo.LinkButton, URL: "https://example.com"},
				}},
			}},
		})
	})
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"off": "disabled", "nope": "has no component"} {
		if _, err := alice.Click(ctx(t), r.Message(), id); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("click %q: %v, want an error saying %q", id, err, want)
		}
	}
	if len(dc.Failures()) != 0 {
		t.Fatal("a click the user cannot make must not reach the bot")
	}
}

func TestModalRoundTrip(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "move-modal", Title: "Your move", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "at", Label: "Where", Style: discordgo.TextInputShort, Required: new(true), MaxLength: 3},
					}},
				}},
			})
		case discordgo.InteractionModalSubmit:
			d := i.ModalSubmitData()
			at := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: d.CustomID + ": " + at},
			})
		}
		return nil
	})
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if r.Modal == nil || r.Modal.Title != "Your move" || len(r.Modal.Inputs()) != 1 {
		t.Fatalf("modal %+v", r.Modal)
	}
	if _, err := alice.SubmitModal(ctx(t), r, map[string]string{}); err == nil {
		t.Fatal("submitting without the required input succeeded")
	}
	if _, err := alice.SubmitModal(ctx(t), r, map[string]string{"at": "h8h8"}); err == nil {
		t.Fatal("submitting more than max_length succeeded")
	}
	r2, err := alice.SubmitModal(ctx(t), r, map[string]string{"at": "h8"})
	if err != nil {
		t.Fatal(err)
	}
	if got := r2.Message().Content; got != "move-modal: h8" {
		t.Fatalf("content %q", got)
	}
}

func TestSelectMenuAndDeferredUpdate(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "pick", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
						CustomID: "variant", Options: []discordgo.SelectMenuOption{{Label: "Renju", Value: "renju"}, {Label: "Free", Value: "free"}},
					}}},
				}},
			})
		case discordgo.InteractionMessageComponent:
			if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
				return err
			}
			content := "variant: " + i.MessageComponentData().Values[0]
			_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
			return err
		}
		return nil
	})
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Select(ctx(t), r.Message(), "variant", "caro"); err == nil {
		t.Fatal("selecting a value the menu does not offer succeeded")
	}
	r2, err := alice.Select(ctx(t), r.Message(), "variant", "renju")
	if err != nil {
		t.Fatal(err)
	}
	m, err := r2.WaitEdit(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != r.Message().ID || m.Content != "variant: renju" {
		t.Fatalf("edited message %+v", m)
	}
}

func TestSlashArgumentsCheckedLikeAClient(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	opts := make(chan []*discordgo.ApplicationCommandInteractionDataOption, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		opts <- i.ApplicationCommandData().Options
		return pong(s, i)
	})
	ch := dc.NewChannel("c")
	alice, bob := dc.User("alice"), dc.User("bob")
	bad := []struct {
		name string
		cmd  string
		args []discordtest.Arg
		want string
	}{
		{"unregistered", "chess", nil, "no such command"},
		{"missing subcommand", "gomoku", nil, "subcommand is required"},
		{"missing required", "gomoku", []discordtest.Arg{discordtest.Sub("challenge")}, `"opponent" is required`},
		{"unknown option", "gomoku", []discordtest.Arg{discordtest.Sub("challenge", discordtest.Opt("rival", bob.ID))}, `no option "rival"`},
		{"wrong type", "gomoku", []discordtest.Arg{discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID), discordtest.Opt("size", "big"))}, "takes a number"},
		{"not a choice", "gomoku", []discordtest.Arg{discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID), discordtest.Opt("size", 17))}, "one of its choices"},
		{"unknown user", "gomoku", []discordtest.Arg{discordtest.Sub("challenge", discordtest.Opt("opponent", "123"))}, "known user"},
	}
	for _, tt := range bad {
		if _, err := alice.Slash(ctx(t), ch, tt.cmd, tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	if _, err := alice.Slash(ctx(t), ch, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID), discordtest.Opt("size", 19))); err != nil {
		t.Fatal(err)
	}
	got := <-opts
	sub := got[0]
	if sub.Name != "challenge" || sub.Type != discordgo.ApplicationCommandOptionSubCommand || sub.Options[1].IntValue() != 19 || sub.Options[0].UserValue(nil).ID != bob.ID {
		t.Fatalf("options as the bot saw them: %+v", sub)
	}
}

func TestSlashInDMAndGuildCommands(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		who := ""
		if i.User != nil {
			who = "dm:" + i.User.Username
		} else {
			who = "guild:" + i.Member.User.Username
		}
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: who}})
	})
	other := dc.NewGuild("other")
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), other.ID, []*discordgo.ApplicationCommand{{Name: "local", Description: "only here"}}); err != nil {
		t.Fatal(err)
	}
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.DM(alice), "ping")
	if err != nil || r.Message().Content != "dm:alice" {
		t.Fatalf("DM: %v %+v", err, r)
	}
	if _, err := alice.Slash(ctx(t), dc.NewChannel("main"), "local"); err == nil {
		t.Fatal("a guild command ran in another guild")
	}
	r, err = alice.Slash(ctx(t), other.NewChannel("x"), "local")
	if err != nil || r.Message().Content != "guild:alice" {
		t.Fatalf("guild command: %v %+v", err, r)
	}
	if got := dc.Commands(other.ID); len(got) != 1 || got[0].GuildID != other.ID {
		t.Fatalf("guild commands %+v", got)
	}
}

func TestNoBotConnected(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	_, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err == nil || !strings.Contains(err.Error(), "no such command") {
		t.Fatalf("got %v", err)
	}
	s := dc.Session()
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", commands); err != nil {
		t.Fatal(err)
	}
	_, err = dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err == nil || !strings.Contains(err.Error(), "no bot is connected") {
		t.Fatalf("got %v", err)
	}
}

func TestRESTAuthAndUnknownRoutes(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	s := dc.Session()
	s.Token = "Bot wrong"
	if _, err := s.User("@me"); err == nil {
		t.Fatal("a wrong token was accepted")
	}
	s.Token = discordtest.Token
	if _, err := s.GuildChannels(dc.Guild().ID); err == nil {
		t.Fatal("an unimplemented route answered")
	}
	if errs := rec.Errors(); len(errs) != 1 || !strings.Contains(errs[0], "does not implement") {
		t.Fatalf("reports %q", errs)
	}
}

// TestFollowupAfterDeferEditsTheLoadingMessage: a follow-up sent while a
// type 5 response is still loading edits that message, keeping it ephemeral
// if the defer was, instead of creating one
// (interactions/receiving-and-responding.mdx "Create Followup Message");
// the next follow-up creates a message.
func TestFollowupAfterDeferEditsTheLoadingMessage(t *testing.T) {
	for _, ephemeral := range []bool{false, true} {
		t.Run(map[bool]string{false: "public", true: "ephemeral"}[ephemeral], func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			got := make(chan error, 1)
			startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				var flags discordgo.MessageFlags
				if ephemeral {
					flags = discordgo.MessageFlagsEphemeral
				}
				if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Flags: flags},
				}); err != nil {
					return err
				}
				got <- func() error {
					// Asks for a public message: the ephemeral state of the defer is kept.
					if _, err := s.FollowupMessageCreate(i.Interaction, false, &discordgo.WebhookParams{Content: "done"}); err != nil {
						return err
					}
					_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "and more"})
					return err
				}()
				return nil
			})
			r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
			if err != nil {
				t.Fatal(err)
			}
			if err := <-got; err != nil {
				t.Fatal(err)
			}
			orig := r.Message()
			if orig.Content != "done" || orig.Loading() || orig.Ephemeral() != ephemeral || orig.Version != 1 {
				t.Fatalf("original %+v: want the loading message edited to \"done\", ephemeral=%v", orig, ephemeral)
			}
			if f := r.Followups(); len(f) != 1 || f[0].Content != "and more" || f[0].ID == orig.ID {
				t.Fatalf("follow-ups %+v: want one new message, the second follow-up", f)
			}
		})
	}
}

func TestLookupsAndDMs(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	lobby := dc.NewChannel("lobby")
	alice := dc.User("alice")
	c, err := s.Channel(lobby.ID)
	if err != nil || c.Name != "lobby" || c.GuildID != dc.Guild().ID {
		t.Fatalf("GET channel = %+v, %v", c, err)
	}
	g, err := s.Guild(dc.Guild().ID)
	if err != nil || g.Name != dc.Guild().Name {
		t.Fatalf("GET guild = %+v, %v", g, err)
	}
	m, err := s.GuildMember(dc.Guild().ID, alice.ID)
	if err != nil || m.User.Username != "alice" {
		t.Fatalf("GET member = %+v, %v", m, err)
	}
	dm, err := s.UserChannelCreate(alice.ID)
	if err != nil || dm.ID != dc.DM(alice).ID || dm.Type != discordgo.ChannelTypeDM {
		t.Fatalf("open DM = %+v, %v (want %s)", dm, err, dc.DM(alice).ID)
	}
	if _, err := s.ChannelMessageSend(dm.ID, "your move"); err != nil {
		t.Fatal(err)
	}
	if got := dc.DM(alice).Messages(); len(got) != 1 || got[0].Content != "your move" {
		t.Fatalf("DM messages %+v", got)
	}
	if _, err := s.Channel("1"); err == nil {
		t.Fatal("unknown channel found")
	}
}

func TestEditCannotMakeAMessageEphemeral(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	m, err := s.ChannelMessageSend(ch.ID, "public")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID, Flags: discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds}); err != nil {
		t.Fatal(err)
	}
	if got := dc.Message(m.ID); got.Ephemeral() || got.Flags != discordgo.MessageFlagsSuppressEmbeds {
		t.Fatalf("flags after edit: %b", got.Flags)
	}
}
