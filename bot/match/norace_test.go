//go:build !race

package match

// raceEnabled: see race_test.go.
const raceEnabled = false
