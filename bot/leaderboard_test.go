package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// seedLeaderboard records finished rated Gomoku games in the lobby's server
// straight into the database: 23 players p00..p22 and alice, who loses to
// p00, p01 and p22 and so ranks last, 24th of 24 (three pages of ten).
func (w *world) seedLeaderboard() {
	w.t.Helper()
	ctx := ctxT(w.t)
	p := make([]*discordtest.User, 23)
	for i := range p {
		p[i] = w.dc.User(fmt.Sprintf("p%02d", i))
	}
	win := func(winner, loser *discordtest.User) {
		g := &store.Game{
			Kind: store.Gomoku, Rules: "freestyle", Size: 15, GuildID: w.lobby.GuildID, ChannelID: w.lobby.ID,
			Seats: [2]store.Seat{store.Human(winner.ID, winner.Name), store.Human(loser.ID, loser.Name)},
			Rated: true, Status: store.Active,
		}
		if err := w.db.CreateGame(ctx, g); err != nil {
			w.t.Fatal(err)
		}
		g.Outcome = engine.WinFor(engine.First, engine.Five)
		if _, err := w.db.Finish(ctx, g); err != nil {
			w.t.Fatal(err)
		}
	}
	for _, q := range []*discordtest.User{p[0], p[1], p[22]} {
		win(q, w.alice)
	}
	for i := 2; i < 22; i += 2 {
		win(p[i], p[i+1])
	}
}

// footer is the text of a message's first embed footer.
func footer(m *discordtest.Message) string {
	if len(m.Embeds) == 0 || m.Embeds[0].Footer == nil {
		return ""
	}
	return m.Embeds[0].Footer.Text
}

// pageButtons returns a leaderboard's Previous and Next buttons.
func pageButtons(t testing.TB, m *discordtest.Message) (prev, next discordtest.Component) {
	t.Helper()
	bs := m.Buttons()
	if len(bs) != 2 || !strings.Contains(bs[0].Label, "Previous") || !strings.Contains(bs[1].Label, "Next") {
		t.Fatalf("leaderboard buttons %+v, want Previous and Next", bs)
	}
	return bs[0], bs[1]
}

// TestLeaderboardPaging pages a three-page leaderboard with its buttons:
// the message is updated in place, the buttons are disabled at the ends,
// the presser's own rank stays on every page, and the buttons still work
// after a restart.
func TestLeaderboardPaging(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.seedLeaderboard()
	aliceRank := "`#24` <@" + w.alice.ID + ">"

	for _, scope := range []string{"server", "global"} {
		t.Run(scope, func(t *testing.T) {
			lb := w.do(w.alice.Slash(ctx, w.lobby, "leaderboard", discordtest.Opt("game", "gomoku"), discordtest.Opt("scope", scope)))
			// page turns the leaderboard with the button at, as u, and
			// checks the answer updated the same message.
			page := func(u *discordtest.User, b discordtest.Component) *discordtest.Message {
				t.Helper()
				if !strings.HasPrefix(b.CustomID, "lb/gomoku/"+scope+"/") {
					t.Fatalf("button id %q, want lb/gomoku/%s/<page>", b.CustomID, scope)
				}
				before := w.current(lb)
				r := w.must(u.Click(ctx, before, b.CustomID))
				switch r.Type {
				case discordgo.InteractionResponseUpdateMessage:
				case discordgo.InteractionResponseDeferredMessageUpdate: // the watchdog deferred (a very slow machine)
					if _, err := r.WaitEdit(ctx); err != nil {
						t.Fatal(err)
					}
				default:
					t.Fatalf("paging answered with callback type %d, want an update of the message (7)", r.Type)
				}
				after := w.current(lb)
				if after.ID != lb.ID || after.Version <= before.Version {
					t.Fatalf("paging did not update the leaderboard in place: %+v", after)
				}
				if n := len(w.lobby.Messages()); n != 1 {
					t.Fatalf("paging posted messages: the channel has %d", n)
				}
				return after
			}
			want := func(m *discordtest.Message, n int, prevOn, nextOn bool, you string) {
				t.Helper()
				if f := footer(m); !strings.HasPrefix(f, fmt.Sprintf("Page %d of 3", n)) {
					t.Fatalf("footer %q, want page %d of 3", f, n)
				}
				prev, next := pageButtons(t, m)
				if prev.Disabled == prevOn || next.Disabled == nextOn {
					t.Fatalf("page %d: Previous enabled %v, Next enabled %v; want %v, %v", n, !prev.Disabled, !next.Disabled, prevOn, nextOn)
				}
				if got := field(m, "Your rank"); !strings.Contains(got, you) {
					t.Fatalf("page %d: your rank %q, want %q", n, got, you)
				}
				if rows := strings.Count(m.Embeds[0].Description, "\n"); (n < 3 && rows != 10) || (n == 3 && rows != 4) {
					t.Fatalf("page %d has %d rows: %q", n, rows, m.Embeds[0].Description)
				}
			}
			want(lb, 1, false, true, aliceRank)
			if strings.Contains(lb.Embeds[0].Description, w.alice.ID) {
				t.Fatal("alice, 24th, is on page 1")
			}
			_, next := pageButtons(t, lb)
			m := page(w.alice, next)
			want(m, 2, true, true, aliceRank)
			_, next = pageButtons(t, m)
			m = page(w.alice, next)
			want(m, 3, true, false, aliceRank)
			if !strings.Contains(m.Embeds[0].Description, aliceRank) {
				t.Fatalf("alice is not on the last page: %q", m.Embeds[0].Description)
			}
			if _, err := w.alice.Click(ctx, m, next.CustomID); err == nil {
				t.Fatal("the disabled Next button of the last page could be clicked")
			}
			prev, _ := pageButtons(t, m)
			m = page(w.alice, prev)
			want(m, 2, true, true, aliceRank)
			// Anyone may turn the pages; the rank shown is the presser's.
			prev, _ = pageButtons(t, m)
			m = page(w.bob, prev)
			want(m, 1, false, true, "Not ranked yet")
			_, next = pageButtons(t, m)
			m = page(w.dc.User("p05"), next)
			want(m, 2, true, true, "<@"+w.dc.User("p05").ID+">")
			w.noFailures()
			// the lobby holds only this leaderboard; clear it for the next scope
			w.lobby = w.dc.NewChannel("lobby-" + scope)
		})
	}
}

// TestLeaderboardPagingAfterRestart presses a leaderboard's Next button
// posted before a restart: the custom id carries the page, so it works.
func TestLeaderboardPagingAfterRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.seedLeaderboard()
	lb := w.do(w.alice.Slash(ctx, w.lobby, "leaderboard", discordtest.Opt("game", "gomoku")))
	w.stop()
	w.start()
	_, next := pageButtons(t, lb)
	m := w.click(w.alice, lb, next.Label)
	if m.ID != lb.ID || !strings.HasPrefix(footer(m), "Page 2 of 3") {
		t.Fatalf("after a restart Next showed %q on message %s (want page 2 on %s)", footer(m), m.ID, lb.ID)
	}
	w.noFailures()
}

// TestLeaderboardOnePageHasNoButtons: a board that fits one page has no
// paging buttons.
func TestLeaderboardOnePageHasNoButtons(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	lb := w.do(w.alice.Slash(ctxT(t), w.lobby, "leaderboard", discordtest.Opt("game", "xiangqi")))
	if bs := lb.Buttons(); len(bs) != 0 {
		t.Fatalf("an empty leaderboard has buttons %+v", bs)
	}
	w.noFailures()
}

// TestNoStatsForBots: /stats of the bot (or any bot) is refused: bots play
// no rated games, so they have no card.
func TestNoStatsForBots(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	bot := w.dc.BotUser()
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "stats", discordtest.Opt("user", bot.ID))), "<@"+bot.ID+"> is a bot: bots play no rated games")
	w.noFailures()
}
