package store

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// FuzzOutcomeRoundTrip checks that every outcome the store accepts reads
// back equal, and that no stored text makes parseOutcome panic.
func FuzzOutcomeRoundTrip(f *testing.F) {
	f.Add(uint8(engine.Win), uint8(engine.First), uint8(engine.Five), "first", "five")
	f.Add(uint8(engine.Draw), uint8(0), uint8(engine.Repetition), "draw", "repetition")
	f.Add(uint8(engine.Win), uint8(engine.Second), uint8(200), "second", "nonsense")
	f.Fuzz(func(t *testing.T, status, winner, reason uint8, result, key string) {
		parseOutcome(result, key) // arbitrary stored text: an error, never a panic

		o := engine.Outcome{Status: engine.Status(status % 3), Winner: engine.Side(winner % 2), Reason: engine.Reason(reason)}
		if o.Status != engine.Win {
			o.Winner = engine.First
		}
		k, err := reasonKey(o.Reason)
		if err != nil {
			if int(o.Reason) < len(reasonKeys) {
				t.Fatalf("reason %v has a name but reasonKey failed: %v", o.Reason, err)
			}
			return
		}
		got, err := parseOutcome(resultOf(o), k)
		if o.Status == engine.Ongoing {
			if err != nil || got != (engine.Outcome{}) {
				t.Fatalf("ongoing read back as %+v, %v", got, err)
			}
			return
		}
		if err != nil || got != o {
			t.Fatalf("%+v read back as %+v, %v", o, got, err)
		}
	})
}
