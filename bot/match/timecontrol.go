package match

import (
	"strconv"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// TimeControl is how much time the players of a game have. It is either a
// Fischer clock (Live: Base for the whole game, plus Increment added after
// each move) or correspondence (Days to make each move). The zero value is
// the default: correspondence with Config.MoveTimeout per move (24 hours,
// like "1d", unless configured otherwise).
//
// Against the AI only the person's clock runs: the AI's thinking time is
// counted to nobody, and the person's turn starts when the AI's move is
// stored. A correspondence control against the AI is not a loss on time
// but how long the game may wait for the person before it is abandoned
// (Config.AIAbandonAfter by default).
type TimeControl struct {
	Base      time.Duration // a live clock's time per player for the game; 0 for correspondence
	Increment time.Duration // a live clock's time added after each move
	Days      int           // correspondence: days per move; 0 with no Base is the default
}

// Bounds of the time controls ParseTimeControl accepts.
const (
	MinBaseMinutes   = 1
	MaxBaseMinutes   = 180
	MaxIncrementSecs = 180
	MinDays          = 1
	MaxDays          = 14
)

// The preset time controls the commands offer as choices.
var (
	Blitz          = TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}
	Rapid          = TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}
	Classical      = TimeControl{Base: 30 * time.Minute, Increment: 20 * time.Second}
	Correspondence = TimeControl{Days: 1}
)

// Live reports whether tc is a Fischer clock.
func (tc TimeControl) Live() bool { return tc.Base > 0 }

// IsDefault reports whether tc is the zero (default) time control.
func (tc TimeControl) IsDefault() bool { return tc == TimeControl{} }

// String writes tc as ParseTimeControl reads it: "3+2" (minutes + seconds
// per move), "3d" (days per move), "" for the default.
func (tc TimeControl) String() string {
	switch {
	case tc.Live():
		return strconv.Itoa(int(tc.Base/time.Minute)) + "+" + strconv.Itoa(int(tc.Increment/time.Second))
	case tc.Days > 0:
		return strconv.Itoa(tc.Days) + "d"
	}
	return ""
}

// PerMove is the time a correspondence control gives each move: Days, or
// def for the default control. It is 0 for a live clock.
func (tc TimeControl) PerMove(def time.Duration) time.Duration {
	switch {
	case tc.Live():
		return 0
	case tc.Days > 0:
		return time.Duration(tc.Days) * 24 * time.Hour
	}
	return def
}

// ParseTimeControl reads a time control: "minutes+seconds" for a Fischer
// clock ("3+2", "15+10": MinBaseMinutes to MaxBaseMinutes minutes, 0 to
// MaxIncrementSecs seconds added per move) or "Nd" for N days per move
// (MinDays to MaxDays); "" is the default. Spaces and case do not matter.
// Anything else is refused with engine.BadTimeControl, which names the
// input and the bounds.
func ParseTimeControl(s string) (TimeControl, error) {
	in := strings.ToLower(strings.Join(strings.Fields(s), ""))
	if in == "" {
		return TimeControl{}, nil
	}
	bad := engine.E(engine.BadTimeControl, clip(s), MinBaseMinutes, MaxBaseMinutes, MaxIncrementSecs, MinDays, MaxDays)
	if days, ok := strings.CutSuffix(in, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || !digits(days) || n < MinDays || n > MaxDays {
			return TimeControl{}, bad
		}
		return TimeControl{Days: n}, nil
	}
	base, inc, ok := strings.Cut(in, "+")
	if !ok || !digits(base) || !digits(inc) {
		return TimeControl{}, bad
	}
	b, err1 := strconv.Atoi(base)
	i, err2 := strconv.Atoi(inc)
	if err1 != nil || err2 != nil || b < MinBaseMinutes || b > MaxBaseMinutes || i > MaxIncrementSecs {
		return TimeControl{}, bad
	}
	return TimeControl{Base: time.Duration(b) * time.Minute, Increment: time.Duration(i) * time.Second}, nil
}

// digits reports whether s is a non-empty run of at most 4 ASCII digits.
func digits(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
