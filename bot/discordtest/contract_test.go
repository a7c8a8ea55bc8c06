package discordtest_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// recordingTB is a testing.TB that records Errorf and Logf instead of failing
// the real test, so a test can check what the fake reports.
type recordingTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
	logs   []string
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recordingTB) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recordingTB) Errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errors...)
}

func (r *recordingTB) Logs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.logs...)
}

func TestContractValidBodyPasses(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	s := dc.Session()
	if _, err := s.ApplicationCommandBulkOverwrite(dc.AppID(), dc.Guild().ID, commands); err != nil {
		t.Fatal(err)
	}
	ch := dc.NewChannel("c")
	if _, err := s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "hi", Components: buttons("a")}); err != nil {
		t.Fatal(err)
	}
	if errs := rec.Errors(); len(errs) != 0 {
		t.Fatalf("valid bodies were reported: %q", errs)
	}
	for _, l := range rec.Logs() {
		if strings.Contains(l, "contract checks are off") {
			t.Fatalf("contract checks are off: %s", l)
		}
	}
}

func TestContractViolationReported(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	s := dc.Session()
	// A command description longer than 100 characters breaks the spec.
	bad := []*discordgo.ApplicationCommand{{Name: "x", Description: strings.Repeat("d", 101)}}
	_, _ = s.ApplicationCommandBulkOverwrite(dc.AppID(), "", bad)
	errs := rec.Errors()
	t.Logf("reported: %q", errs)
	if len(errs) != 1 {
		t.Fatalf("got %d reports, want 1: %q", len(errs), errs)
	}
	for _, want := range []string{"PUT", "/applications/{application_id}/commands", "description"} {
		if !strings.Contains(errs[0], want) {
			t.Errorf("report %q does not mention %q", errs[0], want)
		}
	}
}

func TestContractMultipartPayloadChecked(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec)
	s := dc.Session()
	ch := dc.NewChannel("c")
	// An embed title over 256 characters, sent with a file (multipart/form-data).
	_, _ = s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{
		Embeds: []*discordgo.MessageEmbed{{Title: strings.Repeat("t", 300)}},
		Files:  []*discordgo.File{{Name: "a.txt", Reader: strings.NewReader("a")}},
	})
	errs := rec.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0], "POST /api/v10/channels/{channel_id}/messages") {
		t.Fatalf("reports = %q, want one for the multipart payload_json", errs)
	}
}

func TestContractSpecAbsentLogsOnce(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	dc := discordtest.New(rec, discordtest.WithSpec(filepath.Join(t.TempDir(), "missing.json")))
	s := dc.Session()
	bad := []*discordgo.ApplicationCommand{{Name: "x", Description: strings.Repeat("d", 101)}}
	_, _ = s.ApplicationCommandBulkOverwrite(dc.AppID(), "", bad)
	_, _ = s.ApplicationCommandBulkOverwrite(dc.AppID(), "", bad)
	n := 0
	for _, l := range rec.Logs() {
		if strings.Contains(l, "contract checks are off") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("logged %d times that contract checks are off, want once: %q", n, rec.Logs())
	}
	if errs := rec.Errors(); len(errs) != 0 {
		t.Fatalf("without a spec nothing should be reported, got %q", errs)
	}
}
