package xiangqi

// Zobrist keys come from a fixed pure function (splitmix64 of the table
// index), so every build and every process hashes a position the same way.
// The table is filled once and only read afterwards.

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// zobrist[piece][square] is the key of a piece (Piece value 1..15) on a point.
var zobrist = func() (t [16][256]uint64) {
	for p := range t {
		for s := range t[p] {
			if Piece(p).Kind() != NoKind && Square(s).Valid() {
				t[p][s] = splitmix64(uint64(p)<<8 | uint64(s))
			}
		}
	}
	return t
}()

// zobristBlack is xored into the key when black is to move.
var zobristBlack = splitmix64(1 << 20)
