package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Player is one seat as the header shows it.
type Player struct {
	// Name is the display name; empty shows the side's colour ("Black").
	Name string
	// AI marks the bot's own engine, shown as Words.AI ("Tengen AI · level
	// N").
	AI    bool
	Level int
	// Clock is the time the player has left as the board shows it
	// ("2:55"), written after the name; empty shows none.
	Clock string
}

// Header is the text around the board: who plays which colour and how the
// game stands. The side to move and the move number come from the position.
type Header struct {
	Players [2]Player // indexed by engine.Side: First (black / red), Second
	// Outcome, once over, replaces "whose turn" with the result.
	Outcome engine.Outcome
	// Words are the header's and footer's texts in the reader's language;
	// the zero value is English.
	Words Words
}

// label returns what the header shows for p, whose side is called colour;
// w has no blanks.
func (p Player) label(w *Words, colour string) string {
	switch {
	case p.AI:
		return fmt.Sprintf(w.AI, p.Level)
	case strings.TrimSpace(p.Name) == "":
		return colour
	}
	return strings.Join(strings.Fields(p.Name), " ")
}

// withClock is the header's label of p: label, then the time on its clock
// when it shows one ("Alice · 2:55").
func (p Player) withClock(w *Words, colour string) string {
	if c := strings.TrimSpace(p.Clock); c != "" {
		return p.label(w, colour) + " · " + c
	}
	return p.label(w, colour)
}

// status is the footer line, e.g. "Move 43 · Black to play" or
// "Alice wins by five in a row · 57 moves"; w has no blanks and colours
// are its names for the game's sides.
func (h *Header) status(w *Words, colours [2]string, turn engine.Side, moveNumber, moves int) string {
	o := h.Outcome
	if !o.Over() {
		return fmt.Sprintf(w.ToPlay, moveNumber, colours[turn&1])
	}
	var result string
	if o.Status == engine.Win {
		winner := o.Winner & 1
		result = fmt.Sprintf(w.Win, h.Players[winner].label(w, colours[winner]), colours[winner], w.reason(o.Reason))
	} else {
		result = fmt.Sprintf(w.Draw, w.reason(o.Reason))
	}
	format := w.Ended
	if moves == 1 {
		format = w.EndedOne
	}
	return fmt.Sprintf(format, capitalize(result), moves)
}

// capitalize upper-cases an ASCII letter that starts s (a player named
// "alice" wins as "Alice wins").
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// drawBandsText redraws the header (players, with a pill behind the side to
// move, or the winner) and the footer (status) of frame f. moveNumber is
// the move being played and moves the number played, as the game counts.
// Replays pass turnPill false: the footer already says whose turn it is,
// and a pill that changes sides every frame would double the GIF.
func (f *frame) drawBandsText(h *Header, turn engine.Side, moveNumber, moves int, turnPill bool) {
	a := f.a
	w := h.Words.filled()
	colours := w.sides(a.key.kind)
	highlight := int(turn & 1)
	switch {
	case h.Outcome.Status == engine.Win:
		highlight = int(h.Outcome.Winner & 1)
	case h.Outcome.Over() || !turnPill:
		highlight = -1
	}
	pad := int(math.Round(7 * a.scale))
	f.patch(image.Rect(0, 0, a.w, a.top), func(img *image.RGBA) {
		for side := 0; side < 2; side++ {
			pr := a.pill.Rect
			x := pad
			if side == 1 {
				x = a.w - pad - pr.Dx()
			}
			pr = pr.Add(image.Pt(x, pad))
			if side == highlight {
				draw.Draw(img, pr, a.pill, image.Point{}, draw.Over)
			}
			icon := a.icons[side]
			iw := icon.Rect.Dx()
			iy := pr.Min.Y + (pr.Dy()-icon.Rect.Dy())/2
			ix := pr.Min.X + (pr.Dy()-iw)/2
			if side == 1 {
				ix = pr.Max.X - (pr.Dy()+iw)/2
			}
			draw.Draw(img, image.Rect(ix, iy, ix+iw, iy+icon.Rect.Dy()), icon, image.Point{}, draw.Over)

			gap := int(math.Round(10 * a.scale))
			maxW := pr.Dx() - (pr.Dy()+iw)/2 - gap - pr.Dy()/2
			name := a.name.fit(h.Players[side].withClock(&w, colours[side]), maxW)
			c := a.th.BandText
			if side != highlight && highlight >= 0 {
				c = a.th.BandDim
			}
			base := pr.Min.Y + pr.Dy()/2 + capHeight(a.name)/2
			if side == 0 {
				a.name.draw(img, name, ix+iw+gap, base, c)
			} else {
				a.name.draw(img, name, ix-gap-a.name.width(name), base, c)
			}
		}
	})
	f.patch(image.Rect(0, a.h-a.bottom, a.w, a.h), func(img *image.RGBA) {
		s := a.status.fit(h.status(&w, colours, turn, moveNumber, moves), a.w-2*pad)
		w := a.status.width(s)
		base := a.h - a.bottom + a.bottom/2 + capHeight(a.status)/2
		a.status.draw(img, s, (a.w-w)/2, base, a.th.BandText)
	})
}

// capHeight is the height of a capital letter in t, for centring a line
// of text on its visual middle.
func capHeight(t *textFace) int {
	return -t.ink("H").Min.Y
}
