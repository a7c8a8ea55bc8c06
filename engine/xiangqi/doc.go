// Package xiangqi implements the rules of Xiangqi (Chinese chess): a fast
// board for search, legal move generation, FEN, perft, the game with its
// endings, and the coordinate, WXF and Chinese move notations.
//
// # Board
//
// Position keeps the board as a 16×16 padded mailbox of piece ids plus a
// piece list, with an incremental Zobrist key. GenerateMoves, GenerateCaptures,
// MakeMove and UnmakeMove never allocate; MakeMove/UnmakeMove are unchecked and
// meant for search, Game.Play is the checked entry point for people.
//
// # Rules implemented
//
// The pieces move as in the Asian (AXF/WXF) rules: the general and the
// advisors stay in the palace, elephants move two points diagonally within
// their own half and are stopped by a piece on the point between ("the
// elephant's eye"), horses are stopped by a piece next to them in the
// direction of the jump ("the horse's leg"), cannons move like chariots but
// capture by jumping exactly one piece (the screen), soldiers move one point
// forward and, once across the river, also sideways. The two generals may
// never face each other on a file with no piece between them, and no move
// may leave one's own general attacked.
package xiangqi
