package ai

import "testing"

func TestEvalCache(t *testing.T) {
	c := newEvalCache()
	if _, ok := c.get(0x1234_5678_9abc_def0); ok {
		t.Fatal("empty cache: hit")
	}
	for _, tc := range []struct {
		key   uint64
		score int
	}{
		{0x1234_5678_9abc_def0, -32000},
		{0xfedc_ba98_7654_3210, 31999},
		{0x0000_0001_0000_0007, 0},
		{0x8000_0000_0000_0001, -1},
	} {
		c.put(tc.key, tc.score)
		if s, ok := c.get(tc.key); !ok || s != tc.score {
			t.Errorf("get(%#x) = %d, %v after put %d", tc.key, s, ok, tc.score)
		}
		// Same slot, another key: a miss.
		if _, ok := c.get(tc.key ^ 1<<40); ok {
			t.Errorf("get(%#x): hit for a key never stored", tc.key^1<<40)
		}
	}
}

// The cached evaluation is the evaluation: a search reads the same score
// from the cache as it computed.
func TestEngineEvaluateCached(t *testing.T) {
	for _, fen := range middleGames {
		g := gameFrom(t, fen)
		e := New(Options{MoveTime: NoTimeLimit, MaxDepth: 1})
		if err := e.load(g); err != nil {
			t.Fatal(err)
		}
		want := evaluate(&e.pos)
		if got := e.evaluate(); got != want {
			t.Errorf("%s: first evaluate = %d, want %d", fen, got, want)
		}
		if got := e.evaluate(); got != want {
			t.Errorf("%s: cached evaluate = %d, want %d", fen, got, want)
		}
	}
}
