package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestDiscordFaultsSurvived: 429s (bucket and global) and 500s on the calls
// a move makes (its interaction response, the edit retiring the old board
// through that board's interaction token) are waited out or retried; the
// players never see a failure.
func TestDiscordFaultsSurvived(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.startGame()

	const (
		callback = "/interactions/{interaction_id}/{interaction_token}/callback"
		message  = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
	)
	w.dc.RateLimitNext("POST", callback, 300*time.Millisecond, false, 1)
	w.dc.FailNext("PATCH", message, 500, 1)
	b := w.play(w.alice, "h8")
	checkBoard(t, b, liveButtons...)
	if len(w.current(board).Buttons()) != 0 {
		t.Fatal("the old board kept its buttons after a 500")
	}

	w.dc.FailNext("POST", callback, 500, 1)
	w.dc.RateLimitNext("PATCH", message, 200*time.Millisecond, true, 1)
	b2 := w.play(w.bob, "h9")
	checkBoard(t, b2, liveButtons...)

	w.dc.RateLimitNext("POST", callback, 200*time.Millisecond, false, 1)
	w.dc.FailNext("POST", callback, 500, 1)
	p := w.must(w.alice.Click(ctx, b2, buttonID(t, b2, "Move…"))).Message()
	p = w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "i")).Message()
	w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "8"))
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool { return field(m, "Moves played") == "3" }); err != nil {
		t.Fatal(err)
	}
	statuses := map[int]int{}
	for _, r := range w.dc.Requests() {
		statuses[r.Status]++
	}
	if statuses[429] != 3 || statuses[500] != 3 {
		var log []string
		for _, r := range w.dc.Requests() {
			log = append(log, fmt.Sprintf("%s %s %d", r.Method, r.Route, r.Status))
		}
		t.Fatalf("the faults did not all happen: %v\n%s", statuses, strings.Join(log, "\n"))
	}
	w.noFailures()
}

// TestGatewayDropped: when Discord closes the gateway (resumable or not),
// discordgo reconnects and the game goes on.
func TestGatewayDropped(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	for i, resumable := range []bool{true, false} {
		w.dc.CloseGateway(4000, resumable)
		if _, err := w.dc.WaitGateway(ctx, func(s discordtest.GatewayStats) bool {
			return s.Connected && s.Connections >= i+2
		}); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, w.play([]*discordtest.User{w.alice, w.bob}[i], []string{"h8", "h9"}[i]), liveButtons...)
	}
	w.noFailures()
}

// TestAnswerLostThenRetired: a move's answer fails (Discord keeps failing
// the callback and then the channel), so its board is never shown; the
// next move retires that board: nothing is created for it, and the new
// board is shown as usual.
func TestAnswerLostThenRetired(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	const callback = "/interactions/{interaction_id}/{interaction_token}/callback"
	w.dc.FailNext("POST", callback, 500, 3)
	w.dc.FailNext("POST", "/channels/{channel_id}/messages", 500, 100)
	if _, err := w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8")); err == nil {
		t.Fatal("the move's answer did not fail")
	}
	b := w.play(w.bob, "h9")
	checkBoard(t, b, liveButtons...)
	if field(b, "Moves played") != "2" {
		t.Fatalf("bob's board shows %s moves", field(b, "Moves played"))
	}
	w.nothingDue()
}
