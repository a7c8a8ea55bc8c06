package xiangqi

import "github.com/tengen-bot/tengen/engine"

// Red and Black are the two sides of Xiangqi. Red moves first.
const (
	Red   = engine.First
	Black = engine.Second
)

// Kind is the kind of a piece, regardless of its side.
type Kind uint8

// The seven kinds of pieces. NoKind marks an empty point.
const (
	NoKind   Kind = iota
	General       // 帥/將, K in WXF, k in FEN
	Advisor       // 仕/士, A, a
	Elephant      // 相/象, E, b
	Horse         // 傌/馬, H, n
	Chariot       // 俥/車, R, r
	Cannon        // 炮/砲, C, c
	Soldier       // 兵/卒, P, p
)

var kindNames = [...]string{"none", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}

// kindTerms maps a kind to the Term an error message names it by.
var kindTerms = [...]engine.Term{
	NoKind: engine.NoTerm, General: engine.PieceGeneral, Advisor: engine.PieceAdvisor,
	Elephant: engine.PieceElephant, Horse: engine.PieceHorse, Chariot: engine.PieceChariot,
	Cannon: engine.PieceCannon, Soldier: engine.PieceSoldier,
}

// Term returns the kind as an engine.Term, e.g. engine.PieceHorse, for an
// error message to name it in the reader's language (NoTerm for NoKind).
func (k Kind) Term() engine.Term {
	if int(k) < len(kindTerms) {
		return kindTerms[k]
	}
	return engine.NoTerm
}

// String returns the English name of the kind, e.g. "horse".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid kind"
}

// Piece is a kind of piece with its side, or NoPiece for an empty point.
// Red pieces are 1..7 (the Kind), black pieces 9..15 (8 + Kind).
type Piece uint8

// NoPiece is the Piece on an empty point.
const NoPiece Piece = 0

// MakePiece returns the piece of kind k belonging to side s.
func MakePiece(s engine.Side, k Kind) Piece { return Piece(uint8(s)<<3 | uint8(k)) }

// Kind returns the piece's kind (NoKind for NoPiece).
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Side returns the side the piece belongs to (meaningless for NoPiece).
func (p Piece) Side() engine.Side { return engine.Side(p >> 3 & 1) }

// fenLetters maps a red kind to its FEN letter; black uses the lower case.
const fenLetters = " KABNRCP"

// String returns the piece's FEN letter: upper case for red, lower case for
// black, "." for NoPiece.
func (p Piece) String() string {
	if p.Kind() == NoKind {
		return "."
	}
	c := fenLetters[p.Kind()]
	if p.Side() == Black {
		c += 'a' - 'A'
	}
	return string(c)
}

// colour returns the Term for side s: ColourRed or ColourBlack.
func colour(s engine.Side) engine.Term {
	if s == Red {
		return engine.ColourRed
	}
	return engine.ColourBlack
}

// Piece ids. Internally every piece on the board has an id that says its side
// and kind and indexes the piece list: red ids are 16..31, black ids 32..47,
// so id&16 marks red and id&32 marks black. Within a side the offsets are
// fixed: 0 general, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 chariots,
// 9-10 cannons, 11-15 soldiers. A position therefore holds at most the
// standard set of pieces of each kind, which is also what FEN parsing checks.
const (
	offGeneral  = 0
	offAdvisor  = 1
	offElephant = 3
	offHorse    = 5
	offChariot  = 7
	offCannon   = 9
	offSoldier  = 11
	idsPerSide  = 16

	offBoard = 64 // the board value of the padding: no id bit, no side bit
)

// sideBit returns the id bit shared by all pieces of side s.
func sideBit(s engine.Side) uint8 { return 16 << s }

// idBase returns the first id of side s.
func idBase(s engine.Side) int { return 16 + 16*int(s) }

// kindOffsets gives, for each kind, the first and one-past-last id offsets.
var kindOffsets = [8][2]int{
	General:  {offGeneral, offAdvisor},
	Advisor:  {offAdvisor, offElephant},
	Elephant: {offElephant, offHorse},
	Horse:    {offHorse, offChariot},
	Chariot:  {offChariot, offCannon},
	Cannon:   {offCannon, offSoldier},
	Soldier:  {offSoldier, idsPerSide},
}

// idPiece maps an id (or 0, or the padding) to its Piece.
var idPiece = func() (t [256]Piece) {
	for s := Red; s <= Black; s++ {
		for k := General; k <= Soldier; k++ {
			for o := kindOffsets[k][0]; o < kindOffsets[k][1]; o++ {
				t[idBase(s)+o] = MakePiece(s, k)
			}
		}
	}
	return t
}()

// idKind maps an id to its kind (NoKind for empty points and the padding).
var idKind = func() (t [256]Kind) {
	for i, p := range idPiece {
		t[i] = p.Kind()
	}
	return t
}()
