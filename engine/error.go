package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Code says exactly what went wrong: there is one code per message, and the
// message's variable parts travel as an Error's Args. Each layer maps a code
// to its own reply (a translated Discord message, a UCI "info string", a log
// line) by the code's Key; String is its short stable name, English its
// English format and Class the broad kind of mistake.
type Code uint16

// Error codes, one per message. The comment after each code lists its
// arguments in order: a point, square or move is notation (a string), input
// is what a player wrote (a string, clipped), a number is an int, a colour,
// piece or shape is a Term, a reason is a Reason.
const (
	OK Code = iota // not an engine error

	// Rules and notation: Gomoku.

	OffBoard             // point, last column letter, size (number)
	NoSuchPoint          // last column letter, size (number)
	Occupied             // point
	ForbiddenPoint       // shape, point
	NoPointGiven         // example point
	NotAPoint            // input, example point
	BadBoardSize         // number, number, number
	UnknownRule          // rule name
	NotARule             // input
	NotASavedGame        // input
	NotABoardSize        // input
	UndoNegative         // number
	UndoTooMany          // number, number
	GomokuWon            // colour, reason
	GomokuDrawnForbidden // none
	GomokuDrawnFull      // none
	NoPointLeft          // none

	// Rules and notation: both games.

	GameWon     // colour, reason
	GameDrawn   // reason
	NoLegalMove // none

	// Rules and notation: Xiangqi moves.

	SquareOffBoard  // none
	NotOnBoard      // point
	NoPieceOn       // square
	NotYourPiece    // piece, square, colour, colour
	AlreadyThere    // piece, square
	OwnPiece        // square, piece
	GeneralStep     // none
	GeneralPalace   // none
	AdvisorStep     // none
	AdvisorPalace   // none
	ElephantStep    // none
	ElephantRiver   // none
	ElephantEye     // square
	HorseStep       // none
	HorseLeg        // square
	NotStraight     // piece
	PathBlocked     // piece, square
	NoScreen        // none
	ManyScreens     // none
	SoldierStep     // none
	SoldierBackward // none
	SoldierSideways // none
	GeneralsFace    // none
	StillInCheck    // none
	LeavesInCheck   // none
	UndoBeyond      // number, number

	// Rules and notation: Xiangqi notations.

	NoMoveGiven     // none
	NotAMove        // input
	NotASquare      // input
	NotChinese      // input
	NotWXF          // input
	NoPieceOnFile   // colour, piece, file (number)
	FileTooFew      // file (number), colour, piece, input
	FilesTooFew     // colour, piece, input
	Ambiguous       // input, move, move, piece, move
	LastNumber      // none
	NoSideways      // piece
	AlreadyOnFile   // piece, file (number)
	CannotReachFile // piece, file (number), file (number)
	OffBoardMove    // piece
	MovesAfterFEN   // none

	// Rules and notation: Xiangqi FEN. The first argument is the FEN.

	FENFields     // FEN
	FENRanks      // FEN, number, number
	FENLetter     // FEN, letter
	FENRankLong   // FEN, rank (number), number
	FENPalace     // FEN, colour, piece, square
	FENAdvisor    // FEN, colour, piece, square
	FENElephant   // FEN, colour, piece, square
	FENSoldier    // FEN, colour, piece, square
	FENTooMany    // FEN, colour, piece
	FENRankPoints // FEN, rank (number), number, number
	FENNoGeneral  // FEN, colour
	FENTurn       // FEN, input
	FENDash       // FEN, field (number), input
	FENClock      // FEN, input
	FENFullmove   // FEN, input
	FENCapture    // FEN, colour, colour

	// The lifecycle (bot/match) and storage (store): games, challenges,
	// requests. A game is its number; a seat is a Seat; a request is a Term
	// (RequestUndo, RequestDraw); a time is a time.Time.

	GameNotFound       // game
	GameBusy           // game
	RematchBusy        // game
	VersionConflict    // game
	NotYourTurn        // seat
	NotInGame          // game, seat, seat
	StaleButton        // ply (number), game, ply (number)
	NotStarted         // game
	GameAbandoned      // game
	ChallengeDeclined  // game
	ChallengeLapsed    // game
	GameEndedWon       // game, colour, reason
	GameEndedDrawn     // game, reason
	AlreadyOver        // game
	WithdrawOnlyAsker  // seat, request
	AnswerOnlyOther    // seat, request
	NothingToWithdraw  // game
	NothingToAnswer    // game
	UndosUsed          // number
	NoUndoAgainstAI    // none
	AlreadyAsked       // request, seat
	CannotAnswerHere   // request
	RequestPending     // request, seat
	NotARequest        // input
	NothingToUndo      // none
	RequestExpired     // request, time
	SizeNotPlayed      // game kind (input), number, sizes (input)
	UnknownKind        // input, kinds (input)
	UnknownRules       // game kind (input), input, rule sets (input)
	WithdrawOnlyMaker  // seat
	RematchNotPlayer   // game
	RematchOffered     // game
	RematchPending     // game, game
	NoRematchOffer     // game
	ChallengeSelf      // none
	NoOpponent         // none
	AILevelRange       // number, number
	NeverPlayed        // game
	StillGoing         // game
	OpponentIsBot      // name (input)
	BotsCannotPlay     // none
	AIUnavailable      // none
	ChallengeExpired   // time
	TooManyChallenges  // number
	AnswerOnlyOpponent // seat
	ChallengeNotForYou // game, seat
	AlreadyAccepted    // game
	PageFrom1          // number
	PageTooFar         // number, number
	PlayerNotFound     // user id (input)
	SettingNotSet      // setting name (input)
	PostNotFound       // post (number)
	TooOften           // request, time
	ChallengeCooldown  // name (input), time
	TooManyAIGames     // number
	AIBusy             // none
	UndoCapReached     // number
	NoUndosHere        // none
	AbortTooLate       // number
	AbortOnlyAI        // none
	ReviewStillGoing   // game
	NothingToReview    // game
	NoGameToReview     // none
	ReviewElsewhere    // game
	HintsUsed          // none
	HintsOnlyAI        // none
	NoHintsHere        // none
	BadTimeControl     // input, number, number, number, number, number
	FlagFell           // time
	OpenOwn            // game
	BelowRange         // number, number
	AboveRange         // number, number
	BadRange           // number, number
	TooManyGames       // number
	FollowOver         // game
	AlreadyFollowing   // game
	NotFollowing       // game
	FollowOwn          // game
	NotQueued          // none
	QueueTaken         // none
	SettingsServerOnly // none
	SettingsManagers   // none
	ChannelNotAllowed  // channels (input: mentions)
	ChannelNotListed   // channel (input: a mention)
	BadSettingValue    // setting name (input), input, values (input)

	// The game record: import and export (bot/match, engine/xiangqi,
	// engine/gomoku). A cause is an *Error, worded in turn.

	ImportEmpty     // none
	ImportMove      // move number (number), input, cause (an *Error)
	ImportOver      // reason
	UndoBeforeStart // number
	NotYourRecord   // game

	// Puzzles (bot/match, store).

	NoPuzzles      // none
	NoPuzzleActive // none
	PuzzleBusy     // none
	DailyDone      // time of the next
	NoDailyPuzzle  // none

	Internal // what went wrong (English, for the log)

	NumCodes // the number of codes, OK included; not a code
)

// Class is the broad kind of mistake a code reports, for a layer that
// words only that much (a lead line above the specific message).
type Class uint8

// Classes of codes.
const (
	ClassNone      Class = iota // OK: not an engine error
	ClassOffBoard               // a point or square off the board
	ClassOccupied               // a point already taken
	ClassForbidden              // a renju forbidden point for black
	ClassNotation               // text that is not a move, point, rule or position
	ClassIllegal                // a move or request the rules do not allow
	ClassOver                   // the game has already ended
	ClassNotFound               // the game, player or record does not exist
	ClassTurn                   // it is the other player's turn
	ClassNotPlayer              // the user has no seat where they acted
	ClassNotYours               // someone else must answer or withdraw
	ClassNoRequest              // there is nothing to answer or withdraw
	ClassExpired                // the challenge or request has expired
	ClassLimit                  // a limit is reached: open challenges, undos
	ClassConflict               // the game changed under the action: retry
	ClassStale                  // a button of an earlier position
	ClassInvalid                // a request that makes no sense here
	ClassInternal               // a failure of ours, not the user's
)

var classNames = [...]string{
	ClassNone: "none", ClassOffBoard: "off board", ClassOccupied: "occupied", ClassForbidden: "forbidden",
	ClassNotation: "notation", ClassIllegal: "illegal", ClassOver: "over", ClassNotFound: "not found",
	ClassTurn: "turn", ClassNotPlayer: "not a player", ClassNotYours: "not yours", ClassNoRequest: "no request",
	ClassExpired: "expired", ClassLimit: "limit", ClassConflict: "conflict", ClassStale: "stale",
	ClassInvalid: "invalid", ClassInternal: "internal",
}

// String returns the class's short name, e.g. "not found".
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("class(%d)", uint8(c))
}

// codes is the one table of codes: each one's short name, English format
// and class. The English formats take the arguments the const block lists,
// in order.
var codes = [NumCodes]struct {
	name, english string
	class         Class
}{
	OK: {"ok", "ok", ClassNone},

	OffBoard:             {"off board", "%s is off the board: columns run a–%s and rows 1–%d", ClassOffBoard},
	NoSuchPoint:          {"no such point", "that point is off the board: columns run a–%s and rows 1–%d", ClassOffBoard},
	Occupied:             {"occupied", "%s is already taken", ClassOccupied},
	ForbiddenPoint:       {"forbidden point", "black may not play %s at %s", ClassForbidden},
	NoPointGiven:         {"no point given", "no point given: write a column letter then a row number, like %s", ClassNotation},
	NotAPoint:            {"not a point", "'%s' is not a point: write a column letter then a row number, like %s", ClassNotation},
	BadBoardSize:         {"bad board size", "a board is %d or %d points across, not %d", ClassIllegal},
	UnknownRule:          {"unknown rule", "unknown rule %s: choose freestyle, standard or renju", ClassIllegal},
	NotARule:             {"not a rule", "'%s' is not a rule: choose freestyle, standard or renju", ClassNotation},
	NotASavedGame:        {"not a saved game", "'%s' is not a saved game: write the size, the rule, a colon and the moves, like 15 renju: h8 h9", ClassNotation},
	NotABoardSize:        {"not a board size", "'%s' is not a board size: use 15 or 19", ClassNotation},
	UndoNegative:         {"undo negative", "cannot take back %d moves", ClassIllegal},
	UndoTooMany:          {"undo too many", "cannot take back %d moves: only %d played", ClassIllegal},
	GomokuWon:            {"gomoku won", "the game is over: %s won by %s", ClassOver},
	GomokuDrawnForbidden: {"gomoku drawn forbidden", "the game is over: it was drawn, every point left is forbidden to black", ClassOver},
	GomokuDrawnFull:      {"gomoku drawn full", "the game is over: it was drawn, the board is full", ClassOver},
	NoPointLeft:          {"no point left", "there is no point left to play", ClassIllegal},

	GameWon:     {"game won", "the game is over: %s wins by %s", ClassOver},
	GameDrawn:   {"game drawn", "the game is over: draw by %s", ClassOver},
	NoLegalMove: {"no legal move", "the side to move has no legal move", ClassIllegal},

	SquareOffBoard:  {"square off board", "that point is not on the board (files a..i, ranks 1..10)", ClassOffBoard},
	NotOnBoard:      {"not on board", "%s is not on the board: files are a..i and ranks 1..10", ClassOffBoard},
	NoPieceOn:       {"no piece", "there is no piece on %s", ClassIllegal},
	NotYourPiece:    {"not your piece", "the %s on %s is %s's, and it is %s's turn", ClassIllegal},
	AlreadyThere:    {"already there", "the %s is already on %s: a move must go somewhere", ClassIllegal},
	OwnPiece:        {"own piece", "%s holds your own %s: you cannot capture your own piece", ClassIllegal},
	GeneralStep:     {"general step", "the general moves one point along a line", ClassIllegal},
	GeneralPalace:   {"general palace", "the general may not leave the palace", ClassIllegal},
	AdvisorStep:     {"advisor step", "the advisor moves one point diagonally", ClassIllegal},
	AdvisorPalace:   {"advisor palace", "the advisor may not leave the palace", ClassIllegal},
	ElephantStep:    {"elephant step", "the elephant moves exactly two points diagonally", ClassIllegal},
	ElephantRiver:   {"elephant river", "the elephant may not cross the river", ClassIllegal},
	ElephantEye:     {"elephant eye", "the elephant's eye at %s is blocked", ClassIllegal},
	HorseStep:       {"horse step", "the horse moves one point straight and then one diagonally", ClassIllegal},
	HorseLeg:        {"horse leg", "the horse's leg at %s is blocked", ClassIllegal},
	NotStraight:     {"not straight", "the %s moves along a straight line", ClassIllegal},
	PathBlocked:     {"path blocked", "the %s's path is blocked at %s", ClassIllegal},
	NoScreen:        {"no screen", "the cannon captures only by jumping over exactly one piece, and there is none between", ClassIllegal},
	ManyScreens:     {"many screens", "the cannon captures only by jumping over exactly one piece, and there are several between", ClassIllegal},
	SoldierStep:     {"soldier step", "the soldier moves one point at a time", ClassIllegal},
	SoldierBackward: {"soldier backward", "soldiers never move backwards", ClassIllegal},
	SoldierSideways: {"soldier sideways", "a soldier may move sideways only after crossing the river", ClassIllegal},
	GeneralsFace:    {"generals face", "generals may not face each other on an open file", ClassIllegal},
	StillInCheck:    {"still in check", "your general is in check and that move does not get it out of check", ClassIllegal},
	LeavesInCheck:   {"leaves in check", "that move leaves your general in check", ClassIllegal},
	UndoBeyond:      {"undo beyond", "cannot take back %d moves: %d have been played", ClassIllegal},

	NoMoveGiven:     {"no move given", "no move given: write it like h3e3, C2.5 or 炮二平五", ClassNotation},
	NotAMove:        {"not a move", "'%s' is not a move: write it like h3e3, C2.5 or 炮二平五", ClassNotation},
	NotASquare:      {"not a square", "%q is not a point: write it like e1 or h10", ClassNotation},
	NotChinese:      {"not chinese", "%q is not a move in Chinese notation: write it like 炮二平五, 馬8進7 or 前炮平四", ClassNotation},
	NotWXF:          {"not wxf", "%q is not a WXF move: write it like C2.5, H8+7 or C+.5", ClassNotation},
	NoPieceOnFile:   {"no piece on file", "there is no %s %s on file %d", ClassIllegal},
	FileTooFew:      {"file too few", "file %d does not hold enough %s %ss for '%s' to pick one of them", ClassIllegal},
	FilesTooFew:     {"files too few", "no file holds enough %s %ss for '%s' to pick one of them", ClassIllegal},
	Ambiguous:       {"ambiguous", "'%s' is ambiguous: it could be %s or %s; say which %s (front or rear), or give the points like %s", ClassNotation},
	LastNumber:      {"last number", "the last number must be 1..9", ClassNotation},
	NoSideways:      {"no sideways", "the %s never moves sideways along a rank", ClassIllegal},
	AlreadyOnFile:   {"already on file", "the %s is already on file %d", ClassIllegal},
	CannotReachFile: {"cannot reach file", "the %s on file %d cannot reach file %d", ClassIllegal},
	OffBoardMove:    {"off board move", "that would take the %s off the board", ClassIllegal},
	MovesAfterFEN:   {"moves after fen", "the moves must follow the FEN after \" moves \"", ClassNotation},

	FENFields:     {"fen fields", "bad FEN %q: want the placement, the side to move and optionally \"- - halfmove fullmove\"", ClassNotation},
	FENRanks:      {"fen ranks", "bad FEN %q: want %d ranks separated by '/', found %d", ClassNotation},
	FENLetter:     {"fen letter", "bad FEN %q: '%s' is not a piece letter (use k a b n r c p, upper case for red)", ClassNotation},
	FENRankLong:   {"fen rank long", "bad FEN %q: rank %d has more than %d points", ClassNotation},
	FENPalace:     {"fen palace", "bad FEN %q: the %s %s on %s is outside its palace", ClassNotation},
	FENAdvisor:    {"fen advisor", "bad FEN %q: the %s %s on %s is not on a palace diagonal point", ClassNotation},
	FENElephant:   {"fen elephant", "bad FEN %q: the %s %s on %s is on a point no elephant can reach", ClassNotation},
	FENSoldier:    {"fen soldier", "bad FEN %q: the %s %s on %s is on a point no soldier can reach", ClassNotation},
	FENTooMany:    {"fen too many", "bad FEN %q: too many %s %ss", ClassNotation},
	FENRankPoints: {"fen rank points", "bad FEN %q: rank %d has %d points, want %d", ClassNotation},
	FENNoGeneral:  {"fen no general", "bad FEN %q: %s has no general", ClassNotation},
	FENTurn:       {"fen turn", "bad FEN %q: the side to move must be w (red) or b (black), not %q", ClassNotation},
	FENDash:       {"fen dash", "bad FEN %q: field %d must be \"-\" in Xiangqi, not %q", ClassNotation},
	FENClock:      {"fen clock", "bad FEN %q: the halfmove clock must be a number from 0 to 10000, not %q", ClassNotation},
	FENFullmove:   {"fen fullmove", "bad FEN %q: the fullmove number must be a number from 1 to 10000, not %q", ClassNotation},
	FENCapture:    {"fen capture", "bad FEN %q: %s is to move but could capture the %s general", ClassNotation},

	GameNotFound:       {"game not found", "there is no game #%d", ClassNotFound},
	GameBusy:           {"game busy", "game #%d kept changing while you acted: look at it again and retry", ClassConflict},
	RematchBusy:        {"rematch busy", "the rematch of game #%d kept changing while you asked: look at it again and retry", ClassConflict},
	VersionConflict:    {"version conflict", "game #%d was changed by someone else first: look at it again", ClassConflict},
	NotYourTurn:        {"not your turn", "it is not your turn: waiting for %s", ClassTurn},
	NotInGame:          {"not in game", "you are not playing in game #%d: it is %s against %s", ClassNotPlayer},
	StaleButton:        {"stale button", "that button belongs to move %d, but game #%d is at move %d now: use the latest board", ClassStale},
	NotStarted:         {"not started", "game #%d has not started: the challenge is waiting for an answer", ClassInvalid},
	GameAbandoned:      {"game abandoned", "game #%d was abandoned", ClassOver},
	ChallengeDeclined:  {"challenge declined", "game #%d never started: the challenge was declined or withdrawn", ClassOver},
	ChallengeLapsed:    {"challenge lapsed", "game #%d never started: the challenge expired", ClassOver},
	GameEndedWon:       {"game ended won", "game #%d is over: %s wins by %s", ClassOver},
	GameEndedDrawn:     {"game ended drawn", "game #%d is over: draw by %s", ClassOver},
	AlreadyOver:        {"already over", "game #%d is already over", ClassOver},
	WithdrawOnlyAsker:  {"withdraw only asker", "only %s can withdraw this %s request; you can answer it", ClassNotYours},
	AnswerOnlyOther:    {"answer only other", "only %s can answer this %s request", ClassNotYours},
	NothingToWithdraw:  {"nothing to withdraw", "you have no request to withdraw in game #%d", ClassNoRequest},
	NothingToAnswer:    {"nothing to answer", "there is no request to answer in game #%d: it was already answered or withdrawn", ClassNoRequest},
	UndosUsed:          {"undos used", "you have used all %d undos in this game", ClassLimit},
	NoUndoAgainstAI:    {"no undo against ai", "undo is not allowed against the AI", ClassLimit},
	AlreadyAsked:       {"already asked", "your %s request is already waiting for %s to answer", ClassInvalid},
	CannotAnswerHere:   {"cannot answer here", "a %s request cannot be answered here", ClassInvalid},
	RequestPending:     {"request pending", "the %s request of %s is waiting for an answer: settle it first", ClassInvalid},
	NotARequest:        {"not a request", "you can ask for an undo or a draw here, not '%s'", ClassInvalid},
	NothingToUndo:      {"nothing to undo", "you have no move to take back yet", ClassInvalid},
	RequestExpired:     {"request expired", "this %s request expired at %s", ClassExpired},
	SizeNotPlayed:      {"size not played", "%s is not played on a board of size %d: choose %s", ClassInvalid},
	UnknownKind:        {"unknown kind", "'%s' is not a game here: choose %s", ClassInvalid},
	UnknownRules:       {"unknown rules", "%s has no rule set '%s': choose %s", ClassInvalid},
	WithdrawOnlyMaker:  {"withdraw only maker", "only %s can withdraw this challenge", ClassNotYours},
	RematchNotPlayer:   {"rematch not player", "only the players of game #%d can ask for a rematch", ClassNotPlayer},
	RematchOffered:     {"rematch offered", "you have already offered a rematch (game #%d): wait for the answer", ClassInvalid},
	RematchPending:     {"rematch pending", "game #%d already has a rematch offer waiting for an answer (game #%d)", ClassConflict},
	NoRematchOffer:     {"no rematch offer", "game #%d has no rematch offer waiting", ClassNotFound},
	ChallengeSelf:      {"challenge self", "you cannot challenge yourself: play the AI instead", ClassInvalid},
	NoOpponent:         {"no opponent", "name the player you want to challenge", ClassInvalid},
	AILevelRange:       {"ai level range", "the AI's level is 1 to %d, not %d", ClassInvalid},
	NeverPlayed:        {"never played", "game #%d was never played to a result: start a new one instead", ClassInvalid},
	StillGoing:         {"still going", "game #%d is still going: a rematch comes after it ends", ClassInvalid},
	OpponentIsBot:      {"opponent is bot", "%s is a bot and cannot play: challenge a person, or play the AI", ClassInvalid},
	BotsCannotPlay:     {"bots cannot play", "bots cannot play", ClassInvalid},
	AIUnavailable:      {"ai unavailable", "the AI is not available right now", ClassInvalid},
	ChallengeExpired:   {"challenge expired", "this challenge expired at %s", ClassExpired},
	TooManyChallenges:  {"too many challenges", "you already have %d open challenges: wait for answers or withdraw one", ClassLimit},
	AnswerOnlyOpponent: {"answer only opponent", "only %s can answer this challenge; you can withdraw it", ClassNotYours},
	ChallengeNotForYou: {"challenge not for you", "you are not playing in game #%d: the challenge is for %s", ClassNotPlayer},
	AlreadyAccepted:    {"already accepted", "challenge #%d was already answered", ClassInvalid},
	PageFrom1:          {"page from 1", "page %d does not exist: pages start at 1", ClassInvalid},
	PageTooFar:         {"page too far", "page %d does not exist: the last page is %d", ClassInvalid},
	PlayerNotFound:     {"player not found", "no player with id %s", ClassNotFound},
	SettingNotSet:      {"setting not set", "setting '%s' is not set in this server", ClassNotFound},
	PostNotFound:       {"post not found", "there is no post %d", ClassNotFound},
	TooOften:           {"too often", "too many %s requests from you in a short time: try again at %s", ClassLimit},
	ChallengeCooldown:  {"challenge cooldown", "%s did not take up your last challenge: you may challenge them again at %s", ClassLimit},
	TooManyAIGames:     {"too many ai games", "you already have %d games against the AI in progress: finish or resign one first", ClassLimit},
	AIBusy:             {"ai busy", "the AI has too many moves to think about right now: try again in a minute", ClassLimit},
	UndoCapReached:     {"undo cap reached", "you have had all the undos this server allows each player in a game (%d)", ClassLimit},
	NoUndosHere:        {"no undos here", "this server allows no undos in games between players", ClassLimit},
	AbortTooLate:       {"abort too late", "a game against the AI can be aborted only before your move %d: resign instead", ClassIllegal},
	AbortOnlyAI:        {"abort only ai", "only a game against the AI can be aborted: resign instead", ClassIllegal},
	ReviewStillGoing:   {"review still going", "game #%d is still being played: it can be reviewed once it ends", ClassInvalid},
	NothingToReview:    {"nothing to review", "game #%d has no moves to review", ClassInvalid},
	NoGameToReview:     {"no game to review", "you have no finished game to review: name one with the game option", ClassNotFound},
	HintsUsed:          {"hints used", "you have no hints left in this game", ClassLimit},
	HintsOnlyAI:        {"hints only ai", "hints are for games against the AI", ClassIllegal},
	NoHintsHere:        {"no hints here", "hints are turned off here", ClassLimit},
	ReviewElsewhere:    {"review elsewhere", "game #%d was played elsewhere: outside its channel only its players can review it", ClassNotPlayer},
	BadTimeControl:     {"bad time control", "'%s' is not a time control: write minutes+seconds per move, such as 10+5 (%d to %d minutes, 0 to %d seconds), or days per move, such as 3d (%d to %d days)", ClassNotation},
	FlagFell:           {"flag fell", "your time ran out at %s, before your move arrived: you lose on time", ClassExpired},
	OpenOwn:            {"open own", "game #%d is your own open challenge: wait for someone to accept it, or cancel it", ClassInvalid},
	BelowRange:         {"below range", "your rating (%d) is below the lowest this open challenge admits (%d)", ClassLimit},
	AboveRange:         {"above range", "your rating (%d) is above the highest this open challenge admits (%d)", ClassLimit},
	BadRange:           {"bad range", "the lowest rating (%d) is above the highest (%d)", ClassInvalid},
	TooManyGames:       {"too many games", "you already have %d games against people in progress: finish one before starting another", ClassLimit},
	FollowOver:         {"follow over", "game #%d is over: there is nothing to follow", ClassOver},
	AlreadyFollowing:   {"already following", "you already follow game #%d", ClassInvalid},
	NotFollowing:       {"not following", "you do not follow game #%d", ClassInvalid},
	FollowOwn:          {"follow own", "you play in game #%d: you are told its result anyway", ClassInvalid},
	NotQueued:          {"not queued", "you are not waiting in the queue", ClassInvalid},
	QueueTaken:         {"queue taken", "the player you were about to be paired with was taken first: try again", ClassConflict},
	SettingsServerOnly: {"settings server only", "server settings exist only in a server that invited Tengen: use /settings me for your own", ClassInvalid},
	SettingsManagers:   {"settings managers only", "only members who can manage this server can change its settings", ClassInvalid},
	ChannelNotAllowed:  {"channel not allowed", "games are played in %s in this server, not in this channel", ClassInvalid},
	ChannelNotListed:   {"channel not listed", "%s is not one of the channels where games are played here", ClassInvalid},
	BadSettingValue:    {"bad setting value", "'%[2]s' is not a value of %[1]s: choose %[3]s", ClassInvalid},

	ImportEmpty:     {"import empty", "there is nothing to import: paste a FEN, a move list or an exported game", ClassNotation},
	ImportMove:      {"import move", "move %d (%s) cannot be played: %s", ClassNotation},
	ImportOver:      {"import over", "the imported game is already over (%s): import a position that is still in play", ClassInvalid},
	UndoBeforeStart: {"undo before start", "this game was imported after move %d: the moves before cannot be taken back", ClassInvalid},
	NotYourRecord:   {"not your record", "game #%d was played elsewhere: only its players can export it from here", ClassNotPlayer},

	NoPuzzles:      {"no puzzles", "there is no puzzle of this kind you have not tried yet: more are found in the games played with Tengen", ClassNotFound},
	NoPuzzleActive: {"no puzzle active", "you are not solving a puzzle: start one with /puzzle next or /puzzle daily", ClassNoRequest},
	PuzzleBusy:     {"puzzle busy", "your puzzle changed while you answered: look at it again and retry", ClassConflict},
	DailyDone:      {"daily done", "you have tried today's puzzle already: the next one comes at %s", ClassLimit},
	NoDailyPuzzle:  {"no daily puzzle", "there is no puzzle of this kind yet to be today's: they are found in the games played with Tengen", ClassNotFound},

	Internal: {"internal", "internal error: %s", ClassInternal},
}

// String returns the code's short name, e.g. "occupied" or "path blocked".
// Names are stable: Key builds catalogue keys from them.
func (c Code) String() string {
	if c < NumCodes {
		return codes[c].name
	}
	return fmt.Sprintf("code(%d)", uint16(c))
}

// Key returns the code's catalogue key: "err." and its name with spaces as
// underscores, e.g. "err.path_blocked".
func (c Code) Key() string { return "err." + strings.ReplaceAll(c.String(), " ", "_") }

// English returns the code's English format, e.g. "the %s's path is blocked
// at %s"; its verbs take the code's arguments in order.
func (c Code) English() string {
	if c < NumCodes {
		return codes[c].english
	}
	return ""
}

// Class returns the broad kind of mistake c reports (ClassNone for OK and
// for a value that is not a code).
func (c Code) Class() Class {
	if c < NumCodes {
		return codes[c].class
	}
	return ClassNone
}

// Error is a refusal of the rules or the notation: a code that says which
// one and the arguments its message takes, such as Occupied with "h8"
// ("h8 is already taken") or PathBlocked with PieceCannon and "c3". Its
// arguments are notation and player input (strings), numbers (ints), Terms
// and Reasons, never words already put into a language.
type Error struct {
	Code Code
	Args []any
}

// E returns an *Error with the given code and arguments.
func E(code Code, args ...any) *Error {
	return &Error{Code: code, Args: args}
}

// Error returns the message in English: the code's English format with the
// arguments in English (a Term, a Seat or a Reason by its String method, a
// time as hours and minutes in UTC).
func (e *Error) Error() string {
	f := e.Code.English()
	if f == "" {
		return e.Code.String()
	}
	args := slices.Clone(e.Args)
	for i, a := range args {
		if t, ok := a.(time.Time); ok {
			args[i] = t.UTC().Format("15:04 MST")
		}
	}
	return fmt.Sprintf(f, args...)
}

// ErrorCode returns the Code of the first *Error in err's chain, or OK when
// there is none (including when err is nil).
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return OK
}

// Over returns the error for playing on in a game that ended with o, a win
// or a draw: GameWon with the winner's colour (colours names the First and
// the Second side) and the reason, or GameDrawn with the reason.
func Over(o Outcome, colours [2]Term) *Error {
	if o.Status == Win {
		return E(GameWon, colours[o.Winner&1], o.Reason)
	}
	return E(GameDrawn, o.Reason)
}
