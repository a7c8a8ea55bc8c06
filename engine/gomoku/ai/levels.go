package ai

import "time"

// level is what one playing level does.
type level struct {
	budget     time.Duration // default time per move
	depth      int           // alpha-beta depth cap (0 = none)
	width      int           // moves searched per node below the root
	vcfNodes   uint64        // budget of the VCF searches at the root (attack and defence)
	vctNodes   uint64        // budget of the VCT search at the root (0 = none)
	margin     int           // pick at random among root moves within margin of the best
	blunder    float64       // chance of playing a random plausible move without searching
	careless   bool          // the blunder may ignore a five or a four on the board
	vctDefence bool          // also keep only root moves that stop the opponent's VCT
}

// levels describes levels 1..10 (index 0 is unused).
//
//	level  time    depth  width  VCF nodes  VCT nodes  margin  blunder
//	  1    15 ms     1     6         0          0       400     40 %
//	  2    20 ms     2     8         0          0       250     25 %
//	  3    25 ms     3     8      2000          0       120     10 %
//	  4    30 ms     3    10      5000          0        70      5 %
//	  5    40 ms     4    10     10000          0        40      2 %
//	  6    60 ms     5    10     20000       3000        25      0
//	  7   100 ms     6    12     50000      10000        10      0
//	  8   200 ms     8    14    100000      30000*        0      0
//	  9   500 ms    10    16    200000      80000*        0      0
//	 10   2 s        -    20    500000     300000*        0      0
//
// Every level with VCF nodes looks for its own VCF first and, when the
// opponent has one, keeps only the root moves that refute it; the levels
// marked * do the same against the opponent's VCT. The budgets roughly
// grow about 2.5 times per level from level 6 up and 4 times from 9 to 10
// (four times the nodes scored 85% in a test match; twice the nodes was
// within noise of even), so that each level beats the one below it.
//
// "Blunder" plays a random move among the eight most promising by the static
// ordering (often still a sensible one, sometimes missing a threat), which is
// what lets a beginner beat levels 1-3. Only levels 1 and 2 blunder when a
// five can be made or a four must be blocked; from level 3 on a five is
// always made and a four always blocked. "Margin" chooses at random (seeded)
// among the root moves scoring within that many units of the best one.
// Levels 8 to 10 add no randomness at all.
var levels = [11]level{
	1:  {budget: 15 * time.Millisecond, depth: 1, width: 6, margin: 400, blunder: 0.40, careless: true},
	2:  {budget: 20 * time.Millisecond, depth: 2, width: 8, margin: 250, blunder: 0.25, careless: true},
	3:  {budget: 25 * time.Millisecond, depth: 3, width: 8, vcfNodes: 2000, margin: 120, blunder: 0.10},
	4:  {budget: 30 * time.Millisecond, depth: 3, width: 10, vcfNodes: 5000, margin: 70, blunder: 0.05},
	5:  {budget: 40 * time.Millisecond, depth: 4, width: 10, vcfNodes: 10000, margin: 40, blunder: 0.02},
	6:  {budget: 60 * time.Millisecond, depth: 5, width: 10, vcfNodes: 20000, vctNodes: 3000, margin: 25},
	7:  {budget: 100 * time.Millisecond, depth: 6, width: 12, vcfNodes: 50000, vctNodes: 10000, margin: 10},
	8:  {budget: 200 * time.Millisecond, depth: 8, width: 14, vcfNodes: 100000, vctNodes: 30000, vctDefence: true},
	9:  {budget: 500 * time.Millisecond, depth: 10, width: 16, vcfNodes: 200000, vctNodes: 80000, vctDefence: true},
	10: {budget: 2 * time.Second, width: 20, vcfNodes: 500000, vctNodes: 300000, vctDefence: true},
}

// MinLevel and MaxLevel bound Options.Level.
const (
	MinLevel = 1
	MaxLevel = 10
)

// LevelBudget returns the default time per move of level (clamped to 1..10).
func LevelBudget(level int) time.Duration { return levels[clampLevel(level)].budget }

func clampLevel(l int) int { return min(max(l, MinLevel), MaxLevel) }
