package bot

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// leaderboardCommand is /leaderboard: one page of the rankings as an embed,
// with the caller's own rank.
func (b *Bot) leaderboardCommand(q *request, o options) error {
	kind := store.Kind(o.str(optGame))
	if !kind.Valid() {
		return refuse("err.kind", o.str(optGame))
	}
	global := o.str(optScope) == "global" || q.i.GuildID == ""
	page := int(o.int(optPage))
	if page < 1 {
		page = 1
	}
	query := store.BoardQuery{Kind: kind, Page: page, UserID: q.user.ID}
	if !global {
		query.GuildID = q.i.GuildID
	}
	board, err := b.st.Leaderboard(q.ctx, query)
	if err != nil {
		return err
	}
	if board.Pages > 0 && page > board.Pages {
		return refuse("err.page", page, board.Pages)
	}
	loc := q.public
	scope := loc.t("board.scope.server")
	if global {
		scope = loc.t("board.scope.global")
	}
	e := &discordgo.MessageEmbed{
		Title: loc.t("leaderboard.title", kindName(loc, kind), scope),
		Color: colourGomoku,
	}
	if kind == store.Xiangqi {
		e.Color = colourXiangqi
	}
	var sb strings.Builder
	for _, r := range board.Rows {
		fmt.Fprintf(&sb, "%s %s\n", medal(r.Rank), boardLine(loc, r))
	}
	if len(board.Rows) == 0 {
		sb.WriteString(loc.t("leaderboard.empty"))
	}
	e.Description = sb.String()
	if board.Caller != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("leaderboard.you"), Value: medal(board.Caller.Rank) + " " + boardLine(loc, *board.Caller)})
	} else {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("leaderboard.you"), Value: loc.t("leaderboard.unranked", store.DefaultMinGames)})
	}
	if board.Pages > 0 {
		e.Footer = &discordgo.MessageEmbedFooter{Text: loc.t("leaderboard.page", board.Page, board.Pages, board.Total)}
	}
	_, err = q.r.message(&outMessage{Embeds: []*discordgo.MessageEmbed{e}})
	return err
}

// medal marks the first three ranks.
func medal(rank int) string {
	switch rank {
	case 1:
		return "🥇"
	case 2:
		return "🥈"
	case 3:
		return "🥉"
	}
	return fmt.Sprintf("`#%d`", rank)
}

// boardLine is one ranked player: "<@id> · 1612 ± 48 · 10W 3L 1D".
func boardLine(loc locale, r store.BoardRow) string {
	return fmt.Sprintf("<@%s> · **%d** ± %d · %s", r.UserID, int(math.Round(r.Rating)), int(math.Round(r.RD)), score(loc, r.Score))
}

func score(loc locale, s store.Score) string {
	return loc.t("score", s.Wins, s.Losses, s.Draws)
}

// statsCommand is /stats: a player's rating and records.
func (b *Bot) statsCommand(q *request, o options) error {
	who := q.user.ID
	if x, ok := o[optUser]; ok {
		who, _ = x.Value.(string)
	}
	kinds := []store.Kind{store.Gomoku, store.Xiangqi}
	if k := store.Kind(o.str(optGame)); k != "" {
		if !k.Valid() {
			return refuse("err.kind", string(k))
		}
		kinds = []store.Kind{k}
	}
	loc := q.public
	e := &discordgo.MessageEmbed{Title: loc.t("stats.title"), Description: "<@" + who + ">", Color: colourGomoku}
	for _, k := range kinds {
		st, err := b.st.Stats(q.ctx, who, k)
		if err != nil {
			return err
		}
		r, err := b.st.Rating(q.ctx, who, k)
		if err != nil {
			return err
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s **%d** ± %d\n", loc.t("stats.rating"), int(math.Round(r.Rating)), int(math.Round(r.RD)))
		fmt.Fprintf(&sb, "%s %s\n", loc.t("stats.people"), score(loc, st.People.Score))
		if st.People.BestStreak > 0 || st.People.Streak != 0 {
			fmt.Fprintf(&sb, "%s\n", loc.t("stats.streak", st.People.Streak, st.People.BestStreak))
		}
		levels := make([]int, 0, len(st.AI))
		for l := range st.AI {
			levels = append(levels, l)
		}
		slices.Sort(levels)
		for _, l := range levels {
			fmt.Fprintf(&sb, "%s %s\n", loc.t("ai.name", l), score(loc, st.AI[l].Score))
		}
		if st.Total().Games() == 0 {
			sb.WriteString(loc.t("stats.none"))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: kindName(loc, k), Value: sb.String(), Inline: true})
	}
	_, err := q.r.message(&outMessage{Embeds: []*discordgo.MessageEmbed{e}})
	return err
}

// gamesCommand is /games: the caller's live games, privately.
func (b *Bot) gamesCommand(q *request) error {
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return err
	}
	games = liveGames(games)
	loc := q.loc
	if len(games) == 0 {
		return q.r.ephemeral(loc.t("games.none"))
	}
	var sb strings.Builder
	for i, g := range games {
		if i == 20 {
			fmt.Fprintln(&sb, loc.t("games.more", len(games)-i))
			break
		}
		side, _ := seatOf(g, q.user.ID)
		other := seatName(loc, g.Seats[side.Other()])
		state := loc.t("games.challenge")
		if g.Status == store.Active {
			state = loc.t("games.waiting")
			if eg, err := restoreTurn(g); err == nil && eg == side {
				state = loc.t("games.yourmove")
			}
		}
		fmt.Fprintf(&sb, "%s **%s** · %s · <#%s> · %s\n", gameID(g.ID), kindName(loc, g.Kind), loc.t("games.vs", other), g.ChannelID, state)
	}
	return q.r.ephemeral(sb.String())
}

// restoreTurn returns the side to move in g.
func restoreTurn(g *store.Game) (engine.Side, error) {
	eg, err := restore(g)
	if err != nil {
		return 0, err
	}
	return eg.Turn(), nil
}
