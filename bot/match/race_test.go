//go:build race

package match

// raceEnabled: the race detector slows the engines' searches ten times
// over or more; tests that only search (whole games reviewed and searched
// for puzzles) are left to the run without it.
const raceEnabled = true
