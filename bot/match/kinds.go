package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// Setup is what a new game is played with: the kind of game, its rule set
// and its board size. Empty Rules and zero Size mean the kind's defaults.
type Setup struct {
	Kind  store.Kind
	Rules string
	Size  int
	// Time is the time control (the default correspondence timeout when
	// zero).
	Time TimeControl
	// Record, when not "", is the game to continue: an imported position
	// or move list as engine.Game.MarshalText writes it (see ReadRecord),
	// whose rules and size are the setup's. Its moves are the new game's
	// start (store.Game.Start).
	Record string
}

// kindSpec is how the lifecycle builds, restores and plays one kind of
// game.
type kindSpec struct {
	rules   []string // accepted rule sets, the default first
	sizes   []int    // accepted board sizes, the default first
	newGame func(rules string, size int) (engine.Game, error)
	restore func(text []byte) (engine.Game, error)
	// record reads what a player pasted to import (see ReadRecord).
	record func(text, rules string, size int) (engine.Game, error)
	// owns reports whether g is a game of this kind.
	owns func(g engine.Game) bool
	// newAI makes the kind's engine for Engines, which reuses it.
	newAI func() searcher
}

// aiOptions are the settings of one search by Engines.
type aiOptions struct {
	level  int
	seed   int64
	ttSize int
	// maxNodes, when not zero, caps the search at that many nodes with no
	// time budget but the context's: a reproducible search.
	maxNodes uint64
}

// kinds is the game-kind registry: the one place that knows which engine
// plays which kind. It is a read-only table.
var kinds = map[store.Kind]kindSpec{
	store.Gomoku: {
		rules: []string{"freestyle", "standard", "renju"},
		sizes: []int{gomoku.Small, gomoku.Large},
		newGame: func(rules string, size int) (engine.Game, error) {
			r, err := gomoku.ParseRule(rules)
			if err != nil {
				return nil, err
			}
			return gomoku.NewGame(size, r)
		},
		restore: func(text []byte) (engine.Game, error) {
			g := new(gomoku.Game)
			if err := g.UnmarshalText(text); err != nil {
				return nil, err
			}
			return g, nil
		},
		record: func(text, rules string, size int) (engine.Game, error) {
			r, err := gomoku.ParseRule(rules)
			if err != nil {
				return nil, err
			}
			return gomoku.ParseRecord(text, size, r)
		},
		owns:  func(g engine.Game) bool { _, ok := g.(*gomoku.Game); return ok },
		newAI: func() searcher { return new(gomokuAI) },
	},
	store.Xiangqi: {
		rules: []string{"asian"}, // the AXF/WXF rules package xiangqi plays
		sizes: []int{xiangqi.Files},
		newGame: func(string, int) (engine.Game, error) {
			return xiangqi.NewGame(), nil
		},
		restore: func(text []byte) (engine.Game, error) {
			g := new(xiangqi.Game)
			if err := g.UnmarshalText(text); err != nil {
				return nil, err
			}
			return g, nil
		},
		record: func(text, _ string, _ int) (engine.Game, error) { return xiangqi.ParseRecord(text) },
		owns:   func(g engine.Game) bool { _, ok := g.(*xiangqi.Game); return ok },
		newAI:  func() searcher { return new(xiangqiAI) },
	},
}

// specOf returns the spec of g's kind.
func specOf(g engine.Game) (store.Kind, kindSpec, bool) {
	for k, spec := range kinds {
		if spec.owns(g) {
			return k, spec, true
		}
	}
	return "", kindSpec{}, false
}

// normalize fills in the kind's defaults and checks the setup against it.
func (s Setup) normalize() (Setup, error) {
	k, ok := kinds[s.Kind]
	if !ok {
		return s, engine.E(engine.UnknownKind, clip(string(s.Kind)), KindNames())
	}
	if s.Rules == "" {
		s.Rules = k.rules[0]
	}
	s.Rules = strings.ToLower(s.Rules)
	if !slices.Contains(k.rules, s.Rules) {
		return s, engine.E(engine.UnknownRules, string(s.Kind), clip(s.Rules), strings.Join(k.rules, ", "))
	}
	if s.Size == 0 {
		s.Size = k.sizes[0]
	}
	if !slices.Contains(k.sizes, s.Size) {
		sizes := make([]string, len(k.sizes))
		for i, n := range k.sizes {
			sizes[i] = strconv.Itoa(n)
		}
		return s, engine.E(engine.SizeNotPlayed, string(s.Kind), s.Size, strings.Join(sizes, ", "))
	}
	return s, nil
}

// NewGame returns a new game of the given setup, with the kind's defaults
// for an empty rule set or a zero size. A setup the lifecycle does not
// offer is an *engine.Error (UnknownKind, UnknownRules, SizeNotPlayed).
func NewGame(s Setup) (engine.Game, error) {
	s, err := s.normalize()
	if err != nil {
		return nil, err
	}
	g, err := kinds[s.Kind].newGame(s.Rules, s.Size)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", s.Kind, err)
	}
	return g, nil
}

// Restore rebuilds a game of the given kind from its stored text
// (engine.Game.MarshalText).
func Restore(kind store.Kind, text string) (engine.Game, error) {
	k, ok := kinds[kind]
	if !ok {
		return nil, fmt.Errorf("restore game: unknown kind %q", kind)
	}
	g, err := k.restore([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("restore %s game: %w", kind, err)
	}
	return g, nil
}

// KindNames names the kinds on offer, for refusals: "gomoku, xiangqi".
func KindNames() string {
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, string(k))
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// clip shortens what a user typed so a long input cannot flood an error
// message.
func clip(s string) string {
	const max = 24
	if r := []rune(s); len(r) > max {
		s = string(r[:max]) + "…"
	}
	return s
}

// quoteName quotes a user-typed name, clipped so a long input cannot flood
// an error message.
func quoteName(s string) string { return strconv.Quote(clip(s)) }
