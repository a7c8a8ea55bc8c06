package bot

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// Attachment names of a review.
const reviewGraphFile = "review-graph.png"

// reviewMomentFile names the board of turning point k (0 first).
func reviewMomentFile(k int) string { return fmt.Sprintf("review-%d.png", k+1) }

// maxTurningPoints is how many turning points a review shows, each with
// its board.
const maxTurningPoints = 3

// reviewMessage shows review r of game g in loc: each player's accuracy
// and moves by class, the evaluation graph, and the turning points, each
// with the move played, the engine's better move and line in the reader's
// notation, and the board of the moment.
func (p *presenter) reviewMessage(g *store.Game, r match.Review, loc locale) (*message, error) {
	gk := kindOf(g.Kind)
	turning := r.TurningPoints(maxTurningPoints)
	marks := make([]int, len(turning))
	for k, i := range turning {
		marks[k] = i + 1 // the position after the move
	}
	var graph bytes.Buffer
	if err := p.render.EvalGraph(&graph, render.Graph{Expected: r.Expected, Marks: marks, Xiangqi: g.Kind == store.Xiangqi}, p.opt); err != nil {
		return nil, fmt.Errorf("review of game %d: %w", g.ID, err)
	}
	var counts [2][match.Blunder + 1]int
	for _, m := range r.Moves {
		counts[m.Side][m.Class]++
	}
	var sides []string
	for s := range 2 {
		side := engine.Side(s)
		acc := loc.t("review.no_moves")
		if r.Accuracy[s] >= 0 {
			acc = loc.t("review.accuracy", strconv.FormatFloat(r.Accuracy[s], 'f', 1, 64))
		}
		c := counts[s]
		sides = append(sides, gk.emoji[s]+" **"+seatName(loc, g.Seats[s])+"** ("+colourName(loc, g.Kind, side)+") · "+acc+"\n"+
			loc.t("review.counts", c[match.Best], c[match.Good], c[match.Inaccuracy], c[match.Mistake], c[match.Blunder]))
	}
	summary := &discordgo.MessageEmbed{
		Title:       loc.t("review.title", kindName(loc, g.Kind), g.ID),
		Description: strings.Join(sides, "\n\n") + "\n\n" + loc.t("review.graph", colourName(loc, g.Kind, engine.First)),
		Color:       gk.embed,
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + reviewGraphFile},
		Footer:      &discordgo.MessageEmbedFooter{Text: loc.t("review.footer", r.Nodes)},
	}
	if len(turning) == 0 {
		summary.Description += "\n\n" + loc.t("review.none")
	}
	first, last := r.Expected[0], r.Expected[len(r.Expected)-1]
	m := &message{Embeds: []*discordgo.MessageEmbed{summary}, Files: []file{{Name: reviewGraphFile, ContentType: "image/png",
		Data: graph.Bytes(), Description: clipRunes(loc.t("review.graph.alt", g.ID, colourName(loc, g.Kind, engine.First),
			int(first*100+0.5), int(last*100+0.5), len(r.Moves)), maxAltText)}}}

	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return nil, fmt.Errorf("review of game %d: %w", g.ID, err)
	}
	moves := eg.Moves()
	for k, i := range turning {
		rm := r.Moves[i]
		played, line, err := reviewNotation(loc, eg, moves, rm)
		if err != nil {
			return nil, fmt.Errorf("review of game %d: %w", g.ID, err)
		}
		text := loc.t("review.played", played, loc.t("review.class."+rm.Class.String()), lossPercent(rm.Loss))
		switch {
		case rm.Won > 0 && rm.Lost == 0:
			text += "\n" + loc.t("review.missed_win."+string(g.Kind), (rm.Won+1)/2)
		case rm.Lost > 0 && rm.Won == 0:
			text += "\n" + loc.t("review.allowed_win."+string(g.Kind), (rm.Lost+1)/2)
		}
		if len(line) > 0 {
			text += "\n" + loc.t("review.better", line[0], strings.Join(line, " "))
		}
		// The board of the moment: the position the move made (eg is at the
		// one before it), from the mover's side.
		if _, err := eg.Play(rm.Move); err != nil {
			return nil, fmt.Errorf("review of game %d: move %s: %w", g.ID, rm.Move, err)
		}
		h := header(g, loc)
		h.Outcome = engine.Outcome{}
		opt, flip := p.drawingFor(g, g.Seats[rm.Side].UserID, rm.Side) // the mover's view
		png, _, err := gk.draw(p.render, eg, h, flip, opt, false)
		if err != nil {
			return nil, fmt.Errorf("review of game %d: board of move %d: %w", g.ID, i+1, err)
		}
		name := reviewMomentFile(k)
		moment := *g // the game as it stood then, for the alt text
		moment.Status = store.Active
		m.Files = append(m.Files, file{Name: name, ContentType: "image/png", Data: png, Description: altText(loc, &moment, eg)})
		m.Embeds = append(m.Embeds, &discordgo.MessageEmbed{
			Title:       loc.t("review.turning", k+1, i+1, altName(loc, g.Seats[rm.Side]), colourName(loc, g.Kind, rm.Side)), // a title shows no mentions
			Description: text,
			Color:       classColour(rm.Class),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + name},
		})
	}
	return m, nil
}

// reviewNotation names reviewed move rm and the engine's line from the
// position before it in loc's notation; eg is any state of the game
// whose moves are moves (it is left at the position before rm).
func reviewNotation(loc locale, eg engine.Game, moves []string, rm match.ReviewedMove) (string, []string, error) {
	if err := eg.Undo(eg.Ply()); err != nil {
		return "", nil, err
	}
	for _, mv := range moves[:rm.Ply] {
		if _, err := eg.Play(mv); err != nil {
			return "", nil, fmt.Errorf("move %s: %w", mv, err)
		}
	}
	played, err := lineText(loc, eg, []string{rm.Move}, 1)
	if err != nil {
		return "", nil, err
	}
	if len(played) == 0 {
		return "", nil, fmt.Errorf("move %s does not play", rm.Move)
	}
	line, err := lineText(loc, eg, rm.Line, maxLine)
	return played[0], line, err
}

// maxLine is how many moves of the engine's line a review or hint shows.
const maxLine = 8

// lineText writes up to max moves of line, played from eg's position, in
// loc's notation (Xiangqi: WXF in English, Chinese or Vietnamese
// notation for their readers; Gomoku points), and leaves eg as it was. It
// stops where the line no longer applies (the engine's line is advice)
// or the game ends.
func lineText(loc locale, eg engine.Game, line []string, max int) ([]string, error) {
	from := eg.Ply()
	n := 0
	for _, mv := range line {
		if n == max || eg.Outcome().Over() {
			break
		}
		if _, err := eg.Play(mv); err != nil {
			break
		}
		n++
	}
	texts := plyTexts(loc, eg)[from:]
	if err := eg.Undo(n); err != nil {
		return nil, fmt.Errorf("taking back the line's %d moves: %w", n, err)
	}
	return texts, nil
}

// classColour is the embed colour of a turning point of class c.
func classColour(c match.MoveClass) int {
	switch c {
	case match.Blunder:
		return 0xD32F2F
	case match.Mistake:
		return 0xF57C00
	}
	return 0xFBC02D
}

// lossPercent is the share of the game a move gave away in whole percent,
// rounded down, so that it reads like the move classes' thresholds: a
// mistake gives away under 15% and shows at most 14, a blunder of 15.1%
// shows 15. (The small addition keeps 0.29 from showing as 28.)
func lossPercent(loss float64) int { return int(math.Floor(loss*100 + 1e-9)) }
