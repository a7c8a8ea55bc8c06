// Package match is Tengen's game lifecycle: who may do what and when in a
// game, independent of Discord.
//
// A Manager owns the rules of hosting: challenges (issue, accept, decline,
// withdraw, expire; open challenges anyone may take, within a rating
// range: open.go), the matchmaking queue (queue.go), solo games against the AI, moves, requests (undo, draw,
// rematch; undos capped against the AI by Config.AIUndoLimit and between
// people by the server's UndosSetting), resignation, aborting a game
// against the AI in its first moves (AbortBeforeMove), turn deadlines with
// reminders, abandoned AI games and results. A game may start from an
// imported record (Setup.Record, ReadRecord): it is never rated, and an
// undo never takes back its imported moves (store.Game.Start). It talks to storage through the Store interface (satisfied by
// *store.DB), to the AI through AI, reads time from a Clock and reports what
// happened through a Notifier as plain Event values.
//
// # What Discord shows
//
// The lifecycle owns every write of a game, including which Discord message
// shows its board and its open prompt: each operation plans its posts
// (store.Post: a new board created through the interaction the operation
// came through, the old board retired, a prompt settled, a reminder...) and
// the store keeps them in the same transaction as the change. The Discord
// adapter makes Discord match the plan; after a crash it finds the posts
// still due in the store. Who is notified is decided here too (see
// posts.go): the player who must act, once, and nobody else.
//
// # Concurrency
//
// Every operation loads the game, checks who may act, applies the change to
// a copy and writes it with the version it read. When another writer got
// there first (engine.VersionConflict from the store) the operation reloads and checks again,
// a bounded number of times, so two clicks on the same button apply once and
// a move and a resignation arriving together never both apply. Correctness
// comes from the store's version check alone, so two processes may share
// one database; nothing is locked in memory.
// Limits on new games are checked by the store in the write transaction
// that inserts them (Store.CreateChallenge for Config.MaxOpenChallenges, a
// unique index for the one pending rematch offer per game), so they too
// hold across processes. Events are emitted after the write has committed.
//
// # The AI
//
// The AI's turns (and its answers to draw offers) run in a bot/queue of workers
// fed from a FIFO queue with one entry per game. A worker restores the game,
// asks the AI with the level's time budget and commits the result through
// the same versioned path as a player's move, provided the position has not
// changed meanwhile (an undo or a resignation drops the AI's result). Resume
// re-queues the AI's pending work after a restart and Close waits for work
// in flight.
//
// # Time
//
// Nothing here runs timers: the bot calls Tick every few seconds, and Tick
// expires challenges and requests, sends reminders, ends games on time and
// abandons idle games against the AI, reading the time from the Clock. Tests
// drive it with a manual clock. NextDeadline tells when Tick next has
// something to do and Changed when that may have moved, so that the bot's
// ticker wakes in time for a flag.
//
// Each game has a TimeControl: a Fischer clock or correspondence (see
// clock.go for how clocks run, and what they mean against the AI).
package match
