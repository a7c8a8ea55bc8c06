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

	subChallenge = "challenge"
	subAI        = "ai"

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
)

// l10n is a name or description in the two Chinese locales.
type l10n struct{ cn, tw string }

func (l l10n) m() *map[discordgo.Locale]string {
	return &map[discordgo.Locale]string{discordgo.ChineseCN: l.cn, discordgo.ChineseTW: l.tw}
}

// localised text of the command definitions: English is the definition itself.
var (
	nameGomoku      = l10n{"五子棋", "五子棋"}
	nameXiangqi     = l10n{"象棋", "象棋"}
	nameMove        = l10n{"走棋", "走棋"}
	nameBoard       = l10n{"棋盘", "棋盤"}
	nameResign      = l10n{"认输", "認輸"}
	nameGames       = l10n{"对局", "對局"}
	nameLeaderboard = l10n{"排行榜", "排行榜"}
	nameStats       = l10n{"战绩", "戰績"}
	nameHelp        = l10n{"帮助", "幫助"}
	nameLimits      = l10n{"频率限制", "頻率限制"}
	nameChallenge   = l10n{"挑战", "挑戰"}
	nameAI          = l10n{"人机", "人機"}
	nameOpponent    = l10n{"对手", "對手"}
	nameRule        = l10n{"规则", "規則"}
	nameSize        = l10n{"大小", "大小"}
	nameFirst       = l10n{"先手", "先手"}
	nameLevel       = l10n{"等级", "等級"}
	nameColour      = l10n{"颜色", "顏色"}
	nameGame        = l10n{"对局编号", "對局編號"}
	nameScope       = l10n{"范围", "範圍"}
	namePage        = l10n{"页", "頁"}
	nameUser        = l10n{"用户", "用戶"}
)

func cmd(name string, nl l10n, desc string, dl l10n, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name: name, NameLocalizations: nl.m(), Description: desc, DescriptionLocalizations: dl.m(),
		Options: opts,
	}
}

// limitsCommand is /limits: anyone sees, and members who may manage the
// server choose, how strictly challenges, requests and pings are
// rate-limited there; it exists only in servers. The permission is checked
// by the handler from the member's permissions in the interaction, not with
// default_member_permissions: discordgo writes that as a string, as
// Discord's reference does, where Discord's OpenAPI spec wants an integer.
func limitsCommand() *discordgo.ApplicationCommand {
	c := cmd(cmdLimits, nameLimits, "See or set how often members may challenge, ask and ping here",
		l10n{"查看或设置本服务器的挑战、请求与提及频率限制", "查看或設定本伺服器的挑戰、請求與提及頻率限制"},
		withChoices(opt(discordgo.ApplicationCommandOptionString, optPreset, l10n{"档位", "檔位"},
			"off, relaxed, normal (the default) or strict", l10n{"关闭、宽松、正常（默认）或严格", "關閉、寬鬆、正常（預設）或嚴格"}, false),
			choice("off", l10n{"关闭", "關閉"}, match.LimitsOff), choice("relaxed", l10n{"宽松", "寬鬆"}, match.LimitsRelaxed),
			choice("normal", l10n{"正常", "正常"}, match.LimitsNormal), choice("strict", l10n{"严格", "嚴格"}, match.LimitsStrict)))
	c.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return c
}

func opt(t discordgo.ApplicationCommandOptionType, name string, nl l10n, desc string, dl l10n, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: t, Name: name, NameLocalizations: *nl.m(), Description: desc, DescriptionLocalizations: *dl.m(),
		Required: required,
	}
}

func sub(name string, nl l10n, desc string, dl l10n, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionSubCommand, name, nl, desc, dl, false)
	o.Options = opts
	return o
}

func choice(name string, nl l10n, value any) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: name, NameLocalizations: *nl.m(), Value: value}
}

func withChoices(o *discordgo.ApplicationCommandOption, c ...*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	o.Choices = c
	return o
}

func levelOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optLevel, nameLevel,
		"AI strength, 1 (gentle) to 10 (strongest); default 3", l10n{"AI 强度，1（温和）到 10（最强）；默认 3", "AI 強度，1（溫和）到 10（最強）；預設 3"}, false)
	lo, hi := 1.0, float64(store.MaxAILevel)
	o.MinValue, o.MaxValue = &lo, hi
	return o
}

func gameOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionInteger, optGame, nameGame,
		"Which of your games (only needed when you play several here)", l10n{"你的哪一局（仅在此频道有多局时需要）", "你的哪一局（僅在此頻道有多局時需要）"}, false)
	o.Autocomplete = true
	lo := 1.0 // Discord refuses smaller game numbers before they reach the bot
	o.MinValue = &lo
	return o
}

func kindOption(required bool) *discordgo.ApplicationCommandOption {
	return withChoices(opt(discordgo.ApplicationCommandOptionString, optGame, l10n{"棋类", "棋類"},
		"Gomoku or Xiangqi", l10n{"五子棋或象棋", "五子棋或象棋"}, required),
		choice("Gomoku", nameGomoku, string(store.Gomoku)), choice("Xiangqi", nameXiangqi, string(store.Xiangqi)))
}

func gomokuSetupOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		withChoices(opt(discordgo.ApplicationCommandOptionString, optRule, nameRule,
			"Rule set (default freestyle)", l10n{"规则（默认自由）", "規則（預設自由）"}, false),
			choice("freestyle: five or more wins", l10n{"自由：五连或以上获胜", "自由：五連或以上獲勝"}, "freestyle"),
			choice("standard: exactly five wins", l10n{"标准：恰好五连获胜", "標準：恰好五連獲勝"}, "standard"),
			choice("renju: black has forbidden moves", l10n{"连珠：黑棋有禁手", "連珠：黑棋有禁手"}, "renju")),
		withChoices(opt(discordgo.ApplicationCommandOptionInteger, optSize, nameSize,
			"Board size (default 15×15)", l10n{"棋盘大小（默认 15×15）", "棋盤大小（預設 15×15）"}, false),
			choice("15×15", l10n{"15×15", "15×15"}, 15), choice("19×19", l10n{"19×19", "19×19"}, 19)),
	}
}

// Commands returns the slash commands the bot registers, with their Chinese
// localisations.
func Commands() []*discordgo.ApplicationCommand {
	opponent := func() *discordgo.ApplicationCommandOption {
		return opt(discordgo.ApplicationCommandOptionUser, optOpponent, nameOpponent,
			"Who to play", l10n{"和谁下", "和誰下"}, true)
	}
	gomokuColour := withChoices(opt(discordgo.ApplicationCommandOptionString, optColour, nameColour,
		"Your colour (default random; black moves first)", l10n{"你的颜色（默认随机；黑先）", "你的顏色（預設隨機；黑先）"}, false),
		choice("black", l10n{"黑", "黑"}, "black"), choice("white", l10n{"白", "白"}, "white"), choice("random", l10n{"随机", "隨機"}, "random"))
	xiangqiColour := func() *discordgo.ApplicationCommandOption {
		return withChoices(opt(discordgo.ApplicationCommandOptionString, optColour, nameColour,
			"Your colour (default random; red moves first)", l10n{"你的颜色（默认随机；红先）", "你的顏色（預設隨機；紅先）"}, false),
			choice("red", l10n{"红", "紅"}, "red"), choice("black", l10n{"黑", "黑"}, "black"), choice("random", l10n{"随机", "隨機"}, "random"))
	}
	first := withChoices(opt(discordgo.ApplicationCommandOptionString, optFirst, nameFirst,
		"Who plays black and moves first (default random)", l10n{"谁执黑先行（默认随机）", "誰執黑先行（預設隨機）"}, false),
		choice("me", l10n{"我", "我"}, "me"), choice("opponent", l10n{"对手", "對手"}, "opponent"), choice("random", l10n{"随机", "隨機"}, "random"))

	moveOpt := opt(discordgo.ApplicationCommandOptionString, optMove, nameMove,
		"Your move: h8 in Gomoku; h3e3, C2.5 or 炮二平五 in Xiangqi", l10n{"你的着法：五子棋如 h8；象棋如 h3e3、C2.5 或 炮二平五", "你的著法：五子棋如 h8；象棋如 h3e3、C2.5 或 炮二平五"}, true)
	moveOpt.Autocomplete = true
	page := opt(discordgo.ApplicationCommandOptionInteger, optPage, namePage, "Page (default 1)", l10n{"页码（默认 1）", "頁碼（預設 1）"}, false)
	one := 1.0
	page.MinValue = &one

	gomokuChallenge := append([]*discordgo.ApplicationCommandOption{opponent()}, gomokuSetupOptions()...)
	gomokuChallenge = append(gomokuChallenge, first)
	gomokuAI := append([]*discordgo.ApplicationCommandOption{levelOption(), gomokuColour}, gomokuSetupOptions()...)

	return []*discordgo.ApplicationCommand{
		cmd(cmdGomoku, nameGomoku, "Play Gomoku (five in a row)", l10n{"下五子棋", "下五子棋"},
			sub(subChallenge, nameChallenge, "Challenge someone to a game of Gomoku", l10n{"向某人发起五子棋挑战", "向某人發起五子棋挑戰"}, gomokuChallenge...),
			sub(subAI, nameAI, "Play Gomoku against the bot", l10n{"与机器人下五子棋", "與機器人下五子棋"}, gomokuAI...)),
		cmd(cmdXiangqi, nameXiangqi, "Play Xiangqi (Chinese chess)", l10n{"下中国象棋", "下中國象棋"},
			sub(subChallenge, nameChallenge, "Challenge someone to a game of Xiangqi", l10n{"向某人发起象棋挑战", "向某人發起象棋挑戰"}, opponent(), xiangqiColour()),
			sub(subAI, nameAI, "Play Xiangqi against the bot", l10n{"与机器人下象棋", "與機器人下象棋"}, levelOption(), xiangqiColour())),
		cmd(cmdMove, nameMove, "Play a move in your game in this channel", l10n{"在本频道的对局中走一步", "在本頻道的對局中走一步"}, moveOpt, gameOption()),
		cmd(cmdBoard, nameBoard, "Show your game's board again", l10n{"重新显示棋盘", "重新顯示棋盤"}, gameOption()),
		cmd(cmdResign, nameResign, "Resign your game", l10n{"认输", "認輸"}, gameOption()),
		cmd(cmdGames, nameGames, "List your games in progress", l10n{"列出你进行中的对局", "列出你進行中的對局"}),
		cmd(cmdLeaderboard, nameLeaderboard, "Show the rankings", l10n{"显示排名", "顯示排名"},
			kindOption(true),
			withChoices(opt(discordgo.ApplicationCommandOptionString, optScope, nameScope, "This server or everyone (default server)", l10n{"本服务器或全部（默认本服务器）", "本伺服器或全部（預設本伺服器）"}, false),
				choice("server", l10n{"本服务器", "本伺服器"}, "server"), choice("global", l10n{"全部", "全部"}, "global")),
			page),
		cmd(cmdStats, nameStats, "Show a player's record and rating", l10n{"显示玩家的战绩与等级分", "顯示玩家的戰績與等級分"},
			opt(discordgo.ApplicationCommandOptionUser, optUser, nameUser, "Whose (default you)", l10n{"谁的（默认你自己）", "誰的（預設你自己）"}, false),
			kindOption(false)),
		cmd(cmdHelp, nameHelp, "How to play with Tengen", l10n{"如何使用 Tengen", "如何使用 Tengen"}),
		limitsCommand(),
	}
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
