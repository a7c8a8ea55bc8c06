// Package ai is Tengen's Xiangqi opponent: an iterative-deepening
// principal-variation alpha-beta search over engine/xiangqi's positions.
//
// # Search
//
// Iterative deepening with aspiration windows at the root; PVS below it; a
// fixed-size Zobrist transposition table (16-byte entries, mate scores
// stored relative to the node, also used by quiescence); the hash move
// tried before the other moves are generated; moves generated
// pseudo-legal and tested for legality only when tried (a cutoff spares the
// rest the test); quiescence over captures (MVV-LVA ordered, delta-pruned,
// those that lose the exchange skipped by a static exchange evaluation that
// plays cannon screens and horse legs out on the board), quiet checks that
// do not hang the checker at its first ply, and, when in check, every
// evasion. Captures are ordered by the same exchange evaluation. Quiet
// moves are ordered by two killers per ply, a counter move (the last quiet
// refutation of the previous move), a history table and a continuation
// history (quiet moves scored as answers to the previous move). An
// "improving" flag (the static evaluation against the side's previous
// turn) makes pruning bolder when the side is not improving. Null-move
// pruning runs only outside check, outside PV nodes and with enough
// material left (zugzwang is real in Xiangqi endgames); reverse futility
// (not for a side with only its general, advisors and elephants, which may
// have no move at all) and razoring near the leaves; late move pruning decided before a move is
// made (the moves left are all quiet by then, so the rest are skipped);
// futility at the depth a move would be reduced to; captures that lose the
// exchange skipped near the leaves; internal iterative reduction; a check extension for
// checks that do not hang the checking piece; late move reductions from a
// table, adjusted by history, PV, improving, killers and checks.
//
// The evaluation is skipped (lazy) when the incrementally kept material and
// piece-square score is already far outside the window; otherwise its
// mobility and king safety terms walk engine/xiangqi's piece lists, not the
// 90 points, over a mailbox board that make and unmake keep with the
// material. Full evaluations are cached by position key (512 KB per
// engine). Quiescence tests a candidate quiet check for check before its
// legality and exchange, the costlier tests.
//
// Repetitions follow engine/xiangqi's rules: inside the search a position
// that recurs on the game history or the search path is scored by who has
// been checking through the cycle (the perpetual checker loses, otherwise a
// draw). At the root the engine never plays a move that makes the game
// record a perpetual-check loss for it when another move avoids it, and it
// plays at once a move that makes the game record the opponent's perpetual
// check (the claim).
//
// # Evaluation
//
// Material and piece-square tables tapered between middle game and endgame,
// mobility of chariots, horses and cannons, and king safety: missing
// advisors and elephants weighed by the attackers left, open and
// cannon-screened lines onto the general, and a king danger that grows
// with the square of the attack on the palace (the pieces reaching it, the
// palace points they reach, the guards missing and the checks they could
// give next move) once two pieces take part. All weights are in one
// generated table (eval_weights.go); the material and piece-square values
// were fitted to fairy-stockfish's depth-8 scores of about 45,000 quiet
// positions from its self-play (BenchmarkEvalData makes the data,
// BenchmarkTune fits and writes the table), the other terms are set by
// hand. Scores are in centipawns (a soldier before the river is worth
// about 90) from the side to move's view.
//
// # Levels
//
// See LevelInfo: level 10 is full strength within about two seconds a move,
// level 1 searches one ply and picks among its moves at random, weighted by
// how good they look, so a beginner beats it.
//
// An Engine is reused across the moves of one game and is not safe for
// concurrent use; separate Engines share nothing and run concurrently.
// Reset readies one for any other game as New would, without allocating,
// for pools of engines.
package ai
