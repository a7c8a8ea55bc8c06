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
		{"embeds of 6001 characters together", discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{
			{Title: "t", Description: strings.Repeat("d", 4000)},
			{Description: strings.Repeat("é", 1990), Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: strings.Repeat("v", 9)}}}}}, 400, 50035},
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

// TestTokenRoutesLast15Minutes calls every route of an interaction token
// just before and at the end of its 15 minutes (fake clock): each works until
// then and answers 401 Invalid Webhook Token after.
func TestTokenRoutesLast15Minutes(t *testing.T) {
	type route struct {
		name string
		call func(s *discordgo.Session, ix *discordgo.Interaction, followupID string) error
	}
	routes := []route{
		{"POST follow-up", func(s *discordgo.Session, ix *discordgo.Interaction, _ string) error {
			_, err := s.FollowupMessageCreate(ix, true, &discordgo.WebhookParams{Content: "more"})
			return err
		}},
		{"GET @original", func(s *discordgo.Session, ix *discordgo.Interaction, _ string) error {
			_, err := s.InteractionResponse(ix)
			return err
		}},
		{"PATCH @original", func(s *discordgo.Session, ix *discordgo.Interaction, _ string) error {
			_, err := s.InteractionResponseEdit(ix, &discordgo.WebhookEdit{Content: ptr("edited")})
			return err
		}},
		{"GET follow-up", func(s *discordgo.Session, ix *discordgo.Interaction, id string) error {
			ep := discordgo.EndpointFollowupMessage(ix.AppID, ix.Token) + "/messages/" + id
			_, err := s.RequestWithBucketID("GET", ep, nil, ep)
			return err
		}},
		{"PATCH follow-up", func(s *discordgo.Session, ix *discordgo.Interaction, id string) error {
			_, err := s.FollowupMessageEdit(ix, id, &discordgo.WebhookEdit{Content: ptr("edited")})
			return err
		}},
		{"DELETE follow-up", func(s *discordgo.Session, ix *discordgo.Interaction, id string) error {
			return s.FollowupMessageDelete(ix, id)
		}},
		{"DELETE @original", func(s *discordgo.Session, ix *discordgo.Interaction, _ string) error {
			return s.InteractionResponseDelete(ix)
		}},
	}
	for _, expired := range []bool{false, true} {
		t.Run(map[bool]string{false: "within", true: "after"}[expired], func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			type answered struct {
				ix       *discordgo.Interaction
				followup string
				err      error
			}
			got := make(chan answered, 1)
			s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				// A type 4 carrying a file, as the bot answers with boards.
				if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "board", Files: []*discordgo.File{{Name: "board.png", Reader: bytes.NewReader(boardPNG(t))}}},
				}); err != nil {
					return err
				}
				f, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "your move"})
				if err != nil {
					got <- answered{err: err}
					return nil
				}
				got <- answered{ix: i.Interaction, followup: f.ID}
				return nil
			})
			r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
			if err != nil {
				t.Fatal(err)
			}
			a := <-got
			if a.err != nil {
				t.Fatal(a.err)
			}
			if len(r.Message().Attachments) != 1 {
				t.Fatalf("type 4 response %+v, want its file", r.Message())
			}
			dc.Clock().Advance(discordtest.TokenLifetime - time.Second)
			if expired {
				dc.Clock().Advance(time.Second)
			}
			for _, rt := range routes {
				err := rt.call(s, a.ix, a.followup)
				if !expired {
					if err != nil {
						t.Errorf("%s within 15 minutes: %v", rt.name, err)
					}
					continue
				}
				if status, code := restCode(t, err); status != 401 || code != 50027 {
					t.Errorf("%s after 15 minutes: HTTP %d code %d, want 401 code 50027", rt.name, status, code)
				}
			}
		})
	}
}

// TestLateCallbackInvalidatesTheToken: past the 3-second deadline the
// callback is refused and the token is invalidated for every other route.
func TestLateCallbackInvalidatesTheToken(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t, discordtest.WithAckDeadline(200*time.Millisecond))
	release, late := make(chan struct{}), make(chan [3]error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		<-release
		var errs [3]error
		errs[0] = pong(s, i)
		_, errs[1] = s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "late"})
		_, errs[2] = s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: ptr("late")})
		late <- errs
		return nil
	})
	_, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	close(release)
	if !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("got %v, want ErrInteractionFailed", err)
	}
	errs := <-late
	if status, code := restCode(t, errs[0]); status != 404 || code != 10062 {
		t.Errorf("late callback: HTTP %d code %d, want 404 10062", status, code)
	}
	for i, name := range []string{"follow-up", "edit of @original"} {
		if status, code := restCode(t, errs[i+1]); status != 401 || code != 50027 {
			t.Errorf("%s with the invalidated token: HTTP %d code %d, want 401 50027", name, status, code)
		}
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

// TestAutocompleteWithChoicesRefused: Discord refuses an option that has
// both choices and autocomplete; with autocomplete alone a player may send
// a value no suggestion had.
func TestAutocompleteWithChoicesRefused(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(&recordingTB{TB: t})
	s := dc.Session()
	option := func(choices ...*discordgo.ApplicationCommandOptionChoice) []*discordgo.ApplicationCommand {
		return []*discordgo.ApplicationCommand{{Name: "play", Description: "play", Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: "time", Description: "clock", Autocomplete: true, Choices: choices}}}}
	}
	_, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", option(&discordgo.ApplicationCommandOptionChoice{Name: "3+2", Value: "3+2"}))
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Fatalf("autocomplete with choices: HTTP %d code %d, want 400 50035", status, code)
	}
	got := make(chan string, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		got <- fmt.Sprint(i.ApplicationCommandData().Options[0].Value)
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "ok"}})
	})
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), "", option()); err != nil {
		t.Fatal(err)
	}
	if _, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "play", discordtest.Opt("time", "15+10")); err != nil {
		t.Fatal(err)
	}
	if v := <-got; v != "15+10" {
		t.Fatalf("the bot got %q", v)
	}
}

// TestEmbedsOf6000Accepted: all of a message's embeds may hold 6,000
// characters together, the limit itself included.
func TestEmbedsOf6000Accepted(t *testing.T) {
	dc := discordtest.New(t)
	got := make(chan error, 1)
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Embeds: []*discordgo.MessageEmbed{
				{Title: "t", Description: strings.Repeat("d", 3999)},
				{Description: strings.Repeat("é", 2000)}}}})
		got <- err
		return err
	})
	r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatalf("embeds of 6,000 characters refused: %v", err)
	}
	if m := r.Message(); m == nil || len(m.Embeds) != 2 || !m.Ephemeral() {
		t.Fatalf("the response shows %+v", m)
	}
}
