package discordtest_test

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// callbackResponse mirrors the interaction callback response.
type callbackResponse struct {
	Interaction struct {
		ID        string `json:"id"`
		Type      int    `json:"type"`
		MessageID string `json:"response_message_id"`
		Loading   bool   `json:"response_message_loading"`
		Ephemeral bool   `json:"response_message_ephemeral"`
	} `json:"interaction"`
	Resource *struct {
		Type    int                `json:"type"`
		Message *discordgo.Message `json:"message"`
	} `json:"resource"`
}

// TestCallbackWithResponse: ?with_response=true answers 200 with the
// interaction callback response, valid against the spec; without it, 204.
func TestCallbackWithResponse(t *testing.T) {
	tests := []struct {
		name         string
		resp         *discordgo.InteractionResponse
		withResponse bool
		wantResource bool
		wantLoading  bool
		wantEph      bool
	}{
		{"type 4", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"}}, true, true, false, false},
		{"type 4 ephemeral", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong", Flags: discordgo.MessageFlagsEphemeral}}, true, true, false, true},
		{"type 5", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, true, false, true, false},
		{"type 4 without with_response", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"}}, false, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			type result struct {
				raw []byte
				err error
			}
			got := make(chan result, 1)
			startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
				ep := discordgo.EndpointInteractionResponse(i.ID, i.Token)
				uri := ep
				if tt.withResponse {
					uri += "?with_response=true"
				}
				raw, err := s.RequestWithBucketID("POST", uri, tt.resp, ep)
				got <- result{raw, err}
				return nil
			})
			r, err := dc.User("alice").Slash(ctx(t), dc.NewChannel("c"), "ping")
			if err != nil {
				t.Fatal(err)
			}
			res := <-got
			if res.err != nil {
				t.Fatal(res.err)
			}
			if !tt.withResponse {
				if len(res.raw) != 0 {
					t.Fatalf("without with_response the callback answered %q, want 204 and no body", res.raw)
				}
				return
			}
			if err := discordtest.ValidateSchema("InteractionCallbackResponse", res.raw); err != nil {
				t.Fatalf("reply %s breaks the spec: %v", res.raw, err)
			}
			var cr callbackResponse
			if err := json.Unmarshal(res.raw, &cr); err != nil {
				t.Fatal(err)
			}
			m := r.Message()
			in := cr.Interaction
			if in.ID != r.InteractionID || in.Type != int(discordgo.InteractionApplicationCommand) || in.MessageID != m.ID ||
				in.Loading != tt.wantLoading || in.Ephemeral != tt.wantEph {
				t.Fatalf("interaction %+v, want id %s, message %s, loading %v, ephemeral %v", in, r.InteractionID, m.ID, tt.wantLoading, tt.wantEph)
			}
			if (cr.Resource != nil) != tt.wantResource {
				t.Fatalf("resource %+v, want one: %v", cr.Resource, tt.wantResource)
			}
			if cr.Resource != nil && (cr.Resource.Type != int(tt.resp.Type) || cr.Resource.Message == nil || cr.Resource.Message.ID != m.ID || cr.Resource.Message.Content != "pong") {
				t.Fatalf("resource %+v, want the message created", cr.Resource)
			}
		})
	}
}

// TestMessagesMatchTheSpec checks the messages the fake answers with against
// the spec's MessageResponse: a channel message, and a follow-up to a click,
// whose interaction metadata names the clicked message.
func TestMessagesMatchTheSpec(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	followup := make(chan []byte, 1)
	s := startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if i.Type == discordgo.InteractionApplicationCommand {
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "board", Components: buttons("move")},
			})
		}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			return err
		}
		ep := discordgo.EndpointFollowupMessage(s.State.User.ID, i.Token)
		raw, err := s.RequestWithBucketID("POST", ep+"?wait=true", &discordgo.WebhookParams{Content: "moved"}, ep)
		followup <- raw
		return err
	})
	ch := dc.NewChannel("c")
	alice := dc.User("alice")
	ep := discordgo.EndpointChannelMessages(ch.ID)
	raw, err := s.RequestWithBucketID("POST", ep, &discordgo.MessageSend{Content: mention(alice)}, ep)
	if err != nil {
		t.Fatal(err)
	}
	if err := discordtest.ValidateSchema("MessageResponse", raw); err != nil {
		t.Errorf("channel message %s breaks the spec: %v", raw, err)
	}
	r, err := alice.Slash(ctx(t), ch, "ping")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Click(ctx(t), r.Message(), "move"); err != nil {
		t.Fatal(err)
	}
	raw = <-followup
	if err := discordtest.ValidateSchema("MessageResponse", raw); err != nil {
		t.Errorf("follow-up %s breaks the spec: %v", raw, err)
	}
	var m struct {
		Meta struct {
			Interacted string `json:"interacted_message_id"`
			Original   string `json:"original_response_message_id"`
		} `json:"interaction_metadata"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.Meta.Interacted != r.Message().ID || m.Meta.Original != r.Message().ID {
		t.Errorf("follow-up metadata %+v, want the clicked message %s as both", m.Meta, r.Message().ID)
	}
}
