package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// autocomplete suggests moves for /move, the caller's games for the game
// options and time controls for the time options.
func (b *Bot) autocomplete(q *request) (reply, error) {
	_, o := commandPath(q.i.ApplicationCommandData())
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, x := range o {
		if x.Focused {
			focused = x
		}
	}
	if focused == nil {
		return reply{kind: replyChoices}, nil
	}
	typed := fmt.Sprint(focused.Value)
	if q.i.ApplicationCommandData().Name == cmdPuzzle {
		if focused.Name != optMove {
			return reply{kind: replyChoices}, nil
		}
		return b.suggestPuzzleMove(q, typed)
	}
	if focused.Name == optTime {
		return reply{kind: replyChoices, choices: timeChoices(q.loc, typed)}, nil
	}
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return reply{}, err
	}
	switch focused.Name {
	case optGame:
		return reply{kind: replyChoices, choices: gameChoices(q.loc, games, typed)}, nil
	case optMove:
		var g *store.Game
		id := o.int(optGame)
		for _, x := range games {
			if x.Status == store.Active && (x.ID == id || id == 0 && shownHere(x, q.i.ChannelID)) {
				if g != nil && id == 0 {
					g = nil // several here: the game option must say which
					break
				}
				g = x
			}
		}
		if g == nil {
			return reply{kind: replyChoices}, nil
		}
		eg, err := match.Restore(g.Kind, g.Moves)
		if err != nil {
			return reply{}, err
		}
		return reply{kind: replyChoices, choices: kindOf(g.Kind).suggest(q.loc, eg, typed)}, nil
	}
	return reply{kind: replyChoices}, nil
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
