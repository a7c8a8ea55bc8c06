// Package bot is Tengen's Discord adapter: it registers the slash commands,
// turns interactions into calls on the game lifecycle (package bot/match),
// and shows the results as board messages, button prompts and embeds.
//
// # Routing
//
// Slash commands are routed by their command path ("gomoku challenge",
// "move"); components by their custom id, "g/<game>/<action>/<ply>", which
// carries everything a handler needs. No routing state lives in memory, so
// the buttons of a board posted before a restart keep working, and the ply
// lets the lifecycle recognise a button of an earlier position. The
// leaderboard's Previous and Next buttons are "lb/<kind>/<scope>/<page>" and
// turn the page in place (an update of the message), showing the presser's
// own rank.
//
// # Replies and the 3-second rule
//
// A handler first asks the lifecycle (a quick database write), then defers
// before any slow work (rendering an image) and edits its reply when done.
// A watchdog defers any interaction still unanswered after
// Options.DeferAfter (1 s), so that a slow database write still leaves two
// seconds to acknowledge before Discord shows "This interaction failed".
// Every refusal is an ephemeral, specific, localised reply.
//
// # Board messages
//
// Each move posts a new board (image, embed, buttons Move…, Undo, Draw,
// Resign); the previous board loses its buttons through a channel message
// edit with the bot token, never the 15-minute interaction token, so games
// may last for days. The board's message id is kept with the game in the
// store. The AI's replies and everything Tick decides (expiries, reminders,
// time losses) arrive as match events and are shown by a small pool of
// workers, which edit the board of the game in place.
//
// # Localisation
//
// Command names and descriptions carry English, 简体中文 and 繁體中文
// localisations; replies follow the user's locale and public game messages
// the server's (see catalogue.go).
package bot
