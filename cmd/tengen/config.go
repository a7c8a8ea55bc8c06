package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"gopkg.in/yaml.v3"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// defaultConfigPath is read when -config is not given; it may be absent.
const defaultConfigPath = "config.yaml"

// Config is the bot's configuration (config.yaml; every option is
// documented in config.example.yaml). The token is not part of it: it comes
// from the DISCORD_TOKEN environment variable.
type Config struct {
	// Database is the SQLite file, created and migrated on start.
	Database string `yaml:"database"`
	// DevGuild registers the commands in this guild only (instantly)
	// instead of globally.
	DevGuild string `yaml:"dev_guild"`
	Discord  struct {
		// RESTURL sends REST traffic to a proxy instead of discord.com
		// (TENGEN_DISCORD_REST_URL overrides it).
		RESTURL string `yaml:"rest_url"`
		// DeferAfter is when an interaction still unanswered is deferred
		// (Discord wants an answer within 3 s).
		DeferAfter Duration `yaml:"defer_after"`
		// Register makes "tengen run" register the slash commands on
		// start; with several processes, turn it off and run "tengen
		// register" once per release instead.
		Register bool `yaml:"register"`
		// Shards is the gateway's total number of shards: "auto" (the
		// count Discord recommends) or a number (see shards.go).
		Shards string `yaml:"shards"`
		// ShardIDs is the range of shards this process runs, such as
		// "0-3" ("" runs them all).
		ShardIDs string `yaml:"shard_ids"`
	} `yaml:"discord"`
	Interactions struct {
		// Listen serves Discord's interactions endpoint (path
		// /interactions) at this address, and then the bot opens no
		// gateway: Discord delivers interactions one way or the other.
		Listen string `yaml:"listen"`
		// PublicKey is the application's public key (Developer Portal,
		// General Information), 64 hex digits: the endpoint accepts only
		// requests signed with its private half.
		PublicKey string `yaml:"public_key"`
	} `yaml:"interactions"`
	Log struct {
		Level  string `yaml:"level"`  // debug, info, warn, error
		Format string `yaml:"format"` // text or json
	} `yaml:"log"`
	Games struct {
		ChallengeTTL      Duration `yaml:"challenge_ttl"`
		RequestTTL        Duration `yaml:"request_ttl"`
		MoveTimeout       Duration `yaml:"move_timeout"`
		RemindBefore      Duration `yaml:"remind_before"`
		AIAbandonAfter    Duration `yaml:"ai_abandon_after"`
		MaxOpenChallenges int      `yaml:"max_open_challenges"`
		AIUndoLimit       int      `yaml:"ai_undo_limit"`
		AIHints           int      `yaml:"ai_hints"`
		PuzzleStock       int      `yaml:"puzzle_stock"`
		AIWorkers         int      `yaml:"ai_workers"`
		// AI says who computes the AI's turns: "here" (this process) or
		// "workers" (tengen ai-worker processes sharing a PostgreSQL
		// database).
		AI           string   `yaml:"ai"`
		AIMemoryMB   int      `yaml:"ai_memory_mb"`
		MaxAIGames   int      `yaml:"max_ai_games"`
		RateLimits   string   `yaml:"rate_limits"`
		Rated        *bool    `yaml:"rated"`
		TickInterval Duration `yaml:"tick_interval"`
	} `yaml:"games"`
	Metrics struct {
		// Address serves /metrics (Prometheus), /healthz and /readyz
		// there ("" serves nothing).
		Address string `yaml:"address"`
	} `yaml:"metrics"`
	Board struct {
		Theme            string  `yaml:"theme"`
		Scale            float64 `yaml:"scale"`
		FixedXiangqiView bool    `yaml:"fixed_xiangqi_view"`
		Locale           string  `yaml:"locale"`
	} `yaml:"board"`
}

// Duration is a time.Duration written as Go writes it ("10m", "24h").
type Duration time.Duration

// UnmarshalYAML reads a duration such as "90s".
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return fmt.Errorf("line %d: want a duration such as 10m or 24h", n.Line)
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return fmt.Errorf("line %d: %q is not a duration such as 10m or 24h", n.Line, s)
	}
	*d = Duration(v)
	return nil
}

// defaultConfig is the configuration with every default filled in.
func defaultConfig() Config {
	var c Config
	c.Database = "tengen.db"
	c.Log.Level, c.Log.Format = "info", "text"
	c.Games.TickInterval = Duration(5 * time.Second)
	c.Discord.DeferAfter = Duration(time.Second)
	c.Discord.Register = true
	c.Discord.Shards = shardsAuto
	c.Board.Scale = 1
	c.Board.Locale = string(discordgo.EnglishUS)
	c.Games.ChallengeTTL = Duration(match.DefaultChallengeTTL)
	c.Games.RequestTTL = Duration(match.DefaultRequestTTL)
	c.Games.MoveTimeout = Duration(match.DefaultMoveTimeout)
	c.Games.RemindBefore = Duration(match.DefaultRemindBefore)
	c.Games.AIAbandonAfter = Duration(match.DefaultAIAbandonAfter)
	c.Games.MaxOpenChallenges = match.DefaultMaxOpenChallenges
	c.Games.AIUndoLimit = match.DefaultAIUndoLimit
	c.Games.AIHints = match.DefaultHintLimit
	c.Games.PuzzleStock = match.DefaultPuzzleStock
	c.Games.AIMemoryMB = defaultAIMemoryMB
	c.Games.MaxAIGames = match.DefaultMaxAIGames
	c.Games.RateLimits = match.LimitsNormal
	c.Games.AI = aiHere
	return c
}

// defaultAIMemoryMB is the transposition table of each AI search, in MiB.
const defaultAIMemoryMB = 16

// Who computes the AI's turns (games.ai).
const (
	aiHere    = "here"
	aiWorkers = "workers"
)

// lifecycle is the game lifecycle's share of the configuration. In the
// file every number means what it says: 0 undos is none and a reminder
// 0 before the deadline is no reminder, where the lifecycle's own zero
// values mean its defaults.
func (c *Config) lifecycle() match.Config {
	g := c.Games
	mc := match.Config{
		Workers:           g.AIWorkers,
		AIElsewhere:       g.AI == aiWorkers,
		ChallengeTTL:      time.Duration(g.ChallengeTTL),
		RequestTTL:        time.Duration(g.RequestTTL),
		MaxOpenChallenges: g.MaxOpenChallenges,
		AIUndoLimit:       g.AIUndoLimit,
		HintLimit:         g.AIHints,
		PuzzleStock:       g.PuzzleStock,
		MoveTimeout:       time.Duration(g.MoveTimeout),
		RemindBefore:      time.Duration(g.RemindBefore),
		AIAbandonAfter:    time.Duration(g.AIAbandonAfter),
	}
	if mc.AIUndoLimit == 0 {
		mc.AIUndoLimit = -1
	}
	if mc.HintLimit == 0 {
		mc.HintLimit = -1
	}
	if mc.PuzzleStock == 0 {
		mc.PuzzleStock = -1
	}
	if mc.RemindBefore == 0 {
		mc.RemindBefore = -1
	}
	mc.MaxAIGames = g.MaxAIGames
	if mc.MaxAIGames == 0 {
		mc.MaxAIGames = -1
	}
	mc.Limits, mc.NoLimits = match.PresetLimits(g.RateLimits)
	return mc
}

// loadConfig reads the configuration at path over the defaults. A missing
// file is fine only when it is the default path (the bot runs with a token
// alone); unknown keys are refused, so a typo cannot silently do nothing.
func loadConfig(path string, explicit bool) (Config, error) {
	c := defaultConfig()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && !explicit {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return c, fmt.Errorf("config %s: %s", path, oneLine(err))
	}
	if err := c.check(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// check validates the values the YAML types do not.
func (c *Config) check() error {
	switch {
	case c.Database == "":
		return errors.New("database: must name a file, e.g. tengen.db, or a PostgreSQL URL, e.g. postgres://tengen@db.example/tengen")
	case !slices.Contains([]string{"debug", "info", "warn", "error"}, c.Log.Level):
		return fmt.Errorf("log.level: %q is not one of debug, info, warn, error", c.Log.Level)
	case c.Log.Format != "text" && c.Log.Format != "json":
		return fmt.Errorf("log.format: %q is not text or json", c.Log.Format)
	case c.Board.Theme != "" && !slices.Contains(render.ThemeNames(), c.Board.Theme):
		return fmt.Errorf("board.theme: %q is not one of %s", c.Board.Theme, strings.Join(render.ThemeNames(), ", "))
	case !(c.Board.Scale >= 0.25 && c.Board.Scale <= 4): // NaN fails both
		return fmt.Errorf("board.scale: %g is outside 0.25 to 4", c.Board.Scale)
	case c.Discord.DeferAfter == 0:
		return errors.New("discord.defer_after: 0 would defer every answer at once, even a quick one: give a time such as 1s")
	case c.Discord.DeferAfter > Duration(2500*time.Millisecond):
		return fmt.Errorf("discord.defer_after: %v leaves too little of Discord's 3 seconds (at most 2.5s)", time.Duration(c.Discord.DeferAfter))
	case c.Interactions.Listen != "" && c.Interactions.PublicKey == "":
		return errors.New("interactions.public_key: required with interactions.listen: copy the application's Public Key from the Developer Portal (General Information)")
	case c.Interactions.PublicKey != "" && !isPublicKey(c.Interactions.PublicKey):
		return fmt.Errorf("interactions.public_key: %q is not 64 hex digits: copy the application's Public Key from the Developer Portal (General Information)", c.Interactions.PublicKey)
	case c.Games.TickInterval < Duration(100*time.Millisecond):
		return fmt.Errorf("games.tick_interval: %v is too short (at least 100ms)", time.Duration(c.Games.TickInterval))
	case c.Games.ChallengeTTL == 0:
		return errors.New("games.challenge_ttl: 0 would expire every challenge at once: give a time such as 10m")
	case c.Games.RequestTTL == 0:
		return errors.New("games.request_ttl: 0 would expire every undo or draw request at once: give a time such as 10m")
	case c.Games.MoveTimeout == 0:
		return errors.New("games.move_timeout: 0 would lose every game on time: give a time such as 24h")
	case c.Games.AIAbandonAfter == 0:
		return errors.New("games.ai_abandon_after: 0 would abandon every game against the AI at once: give a time such as 24h")
	case c.Games.RemindBefore >= c.Games.MoveTimeout:
		return fmt.Errorf("games.remind_before: %v is not shorter than games.move_timeout (%v): shorten it, or set 0 for no reminders",
			time.Duration(c.Games.RemindBefore), time.Duration(c.Games.MoveTimeout))
	case c.Games.MaxOpenChallenges < 1:
		return fmt.Errorf("games.max_open_challenges: %d would refuse every challenge: give at least 1", c.Games.MaxOpenChallenges)
	case c.Games.AIUndoLimit < 0:
		return fmt.Errorf("games.ai_undo_limit: %d is negative: give 0 for no undos, or more", c.Games.AIUndoLimit)
	case c.Games.AIHints < 0:
		return fmt.Errorf("games.ai_hints: %d is negative: give 0 for no hints, or more", c.Games.AIHints)
	case c.Games.PuzzleStock < 0:
		return fmt.Errorf("games.puzzle_stock: %d is negative: give 0 for no self-play, or more", c.Games.PuzzleStock)
	case c.Games.AIWorkers < 0:
		return fmt.Errorf("games.ai_workers: %d is negative: give 0 for one per CPU, or more", c.Games.AIWorkers)
	case c.Games.MaxAIGames < 0:
		return fmt.Errorf("games.max_ai_games: %d is negative: give 0 for no cap, or more", c.Games.MaxAIGames)
	case !slices.Contains(match.LimitsPresets(), c.Games.RateLimits):
		return fmt.Errorf("games.rate_limits: %q is not one of %s", c.Games.RateLimits, strings.Join(match.LimitsPresets(), ", "))
	case c.Games.AIMemoryMB < 1 || c.Games.AIMemoryMB > 1024:
		return fmt.Errorf("games.ai_memory_mb: %d is outside 1 to 1024", c.Games.AIMemoryMB)
	case c.Games.AI != aiHere && c.Games.AI != aiWorkers:
		return fmt.Errorf("games.ai: %q is neither %s nor %s", c.Games.AI, aiHere, aiWorkers)
	case c.Games.AI == aiWorkers && !store.IsPostgres(c.Database):
		return fmt.Errorf("games.ai: %s needs a PostgreSQL database that the workers share (database: postgres://...)", aiWorkers)
	}
	if _, ok := discordgo.Locales[discordgo.Locale(c.Board.Locale)]; !ok {
		return fmt.Errorf("board.locale: %q is not a Discord locale such as en-US, zh-CN or zh-TW", c.Board.Locale)
	}
	if _, _, err := c.shards(); err != nil {
		return err
	}
	return nil
}

// isPublicKey reports whether s is an Ed25519 public key in hex.
func isPublicKey(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == ed25519.PublicKeySize
}

// oneLine writes a YAML error on one line: "line 1: field databse not found
// in type main.Config; line 3: ...".
func oneLine(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		lines := make([]string, len(te.Errors))
		for i, e := range te.Errors {
			if j := strings.Index(e, " not found in type "); j >= 0 {
				e = strings.Replace(e[:j], "field ", "unknown option ", 1) + " (see config.example.yaml)"
			}
			lines[i] = e
		}
		return strings.Join(lines, "; ")
	}
	return strings.TrimPrefix(err.Error(), "yaml: ")
}
