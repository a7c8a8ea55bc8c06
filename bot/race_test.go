//go:build race

package bot_test

// raceEnabled: the race detector slows everything several times over, so
// tests that measure Discord's 3-second deadline under load scale down.
const raceEnabled = true
