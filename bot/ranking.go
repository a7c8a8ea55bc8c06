package bot

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// leaderboardCommand is /leaderboard: one page of the rankings as an embed,
// with the caller's own rank and Previous/Next buttons.
func (b *Bot) leaderboardCommand(q *request, o options) (reply, error) {
	kind := store.Kind(o.str(optGame))
	if !kind.Valid() {
		return reply{}, engine.E(engine.UnknownKind, o.str(optGame), match.KindNames())
	}
	p := pageID{Kind: kind, Global: o.str(optScope) == scopeGlobal, Page: max(int(o.int(optPage)), 1)}
	m, err := b.leaderboardMessage(q, p, false)
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyMessage, msg: m}, nil
}

// leaderboardPage answers a Previous/Next button: the page replaces the
// leaderboard in place (callback type 7), with the presser's own rank. A
// page past the end (the board shrank since) shows the last one.
func (b *Bot) leaderboardPage(q *request, p pageID) (reply, error) {
	p.Page = max(p.Page, 1)
	m, err := b.leaderboardMessage(q, p, true)
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyUpdate, msg: m}, nil
}

// leaderboardMessage renders page p for the user of q in the server's
// language. A page past the end is refused, or, when clamp is set, replaced
// by the last page.
func (b *Bot) leaderboardMessage(q *request, p pageID, clamp bool) (*message, error) {
	global := p.Global || q.i.GuildID == ""
	query := store.BoardQuery{Kind: p.Kind, Page: p.Page, UserID: q.user.ID}
	if !global {
		query.GuildID = q.i.GuildID
	}
	board, err := b.st.Leaderboard(q.ctx, query)
	if err != nil {
		return nil, err
	}
	if board.Pages > 0 && p.Page > board.Pages {
		if !clamp {
			return nil, engine.E(engine.PageTooFar, p.Page, board.Pages)
		}
		query.Page = board.Pages
		if board, err = b.st.Leaderboard(q.ctx, query); err != nil {
			return nil, err
		}
	}
	loc := q.public
	scope := loc.t("board.scope.server")
	if global {
		scope = loc.t("board.scope.global")
	}
	e := &discordgo.MessageEmbed{
		Title: loc.t("leaderboard.title", kindName(loc, p.Kind), scope),
		Color: kindOf(p.Kind).embed,
	}
	var sb strings.Builder
	provisional := false
	for _, r := range board.Rows {
		fmt.Fprintf(&sb, "%s %s\n", medal(r.Rank), boardLine(loc, r))
		provisional = provisional || r.RD > store.ProvisionalRD
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
		if provisional {
			e.Footer.Text += " · " + loc.t("leaderboard.provisional")
		}
	}
	p.Global = global
	p.Page = board.Page
	return &message{Embeds: []*discordgo.MessageEmbed{e}, Components: pageButtons(loc, p, board.Pages)}, nil
}

// pageButtons are the Previous and Next buttons of leaderboard page p of
// pages, each disabled at its end; none when everything fits on one page.
// Their custom ids differ (pages p-1 and p+1) even when both are disabled.
func pageButtons(loc locale, p pageID, pages int) []discordgo.MessageComponent {
	if pages <= 1 {
		return nil
	}
	prev, next := p, p
	prev.Page, next.Page = p.Page-1, p.Page+1
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{CustomID: prev.String(), Label: loc.t("button.prev"), Style: discordgo.SecondaryButton, Disabled: p.Page <= 1},
		discordgo.Button{CustomID: next.String(), Label: loc.t("button.next"), Style: discordgo.SecondaryButton, Disabled: p.Page >= pages},
	}}}
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

// boardLine is one ranked player: "<@id> · 1612 ± 48 · 10W 3L 1D", with
// "1612?" for a provisional rating.
func boardLine(loc locale, r store.BoardRow) string {
	return fmt.Sprintf("<@%s> · %s ± %d · %s", r.UserID, ratingText(r.Rating, r.RD), int(math.Round(r.RD)), score(loc, r.Score))
}

// ratingText writes a rating in bold, marked "?" while it is provisional
// (its deviation above store.ProvisionalRD).
func ratingText(rating, rd float64) string {
	s := fmt.Sprintf("**%d**", int(math.Round(rating)))
	if rd > store.ProvisionalRD {
		s += "?"
	}
	return s
}

func score(loc locale, s store.Score) string {
	return loc.t("score", s.Wins, s.Losses, s.Draws)
}

// statsCommand is /stats: a player's rating and records.
func (b *Bot) statsCommand(q *request, o options) (reply, error) {
	who := q.user.ID
	if p, ok := opponentOf(q.i, o, optUser); ok {
		if p.Bot {
			return reply{}, refuse("err.stats.bot", "<@"+p.ID+">")
		}
		who = p.ID
	}
	kinds := allKinds()
	if k := store.Kind(o.str(optGame)); k != "" {
		if !k.Valid() {
			return reply{}, engine.E(engine.UnknownKind, string(k), match.KindNames())
		}
		kinds = []store.Kind{k}
	}
	loc := q.public
	e := &discordgo.MessageEmbed{Title: loc.t("stats.title"), Description: "<@" + who + ">", Color: kindOf(kinds[0]).embed}
	for _, k := range kinds {
		st, err := b.st.Stats(q.ctx, who, k)
		if err != nil {
			return reply{}, err
		}
		r, err := b.st.Rating(q.ctx, who, k)
		if err != nil {
			return reply{}, err
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s %s ± %d\n", loc.t("stats.rating"), ratingText(r.Rating, r.RD), int(math.Round(r.RD)))
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
		pz, err := b.m.PuzzlePlayer(q.ctx, who, k)
		if err != nil && engine.ErrorCode(err) != engine.NoPuzzles {
			return reply{}, err
		}
		if pz.Solved+pz.Failed > 0 {
			fmt.Fprintf(&sb, "%s\n", loc.t("stats.puzzles", ratingText(pz.Rating.Rating, pz.Rating.RD), pz.Solved, pz.Solved+pz.Failed,
				pz.Streak, pz.BestStreak))
		}
		if st.Total().Games() == 0 && pz.Solved+pz.Failed == 0 {
			sb.WriteString(loc.t("stats.none"))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: kindName(loc, k), Value: sb.String(), Inline: true})
	}
	return reply{kind: replyMessage, msg: &message{Embeds: []*discordgo.MessageEmbed{e}}}, nil
}

// restoreTurn returns the side to move in g.
func restoreTurn(g *store.Game) (engine.Side, error) {
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return 0, err
	}
	return eg.Turn(), nil
}
