package gomoku

import (
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Rule is the set of rules a game is played by. The zero value is Freestyle.
type Rule uint8

// The rules Tengen knows.
const (
	// Freestyle: five or more in a row wins, for both sides.
	Freestyle Rule = iota
	// Standard: exactly five in a row wins, for both sides; an overline
	// (six or more) may be played but does not win.
	Standard
	// Renju: black wins with exactly five and may not play an overline, a
	// double four or a double three (its forbidden points); white wins with
	// five or more and has no restriction.
	Renju
)

var ruleNames = [...]string{Freestyle: "freestyle", Standard: "standard", Renju: "renju"}

// String returns the rule's name as ParseRule reads it, e.g. "renju".
func (r Rule) String() string {
	if r.Valid() {
		return ruleNames[r]
	}
	return "rule(" + strconv.Itoa(int(r)) + ")"
}

// Valid reports whether r is one of Freestyle, Standard and Renju.
func (r Rule) Valid() bool { return int(r) < len(ruleNames) }

// ParseRule reads a rule name ("freestyle", "standard" or "renju", any case,
// spaces around ignored). Anything else is an engine.NotARule error.
func ParseRule(text string) (Rule, error) {
	name := strings.ToLower(strings.TrimSpace(text))
	for r, n := range ruleNames {
		if n == name {
			return Rule(r), nil
		}
	}
	return 0, engine.E(engine.NotARule, shown(text))
}
