package match

import (
	"math/rand/v2"
	"runtime"
	"time"
)

// Clock tells the time. The lifecycle reads it for every deadline; tests
// use a manual clock and call Tick after moving it.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// Defaults of Config.
const (
	DefaultChallengeTTL      = 10 * time.Minute
	DefaultRequestTTL        = 10 * time.Minute
	DefaultMaxOpenChallenges = 5
	DefaultAIUndoLimit       = 3
	DefaultMoveTimeout       = 24 * time.Hour
	DefaultRemindBefore      = 2 * time.Hour
	DefaultAIAbandonAfter    = 24 * time.Hour
	DefaultDrawThreshold     = 50
	DefaultRetries           = 5
	DefaultMaxAIGames        = 3
	DefaultMaxAIQueued       = 200
)

// Config tunes a Manager. The zero value means every default.
type Config struct {
	// Clock is the time source (SystemClock when nil).
	Clock Clock
	// Notifier receives the events (none are sent when nil).
	Notifier Notifier
	// AI plays the AI's seats. Solo games are refused when it is nil,
	// unless AIElsewhere.
	AI AI
	// Reviews keeps the reviews of finished games, which Analyst makes
	// (Engines is one). Reviews are refused (AIUnavailable) when either is
	// nil.
	Reviews ReviewStore
	Analyst Analyst
	// Puzzles, when not nil, keeps the puzzles found in each game once it
	// is reviewed (FindPuzzles, as low-priority work of the AI pool) and
	// the tries at them (SolveMove); PuzzleConfig bounds their search and
	// the search that judges a move the solution does not have. Without
	// it there are no puzzles to solve (NoPuzzles).
	Puzzles      PuzzleStore
	PuzzleConfig PuzzleConfig
	// PuzzleStock is how many puzzles of each kind StockPuzzles keeps
	// found by self-play (DefaultPuzzleStock when 0; negative: none).
	PuzzleStock int
	// HintLimit is how many hints a person has in each game against the
	// AI where the server did not choose (HintsSetting; DefaultHintLimit
	// when 0; negative: none). Hints come from Analyst, within HintNodes
	// nodes (DefaultHintNodes when 0).
	HintLimit int
	HintNodes uint64
	// ReviewNodes is the node budget of each position of a review
	// (DefaultReviewNodes when 0).
	ReviewNodes uint64
	// AIElsewhere says that AI workers (tengen ai-worker) sharing the
	// database compute the AI's turns: this process queues none, and a
	// worker hears of the work through the store (see Manager.QueueAI).
	AIElsewhere bool
	// Workers is the number of AI turns computed at once
	// (runtime.NumCPU() when 0).
	Workers int
	// Budget is the thinking time the AI gets at a level
	// (DefaultBudget when nil).
	Budget func(level int) time.Duration
	// DrawThreshold: the AI accepts a draw offer when the absolute value
	// of its evaluation is at most this (DefaultDrawThreshold when 0).
	DrawThreshold int
	// ChallengeTTL is how long a challenge or rematch offer waits for an
	// answer (DefaultChallengeTTL when 0).
	ChallengeTTL time.Duration
	// RequestTTL is how long an undo or draw request waits for an answer
	// (DefaultRequestTTL when 0).
	RequestTTL time.Duration
	// MaxOpenChallenges is how many unanswered challenges (rematch offers
	// included) a user may have issued at once; challenges past their
	// expiry do not count (DefaultMaxOpenChallenges when 0).
	MaxOpenChallenges int
	// AIUndoLimit is how many undos a player gets in a game against the AI
	// (DefaultAIUndoLimit when 0; negative means none).
	AIUndoLimit int
	// MoveTimeout is the time a person has for each move in a game between
	// people; then they lose on time (DefaultMoveTimeout when 0).
	MoveTimeout time.Duration
	// RemindBefore is how long before the move deadline the player to move
	// is reminded (DefaultRemindBefore when 0; negative means never).
	RemindBefore time.Duration
	// AIAbandonAfter is how long a game against the AI may wait for the
	// player before it is abandoned, with no effect on records
	// (DefaultAIAbandonAfter when 0).
	AIAbandonAfter time.Duration
	// Retries is how many times an operation reloads the game when another
	// writer changed it first (DefaultRetries when 0).
	Retries int
	// Limits are the rate limits on challenges, requests and pings
	// (DefaultLimits for each zero field); a server's LimitsSetting
	// scales them or turns them off there.
	Limits Limits
	// NoLimits turns the rate limits off wherever a server has not chosen.
	NoLimits bool
	// MaxAIGames is how many games against the AI one user may have in
	// progress at once (DefaultMaxAIGames when 0; negative means no cap).
	MaxAIGames int
	// MaxAIQueued bounds the AI turns waiting for a worker; a move that
	// would queue one more is refused with engine.AIBusy
	// (DefaultMaxAIQueued when 0).
	MaxAIQueued int
	// AIWaited, when not nil, is told how long each AI turn waited for a
	// worker (for metrics).
	AIWaited func(time.Duration)
	// Coin decides random colours: it returns true or false with equal
	// chance (math/rand/v2 when nil). Tests fix it.
	Coin func() bool
	// MaxGames is how many games against people one user may have in
	// progress when they take an open challenge (DefaultMaxGames when 0;
	// negative means no cap).
	MaxGames int
	// QueueTTL is how long a player waits in the /play queue before their
	// entry lapses (DefaultQueueTTL when 0).
	QueueTTL time.Duration
}

// DefaultBudget is the AI's thinking time per level: 100 ms at level 1
// growing to 5 s at level 10.
func DefaultBudget(level int) time.Duration {
	budgets := [...]time.Duration{100, 200, 300, 500, 800, 1200, 1800, 2500, 3500, 5000}
	level = min(max(level, 1), len(budgets))
	return budgets[level-1] * time.Millisecond
}

func (c Config) withDefaults() Config {
	if c.Clock == nil {
		c.Clock = SystemClock{}
	}
	if c.Workers <= 0 {
		c.Workers = runtime.NumCPU()
	}
	if c.Budget == nil {
		c.Budget = DefaultBudget
	}
	if c.ReviewNodes == 0 {
		c.ReviewNodes = DefaultReviewNodes
	}
	if c.PuzzleStock == 0 {
		c.PuzzleStock = DefaultPuzzleStock
	}
	if c.HintLimit == 0 {
		c.HintLimit = DefaultHintLimit
	}
	if c.HintNodes == 0 {
		c.HintNodes = DefaultHintNodes
	}
	if c.DrawThreshold == 0 {
		c.DrawThreshold = DefaultDrawThreshold
	}
	if c.ChallengeTTL == 0 {
		c.ChallengeTTL = DefaultChallengeTTL
	}
	if c.RequestTTL == 0 {
		c.RequestTTL = DefaultRequestTTL
	}
	if c.MaxOpenChallenges == 0 {
		c.MaxOpenChallenges = DefaultMaxOpenChallenges
	}
	if c.AIUndoLimit == 0 {
		c.AIUndoLimit = DefaultAIUndoLimit
	}
	if c.MoveTimeout == 0 {
		c.MoveTimeout = DefaultMoveTimeout
	}
	if c.RemindBefore == 0 {
		c.RemindBefore = DefaultRemindBefore
	}
	if c.AIAbandonAfter == 0 {
		c.AIAbandonAfter = DefaultAIAbandonAfter
	}
	c.Limits = c.Limits.withDefaults()
	if c.MaxAIGames == 0 {
		c.MaxAIGames = DefaultMaxAIGames
	}
	if c.MaxAIQueued <= 0 {
		c.MaxAIQueued = DefaultMaxAIQueued
	}
	if c.Retries <= 0 {
		c.Retries = DefaultRetries
	}
	if c.Coin == nil {
		c.Coin = func() bool { return rand.N(2) == 0 }
	}
	return c
}
