package bot

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// fixedClock is a clock that moves only when told.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// TestRepliesGolden replays the interactions recorded in
// testdata/scenario/interactions.json (a game between people, recorded from
// the fake Discord by TestRecordScenario -record) straight into the
// handlers, with no Discord at all, and compares what they answer (each
// reply as a value: its kind, its message, whom it notifies) and the posts
// the lifecycle then wants delivered with testdata/scenario/replies.golden.
// go test -update rewrites the golden file.
func TestRepliesGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "scenario", "interactions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []struct {
		Interaction json.RawMessage `json:"interaction"`
		Message     string          `json:"message"`
	}
	if err := json.Unmarshal(data, &steps); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	clock := &fixedClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	db, err := store.Open(ctx, ":memory:", store.Options{Now: clock.Now, MinGames: 1, MaxRD: 350})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := match.New(db, match.Config{Clock: clock, Coin: func() bool { return true }})
	defer m.Close(ctx)
	b := &Bot{opt: Options{Rated: true}, st: db, m: m, clock: clock,
		pres: &presenter{render: render.NewRenderer(), locale: en}}

	var out strings.Builder
	for n, s := range steps {
		r, err := decodeInteraction(s.Interaction)
		if err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		q := b.newRequest(ctx, r)
		fmt.Fprintf(&out, "## %d. %s by %s\n", n+1, route(r.Interaction), q.user.Name)
		rep, err := b.route(q)
		if err != nil {
			rep = b.refusal(q, err)
		}
		writeReply(&out, rep)
		if rep.post != nil {
			// as the executor does once Discord has taken the answer
			if err := db.Delivered(ctx, rep.post.ID, rep.post.Want, s.Message); err != nil {
				t.Fatal(err)
			}
		}
		for _, g := range rep.games {
			d, err := db.Delivery(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range d.Due {
				fmt.Fprintf(&out, "  then deliver post %d of game %d: %s %s, shown %q", p.ID, p.GameID, p.Kind, p.Want, p.Shown)
				if len(p.Ping) > 0 && p.MessageID == "" {
					fmt.Fprintf(&out, ", created, pinging %v", p.Ping)
				}
				out.WriteString("\n")
				// as the deliverer would
				if err := db.Delivered(ctx, p.ID, p.Want, ""); err != nil {
					t.Fatal(err)
				}
			}
		}
		clock.mu.Lock()
		clock.t = clock.t.Add(time.Minute)
		clock.mu.Unlock()
	}
	path := filepath.Join("testdata", "scenario", "replies.golden")
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("the replies differ from %s (go test -update rewrites it):\n%s", path, got)
	}
}

// writeReply writes a reply as a reviewer wants to read it: its kind and
// everything its message shows, files by name, size and hash.
func writeReply(out *strings.Builder, rep reply) {
	kinds := map[replyKind]string{replyMessage: "new message", replyUpdate: "update of the clicked message",
		replyAck: "acknowledged, nothing changes here", replyChoices: "choices"}
	fmt.Fprintf(out, "  %s", kinds[rep.kind])
	if rep.post != nil {
		fmt.Fprintf(out, " (post %d: %s %s)", rep.post.ID, rep.post.Kind, rep.post.Want)
	}
	out.WriteString("\n")
	for _, c := range rep.choices {
		fmt.Fprintf(out, "  choice %q = %v\n", c.Name, c.Value)
	}
	m := rep.msg
	if m == nil {
		return
	}
	if m.Ephemeral {
		out.WriteString("  ephemeral\n")
	}
	if m.Content != "" {
		fmt.Fprintf(out, "  content: %s\n", m.Content)
	}
	if len(m.Ping) > 0 && rep.kind == replyMessage {
		fmt.Fprintf(out, "  notifies: %v\n", m.Ping)
	}
	for _, e := range m.Embeds {
		fmt.Fprintf(out, "  embed %q (#%06x)\n", e.Title, e.Color)
		if e.Description != "" {
			fmt.Fprintf(out, "    %s\n", strings.ReplaceAll(e.Description, "\n", "\n    "))
		}
		for _, f := range e.Fields {
			fmt.Fprintf(out, "    %s: %s\n", f.Name, f.Value)
		}
		if e.Image != nil {
			fmt.Fprintf(out, "    image %s\n", e.Image.URL)
		}
		if e.Footer != nil {
			fmt.Fprintf(out, "    footer: %s\n", e.Footer.Text)
		}
	}
	for _, r := range m.Components {
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				fmt.Fprintf(out, "  button %q %s style %d disabled %v\n", c.Label, c.CustomID, c.Style, c.Disabled)
			case discordgo.SelectMenu:
				var opts []string
				for _, o := range c.Options {
					opts = append(opts, o.Label+"="+o.Value)
				}
				fmt.Fprintf(out, "  select %s %q: %s\n", c.CustomID, c.Placeholder, strings.Join(opts, ", "))
			}
		}
	}
	for _, f := range m.Files {
		fmt.Fprintf(out, "  file %s %s, %d bytes, sha256 %x\n", f.Name, f.ContentType, len(f.Data), sha256.Sum256(f.Data))
	}
}
