package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestVietnameseNotation: in a Vietnamese server, a Vietnamese player finds
// and types Xiangqi moves in Vietnamese notation ("P2-5" is the cannon, where
// WXF's P is a soldier), and the board shows the last move so.
func TestVietnameseNotation(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.dc.Guild().SetLocale(discordgo.Vietnamese)
	an := w.dc.User("An", discordtest.Locale(discordgo.Vietnamese))
	binh := w.dc.User("Bình", discordtest.Locale(discordgo.Vietnamese))
	ch := w.do(an.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", binh.ID), discordtest.Opt("colour", "red"))))
	w.click(binh, ch, "Chấp nhận")
	r := w.must(an.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "P2")))
	var names []string
	for _, c := range r.Choices {
		names = append(names, c.Name)
	}
	if !slices.Contains(names, "h3e3 · P2-5 · C2.5") {
		t.Fatalf("An typing P2: %q", names)
	}
	board := w.play(an, "P2-5")
	if got := field(board, "Nước vừa đi"); !strings.Contains(got, "h3e3 · P2-5") {
		t.Errorf("last move %q after /move P2-5, want the cannon's h3e3 · P2-5", got)
	}
	w.noFailures()
}
