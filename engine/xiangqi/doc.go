// Package xiangqi implements the rules of Xiangqi (Chinese chess): a fast
// board for search, legal move generation, FEN, perft, the game with its
// endings, and the coordinate, WXF and Chinese move notations.
//
// # Board and search API
//
// Position keeps the board as a 16×16 padded mailbox of piece ids plus a
// piece list, with an incremental Zobrist key. GenerateMoves,
// GenerateCaptures, CountMoves, InCheck, MakeMove and UnmakeMove never
// allocate; MakeMove/UnmakeMove are unchecked and meant for search. Game.Play
// is the checked entry point for people.
//
// For an engine's evaluation and search, Pieces and Count read the piece
// list, Attacked tests whether a side could capture on a point, and
// GeneratePseudoMoves or GeneratePseudoCaptures with LegalAfter let a search
// test the legality of only the moves it actually tries. None of them
// allocate.
//
// # Rules implemented
//
// The pieces move as in the Asian (AXF/WXF) and Chinese rules: the general
// and the advisors stay in the palace, elephants move two points diagonally
// within their own half and are stopped by a piece on the point between
// ("the elephant's eye"), horses are stopped by a piece next to them in the
// direction of the jump ("the horse's leg"), cannons move like chariots but
// capture by jumping exactly one piece (the screen), soldiers move one point
// forward and, once across the river, also sideways. The two generals may
// never face each other on a file with no piece between them, and no move may
// leave one's own general attacked.
//
// The game ends when:
//   - the side to move has no legal move: it loses, whether it is in check
//     (checkmate) or not (stalemate);
//   - a position (same pieces, same side to move) occurs for the third time:
//     if, from its first to its third occurrence, one side gave check with
//     every one of its moves and the other did not, the checking side loses
//     (perpetual check); otherwise, including when both sides checked
//     perpetually, the game is drawn (repetition). Chases other than checks
//     are not judged;
//   - 120 plies (60 moves by each side) pass without a capture: the game is
//     drawn (move limit). A mate on the 120th ply still wins.
//
// Resignation, time and agreed draws are for the game lifecycle to decide.
//
// # Notation
//
// FEN is fairy-stockfish's (UCI_Variant xiangqi): the start position is
// StartFEN, upper case is red, "w" means red to move, pieces are k a b n r c p
// (h for horse and e for elephant are accepted too). The halfmove clock counts
// plies since the last capture.
//
// Moves are canonically written in coordinates, as fairy-stockfish writes
// them: files a..i from red's left, ranks 1..10 from red's side, e.g. "h3e3"
// (the central cannon) or "h10g8". ParseMove and Game.Play also read
//   - WXF: "C2.5", "H8+7", "R1-1", "A4+5"; tandem pieces "C+.5" (also "+C.5"),
//     soldiers "P5.6" (middle of three), "++.6" / "--.6" (ends of four or
//     five), "7+.8" (two files of soldiers); lower case, "=" for "." and the
//     letters G, B, N, S for K, E, H, P are accepted;
//   - Chinese, traditional or simplified: "炮二平五", "馬8進7", "前炮平四",
//     "後馬進六", "中兵平六", "二兵平六" (second of four or five soldiers),
//     "前七平六" (two files of soldiers); red numbers with 一..九, black with
//     1..9, but either side may use either, or full-width digits.
//
// Whatever is typed is folded first (fold.go): full-width letters, digits
// and punctuation ("ｈ３ｅ３", "Ｃ２．５"), Chinese numerals and digits in any
// mix, simplified and traditional characters, and either side's glyph for a
// piece ("马八进七", "馬八進七", "傌八進七" are all red's horse when red moves)
// all read the same. Autocomplete folds what was typed once (NewQuery) and
// asks Position.Match whether it occurs in any spelling of each legal move.
//
// Each side counts files 1..9 from its own right, so red's file 1 is file i
// and black's file 1 is file a. Position.WXF, Position.Chinese and
// Position.Describe ("h3e3 · 炮二平五 · C2.5") write moves for people;
// Position.DescribeIn and PieceName write them in the reader's script.
//
// A game serialises (MarshalText) as its starting FEN followed by " moves" and
// the moves in coordinates, like a UCI position command.
package xiangqi
