package bot

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// maxAltText is the longest attachment description (alt text) Discord
// takes, in characters.
const maxAltText = 1024

// altName names a seat in alt text: a screen reader reads a mention
// ("<@123>") as digits, so a person is named by their display name.
func altName(loc locale, seat store.Seat) string {
	if seat.IsAI() {
		return loc.t("ai.name", seat.AI)
	}
	return seat.Name
}

// altText describes the position of game g (eg its engine state) for
// screen readers, in loc: the kind of game, the move number, whose turn
// it is or how the game ended, the last move, and for Gomoku the stones
// near it, for Xiangqi the material of each side. It is the board image's
// attachment description, at most maxAltText characters.
func altText(loc locale, g *store.Game, eg engine.Game) string {
	gk := kindOf(g.Kind)
	parts := []string{loc.t("alt.head", kindName(loc, g.Kind), g.ID, eg.Ply())}
	switch g.Status {
	case store.Active:
		turn := eg.Turn()
		parts = append(parts, loc.t("alt.turn", altName(loc, g.Seats[turn]), colourName(loc, g.Kind, turn)))
	case store.Finished:
		o := g.Outcome
		reason := loc.t("reason." + strings.ReplaceAll(o.Reason.String(), " ", "_"))
		if o.Status == engine.Draw {
			parts = append(parts, loc.t("alt.drawn", reason))
		} else {
			parts = append(parts, loc.t("alt.won", altName(loc, g.Seats[o.Winner]), colourName(loc, g.Kind, o.Winner), reason))
		}
	default:
		parts = append(parts, loc.t("alt.ended"))
	}
	parts = append(parts, altPosition(loc, gk, eg)...)
	return clipRunes(strings.Join(parts, " "), maxAltText)
}

// altPosition describes eg's position, a game of kind gk, for screen
// readers: the last move, and for Gomoku the stones near it, for Xiangqi
// the material of each side.
func altPosition(loc locale, gk *gameKind, eg engine.Game) []string {
	var parts []string
	if lm := gk.lastMove(loc, eg); lm != "" {
		parts = append(parts, loc.t("alt.last", lm))
	}
	switch eg := eg.(type) {
	case *gomoku.Game:
		if eg.Ply() > 0 {
			parts = append(parts, gomokuNear(loc, eg))
		}
	case *xiangqi.Game:
		parts = append(parts, xiangqiMaterial(loc, eg))
	}
	return parts
}

// replayAltText describes the replay GIF of a finished game.
func replayAltText(loc locale, g *store.Game, eg engine.Game) string {
	return clipRunes(loc.t("alt.replay", kindName(loc, g.Kind), g.ID, eg.Ply()), maxAltText)
}

// gomokuNear lists the stones within two points of the last move (a 5×5
// square around it), row by row from the top, as "black h9, white i8".
func gomokuNear(loc locale, g *gomoku.Game) string {
	last := g.Last()
	b := g.Board()
	var near []string
	for dr := 2; dr >= -2; dr-- {
		for dc := -2; dc <= 2; dc++ {
			c, r := last.Col()+dc, last.Row()+dr
			if (dr == 0 && dc == 0) || c < 0 || r < 0 || c >= g.Size() || r >= g.Size() {
				continue
			}
			p := gomoku.PointAt(c, r)
			var side engine.Side
			switch b.At(p) {
			case gomoku.BlackStone:
				side = engine.First
			case gomoku.WhiteStone:
				side = engine.Second
			default:
				continue
			}
			near = append(near, loc.t("alt.stone", colourName(loc, store.Gomoku, side), p.String()))
		}
	}
	if len(near) == 0 {
		return loc.t("alt.near_none")
	}
	return loc.t("alt.near", strings.Join(near, ", "))
}

// xiangqiMaterial lists each side's pieces: "red: General, 2 Advisors…".
func xiangqiMaterial(loc locale, g *xiangqi.Game) string {
	pos := g.Position()
	var sides [2]string
	for s := engine.First; s <= engine.Second; s++ {
		var pieces []string
		for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
			n := 0
			for range pos.Pieces(s, k) {
				n++
			}
			if n > 0 {
				pieces = append(pieces, fmt.Sprintf("%s ×%d", loc.t("piece."+k.String()), n))
			}
		}
		sides[s] = loc.t("alt.side", colourName(loc, store.Xiangqi, s), strings.Join(pieces, ", "))
	}
	return loc.t("alt.material", sides[0], sides[1])
}

// clipRunes shortens s to at most n characters, ending it with "…" when
// it cuts.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
