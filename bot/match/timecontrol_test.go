package match

import (
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

func TestParseTimeControl(t *testing.T) {
	good := []struct {
		in   string
		want TimeControl
		text string
	}{
		{"", TimeControl{}, ""},
		{"3+2", Blitz, "3+2"},
		{" 10 + 5 ", Rapid, "10+5"},
		{"30+20", Classical, "30+20"},
		{"15+10", TimeControl{Base: 15 * time.Minute, Increment: 10 * time.Second}, "15+10"},
		{"1+0", TimeControl{Base: time.Minute}, "1+0"},
		{"180+180", TimeControl{Base: 180 * time.Minute, Increment: 180 * time.Second}, "180+180"},
		{"1d", Correspondence, "1d"},
		{"7D", TimeControl{Days: 7}, "7d"},
		{"14d", TimeControl{Days: 14}, "14d"},
	}
	for _, tt := range good {
		got, err := ParseTimeControl(tt.in)
		if err != nil || got != tt.want || got.String() != tt.text {
			t.Errorf("ParseTimeControl(%q) = %+v (%q), %v; want %+v (%q)", tt.in, got, got.String(), err, tt.want, tt.text)
		}
		back, err := ParseTimeControl(got.String())
		if err != nil || back != got {
			t.Errorf("%q does not read back: %+v, %v", got.String(), back, err)
		}
	}
	for _, in := range []string{"5+", "+5", "0+0", "0+5", "999+0", "181+0", "3+181", "3+-1", "-3+2", "3", "3+2+1", "0d", "15d", "d", "1.5+2", "abc", "３+２", "99999+0"} {
		_, err := ParseTimeControl(in)
		e, ok := err.(*engine.Error)
		if !ok || e.Code != engine.BadTimeControl || e.Args[0] != in {
			t.Errorf("ParseTimeControl(%q): %v, want BadTimeControl naming it", in, err)
		}
	}
}

func TestTimeControlPerMove(t *testing.T) {
	if got := (TimeControl{}).PerMove(DefaultMoveTimeout); got != DefaultMoveTimeout {
		t.Errorf("default: %v", got)
	}
	if got := (TimeControl{Days: 3}).PerMove(DefaultMoveTimeout); got != 72*time.Hour {
		t.Errorf("3d: %v", got)
	}
	if got := Blitz.PerMove(DefaultMoveTimeout); got != 0 || !Blitz.Live() || Correspondence.Live() {
		t.Errorf("3+2: %v live %v", got, Blitz.Live())
	}
}
