//go:build !race

package bot_test

// raceEnabled: see race_test.go.
const raceEnabled = false
