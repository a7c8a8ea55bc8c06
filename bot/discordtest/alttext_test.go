package discordtest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestAttachmentDescription: an attachment's description (its alt text)
// given in the attachments list, by the index of its file, is kept and
// returned as Discord does. (One over 1024 characters breaks the API
// contract, which the fake's contract check reports as a test failure.)
func TestAttachmentDescription(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	send := func(desc string) ([]byte, error) {
		body := map[string]any{"attachments": []map[string]any{{"id": "0", "filename": "board.png", "description": desc}}}
		files := []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png")}}
		ct, b, err := discordgo.MultipartBodyWithJSON(body, files)
		if err != nil {
			t.Fatal(err)
		}
		return s.RequestRaw("POST", discordgo.EndpointChannelMessages(ch.ID), ct, b, discordgo.EndpointChannelMessages(ch.ID), 0)
	}
	raw, err := send("A Gomoku board: 2 moves played.")
	if err != nil {
		t.Fatal(err)
	}
	var wire struct {
		ID          string `json:"id"`
		Attachments []struct {
			Description string `json:"description"`
		} `json:"attachments"`
	}
	if err := json.Unmarshal(raw, &wire); err != nil {
		t.Fatal(err)
	}
	if len(wire.Attachments) != 1 || wire.Attachments[0].Description != "A Gomoku board: 2 moves played." {
		t.Fatalf("returned attachments %+v", wire.Attachments)
	}
	if a, ok := dc.Message(wire.ID).Attachment("board.png"); !ok || a.Description != "A Gomoku board: 2 moves played." {
		t.Fatalf("stored attachment %+v", a)
	}
}
