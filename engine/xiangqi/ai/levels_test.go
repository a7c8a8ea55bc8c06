package ai

import "testing"

func TestLevelInfo(t *testing.T) {
	tests := []struct {
		n, want int // want: the level whose entry LevelInfo(n) returns
	}{
		{-3, 1}, {0, 1}, {1, 1}, {5, 5}, {10, 10}, {11, 10},
	}
	for _, tc := range tests {
		if got := LevelInfo(tc.n); got != levels[tc.want-1] {
			t.Errorf("LevelInfo(%d) = %+v, want level %d's %+v", tc.n, got, tc.want, levels[tc.want-1])
		}
	}
	// The result is a copy: changing it leaves the table alone.
	lv := LevelInfo(10)
	lv.Depth = 1
	if LevelInfo(10).Depth != 0 {
		t.Error("changing LevelInfo's result changed level 10")
	}
	// Weaker levels never get more time, and only the strong ones play without randomness.
	for n := 2; n <= MaxLevel; n++ {
		if LevelInfo(n).MoveTime < LevelInfo(n-1).MoveTime {
			t.Errorf("level %d has less time than level %d", n, n-1)
		}
	}
	if LevelInfo(MaxLevel).Temperature != 0 || LevelInfo(MinLevel).Temperature == 0 {
		t.Error("level 10 must never add randomness and level 1 must")
	}
}
