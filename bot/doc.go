// Package bot is Tengen's Discord adapter: it registers the slash commands,
// turns interactions into calls on the game lifecycle (package bot/match),
// and makes Discord show what the lifecycle planned.
//
// # Handlers are values
//
// A handler reads its interaction, calls the lifecycle and returns a reply
// (a new message, an update of the clicked message, an acknowledgement,
// autocomplete choices, or a private refusal): it sends nothing itself. One
// executor (send) answers the interaction with the reply and records the
// game post it shows. Presenters (present.go) are pure functions from a
// game as stored to a message. Each kind of game is described once
// (kinds.go): colours, images, notation, picker, suggestions.
//
// # Routing
//
// Slash commands are routed by their command path ("gomoku challenge",
// "move"); components by their custom id, "g/<game>/<action>/<ply>", which
// carries everything a handler needs. No routing state lives in memory, so
// the buttons of a board posted before a restart keep working, and the ply
// lets the lifecycle recognise a button of an earlier position. The
// leaderboard's Previous and Next buttons are "lb/<kind>/<scope>/<page>".
//
// # What Discord shows, and notifications
//
// The lifecycle plans, in the transaction of each change, the posts of a
// game (store.Post): its boards, challenge, request prompts and notices,
// and what each should show. A post created by an operation that came
// through an interaction is that interaction's initial response (type 4),
// so that its mention of the player who must act notifies them, which an
// edit would not (discord-api-docs#5497); everything else is delivered by
// the deliverer (deliver.go), which edits through the interaction token
// while it lasts (15 minutes, a rate-limit bucket of its own per token) and
// with the bot token after, creates with a nonce so that a retried create
// posts once, and records what Discord shows. After a crash it finds the
// posts still due in the store and converges: the latest board shows the
// latest position, older boards lose their buttons, settled prompts say
// how they ended.
//
// # The 3-second rule
//
// A watchdog defers any interaction still unanswered after
// Options.DeferAfter (1 s); the reply then completes the deferred response,
// and a follow-up notifies whom it was meant to notify.
//
// # Gateway or HTTP
//
// Interactions come over the gateway (OnEvent, or OnInteraction without
// group DMs' recipients, through Gateway or Shards) or,
// in HTTP mode, to the interactions endpoint (Endpoint), which checks
// Discord's Ed25519 signature and hands them to the same handle. The
// responder's first acknowledgement is the only difference: over HTTP,
// a response without files that needs no message id (a refusal, a
// private note, a deferral, choices) is the HTTP response's body; one with
// files (a board) goes through the callback route, and the request is
// answered 202. Everything after it goes through the webhook routes in both
// modes.
//
// # Permissions and places
//
// The app's permissions in a channel (app_permissions, kept with the game)
// decide what the deliverer may do there with the bot token; interaction
// responses need none. Where a game is played (store.Place, from the
// interaction's context and installations) decides whether the bot token
// may be used at all: in its own DMs always, in a group DM or a server
// that did not install Tengen never. There the players' interactions carry
// everything, and what time decided while nobody played is shown at the
// next interaction (stranded); a click on a message no token reaches any
// more updates it in place (outdated). A challenge is posted only where
// its opponent can see it (canSee).
//
// # Several processes
//
// Processes sharing a PostgreSQL database deliver each game under its
// delivery lease, and hear each other's changes at commit (Listen).
//
// # Open games and spectators
//
// Open challenges (open.go) and the /play queue (play.go) find opponents
// in the channel they are used in; /games lists live games with links to
// their boards, and followers are told a game's result by the deliverer
// once it has ended (spectate.go).
//
// # Settings and threads
//
// A server's settings (/settings server: the channels where games may be
// started, threads, rated by default, rate limits, undos; settings.go) and
// each player's (/settings me: how boards look, and their language;
// looks.go) are kept in the store by name. A board shared in a channel is
// drawn with the settings of the player it is for (boardViewer). Where the
// server wants it, a new game gets a thread started from its first board
// and is moved there (threads.go, match.Manager.IntoThread).
//
// # Localisation
//
// Command names and descriptions are localised in every language of the
// catalogue; replies follow the user's locale and public game messages the
// server's (outside servers, the locale of the interaction that made
// them), which the game keeps (see catalogue.go).
package bot
