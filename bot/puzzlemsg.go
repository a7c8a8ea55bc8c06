package bot

import (
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// puzzleMessage shows try v to its solver q.user in q.loc: what to find,
// what the last move did, the board (from the solver's side), and the
// button that fits: Give up while it goes on, Next puzzle once it ends.
func (p *presenter) puzzleMessage(q *request, v match.PuzzleView) (*message, error) {
	loc, a := q.loc, v.Attempt
	pz := a.Puzzle
	gk := kindOf(pz.Kind)
	eg := v.Game
	solver := pz.Solver

	title := loc.t("puzzle.title", pz.ID, kindName(loc, pz.Kind), loc.t("puzzle.theme."+pz.Theme))
	if a.Daily != "" {
		title = loc.t("puzzle.daily.title", a.Daily, kindName(loc, pz.Kind), loc.t("puzzle.theme."+pz.Theme))
	}
	lines := []string{}
	var buttons []discordgo.MessageComponent
	switch {
	case v.Done:
		var sol []string
		if v.Move != "" && !v.Solved {
			// The wrong move is taken back: the board and the solution are
			// the position the solver went wrong in.
			mine, err := lastPlies(loc, eg, 1)
			if err != nil {
				return nil, err
			}
			lines = append(lines, loc.t("puzzle.wrong", mine[0]))
			if err := eg.Undo(1); err != nil {
				return nil, fmt.Errorf("puzzle %d: taking back %s: %w", pz.ID, v.Move, err)
			}
		}
		if !v.Solved {
			var err error
			if sol, err = lineText(loc, eg, v.Solution, maxLine); err != nil {
				return nil, err
			}
		}
		switch {
		case v.Solved:
			mine, err := lastPlies(loc, eg, 1)
			if err != nil {
				return nil, err
			}
			lines = append(lines, loc.t("puzzle.solved", mine[0]))
		case v.Move == "":
			lines = append(lines, loc.t("puzzle.gave_up", strings.Join(sol, " ")))
		default:
			lines = append(lines, loc.t("puzzle.solution", strings.Join(sol, " ")))
		}
		lines = append(lines, puzzleResult(loc, v.Result))
		buttons = append(buttons, discordgo.Button{Label: loc.t("puzzle.button.next"), Style: discordgo.PrimaryButton,
			CustomID: customID{Game: a.ID, Action: actPuzzleNext, Arg: string(pz.Kind)}.String()})
	default:
		if v.Reply != "" {
			both, err := lastPlies(loc, eg, 2)
			if err != nil {
				return nil, err
			}
			lines = append(lines, loc.t("puzzle.right", both[0], both[1], v.Left()))
		} else {
			lines = append(lines, puzzleTask(loc, pz, v.Left()))
			if v.Resumed && len(a.Played) > 0 {
				lines[0] += " " + loc.t("puzzle.left", v.Left())
			}
		}
		if v.Resumed {
			lines = append(lines, loc.t("puzzle.resumed"))
		}
		if !a.Rated {
			lines = append(lines, loc.t("puzzle.unrated"))
		}
		lines = append(lines, loc.t("puzzle.how"))
		buttons = append(buttons, discordgo.Button{Label: loc.t("puzzle.button.give_up"), Style: discordgo.SecondaryButton,
			CustomID: customID{Game: a.ID, Action: actPuzzleGiveUp, Ply: len(a.Played)}.String()})
	}

	h := render.Header{Words: boardWords(loc)}
	h.Players[solver] = render.Player{Name: q.user.Name}
	h.Players[solver.Other()] = render.Player{Name: loc.t("puzzle.opponent")}
	game := &store.Game{Kind: pz.Kind}
	opt, flip := p.drawingFor(game, q.user.ID, solver)
	png, _, err := gk.draw(p.render, eg, h, flip, opt, false)
	if err != nil {
		return nil, fmt.Errorf("drawing puzzle %d: %w", pz.ID, err)
	}
	e := &discordgo.MessageEmbed{
		Title:       title,
		Description: strings.Join(lines, "\n"),
		Color:       gk.embed,
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + boardFile},
		Footer:      &discordgo.MessageEmbedFooter{Text: loc.t("puzzle.footer", int(math.Round(pz.Rating.Rating)), pz.Solves, pz.Attempts)},
	}
	alt := append([]string{loc.t("alt.puzzle", kindName(loc, pz.Kind), pz.ID, colourName(loc, pz.Kind, eg.Turn()))}, altPosition(loc, gk, eg)...)
	return &message{Embeds: []*discordgo.MessageEmbed{e},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}},
		Files: []file{{Name: boardFile, ContentType: "image/png", Data: png,
			Description: clipRunes(strings.Join(alt, " "), maxAltText)}}}, nil
}

// lastPlies writes the last n moves of eg in loc's notation.
func lastPlies(loc locale, eg engine.Game, n int) ([]string, error) {
	texts := plyTexts(loc, eg)
	if len(texts) < n {
		return nil, fmt.Errorf("the last %d moves of a game of %d", n, len(texts))
	}
	return texts[len(texts)-n:], nil
}

// puzzleTask says what puzzle pz asks, with left moves of the solver's to
// find.
func puzzleTask(loc locale, pz store.Puzzle, left int) string {
	colour := colourName(loc, pz.Kind, pz.Solver)
	if pz.Theme == match.ThemeDefend || pz.Theme == match.ThemeMaterial {
		return loc.t("puzzle.task."+pz.Theme, colour)
	}
	return loc.t("puzzle.task."+pz.Theme, colour, left)
}

// puzzleResult says what a finished try changed.
func puzzleResult(loc locale, r store.PuzzleResult) string {
	if !r.Rated {
		return loc.t("puzzle.result.unrated")
	}
	before, after := int(math.Round(r.Before.Rating.Rating)), int(math.Round(r.After.Rating.Rating))
	s := loc.t("puzzle.result", before, after, fmt.Sprintf("%+d", after-before))
	switch {
	case r.After.Streak > 0:
		s += " · " + loc.t("puzzle.streak", r.After.Streak, r.After.BestStreak)
	case r.Before.Streak > 0:
		s += " · " + loc.t("puzzle.streak_ended", r.Before.Streak)
	}
	return s
}

// dailyBoardEmbed shows a server's leaderboard of the daily puzzles of
// kind.
func dailyBoardEmbed(loc locale, kind store.Kind, b match.DailyBoard) *discordgo.MessageEmbed {
	e := &discordgo.MessageEmbed{Title: loc.t("puzzle.board.title", kindName(loc, kind), b.Day), Color: kindOf(kind).embed}
	today := []string{}
	for i, s := range b.Today {
		today = append(today, loc.t("puzzle.board.solve", i+1, "<@"+s.UserID+">", clockText(s.Took)))
	}
	if len(today) == 0 {
		today = append(today, loc.t("puzzle.board.nobody"))
	}
	month := []string{}
	for i, c := range b.Month {
		month = append(month, loc.t("puzzle.board.count", i+1, "<@"+c.UserID+">", c.Solved))
	}
	if len(month) == 0 {
		month = append(month, loc.t("puzzle.board.nobody"))
	}
	e.Fields = []*discordgo.MessageEmbedField{
		{Name: loc.t("puzzle.board.today"), Value: strings.Join(today, "\n")},
		{Name: loc.t("puzzle.board.month"), Value: strings.Join(month, "\n")},
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: loc.t("puzzle.board.footer")}
	return e
}
