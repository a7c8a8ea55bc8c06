package engine

import (
	"strings"
	"testing"
)

func TestSideOther(t *testing.T) {
	if First.Other() != Second || Second.Other() != First {
		t.Fatalf("Other: First->%v Second->%v", First.Other(), Second.Other())
	}
	if !First.Valid() || !Second.Valid() || Side(2).Valid() {
		t.Fatal("Valid is wrong")
	}
}

func TestOutcomeDescribe(t *testing.T) {
	names := [2]string{"red", "black"}
	tests := []struct {
		o    Outcome
		want string
		over bool
	}{
		{Outcome{}, "game in progress", false},
		{WinFor(First, Checkmate), "red wins by checkmate", true},
		{WinFor(Second, PerpetualCheck), "black wins by perpetual check", true},
		{DrawBy(Repetition), "draw by repetition", true},
		{DrawBy(MoveLimit), "draw by move limit", true},
		{DrawBy(NoLegalPoint), "draw by no legal point", true},
	}
	for _, tt := range tests {
		if got := tt.o.Describe(names); got != tt.want {
			t.Errorf("Describe(%+v) = %q, want %q", tt.o, got, tt.want)
		}
		if tt.o.Over() != tt.over {
			t.Errorf("Over(%+v) = %v, want %v", tt.o, tt.o.Over(), tt.over)
		}
	}
}

func TestReasonIsDraw(t *testing.T) {
	draws := map[Reason]bool{Agreement: true, FullBoard: true, Repetition: true, MoveLimit: true, NoLegalPoint: true}
	for r := NoReason; r <= NoLegalPoint; r++ {
		if r.IsDraw() != draws[r] {
			t.Errorf("%v.IsDraw() = %v", r, r.IsDraw())
		}
		if name := r.String(); strings.HasPrefix(name, "reason(") {
			t.Errorf("reason %d has no name: %q", r, name)
		}
	}
}
