package gomoku

import "slices"

// Near returns the empty points within dist points (in any direction,
// diagonals included) of some stone, the most promising first: a point scores
// dist+1-d for each stone at distance d, higher scores first, ties in board
// order (a1, b1, ... then row 2). On an empty board it returns the centre.
// It does not leave out black's renju forbidden points.
func (b *Board) Near(dist int) []Point {
	if b.stones == 0 {
		return []Point{Centre(b.Size())}
	}
	var score [cellCount]int16
	n := b.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if b.cells[PointAt(c, r)] == Empty {
				continue
			}
			for dr := -dist; dr <= dist; dr++ {
				for dc := -dist; dc <= dist; dc++ {
					cc, rr := c+dc, r+dr
					if cc < 0 || cc >= n || rr < 0 || rr >= n {
						continue
					}
					if q := PointAt(cc, rr); b.cells[q] == Empty {
						score[q] += int16(dist + 1 - max(abs(dr), abs(dc)))
					}
				}
			}
		}
	}
	var out []Point
	for p, s := range score {
		if s > 0 {
			out = append(out, Point(p))
		}
	}
	slices.SortStableFunc(out, func(p, q Point) int { return int(score[q]) - int(score[p]) })
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
