package bot

import (
	"github.com/bwmarrin/discordgo"
)

// maxImportText is the longest text /import takes: Discord's limit on a
// string option (max_length at most 6,000).
const maxImportText = 6000

// exportCommand is /export's definition: which game (default: the
// player's game here, or their last one).
func exportCommand() *discordgo.ApplicationCommand {
	game := opt(discordgo.ApplicationCommandOptionInteger, optGame, "Game number (default: your game here, or your last game)", false)
	lo := 1.0
	game.MinValue = &lo
	return cmd(cmdExport, "Export a game's record: FEN, ICCS and WXF moves, PGN; Gomoku moves and a .psq file", game)
}

// importCommand is /import's definition: the game, the text or a file, and whom to
// play (the AI by default), who moves next, and for a Gomoku move list
// its rule and board.
func importCommand() *discordgo.ApplicationCommand {
	text := opt(discordgo.ApplicationCommandOptionString, optText, "FEN, move list, PGN, .psq file text or a saved game", false)
	text.MaxLength = maxImportText
	file := opt(discordgo.ApplicationCommandOptionAttachment, optFile, "Or the file: a .pgn, .psq or text file", false)
	setup := gomokuSetupOptions()
	setup[0].Description = "Gomoku rule for a move list (default freestyle)"
	setup[1].Description = "Gomoku board for a move list (default 15×15)"
	return cmd(cmdImport, "Continue a position or move list against the AI or someone",
		kindOption(true), text, file,
		opt(discordgo.ApplicationCommandOptionUser, optOpponent, "Who to play (default: the AI)", false),
		levelOption(),
		withChoices(opt(discordgo.ApplicationCommandOptionString, optNext, "Who makes the next move (default you)", false),
			choice("me", "me"), choice("opponent", "opponent")),
		setup[0], setup[1])
}
