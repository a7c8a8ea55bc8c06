package bot

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// gameKind is one kind of game as the Discord adapter shows and plays it:
// everything that differs between Gomoku and Xiangqi here, in one place.
type gameKind struct {
	// colours are the catalogue keys of the sides' colours, emoji their
	// marks, and colourValues the values of the commands' colour option,
	// by engine.Side.
	colours, emoji, colourValues [2]string
	// embed is the colour of the kind's embeds.
	embed int
	// flips: a board may be shown from the second side (Xiangqi turns the
	// board to the player's side; a Gomoku board looks the same to both).
	flips bool
	// draw draws the position as a PNG and, when replay is set, the whole
	// game as a GIF.
	draw func(r *render.Renderer, eg engine.Game, h render.Header, flip bool, opt render.Options, replay bool) (png, gif []byte, err error)
	// setup describes a game's rules and board for people.
	setup func(loc locale, g *store.Game) string
	// lastMove writes the last move for people ("" for none).
	lastMove func(loc locale, eg engine.Game) string
	// picker is the move picker: its first select, and the second once
	// the first is chosen (Gomoku: column then row; Xiangqi: piece then
	// destination); move joins the two choices into a move.
	pickFirst  func(loc locale, eg engine.Game) []discordgo.SelectMenuOption
	pickSecond func(loc locale, eg engine.Game, first string) []discordgo.SelectMenuOption
	pickMove   func(first, second string) string
	// pickActions are the custom id actions of the two selects.
	pickActions [2]string
	// pickKeys are the catalogue keys of the picker's texts: first
	// prompt, first placeholder, second prompt, second placeholder, and
	// the refusal when the first choice has no second.
	pickKeys [5]string
	// read turns a move typed in the reader's own notation into one the
	// rules read (nil: the rules read every form people type).
	read func(loc locale, eg engine.Game, typed string) string
	// suggest lists legal moves matching what was typed, for /move's
	// autocomplete.
	suggest func(loc locale, eg engine.Game, typed string) []*discordgo.ApplicationCommandOptionChoice
}

// gameKinds describes each kind of game. It is a read-only table.
var gameKinds = map[store.Kind]*gameKind{
	store.Gomoku: {
		colours:      [2]string{"colour.black", "colour.white"},
		emoji:        [2]string{"⚫", "⚪"},
		colourValues: [2]string{"black", "white"},
		embed:        0xC8A165,
		draw:         drawGomoku,
		setup: func(loc locale, g *store.Game) string {
			return loc.t("rule."+g.Rules) + " · " + strconv.Itoa(g.Size) + "×" + strconv.Itoa(g.Size)
		},
		lastMove: func(_ locale, eg engine.Game) string {
			moves := eg.Moves()
			if len(moves) == 0 {
				return ""
			}
			return moves[len(moves)-1]
		},
		pickFirst: func(_ locale, eg engine.Game) []discordgo.SelectMenuOption { return gomokuColumns(eg.(*gomoku.Game)) },
		pickSecond: func(_ locale, eg engine.Game, col string) []discordgo.SelectMenuOption {
			return gomokuRows(eg.(*gomoku.Game), col)
		},
		pickMove:    func(col, row string) string { return col + row },
		pickActions: [2]string{actColumn, actRow},
		pickKeys:    [5]string{"picker.column", "picker.column.placeholder", "picker.row", "picker.row.placeholder", "err.picker.full"},
		suggest:     suggestGomoku,
	},
	store.Xiangqi: {
		colours:      [2]string{"colour.red", "colour.black"},
		emoji:        [2]string{"🔴", "⚫"},
		colourValues: [2]string{"red", "black"},
		embed:        0xB0302A,
		flips:        true,
		draw:         drawXiangqi,
		setup:        func(loc locale, _ *store.Game) string { return loc.t("rule.xiangqi") },
		lastMove:     xiangqiLastMove,
		pickFirst: func(loc locale, eg engine.Game) []discordgo.SelectMenuOption {
			return xiangqiPieces(loc, eg.(*xiangqi.Game))
		},
		pickSecond: func(loc locale, eg engine.Game, from string) []discordgo.SelectMenuOption {
			return xiangqiDestinations(loc, eg.(*xiangqi.Game), from)
		},
		pickMove:    func(_, to string) string { return to },
		pickActions: [2]string{actPiece, actTo},
		pickKeys:    [5]string{"picker.piece", "picker.piece.placeholder", "picker.to", "picker.to.placeholder", "err.picker.stuck"},
		read:        readXiangqi,
		suggest:     suggestXiangqi,
	},
}

// allKinds lists the kinds of game, in a fixed order.
func allKinds() []store.Kind {
	kinds := make([]store.Kind, 0, len(gameKinds))
	for k := range gameKinds {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	return kinds
}

// seating returns who moves first when the user chose colour (a value of
// the commands' colour option: theirs; anything else is random).
func (gk *gameKind) seating(colour string) match.Seating {
	switch colour {
	case gk.colourValues[engine.First]:
		return match.ChallengerFirst
	case gk.colourValues[engine.Second]:
		return match.OpponentFirst
	}
	return match.RandomFirst
}

// kindOf returns the description of g's kind.
func kindOf(k store.Kind) *gameKind {
	if gk, ok := gameKinds[k]; ok {
		return gk
	}
	return gameKinds[store.Gomoku] // the store refuses other kinds
}

// colourOver is the embed colour of a game that has ended.
const colourOver = 0x4F545C

func drawGomoku(r *render.Renderer, eg engine.Game, h render.Header, _ bool, opt render.Options, replay bool) ([]byte, []byte, error) {
	g, ok := eg.(*gomoku.Game)
	if !ok {
		return nil, nil, fmt.Errorf("drawing Gomoku: the game is %T", eg)
	}
	var pb, gb bytes.Buffer
	view := render.GomokuFromGame(g, h, false)
	if err := r.Gomoku(&pb, view, opt); err != nil {
		return nil, nil, err
	}
	if !replay {
		return pb.Bytes(), nil, nil
	}
	if err := r.GomokuReplay(&gb, view, render.ReplayOptions{Options: opt}); err != nil {
		return nil, nil, err
	}
	return pb.Bytes(), gb.Bytes(), nil
}

func drawXiangqi(r *render.Renderer, eg engine.Game, h render.Header, flip bool, opt render.Options, replay bool) ([]byte, []byte, error) {
	g, ok := eg.(*xiangqi.Game)
	if !ok {
		return nil, nil, fmt.Errorf("drawing Xiangqi: the game is %T", eg)
	}
	var pb, gb bytes.Buffer
	if err := r.Xiangqi(&pb, render.XiangqiFromGame(g, h, flip), opt); err != nil {
		return nil, nil, err
	}
	if !replay {
		return pb.Bytes(), nil, nil
	}
	pos, err := render.XiangqiPositions(g, h, flip)
	if err != nil {
		return nil, nil, err
	}
	if err := r.XiangqiReplay(&gb, pos, render.ReplayOptions{Options: opt}); err != nil {
		return nil, nil, err
	}
	return pb.Bytes(), gb.Bytes(), nil
}

// xiangqiLastMove writes the last move in the three notations:
// "h3e3 · 炮二平五 · C2.5".
func xiangqiLastMove(loc locale, eg engine.Game) string {
	g, ok := eg.(*xiangqi.Game)
	if !ok {
		return ""
	}
	m, before, ok := g.LastMove()
	if !ok {
		return ""
	}
	return describeXiangqi(loc, &before, m)
}

// gomokuColumns lists the columns with a legal point.
func gomokuColumns(g *gomoku.Game) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for col := range g.Size() {
		letter := string(rune('a' + col))
		if len(gomokuRows(g, letter)) > 0 {
			opts = append(opts, discordgo.SelectMenuOption{Label: strings.ToUpper(letter), Value: letter})
		}
	}
	return opts
}

// gomokuRows lists the legal points of a column, top row first.
func gomokuRows(g *gomoku.Game, column string) []discordgo.SelectMenuOption {
	if len(column) != 1 || column[0] < 'a' || int(column[0]-'a') >= g.Size() {
		return nil
	}
	col := int(column[0] - 'a')
	board := g.Board()
	var forbidden []gomoku.Point
	if g.Turn() == engine.First {
		for _, f := range g.ForbiddenPoints() {
			forbidden = append(forbidden, f.Point)
		}
	}
	var opts []discordgo.SelectMenuOption
	for r := g.Size() - 1; r >= 0; r-- {
		p := gomoku.PointAt(col, r)
		if board.At(p) != gomoku.Empty || slices.Contains(forbidden, p) {
			continue
		}
		n := strconv.Itoa(r + 1)
		opts = append(opts, discordgo.SelectMenuOption{Label: strings.ToUpper(column) + n, Value: n})
	}
	return opts
}

// fromSquare splits a coordinate move "h10g8" into its squares.
func fromSquare(move string) (from, to string) {
	for i := 1; i < len(move); i++ {
		if move[i] >= 'a' && move[i] <= 'i' {
			return move[:i], move[i:]
		}
	}
	return move, ""
}

// xiangqiPieces lists the pieces that have a legal move.
func xiangqiPieces(loc locale, g *xiangqi.Game) []discordgo.SelectMenuOption {
	pos := g.Position()
	var opts []discordgo.SelectMenuOption
	seen := map[string]bool{}
	for _, mv := range g.LegalMoves() {
		from, _ := fromSquare(mv)
		if seen[from] {
			continue
		}
		seen[from] = true
		label := from
		if sq, err := xiangqi.ParseSquare(from); err == nil {
			label = pieceLabel(loc, pos.At(sq)) + " " + from
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: from})
	}
	slices.SortFunc(opts, func(a, b discordgo.SelectMenuOption) int { return strings.Compare(a.Value, b.Value) })
	return opts
}

// Xiangqi notations of locale.notation: how a language's readers write
// moves in text, beside coordinates and WXF.
const (
	notationSimplified  = "zh-Hans" // 马八进七
	notationTraditional = "zh-Hant" // 傌八進七
	notationVietnamese  = "vi"      // M8.7
)

// describeXiangqi writes m, legal in pos, for a reader of loc: coordinates,
// the language's own notation, WXF ("h3e3 · 炮二平五 · C2.5").
func describeXiangqi(loc locale, pos *xiangqi.Position, m xiangqi.Move) string {
	switch loc.notation() {
	case notationVietnamese:
		return m.String() + " · " + pos.Vietnamese(m) + " · " + pos.WXF(m)
	case notationSimplified:
		return pos.DescribeIn(m, true)
	}
	return pos.DescribeIn(m, false)
}

// readXiangqi reads a move a Vietnamese reader typed in Vietnamese
// notation ("P2-5", whose P is a cannon where WXF's is a soldier) as
// coordinates; anything else goes to the rules as typed.
func readXiangqi(loc locale, eg engine.Game, typed string) string {
	g, ok := eg.(*xiangqi.Game)
	if !ok || loc.notation() != notationVietnamese {
		return typed
	}
	pos := g.Position()
	if m, err := pos.ParseVietnamese(typed); err == nil {
		return m.String()
	}
	return typed
}

// pieceLabel names pc for a reader of loc: readers whose language writes
// Xiangqi in Chinese characters (Chinese, Japanese, Korean) see the mover's
// own glyph in their script (傌 or 马 for red's horse), others its name.
func pieceLabel(loc locale, pc xiangqi.Piece) string {
	if n := loc.notation(); loc != en && (n == notationSimplified || n == notationTraditional) {
		return xiangqi.PieceName(pc, loc.simplified())
	}
	return loc.t("piece." + pc.Kind().String())
}

// xiangqiDestinations lists the legal moves of the piece on from, described
// in the three notations in the reader's script.
func xiangqiDestinations(loc locale, g *xiangqi.Game, from string) []discordgo.SelectMenuOption {
	pos := g.Position()
	var opts []discordgo.SelectMenuOption
	for _, mv := range g.LegalMoves() {
		if f, _ := fromSquare(mv); f != from {
			continue
		}
		label := mv
		if m, err := pos.ParseMove(mv); err == nil {
			label = describeXiangqi(loc, &pos, m)
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: mv})
	}
	return opts
}

// maxChoices is Discord's limit of autocomplete choices.
const maxChoices = 25

// suggestXiangqi suggests legal moves in the three notations, in the
// reader's script ("h3e3 · 炮二平五 · C2.5"), that contain what was typed
// in any spelling: either script, either side's glyphs, Arabic, full-width
// or Chinese numerals.
func suggestXiangqi(loc locale, eg engine.Game, typed string) []*discordgo.ApplicationCommandOptionChoice {
	g, ok := eg.(*xiangqi.Game)
	if !ok {
		return nil
	}
	q := xiangqi.NewQuery(typed)
	vietnamese := loc.notation() == notationVietnamese
	lower := strings.ToLower(strings.TrimSpace(typed))
	var out []*discordgo.ApplicationCommandOptionChoice
	pos := g.Position()
	for _, mv := range g.LegalMoves() {
		if len(out) == maxChoices {
			break
		}
		m, err := pos.ParseMove(mv)
		if err != nil {
			continue // a legal move always parses
		}
		if q.Empty() || pos.Match(m, q) || vietnamese && strings.Contains(strings.ToLower(pos.Vietnamese(m)), lower) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: describeXiangqi(loc, &pos, m), Value: mv})
		}
	}
	return out
}

// suggestGomoku suggests points near the play starting with what was
// typed and, when the typed text is itself an empty point, that point.
func suggestGomoku(_ locale, eg engine.Game, typed string) []*discordgo.ApplicationCommandOptionChoice {
	g, ok := eg.(*gomoku.Game)
	if !ok {
		return nil
	}
	typed = gomoku.FoldPoint(typed) // full-width ｈ８ as h8
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(mv string) {
		if len(out) < maxChoices {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: mv, Value: mv})
		}
	}
	seen := map[string]bool{}
	if p, err := gomoku.ParsePoint(typed, g.Size()); err == nil {
		if b := g.Board(); b.At(p) == gomoku.Empty && !g.Outcome().Over() {
			seen[p.String()] = true
			add(p.String())
		}
	}
	for _, mv := range g.LegalMoves() {
		if !seen[mv] && strings.HasPrefix(mv, typed) {
			add(mv)
		}
	}
	return out
}
