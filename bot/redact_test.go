package bot_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestRedactLogs: no interaction or webhook token and no bot token reaches
// a log line, wherever it is: the message, a string, an error (a network
// error quotes the URL), a group, or attributes added with With.
func TestRedactLogs(t *testing.T) {
	const (
		itoken = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ"
		wtoken = "Zm9vYmFyLXdlYmhvb2stdG9rZW4tc2VjcmV0"
		btoken = "not-a-real-bot-token-0123456789"
	)
	var buf bytes.Buffer
	log := slog.New(bot.RedactLogs(slog.NewTextHandler(&buf, nil), "Bot "+btoken))
	callback := "https://discord.com/api/v10/interactions/1234567890/" + itoken + "/callback?with_response=true"
	netErr := &url.Error{Op: "Post", URL: callback, Err: errors.New("connection reset by peer")}
	log.With("webhook", "https://discord.com/api/webhooks/42/"+wtoken).
		Warn("answering "+callback, "err", netErr, "wrapped", errors.Join(errors.New("delivering"), netErr),
			slog.Group("request", "url", "/webhooks/42/"+wtoken+"/messages/@original", "auth", "Bot "+btoken),
			"token", itoken)
	out := buf.String()
	for _, secret := range []string{itoken, wtoken, btoken} {
		if strings.Contains(out, secret) {
			t.Errorf("a secret reached the log: %s", out)
		}
	}
	for _, kept := range []string{"/interactions/1234567890/…", "/webhooks/42/…", "connection reset by peer", "delivering"} {
		if !strings.Contains(out, kept) {
			t.Errorf("the log lost %q: %s", kept, out)
		}
	}
	if got := bot.Redact("POST /interactions/99/" + itoken + "/callback"); got != "POST /interactions/99/…/callback" {
		t.Errorf("Redact = %q", got)
	}
}

// TestTokensNeverLogged: when the network fails under the bot's answer, the
// error it logs names the request, not the interaction's token.
func TestTokensNeverLogged(t *testing.T) {
	t.Parallel()
	logs := &lines{}
	w := newWorld(t, setup{logs: logs})
	ctx := ctxT(t)
	w.startGame()
	w.dc.DropNext("POST", "/interactions/{interaction_id}/{interaction_token}/callback", 1)
	if _, err := w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8")); err == nil {
		t.Fatal("the answer went through a dropped connection")
	}
	w.idle()
	text := logs.String()
	if !strings.Contains(text, "answering an interaction") || !strings.Contains(text, "/callback") {
		t.Fatalf("the failure was not logged:\n%s", text)
	}
	tokens := 0
	for _, r := range w.dc.Requests() {
		parts := strings.Split(r.Path, "/") // .../interactions/<id>/<token>/callback or .../webhooks/<app>/<token>...
		for i := 0; i+2 < len(parts); i++ {
			if parts[i] == "interactions" || parts[i] == "webhooks" {
				tokens++
				if secret := parts[i+2]; strings.Contains(text, secret) {
					t.Fatalf("token %s reached the log:\n%s", secret, text)
				}
				if !strings.Contains(text, "/"+parts[i]+"/"+parts[i+1]+"/…") && r.Status == 0 {
					t.Errorf("the dropped request %s is not named in the log", r.Path)
				}
			}
		}
	}
	if tokens == 0 {
		t.Fatal("no interaction request was recorded")
	}
}
