package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// maxChoices is Discord's limit of autocomplete choices.
const maxChoices = 25

// autocomplete suggests moves for /move and the caller's games for the game
// options.
func (b *Bot) autocomplete(q *request) error {
	_, o := commandPath(q.i.ApplicationCommandData())
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, x := range o {
		if x.Focused {
			focused = x
		}
	}
	if focused == nil {
		return q.r.choices(nil)
	}
	typed := fmt.Sprint(focused.Value)
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return err
	}
	switch focused.Name {
	case optGame:
		return q.r.choices(gameChoices(q.loc, games, typed))
	case optMove:
		var g *store.Game
		id := o.int(optGame)
		for _, x := range games {
			if x.Status == store.Active && (x.ID == id || id == 0 && x.ChannelID == q.i.ChannelID) {
				if g != nil && id == 0 {
					g = nil // several here: the game option must say which
					break
				}
				g = x
			}
		}
		if g == nil {
			return q.r.choices(nil)
		}
		eg, err := match.Restore(g.Kind, g.Moves)
		if err != nil {
			return err
		}
		return q.r.choices(moveChoices(eg, typed))
	}
	return q.r.choices(nil)
}

// gameChoices lists the caller's active games.
func gameChoices(loc locale, games []*store.Game, typed string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range games {
		if g.Status != store.Active || len(out) == maxChoices {
			continue
		}
		name := fmt.Sprintf("#%d %s: %s – %s", g.ID, kindName(loc, g.Kind), plainSeat(loc, g.Seats[0]), plainSeat(loc, g.Seats[1]))
		if typed != "" && !strings.Contains(strings.ToLower(name), strings.ToLower(typed)) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, 100), Value: g.ID})
	}
	return out
}

// plainSeat names a seat without a mention (choices show no markdown).
func plainSeat(loc locale, s store.Seat) string {
	if s.IsAI() {
		return loc.t("ai.name", s.AI)
	}
	if s.Name != "" {
		return s.Name
	}
	return s.UserID
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// moveChoices suggests legal moves matching what was typed: Xiangqi moves in
// the three notations ("h3e3 · 炮二平五 · C2.5"), Gomoku points near the play
// and, when the typed text is itself an empty point, that point.
func moveChoices(eg interface{ LegalMoves() []string }, typed string) []*discordgo.ApplicationCommandOptionChoice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < maxChoices {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value})
		}
	}
	switch g := eg.(type) {
	case *xiangqi.Game:
		pos := g.Position()
		for _, mv := range g.LegalMoves() {
			name := mv
			if m, err := pos.ParseMove(mv); err == nil {
				name = pos.Describe(m)
			}
			if typed == "" || strings.Contains(strings.ToLower(name), typed) {
				add(name, mv)
			}
		}
	case *gomoku.Game:
		seen := map[string]bool{}
		if p, err := gomoku.ParsePoint(typed, g.Size()); err == nil {
			b := g.Board()
			if b.At(p) == gomoku.Empty && !g.Outcome().Over() {
				seen[p.String()] = true
				add(p.String(), p.String())
			}
		}
		for _, mv := range g.LegalMoves() {
			if !seen[mv] && strings.HasPrefix(mv, typed) {
				add(mv, mv)
			}
		}
	}
	return out
}

// gameID formats a game id for messages.
func gameID(id int64) string { return "#" + strconv.FormatInt(id, 10) }
