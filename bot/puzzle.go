package bot

import (
	"math/rand/v2"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// /puzzle: solving the puzzles Tengen finds in games (match.SolveMove).
// Every answer but the leaderboard is private: a puzzle is the user's
// own, and a daily one's solution is nobody else's business that day.

const (
	cmdPuzzle = "puzzle"

	subNext        = "next"
	subDaily       = "daily"
	subGiveUp      = "giveup"
	subPuzzleBoard = "leaderboard"

	// Buttons of a puzzle's answer; the custom id's game is the try's id.
	actPuzzleGiveUp = "pgiveup" // give the try up
	actPuzzleNext   = "pnext"   // start another puzzle (Arg: the kind)
)

// puzzleThemes are the values of /puzzle next's theme option, by kind.
var puzzleThemes = map[string]store.Kind{
	"vcf": store.Gomoku, "vct": store.Gomoku, match.ThemeDefend: store.Gomoku,
	"mate": store.Xiangqi, match.ThemeMaterial: store.Xiangqi,
}

// puzzleCommand is /puzzle.
func puzzleCommand() *discordgo.ApplicationCommand {
	moveOpt := opt(discordgo.ApplicationCommandOptionString, optMove, "Your move: h8 in Gomoku; h3e3, C2.5 or 炮二平五 in Xiangqi", true)
	moveOpt.Autocomplete = true
	theme := withChoices(opt(discordgo.ApplicationCommandOptionString, optTheme, "Only puzzles of this kind of win (default any)", false),
		choice("Gomoku: win with fours (VCF)", "vcf"), choice("Gomoku: win with threats (VCT)", "vct"),
		choice("Gomoku: the only defence", match.ThemeDefend), choice("Xiangqi: mate", "mate"),
		choice("Xiangqi: win material", match.ThemeMaterial))
	return cmd(cmdPuzzle, "Solve puzzles found in real games",
		sub(subNext, "A puzzle near your puzzle rating", kindOption(false), theme),
		sub(subDaily, "Today's puzzle: the same for everyone", kindOption(false)),
		sub(optMove, "Answer the puzzle you are solving", moveOpt),
		sub(subGiveUp, "Give up the puzzle you are solving and see the solution"),
		sub(subPuzzleBoard, "Who solved today's puzzle in this server", kindOption(false)))
}

// puzzleRoute answers /puzzle's subcommands.
func (b *Bot) puzzleRoute(q *request, sub string, o options) (reply, error) {
	switch sub {
	case subNext:
		return b.nextPuzzle(q, store.Kind(o.str(optGame)), o.str(optTheme))
	case subDaily:
		kind, err := puzzleKind(o)
		if err != nil {
			return reply{}, err
		}
		v, err := b.m.DailyPuzzle(q.ctx, q.user.ID, kind, q.i.GuildID)
		return b.puzzleReply(q, v, err, false)
	case optMove:
		return b.puzzleMove(q, o.str(optMove))
	case subGiveUp:
		v, err := b.m.GiveUpPuzzle(q.ctx, q.user.ID)
		return b.puzzleReply(q, v, err, false)
	case subPuzzleBoard:
		return b.dailyBoard(q, o)
	}
	return reply{}, refuse("err.unknown.command", cmdPuzzle+" "+sub)
}

// puzzleKind is the kind an option names, Gomoku by default.
func puzzleKind(o options) (store.Kind, error) {
	k := store.Kind(o.str(optGame))
	if k == "" {
		return store.Gomoku, nil
	}
	if !k.Valid() {
		return "", engine.E(engine.UnknownKind, string(k), match.KindNames())
	}
	return k, nil
}

// nextPuzzle starts a puzzle of kind and theme (either may be ""): with no
// kind, the theme's, else either kind that has a puzzle left for the user.
func (b *Bot) nextPuzzle(q *request, kind store.Kind, theme string) (reply, error) {
	if kind != "" && !kind.Valid() {
		return reply{}, engine.E(engine.UnknownKind, string(kind), match.KindNames())
	}
	kinds := []store.Kind{kind}
	tk, themed := puzzleThemes[theme]
	switch {
	case theme != "" && !themed:
		return reply{}, refuse("err.puzzle.theme", theme)
	case themed && kind != "" && tk != kind:
		return reply{}, refuse("err.puzzle.theme_kind", q.loc.t("puzzle.theme."+theme), kindName(q.loc, tk))
	case themed && kind == "":
		kinds = []store.Kind{tk}
	case kind == "":
		kinds = allKinds()
		rand.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	}
	var (
		v   match.PuzzleView
		err error
	)
	for _, k := range kinds {
		if v, err = b.m.NextPuzzle(q.ctx, q.user.ID, k, theme, q.i.GuildID); engine.ErrorCode(err) != engine.NoPuzzles {
			break
		}
	}
	return b.puzzleReply(q, v, err, false)
}

// puzzleMove answers /puzzle move: the move typed, read in the user's
// notation.
func (b *Bot) puzzleMove(q *request, typed string) (reply, error) {
	cur, err := b.m.CurrentPuzzle(q.ctx, q.user.ID)
	if err != nil {
		return reply{}, err
	}
	move := typed
	if read := kindOf(cur.Attempt.Puzzle.Kind).read; read != nil {
		move = read(q.loc, cur.Game, typed)
	}
	v, err := b.m.SolveMove(q.ctx, q.user.ID, move)
	return b.puzzleReply(q, v, err, false)
}

// puzzleButton answers a button of a puzzle's answer by updating it.
func (b *Bot) puzzleButton(q *request, c customID) (reply, error) {
	var (
		v   match.PuzzleView
		err error
	)
	switch c.Action {
	case actPuzzleGiveUp:
		cur, cerr := b.m.CurrentPuzzle(q.ctx, q.user.ID)
		if cerr != nil {
			return reply{}, cerr
		}
		if cur.Attempt.ID != c.Game {
			return reply{}, engine.E(engine.PuzzleBusy)
		}
		v, err = b.m.GiveUpPuzzle(q.ctx, q.user.ID)
	case actPuzzleNext:
		return b.nextPuzzle(q, store.Kind(c.Arg), "")
	}
	return b.puzzleReply(q, v, err, true)
}

// puzzleReply shows v privately: a new message, or the clicked one
// updated.
func (b *Bot) puzzleReply(q *request, v match.PuzzleView, err error, update bool) (reply, error) {
	if err != nil {
		return reply{}, err
	}
	msg, err := b.pres.puzzleMessage(q, v)
	if err != nil {
		return reply{}, err
	}
	if update {
		return reply{kind: replyUpdate, msg: msg}, nil
	}
	msg.Ephemeral = true
	return reply{kind: replyMessage, msg: msg}, nil
}

// suggestPuzzleMove lists the legal moves of the user's puzzle that match
// what they typed (none when they solve none).
func (b *Bot) suggestPuzzleMove(q *request, typed string) (reply, error) {
	v, err := b.m.CurrentPuzzle(q.ctx, q.user.ID)
	if engine.ErrorCode(err) == engine.NoPuzzleActive {
		return reply{kind: replyChoices}, nil
	}
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyChoices, choices: kindOf(v.Attempt.Puzzle.Kind).suggest(q.loc, v.Game, typed)}, nil
}

// dailyBoard answers /puzzle leaderboard: who solved today's puzzle in this
// server, fastest first, and who solved the most in 30 days.
func (b *Bot) dailyBoard(q *request, o options) (reply, error) {
	if q.i.GuildID == "" {
		return reply{}, refuse("err.puzzle.board_server")
	}
	kind, err := puzzleKind(o)
	if err != nil {
		return reply{}, err
	}
	db, err := b.m.DailyLeaders(q.ctx, q.i.GuildID, kind)
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyMessage, msg: &message{Embeds: []*discordgo.MessageEmbed{dailyBoardEmbed(q.public, kind, db)}}}, nil
}
