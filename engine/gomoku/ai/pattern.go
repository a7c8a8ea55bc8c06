package ai

import (
	"slices"
	"sync"
)

// shape is what a side makes along one line by playing an empty point: the
// classic Gomoku line shapes, weakest first. It is computed from the five
// points on each side of the point (a line key, see lineKey).
//
// The definitions are recursive, as in Rapfi-style engines: a five is a
// winning line through the point; a four has exactly one empty point that
// makes a five with it, an open four (flex4) two or more (this includes the
// "double four on one line" B.BBB.B); a three is a line one more stone turns
// into a four (open three: into an open four); a two likewise into a three,
// and a one into a two.
type shape uint8

// The line shapes, weakest first (overline sorts lowest: it wins nothing).
const (
	shNone shape = iota
	shOverline
	shBlock1
	shFlex1
	shBlock2
	shFlex2
	shBlock3
	shFlex3
	shBlock4
	shFlex4
	shFive
	shapeCount
)

// Cell codes in a line key: two bits per cell.
const (
	cEmpty = 0
	cBlack = 1
	cWhite = 2
	cWall  = 3
)

// window is how far a line key reaches on each side of its point.
const window = 5

// keyBits is the number of bits of a line key: two per cell, window cells on
// each side.
const keyBits = 4 * window

// slot returns the index (0..9) in a line key of the cell at offset k
// (-5..-1, 1..5) from the point.
func slot(k int) uint {
	if k < 0 {
		return uint(k + window)
	}
	return uint(k + window - 1)
}

// swapColours turns a key seen by black into the same key seen by white:
// black cells become white and white cells black; walls and empties stay.
func swapColours(key uint32) uint32 {
	const lo = 0x55555 // the low bit of each of the ten cells
	return (key&lo)<<1 | (key>>1)&lo
}

// shapeTables holds, for each key seen by black, the shape black makes by
// playing the point: exact[k] when only exactly five wins, free[k] when five
// or more wins. White's shapes are read through swapColours.
type shapeTables struct {
	exact, free [1 << keyBits]shape
	combos      [comboCount]combo
}

// comboCount is the number of combinations of four line shapes.
const comboCount = int(shapeCount) * int(shapeCount) * int(shapeCount) * int(shapeCount)

// combo is what four line shapes at a point add up to for one side.
type combo struct {
	val   int32    // worth in move ordering and levels 1-9's evaluation (shapeValue, threatBonus)
	ev    [2]int32 // worth in level 10's evaluation, by role (evalCombo)
	thr   threat
	fouls bool   // black might commit a renju foul with these shapes
	set   uint16 // the index of the set of its shapes among the comboSets (evalCombo's order)
}

// comboIndex returns the index in shapeTables.combos of four shapes.
func comboIndex(s *[4]shape) int {
	return int(s[0])*comboStep[0] + int(s[1])*comboStep[1] + int(s[2])*comboStep[2] + int(s[3])*comboStep[3]
}

// comboShapes returns the four shapes whose comboIndex is i.
func comboShapes(i int) [4]shape {
	n := int(shapeCount)
	return [4]shape{shape(i / (n * n * n)), shape(i / (n * n) % n), shape(i / n % n), shape(i % n)}
}

// comboStep is how much a line shape along each direction weighs in
// comboIndex (reshape moves an index by one shape with it).
var comboStep = [4]int{int(shapeCount) * int(shapeCount) * int(shapeCount), int(shapeCount) * int(shapeCount), int(shapeCount), 1}

// tables is built once, on first use, and read-only afterwards.
var tables = sync.OnceValue(buildTables)

const unknown shape = 0xff

func buildTables() *shapeTables {
	t := new(shapeTables)
	for i := range t.exact {
		t.exact[i] = unknown
		t.free[i] = unknown
	}
	for k := uint32(0); k < 1<<keyBits; k++ {
		classify(&t.exact, k, true)
		classify(&t.free, k, false)
	}
	// set[i] is the index among the comboSets of the combination i, sorted.
	var set [comboCount]uint16
	k := 0
	for a := shape(0); a < shapeCount; a++ {
		for b := a; b < shapeCount; b++ {
			for c := b; c < shapeCount; c++ {
				for d := c; d < shapeCount; d++ {
					set[comboIndex(&[4]shape{a, b, c, d})] = uint16(k)
					k++
				}
			}
		}
	}
	for i := range t.combos {
		s := comboShapes(i)
		sorted := s
		slices.Sort(sorted[:])
		t.combos[comboIndex(&s)] = combine4(s, int(set[comboIndex(&sorted)]))
	}
	return t
}

// combine4 adds up four line shapes, whose index among the comboSets is
// set, into a combined threat and a value.
func combine4(s [4]shape, set int) combo {
	var n [shapeCount]int
	c := combo{ev: [2]int32{int32(evalCombo[toMove][set]), int32(evalCombo[moved][set])}, set: uint16(set)}
	for _, sh := range s {
		n[sh]++
		c.val += shapeValue[sh]
	}
	fours := n[shBlock4] + n[shFlex4]
	switch {
	case n[shFive] > 0:
		c.thr = tFive
	case n[shFlex4] > 0 || fours >= 2:
		c.thr = tOpenFour
	case fours == 1 && n[shFlex3] > 0:
		c.thr = tFourThree
	case fours == 1:
		c.thr = tFour
	case n[shFlex3] >= 2:
		c.thr = tDoubleThree
	case n[shFlex3] == 1:
		c.thr = tThree
	}
	c.val += threatBonus[c.thr]
	c.fouls = n[shFive] == 0 && (n[shOverline] > 0 || n[shFlex4] > 0 || fours >= 2 || n[shFlex3] >= 2)
	return c
}

// cell returns the code at offset k of key.
func cell(key uint32, k int) uint32 { return key >> (2 * slot(k)) & 3 }

// classify fills tab[key] (black to play the point, black = own) and returns
// it, classifying the keys with one more black stone first.
func classify(tab *[1 << keyBits]shape, key uint32, exact bool) shape {
	if s := tab[key]; s != unknown {
		return s
	}
	run := 1
	for k := 1; k <= window && cell(key, k) == cBlack; k++ {
		run++
	}
	for k := -1; k >= -window && cell(key, k) == cBlack; k-- {
		run++
	}
	var s shape
	switch {
	case run == 5 || (run > 5 && !exact):
		s = shFive
	case run > 5:
		s = shOverline
	default:
		fives, best := 0, shNone
		for k := -4; k <= 4; k++ {
			if k == 0 || cell(key, k) != cEmpty {
				continue
			}
			next := classify(tab, key|cBlack<<(2*slot(k)), exact)
			if next == shFive {
				fives++
			} else if next > best {
				best = next
			}
		}
		switch {
		case fives >= 2:
			s = shFlex4
		case fives == 1:
			s = shBlock4
		case best >= shBlock2:
			s = best - 2 // flex4 -> flex3, block4 -> block3, ... block2 -> block1
		default:
			s = shNone
		}
	}
	tab[key] = s
	return s
}
