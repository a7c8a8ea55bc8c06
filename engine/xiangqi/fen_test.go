package xiangqi

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestFENRoundTrip(t *testing.T) {
	fens := append([]string{StartFEN}, trickyFENs...)
	for _, p := range randomPositions(5, 100, 200) {
		fens = append(fens, p.FEN())
	}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: %q -> %q", fen, got)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s: key mismatch", fen)
		}
	}
}

func TestFENAlternatives(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1", StartFEN},
		{"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   b - - 7 12 ",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.in)
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"", "want the placement"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "want 10 ranks"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "rank 1 has 8 points"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "more than 9 points"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "'X' is not a piece letter"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "red has no general"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "must be w (red) or b (black)"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w k - 0 1", "must be \"-\""},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "halfmove clock"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", "fullmove number"},
		{"4k4/9/9/9/9/9/9/9/9/K8 w", "outside its palace"},
		{"3k5/9/9/9/9/9/9/9/3A5/4K4 w", "not on a palace diagonal point"},
		{"4k4/9/9/9/B8/9/9/9/9/3K5 w", "no elephant can reach"},
		{"4k4/9/9/9/9/9/9/P8/9/3K5 w", "no soldier can reach"},
		{"4k4/9/9/9/9/9/1P7/9/9/3K5 w", "no soldier can reach"},
		{"3k5/9/9/9/9/9/9/9/9/RRR1K4 w", "too many red chariots"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", "could capture the black general"},
		{"3k5/9/9/9/9/9/9/9/9/3RK4 w", "could capture the black general"},
		{"3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", ""},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		if tt.want == "" {
			if err != nil {
				t.Errorf("ParseFEN(%q): %v", tt.fen, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("ParseFEN(%q) succeeded, want an error containing %q", tt.fen, tt.want)
			continue
		}
		if engine.ErrorCode(err).Class() != engine.ClassNotation {
			t.Errorf("ParseFEN(%q): code %v, want a FEN code", tt.fen, engine.ErrorCode(err))
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFEN(%q) = %q, want it to contain %q", tt.fen, err, tt.want)
		}
	}
}

func FuzzFEN(f *testing.F) {
	f.Add(StartFEN)
	for _, fen := range trickyFENs {
		f.Add(fen)
	}
	f.Add("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 3 9")
	f.Add("4k4/9/9/9/9/9/9/9/9/K8 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if engine.ErrorCode(err).Class() != engine.ClassNotation {
				t.Fatalf("ParseFEN(%q): error %v has code %v", fen, err, engine.ErrorCode(err))
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) ok but its FEN %q does not parse: %v", fen, out, err)
		}
		if q != p {
			t.Fatalf("FEN round trip changed the position: %q -> %q", fen, q.FEN())
		}
		if p.Key() != p.computeKey() {
			t.Fatalf("%q: key mismatch", fen)
		}
	})
}
