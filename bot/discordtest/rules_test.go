package discordtest_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// restCode returns the HTTP status and Discord error code of a REST error.
func restCode(t *testing.T, err error) (int, int) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a REST error", err, err)
	}
	code := 0
	if re.Message != nil {
		code = re.Message.Code
	}
	return re.Response.StatusCode, code
}

func row(n int, prefix string) discordgo.ActionsRow {
	var r discordgo.ActionsRow
	for i := range n {
		r.Components = append(r.Components, discordgo.Button{Label: "b", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("%s%d", prefix, i)})
	}
	return r
}

// TestMessageRules breaks each of Discord's message limits in an initial
// response; the bot then falls back to a valid one so the user is not failed.
func TestMessageRules(t *testing.T) {
	rows := func(n int) []discordgo.MessageComponent {
		var out []discordgo.MessageComponent
		for i := range n {
			out = append(out, row(1, fmt.Sprintf("r%d-", i)))
		}
		return out
	}
	embeds := func(n int) []*discordgo.MessageEmbed {
		var out []*discordgo.MessageEmbed
		for range n {
			out = append(out, &discordgo.MessageEmbed{Title: "e"})
		}
		return out
	}
	files := func(n, size int) []*discordgo.File {
		var out []*discordgo.File
		for i := range n {
			out = append(out, &discordgo.File{Name: fmt.Sprintf("f%d.bin", i), Reader: bytes.NewReader(make([]byte, size))})
		}
		return out
	}
	tests := []struct {
		name       string
		data       discordgo.InteractionResponseData
		wantStatus int
		wantCode   int
	}{
		{"content of 2001 characters", discordgo.InteractionResponseData{Content: strings.Repeat("é", 2001)}, 400, 50035},
		{"11 embeds", discordgo.InteractionResponseData{Embeds: embeds(11)}, 400, 50035},
		{"6 action rows", discordgo.InteractionResponseData{Content: "x", Components: rows(6)}, 400, 50035},
		{"6 buttons in a row", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{row(6, "b")}}, 400, 50035},
		{"empty custom id", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b", Style: discordgo.PrimaryButton}}}}}, 400, 50035},
		{"custom id of 101 characters", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b", Style: discordgo.PrimaryButton, CustomID: strings.Repeat("c", 101)}}}}}, 400, 50035},
		{"duplicate custom ids", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{row(2, "same"), row(1, "same")}}, 400, 50035},
		{"link button with custom id", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b", Style: discordgo.LinkButton, URL: "https://example.com", CustomID: "c"}}}}}, 400, 50035},
		{"button outside an action row", discordgo.InteractionResponseData{Content: "x", Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "b", Style: discordgo.PrimaryButton, CustomID: "c"}}}, 400, 50035},
		{"file over 10 MiB", discordgo.InteractionResponseData{Files: files(1, discordtest.MaxFileSize+1)}, 413, 40005},
		{"11 files", discordgo.InteractionResponseData{Files: files(11, 1)}, 400, 50035},
		{"empty message", discordgo.InteractionResponseData{}, 400, 50006},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Some of these bodies also break the spec, hence the recording TB. Timing is
			// not under test here, and a 10 MiB upload under -race can take seconds.
			dc := discordtest.New(&recordingTB{TB: t}, discordtest.WithAckDeadline(time.Minute))
			got := make(chan error, 1)
			startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				data := tt.data
				got <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &data})
				return pong(s, i)
			})
			r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
			if err != nil {
				t.Fatal(err)
			}
			status, code := restCode(t, <-got)
			if status != tt.wantStatus || code != tt.wantCode {
				t.Fatalf("got HTTP %d code %d, want HTTP %d code %d", status, code, tt.wantStatus, tt.wantCode)
			}
			if r.Message().Content != "pong" {
				t.Fatalf("the rejected response left a message: %+v", r.Message())
			}
		})
	}
}

// TestChannelMessageRules checks the same limits apply to plain channel messages.
func TestChannelMessageRules(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	_, err := s.ChannelMessageSend(ch.ID, strings.Repeat("x", 2001))
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("2001 characters: HTTP %d code %d", status, code)
	}
	m, err := s.ChannelMessageSend(ch.ID, strings.Repeat("x", 2000))
	if err != nil {
		t.Fatalf("2000 characters must pass: %v", err)
	}
	_, err = s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID, Components: &[]discordgo.MessageComponent{row(2, "d"), row(1, "d")}})
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("duplicate ids in an edit: HTTP %d code %d", status, code)
	}
	if got := dc.Message(m.ID); got.Version != 0 {
		t.Fatalf("a rejected edit changed the message: %+v", got)
	}
}

// TestNoInitialResponseFailsTheInteraction breaks the 3-second rule with
// Discord's real deadline, then shows the late response is refused.
func TestNoInitialResponseFailsTheInteraction(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	release, late := make(chan struct{}), make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		<-release
		late <- pong(s, i)
		return nil
	})
	start := time.Now()
	_, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	close(release)
	if !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("got %v, want ErrInteractionFailed", err)
	}
	if waited := time.Since(start); waited < discordtest.AckDeadline {
		t.Fatalf("failed after %v, before Discord's deadline", waited)
	}
	if f := dc.Failures(); len(f) != 1 || f[0].Kind != "slash" {
		t.Fatalf("failures = %+v", f)
	}
	if status, code := restCode(t, <-late); status != 404 || code != 10062 {
		t.Fatalf("late response: HTTP %d code %d, want 404 code 10062", status, code)
	}
}

func TestSecondInitialResponseRejected(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	second := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if err := pong(s, i); err != nil {
			return err
		}
		second <- pong(s, i)
		return nil
	})
	if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping"); err != nil {
		t.Fatal(err)
	}
	if status, code := restCode(t, <-second); status != 400 || code != 40060 {
		t.Fatalf("second response: HTTP %d code %d, want 400 code 40060", status, code)
	}
}

func TestResponseTypeMustFitInteraction(t *testing.T) {
	tests := []struct {
		name string
		typ  discordgo.InteractionResponseType
	}{
		{"pong to a slash command", discordgo.InteractionResponsePong},
		{"update message to a slash command", discordgo.InteractionResponseUpdateMessage},
		{"deferred update to a slash command", discordgo.InteractionResponseDeferredMessageUpdate},
		{"autocomplete result to a slash command", discordgo.InteractionApplicationCommandAutocompleteResult},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(&recordingTB{TB: t})
			got := make(chan error, 1)
			startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				resp := &discordgo.InteractionResponse{Type: tt.typ, Data: &discordgo.InteractionResponseData{Content: "x"}}
				if tt.typ == discordgo.InteractionResponsePong {
					resp.Data = nil
				}
				got <- s.InteractionRespond(i.Interaction, resp)
				return pong(s, i)
			})
			if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping"); err != nil {
				t.Fatal(err)
			}
			if status, code := restCode(t, <-got); status != 400 || code != 50035 {
				t.Fatalf("HTTP %d code %d, want 400 code 50035", status, code)
			}
		})
	}
}

func TestTokenExpiresAfter15Minutes(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	ixs := make(chan *discordgo.Interaction, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		ixs <- i.Interaction
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	ix := <-ixs
	if !r.Message().Loading() {
		t.Fatalf("a deferred response must show as loading: %+v", r.Message())
	}
	dc.Clock().Advance(discordtest.TokenLifetime - time.Second)
	content := "still in time"
	if _, err := s.InteractionResponseEdit(ix, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatalf("edit within 15 minutes: %v", err)
	}
	dc.Clock().Advance(time.Second)
	content = "too late"
	_, err = s.InteractionResponseEdit(ix, &discordgo.WebhookEdit{Content: &content})
	if status, code := restCode(t, err); status != 401 || code != 50027 {
		t.Fatalf("edit after 15 minutes: HTTP %d code %d, want 401 code 50027", status, code)
	}
	_, err = s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: "too late"})
	if status, code := restCode(t, err); status != 401 || code != 50027 {
		t.Fatalf("follow-up after 15 minutes: HTTP %d code %d, want 401 code 50027", status, code)
	}
	if got := r.Message().Content; got != "still in time" {
		t.Fatalf("content %q", got)
	}
}

func TestAutocompleteChoicesLimit(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(&recordingTB{TB: t})
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		var choices []*discordgo.ApplicationCommandOptionChoice
		for n := range 26 {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(n), Value: fmt.Sprint(n)})
		}
		got <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{Choices: choices}})
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{Choices: choices[:25]}})
	})
	r, err := dc.User("alice").Autocomplete(ctx(t), dc.NewChannel("c"), "gomoku", discordtest.Sub("move", discordtest.Focused("at", "h")))
	if err != nil {
		t.Fatal(err)
	}
	if status, code := restCode(t, <-got); status != 400 || code != 50035 {
		t.Fatalf("26 choices: HTTP %d code %d", status, code)
	}
	if len(r.Choices) != 25 {
		t.Fatalf("%d choices", len(r.Choices))
	}
}
