package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// Command and option names: the routing keys of slash commands.
const (
	cmdGomoku      = "gomoku"
	cmdXiangqi     = "xiangqi"
	cmdMove        = "move"
	cmdBoard       = "board"
	cmdResign      = "resign"
	cmdGames       = "games"
	cmdLeaderboard = "leaderboard"
	cmdStats       = "stats"
	cmdHelp        = "help"
	cmdLimits      = "limits"
	cmdReview      = "review"
	cmdSettings    = "settings"
	cmdExport      = "export"
	cmdImport      = "import"

	subChallenge = "challenge"
	subAI        = "ai"
	subServer    = "server"
	subMe        = "me"

	optOpponent = "opponent"
	optRule     = "rule"
	optSize     = "size"
	optFirst    = "first"
	optLevel    = "level"
	optColour   = "colour"
	optMove     = "move"
	optGame     = "game"
	optScope    = "scope"
	optPage     = "page"
	optUser     = "user"
	optPreset   = "preset"
	optUndos    = "undos"
	optTime     = "time"
	optHints    = "hints"

	optAllow       = "allow"
	optDisallow    = "disallow"
	optEverywhere  = "everywhere"
	optRated       = "rated"
	optLimits      = "limits"
	optTheme       = "theme"
	optPieces      = "pieces"
	optView        = "view"
	optImageSize   = "size"
	optCoordinates = "coordinates"
	optLanguage    = "language"
	optThreads     = "threads"
	optCrossServer = "cross_server"
	optText        = "text"
	optNext        = "next"
	optFile        = "file"
)

// cmd is a command offered everywhere Tengen can be: installed to a
// server or to a user's account (integration_types), in a server, in a DM
// with the bot and in a group DM or DM between users (contexts). Each
// handler refuses, clearly, what a place cannot have: challenges in a DM
// with the bot, for one (canSee).
func cmd(name string, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: name, Description: desc, Options: opts,
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{
			discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall},
		Contexts: &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild,
			discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}}
}

// limitsCommand is /limits: anyone sees, and members who may manage the
// server choose, how strictly challenges, requests and pings are
// rate-limited there, and how many undos each player may have in a game
// between people (the server's other setting a member would look for
// beside them); it exists only in servers that installed Tengen
// (the limits are the server's). The permission is checked
// by the handler from the member's permissions in the interaction, not with
// default_member_permissions: discordgo writes that as a string, as
// Discord's reference does, where Discord's OpenAPI spec wants an integer.
func limitsCommand() *discordgo.ApplicationCommand {
	c := cmd(cmdLimits, "See or set how often members may challenge, ask and ping here",
		withChoices(opt(discordgo.ApplicationCommandOptionString, optPreset, "off, relaxed, normal (the default) or strict", false),
			choice("off", match.LimitsOff), choice("relaxed", match.LimitsRelaxed),
			choice("normal", match.LimitsNormal), choice("strict", match.LimitsStrict)),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optUndos, "Undos each player may have per game between people (default unlimited)", false),
			choice("none", match.UndosNone), choice("1 each", match.UndosOne),
			choice("3 each", match.UndosThree), choice("unlimited", match.UndosUnlimited)))
	c.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	c.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	return c
}

// settingsCommand is /settings: "server" shows the server's settings to
// anyone and lets its managers change them (checked by the handler, as for
// /limits); "me" is each player's own. It is offered everywhere for "me";
// "server" refuses where the server did not install Tengen.
func settingsCommand() *discordgo.ApplicationCommand {
	channel := func(name, desc string) *discordgo.ApplicationCommandOption {
		o := opt(discordgo.ApplicationCommandOptionChannel, name, desc, false)
		o.ChannelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText}
		return o
	}
	server := sub(subServer, "See this server's settings; managers change them",
		channel(optAllow, "Allow games in this channel (none chosen: games everywhere)"),
		channel(optDisallow, "No longer allow games in this channel"),
		opt(discordgo.ApplicationCommandOptionBoolean, optEverywhere, "Allow games in every channel again", false),
		opt(discordgo.ApplicationCommandOptionBoolean, optRated, "Whether challenges between people are rated", false),
		opt(discordgo.ApplicationCommandOptionBoolean, optThreads, "Give each new game a thread of its own", false),
		opt(discordgo.ApplicationCommandOptionBoolean, optCrossServer, "Whether /play may pair players here with players of other servers", false),
		serverTimeOption(),
		hintsOption(),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optLimits, "Rate limits: off, relaxed, normal (the default) or strict", false),
			choice("off", match.LimitsOff), choice("relaxed", match.LimitsRelaxed),
			choice("normal", match.LimitsNormal), choice("strict", match.LimitsStrict)),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optUndos, "Undos each player may have per game between people", false),
			choice("none", match.UndosNone), choice("1 each", match.UndosOne),
			choice("3 each", match.UndosThree), choice("unlimited", match.UndosUnlimited)))
	me := sub(subMe, "See or change how your boards look and your language",
		withChoices(opt(discordgo.ApplicationCommandOptionString, optTheme, "Board colours", false),
			choice("wood", "wood"), choice("dark", "dark")),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optPieces, "Xiangqi pieces", false),
			choice("traditional (帥傌俥)", "traditional"), choice("simplified (帅马车)", "simplified")),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optView, "How Xiangqi boards face you", false),
			choice("from my side", viewMine), choice("red at the bottom", viewRed)),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optImageSize, "Board image size", false),
			choice("small", "small"), choice("normal", "normal"), choice("large", "large")),
		opt(discordgo.ApplicationCommandOptionBoolean, optCoordinates, "Show coordinates around the board", false),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optLanguage, "The language Tengen writes to you in", false),
			choice("Discord's language", langDiscord), choice("English", "en-US"), choice("简体中文", "zh-CN"),
			choice("繁體中文", "zh-TW"), choice("Tiếng Việt", "vi"), choice("日本語", "ja"), choice("한국어", "ko")))
	return cmd(cmdSettings, "Settings: this server's, or your own", server, me)
}

// hintsOption is /settings server's hints: how many hints a person has in
// each new game against the AI.
func hintsOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optHints, "Hints a player has in each game against the AI (0 to 10)", false)
	lo, hi := 0.0, float64(match.MaxHintsSetting)
	o.MinValue, o.MaxValue = &lo, hi
	return o
}

// serverTimeOption is /settings server's time: the time control of games
// started without one.
func serverTimeOption() *discordgo.ApplicationCommandOption {
	o := timeOption()
	o.Description = "Time control of games started without one: 10+5, 3d…"
	return o
}

func opt(t discordgo.ApplicationCommandOptionType, name string, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: t, Name: name, Description: desc, Required: required}
}

func sub(name string, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionSubCommand, name, desc, false)
	o.Options = opts
	return o
}

func choice(name string, value any) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
}

func withChoices(o *discordgo.ApplicationCommandOption, c ...*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	o.Choices = c
	return o
}

func levelOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optLevel, "AI strength, 1 (gentle) to 10 (strongest); default 3", false)
	lo, hi := 1.0, float64(store.MaxAILevel)
	o.MinValue, o.MaxValue = &lo, hi
	return o
}

func gameOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optGame, "Which of your games (only needed when you play several here)", false)
	o.Autocomplete = true
	lo := 1.0 // Discord refuses smaller game numbers before they reach the bot
	o.MinValue = &lo
	return o
}

// reviewGameOption names a finished game to review (default: the user's
// last one).
func reviewGameOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optGame, "Which game (default: your last finished one)", false)
	lo := 1.0
	o.MinValue = &lo
	return o
}

func kindOption(required bool) *discordgo.ApplicationCommandOption {
	return withChoices(opt(discordgo.ApplicationCommandOptionString, optGame, "Gomoku or Xiangqi", required),
		choice("Gomoku", string(store.Gomoku)), choice("Xiangqi", string(store.Xiangqi)))
}

func gomokuSetupOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		withChoices(opt(discordgo.ApplicationCommandOptionString, optRule, "Rule set (default freestyle)", false),
			choice("freestyle: five or more wins", "freestyle"),
			choice("standard: exactly five wins", "standard"),
			choice("renju: black has forbidden moves", "renju")),
		withChoices(opt(discordgo.ApplicationCommandOptionInteger, optSize, "Board size (default 15×15)", false),
			choice("15×15", 15), choice("19×19", 19)),
	}
}

// Commands returns the slash commands the bot registers, in English, with
// the name and description of every command, option and choice in each
// language of the catalogue that has them (see commandKeys).
func Commands() []*discordgo.ApplicationCommand {
	cmds := commands()
	localise(cmds, loaded())
	return cmds
}

// commands are the slash commands in English: the names are the routing
// keys, the texts the catalogue's English.
func commands() []*discordgo.ApplicationCommand {
	opponent := func() *discordgo.ApplicationCommandOption {
		return opt(discordgo.ApplicationCommandOptionUser, optOpponent, "Who to play", true)
	}
	gomokuColour := withChoices(opt(discordgo.ApplicationCommandOptionString, optColour, "Your colour (default random; black moves first)", false),
		choice("black", "black"), choice("white", "white"), choice("random", "random"))
	xiangqiColour := func() *discordgo.ApplicationCommandOption {
		return withChoices(opt(discordgo.ApplicationCommandOptionString, optColour, "Your colour (default random; red moves first)", false),
			choice("red", "red"), choice("black", "black"), choice("random", "random"))
	}
	first := withChoices(opt(discordgo.ApplicationCommandOptionString, optFirst, "Who plays black and moves first (default random)", false),
		choice("me", "me"), choice("opponent", "opponent"), choice("random", "random"))

	moveOpt := opt(discordgo.ApplicationCommandOptionString, optMove, "Your move: h8 in Gomoku; h3e3, C2.5 or 炮二平五 in Xiangqi", true)
	moveOpt.Autocomplete = true
	page := opt(discordgo.ApplicationCommandOptionInteger, optPage, "Page (default 1)", false)
	one := 1.0
	page.MinValue = &one

	gomokuChallenge := append([]*discordgo.ApplicationCommandOption{opponent()}, gomokuSetupOptions()...)
	gomokuChallenge = append(gomokuChallenge, first, timeOption())
	gomokuAI := append([]*discordgo.ApplicationCommandOption{levelOption(), gomokuColour}, gomokuSetupOptions()...)
	gomokuAI = append(gomokuAI, timeOption())
	gomokuOpen := append(gomokuSetupOptions(), cloneOption(first))
	gomokuOpen = append(gomokuOpen, ratingOptions()...)
	gomokuOpen = append(gomokuOpen, timeOption())
	xiangqiOpen := append([]*discordgo.ApplicationCommandOption{xiangqiColour()}, ratingOptions()...)
	xiangqiOpen = append(xiangqiOpen, timeOption())

	return append([]*discordgo.ApplicationCommand{
		cmd(cmdGomoku, "Play Gomoku (five in a row)", sub(subChallenge, "Challenge someone to a game of Gomoku", gomokuChallenge...),
			sub(subAI, "Play Gomoku against the bot", gomokuAI...),
			sub(subOpen, "Offer a game of Gomoku that anyone here may accept", gomokuOpen...)),
		cmd(cmdXiangqi, "Play Xiangqi (Chinese chess)", sub(subChallenge, "Challenge someone to a game of Xiangqi", opponent(), xiangqiColour(), timeOption()),
			sub(subAI, "Play Xiangqi against the bot", levelOption(), xiangqiColour(), timeOption()),
			sub(subOpen, "Offer a game of Xiangqi that anyone here may accept", xiangqiOpen...)),
		cmd(cmdMove, "Play a move in your game in this channel", moveOpt, gameOption()),
		cmd(cmdBoard, "Show your game's board again", gameOption()),
		cmd(cmdResign, "Resign your game (in the first moves against the AI: abort it)", gameOption()),
		cmd(cmdGames, "List games in progress: yours, this server's or a player's", gamesOptions()...),
		cmd(cmdLeaderboard, "Show the rankings", kindOption(true),
			withChoices(opt(discordgo.ApplicationCommandOptionString, optScope, "This server or everyone (default server)", false),
				choice("server", "server"), choice("global", "global")),
			page),
		cmd(cmdStats, "Show a player's record and rating", opt(discordgo.ApplicationCommandOptionUser, optUser, "Whose (default you)", false),
			kindOption(false)),
		cmd(cmdHelp, "How to play with Tengen"),
		cmd(cmdReview, "Review a finished game with the engine: accuracy, turning points, better moves", reviewGameOption()),
		limitsCommand(),
		settingsCommand(),
		exportCommand(),
		importCommand(),
		puzzleCommand(),
	}, append(followCommands(), playCommand())...)
}

// Register replaces the application's commands with Commands(), globally or,
// when guildID is not "", in that guild only (they appear at once there,
// which suits development). The application is the bot user: known to an
// open session, asked of Discord (GET /users/@me) by one that only sends
// REST requests, as "tengen register" does.
func Register(s *discordgo.Session, guildID string) error {
	var appID string
	if s.State != nil && s.State.User != nil {
		appID = s.State.User.ID
	} else {
		me, err := s.User("@me")
		if err != nil {
			return fmt.Errorf("registering commands: who is the bot: %w", err)
		}
		appID = me.ID
	}
	if _, err := s.ApplicationCommandBulkOverwrite(appID, guildID, Commands()); err != nil {
		return fmt.Errorf("registering commands: %w", err)
	}
	return nil
}

// commandKey is the catalogue key of a command's, option's or choice's
// text: "command." and the path of names from the command ("command.gomoku
// .challenge.rule"), then ".name" or ".description", or ".choice." and the
// choice's value for a choice's name ("command.gomoku.ai.colour.choice
// .black"). A translator sees where each text is used.
func commandKey(path, what string) string { return "command." + path + "." + what }

// eachText calls fn for every text of cmds (the name and description of
// each command, option and subcommand, and the name of each choice) with
// its catalogue key (commandKey), its English, and the localisations it
// takes.
func eachText(cmds []*discordgo.ApplicationCommand, fn func(key, english string, localised *map[discordgo.Locale]string)) {
	var options func(path string, opts []*discordgo.ApplicationCommandOption)
	options = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			p := path + "." + o.Name
			fn(commandKey(p, "name"), o.Name, &o.NameLocalizations)
			fn(commandKey(p, "description"), o.Description, &o.DescriptionLocalizations)
			for _, c := range o.Choices {
				fn(commandKey(p, "choice."+fmt.Sprint(c.Value)), c.Name, &c.NameLocalizations)
			}
			options(p, o.Options)
		}
	}
	for _, c := range cmds {
		name, desc := map[discordgo.Locale]string{}, map[discordgo.Locale]string{}
		c.NameLocalizations, c.DescriptionLocalizations = &name, &desc
		fn(commandKey(c.Name, "name"), c.Name, c.NameLocalizations)
		fn(commandKey(c.Name, "description"), c.Description, c.DescriptionLocalizations)
		options(c.Name, c.Options)
	}
}

// localise fills the localisations of cmds from every language of ls but
// English (the definitions themselves).
func localise(cmds []*discordgo.ApplicationCommand, ls *languages) {
	eachText(cmds, func(key, _ string, localised *map[discordgo.Locale]string) {
		m := map[discordgo.Locale]string{}
		for l, lang := range ls.list {
			if f, ok := lang.Messages[key]; ok && locale(l) != en {
				m[lang.code] = f
			}
		}
		*localised = m
	})
}
