package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// timeOption is the time option of the challenge and AI commands. It takes
// text, suggested by autocomplete (timeChoices): Discord lets an option
// have either fixed choices or autocomplete, and autocomplete still lets a
// player send a value of their own ("15+10"), which match.ParseTimeControl
// checks and refuses, translated, when it makes no sense.
func timeOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, optTime,
		"Clock: 3+2, 10+5, 30+20 or minutes+seconds of your own; or days per move: 1d, 3d, 7d (default 1d)", false)
	o.Autocomplete = true
	o.MaxLength = 20
	return o
}

// timePresets are the time controls the time option suggests, in order.
var timePresets = []match.TimeControl{match.Blitz, match.Rapid, match.Classical,
	match.Correspondence, {Days: 3}, {Days: 7}}

// timeChoices suggests time controls for what the player has typed: the
// presets that contain it, and what they typed itself when it is a valid
// control of their own.
func timeChoices(loc locale, typed string) []*discordgo.ApplicationCommandOptionChoice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []*discordgo.ApplicationCommandOptionChoice
	seen := map[string]bool{}
	add := func(tc match.TimeControl) {
		if s := tc.String(); !seen[s] && len(out) < maxChoices {
			seen[s] = true
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(timeText(loc, tc), 100), Value: s})
		}
	}
	if tc, err := match.ParseTimeControl(typed); err == nil && !tc.IsDefault() {
		add(tc)
	}
	for _, tc := range timePresets {
		if typed == "" || strings.Contains(tc.String(), typed) {
			add(tc)
		}
	}
	return out
}

// timeText describes a time control: "10+5: 10 minutes each, +5 seconds a
// move", "3 days per move". The default is one day per move.
func timeText(loc locale, tc match.TimeControl) string {
	switch {
	case tc.Live():
		return loc.t("time.live", tc.String(), int(tc.Base/time.Minute), int(tc.Increment/time.Second))
	case tc.Days > 1:
		return loc.t("time.days", tc.Days)
	}
	return loc.t("time.day")
}

// clockText writes a duration left on a clock: "2:05", "1:02:05", and
// tenths under ten seconds ("0:07.3").
func clockText(d time.Duration) string {
	d = max(d, 0)
	h, m, s := int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60
	switch {
	case h > 0:
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	case d < 10*time.Second:
		return fmt.Sprintf("%d:%02d.%d", m, s, int(d/(100*time.Millisecond))%10)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// clockField is the board's field about time, or nil for none: with a live
// clock both players' time (the side to move's as its turn began) and a
// live countdown to the flag of the side to move (Discord's relative
// timestamp, which each reader's client counts down; before its first move,
// to when that is due), the final times once
// the game is over; with correspondence between people the time per move
// and when the current move is due. Only stored values are read, so the
// board stays a function of the game.
func clockField(loc locale, g *store.Game, eg engine.Game) *discordgo.MessageEmbedField {
	tc, turn := match.TimeControlOf(g), eg.Turn()
	active := g.Status == store.Active
	if !tc.Live() {
		if !active || g.Deadline.IsZero() || g.Seats[0].IsAI() || g.Seats[1].IsAI() {
			return nil
		}
		return &discordgo.MessageEmbedField{Name: loc.t("board.time"),
			Value: timeText(loc, tc) + " · " + loc.t("board.due", relTime(g.Deadline))}
	}
	if !active && g.Status != store.Finished {
		return nil
	}
	gk := kindOf(g.Kind)
	lines := make([]string, 2)
	for s := engine.First; s <= engine.Second; s++ {
		line := fmt.Sprintf("%s %s **%s**", gk.emoji[s], colourName(loc, g.Kind, s), clockText(g.Clock[s]))
		switch {
		case g.Seats[s].IsAI():
			line = fmt.Sprintf("%s %s —", gk.emoji[s], colourName(loc, g.Kind, s))
		case active && s == turn && !g.Deadline.IsZero() && !match.ClockStarted(g, eg, s):
			line += " · " + loc.t("board.first_move", relTime(g.Deadline))
		case active && s == turn && !g.Deadline.IsZero():
			line += " · " + loc.t("board.flag", relTime(g.Deadline))
		}
		lines[s] = line
	}
	return &discordgo.MessageEmbedField{Name: loc.t("board.clock", tc.String()), Value: strings.Join(lines, "\n")}
}

// flagLine is the line under the call to move of a live game's board: when
// the flag of the person to move falls, counting down (or, before their
// first move, when that is due: match.FirstMoveWindow).
func flagLine(loc locale, g *store.Game, eg engine.Game) string {
	turn := eg.Turn()
	if g.Status != store.Active || !match.TimeControlOf(g).Live() || g.Seats[turn].IsAI() || g.Deadline.IsZero() {
		return ""
	}
	if !match.ClockStarted(g, eg, turn) {
		return "\n⏱ " + loc.t("board.first_move_line", relTime(g.Deadline))
	}
	return "\n⏱ " + loc.t("board.flag_line", relTime(g.Deadline))
}

// relTime is Discord's relative timestamp markup for t ("in 3 minutes",
// counting in the reader's client and language).
func relTime(t time.Time) string { return fmt.Sprintf("<t:%d:R>", t.Unix()) }

// timeNote is what a game list says of g's time control after its state:
// " · ⏱ 3+2", " · ⏱ 3 days per move", nothing for the default.
func timeNote(loc locale, g *store.Game) string {
	tc := match.TimeControlOf(g)
	switch {
	case tc.Live():
		return " · ⏱ " + tc.String()
	case tc.Days > 0:
		return " · ⏱ " + timeText(loc, tc)
	}
	return ""
}
