package ai

import "time"

// level is what one playing level does.
type level struct {
	budget     time.Duration // default time per move
	depth      int           // alpha-beta depth cap (0 = none)
	width      int           // moves searched per node below the root
	vcfNodes   uint64        // budget of the VCF searches at the root (attack and defence)
	vcfDefence bool          // keep only root moves that stop the opponent's VCF
	vctNodes   uint64        // budget of the VCT search at the root (0 = none)
	margin     int           // pick at random among root moves within margin of the best
	blunder    float64       // chance of playing a random plausible move without searching
	careless   bool          // the blunder may ignore a five or a four on the board
	vctDefence bool          // also keep only root moves that stop the opponent's VCT
	fitted     bool          // evaluate with the fitted values (evalCombo, evalMask)
	futility   int           // static futility margin a ply of depth (0 = none; see futile)
	moveCount  bool          // near the horizon, skip quiet moves past moveCount (see search)
}

// levels describes levels 1..10 (index 0 is unused).
//
//	level  time    depth  width  VCF nodes  VCF def  VCT nodes  VCT def  margin  blunder
//	  1    15 ms     1     6         0         -         0         -       400     40 %*
//	  2    20 ms     2     8         0         -         0         -       250     25 %*
//	  3    25 ms     3     8      2000         -         0         -       150     12 %
//	  4    40 ms     4    10      5000        yes        0         -       100      6 %
//	  5    60 ms     5    10     10000        yes        0         -        60      0
//	  6   100 ms     6    10     20000        yes     3000         -        40      0
//	  7   170 ms     7    12     50000        yes    10000        yes        5      0
//	  8   300 ms     9    14    100000        yes    30000        yes        0      0
//	  9   800 ms    10    16    200000        yes    80000        yes        0      0
//	 10   2 s        -    16    500000        yes   300000        yes        0      0
//
// Up to level 8 each level adds a capability or removes randomness, besides
// a larger budget; levels 9 and 10 add time (see below). Each beats the one
// below it by a clear margin, as BenchmarkLadder measures and defines it:
//
//   - VCF nodes: from level 3 the engine looks for its own VCF first.
//   - VCF def: from level 4 it also keeps, when the opponent has a VCF, only
//     the root moves that refute it; level 3 attacks but does not defend.
//   - VCT nodes: from level 6 it looks for its own VCT after the VCF.
//   - VCT def: from level 7 it also refutes the opponent's VCT.
//   - Depth caps the iterative deepening, one ply more per level from 1 to
//     8 (with cheap margins the randomised levels reach their caps, so the
//     cap is what separates them); width is the number of moves searched per
//     node below the root.
//   - Margin chooses at random (seeded) among the root moves proved to score
//     within that many units of the best one (a null-window test per move,
//     about as cheap as the search without a margin); levels 8 to 10 add no
//     randomness.
//   - Blunder plays, with that chance, a random move among the eight most
//     promising by the static ordering (often still a sensible one,
//     sometimes missing a threat), which is what lets a beginner beat levels
//     1-3. Only levels 1 and 2 (*) blunder when a five can be made or a four
//     must be blocked; from level 3 on a five is always made and a four
//     always blocked.
//
// Level 10 also evaluates with fitted values. The first, a worth per line
// shape and per combined threat fitted to game results, scored 24.3%
// against classical Rapfi at 10,000 nodes a move where the hand-set values
// scored 16.6% (2,024 games), and 57.6% against the hand-set values at 200
// ms a move (256 games; STRENGTH.md, "Seventh session"). Since the tenth
// session a worth per set of four line shapes and per threat mask, fitted
// to Rapfi's own judgement of positions (evalCombo, evalMask), scores
// 32.5% on the same rung where those scored 28.9% (1,024 games), and 58.2%
// against them at 200 ms a move (256 games; "Tenth session"). The levels
// below keep the hand-set values: with fitted ones, levels 6-10 no longer
// beat the level below by a clear margin, while level 10 with them beats
// level 9 without them clearly ("Tenth session", "The ladder", has the
// games).
//
// Level 10 also prunes by static futility (futile): a null-window node
// within six plies of the horizon stops at its evaluation when that is at
// least beta plus 60 for each ply past the first (so at beta itself one ply
// from the horizon, as classical Rapfi does). The first form, 50 a ply up
// to three plies, scored 29.3% against classical Rapfi at 10,000 nodes a
// move where level 10 without it scored 24.3% (2,024 games, +0.050 ± 0.027
// a game), and 60.7% (Elo +76, +36 .. +117) against level 10 without it at
// 200 ms a move (256 games; STRENGTH.md, "Eighth session"). The present
// form scored 53.4% (Elo +24, +9 .. +38) against the first at 200 ms a move
// (2,048 games), and on the same rung +0.022 ± 0.048 a game in freestyle
// and +0.045 ± 0.048 in renju (512 games each; "Sixteenth session",
// "Seventeenth session"); 50 a ply past the first, up to three plies, lost
// points there. The levels below search every node: their hand-set
// evaluation counts in other units, and the ladder's margins are theirs
// without it. Level 10 as a whole (with the move-count pruning below)
// beats level 9 by 75.0% (freestyle) and 87.0% (renju) over 100 games each
// (STRENGTH.md, "Seventeenth session", "The ladder").
//
// Level 10 also prunes by move count: a node d plies from the horizon (d
// up to 6) searches its quiet moves (no three of its own, no four of the
// opponent's to stop) only among its first moveCount[d] moves, so the
// search reaches further along the moves its ordering likes. Against
// classical Rapfi at 10,000 nodes a move it scored 36.0% where level 10
// without it scored 32.5% (1,020 games, +0.035 ± 0.033 a game), and 57.0%
// (Elo +49, +11 .. +89) against level 10 without it at 200 ms a move (256
// games; STRENGTH.md, "Eleventh session").
//
// Levels 8 to 10 add no capability: they differ only in time, depth cap,
// width and threat budgets, so their budgets are spaced by factors of 2.5 to
// 2.7. At 500 ms (1.7 times level 8) level 9 searched 0.6 ply deeper than
// level 8 on average and scored only 56% against it in freestyle over 200
// games; at 800 ms it scores 65% over 400. Level 10 has no cap but its
// time, and searches 16 moves per node like level 9: a wider search is not
// a stronger one at these budgets (against level 9 in freestyle, over the
// same 200 games, level 10 scored 57.5% at width 24, 58.0% at width 20 and
// 66.2% at width 16).
var levels = [11]level{
	1:  {budget: 15 * time.Millisecond, depth: 1, width: 6, margin: 400, blunder: 0.40, careless: true},
	2:  {budget: 20 * time.Millisecond, depth: 2, width: 8, margin: 250, blunder: 0.25, careless: true},
	3:  {budget: 25 * time.Millisecond, depth: 3, width: 8, vcfNodes: 2000, margin: 150, blunder: 0.12},
	4:  {budget: 40 * time.Millisecond, depth: 4, width: 10, vcfNodes: 5000, vcfDefence: true, margin: 100, blunder: 0.06},
	5:  {budget: 60 * time.Millisecond, depth: 5, width: 10, vcfNodes: 10000, vcfDefence: true, margin: 60},
	6:  {budget: 100 * time.Millisecond, depth: 6, width: 10, vcfNodes: 20000, vcfDefence: true, vctNodes: 3000, margin: 40},
	7:  {budget: 170 * time.Millisecond, depth: 7, width: 12, vcfNodes: 50000, vcfDefence: true, vctNodes: 10000, vctDefence: true, margin: 5},
	8:  {budget: 300 * time.Millisecond, depth: 9, width: 14, vcfNodes: 100000, vcfDefence: true, vctNodes: 30000, vctDefence: true},
	9:  {budget: 800 * time.Millisecond, depth: 10, width: 16, vcfNodes: 200000, vcfDefence: true, vctNodes: 80000, vctDefence: true},
	10: {budget: 2 * time.Second, width: 16, vcfNodes: 500000, vcfDefence: true, vctNodes: 300000, vctDefence: true, fitted: true, futility: 60, moveCount: true},
}

// MinLevel and MaxLevel bound Options.Level.
const (
	MinLevel = 1
	MaxLevel = 10
)

// LevelBudget returns the default time per move of level (clamped to 1..10).
func LevelBudget(level int) time.Duration { return levels[clampLevel(level)].budget }

func clampLevel(l int) int { return min(max(l, MinLevel), MaxLevel) }
