package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// PostKind is what a post shows.
type PostKind string

// Post kinds.
const (
	BoardPost     PostKind = "board"     // a game's board
	ChallengePost PostKind = "challenge" // a challenge or rematch offer with its Accept and Decline buttons
	PromptPost    PostKind = "prompt"    // an undo or draw request with its answer buttons
	NoticePost    PostKind = "notice"    // a one-off message: a reminder, a loss on time
)

// What a post should show (Post.Want). The lifecycle sets them; the bot's
// presenters read them. A board that is the game's current one wants
// "v<version>": the game as it stands at that version.
const (
	// WantRetired: a board that is no longer the game's latest: no
	// buttons, no call to act.
	WantRetired = "retired"
	// WantOpen: a challenge or prompt waiting for its answer.
	WantOpen = "open"
	// WantAccepted, WantDeclined, WantWithdrawn, WantExpired, WantCancelled:
	// how a challenge or a request ended (cancelled: a move or the end of
	// the game made a request moot).
	WantAccepted  = "accepted"
	WantDeclined  = "declined"
	WantWithdrawn = "withdrawn"
	WantExpired   = "expired"
	WantCancelled = "cancelled"
	// WantRemind and WantTimeout are notices: the player to move is
	// running out of time; a player lost on time.
	WantRemind  = "remind"
	WantTimeout = "timeout"
	// WantMigrated is what the boards and prompts posted before posts
	// existed show (migration 0007).
	WantMigrated = "migrated"
	// WantThread: the board a game's thread was started from, in the
	// channel, once the game moved into the thread: a line saying so.
	WantThread = "thread"
	// WantResult is a notice in the channel a game's thread was started
	// from: the game's result in one line.
	WantResult = "result"
)

// WantVersion is the want of a game's current board: the game at version v.
func WantVersion(v int64) string { return fmt.Sprintf("v%d", v) }

// Post is a Discord message Tengen shows for a game, and what it should
// show. The lifecycle plans posts in the transaction that changes the game
// (Plan); the bot delivers them and records what Discord shows
// (Delivered). A post is due while Want differs from Shown.
type Post struct {
	ID        int64 // set when stored
	GameID    int64 // set when stored with its game
	Kind      PostKind
	ChannelID string
	// MessageID is Discord's id of the message, "" until it is known.
	MessageID string
	// Interaction is the interaction whose response creates the post, ""
	// when the bot creates it in the channel with its own token. Token is
	// that interaction's token, usable until TokenUntil; until RespondBy
	// only the handler of the interaction may create the message.
	Interaction string
	Token       string
	TokenUntil  time.Time
	RespondBy   time.Time
	// Followup: the post is a follow-up message of the interaction, not its
	// initial response.
	Followup bool
	// Ping lists the users the post's next delivery notifies: the
	// message mentions them when it is created; an existing message, whose
	// edit would notify nobody, is followed by a short message that does.
	// Delivered clears it with the delivery that notified them.
	Ping []string
	// Request and By say which request a prompt (or a rematch offer's
	// challenge) is about and who made it: the game's own Request changes
	// when the request is settled, the post's does not.
	Request RequestKind
	By      engine.Side
	// Version is the game's version when the post was planned.
	Version int64
	// Want is what the post should show (WantRetired, WantVersion(v)...),
	// Shown what Discord was last seen to show ("" for nothing, or not
	// known).
	Want, Shown string
	CreatedAt   time.Time
}

// Due reports whether the post waits for delivery.
func (p *Post) Due() bool { return p.Want != p.Shown }

// Reachable reports whether the post's interaction token can still be
// used at now.
func (p *Post) Reachable(now time.Time) bool {
	return p.Token != "" && now.Before(p.TokenUntil)
}

func (k PostKind) valid() bool {
	switch k {
	case BoardPost, ChallengePost, PromptPost, NoticePost:
		return true
	}
	return false
}

// Want sets what an existing post should show, and whom its next
// delivery notifies (none when Ping is empty; a Want without Ping leaves
// the post's pending notifications as they are).
type Want struct {
	Post int64
	Want string
	Ping []string
}

// Plan is what a change of a game shows on Discord, stored in the same
// transaction as the change: new posts (a board or challenge post becomes
// the game's BoardPost, a prompt its PromptPost) and new wants of
// existing posts, which may belong to other games (a rematch retires the
// board of the game it rematches).
type Plan struct {
	Posts []*Post
	Wants []Want
}

// empty reports whether the plan changes nothing.
func (p *Plan) empty() bool { return p == nil || len(p.Posts) == 0 && len(p.Wants) == 0 }

// check validates the plan's new posts.
func (p *Plan) check() error {
	if p == nil {
		return nil
	}
	for _, x := range p.Posts {
		switch {
		case !x.Kind.valid():
			return invalid("unknown post kind %q", x.Kind)
		case x.Want == "":
			return invalid("a %s post must say what it shows", x.Kind)
		case x.ChannelID == "":
			return invalid("a %s post needs a channel", x.Kind)
		}
	}
	for _, w := range p.Wants {
		if w.Post <= 0 || w.Want == "" {
			return invalid("want %q of post %d is not a want", w.Want, w.Post)
		}
	}
	return nil
}

// apply stores the plan in tx for game g (whose ID and Version are those
// being written) at ms, and points g's BoardPost and PromptPost at the new
// posts (its mirror's, for the posts in the mirror's channel).
func (p *Plan) apply(ctx context.Context, tx runner, g *Game, ms int64) error {
	if p == nil {
		return nil
	}
	for _, x := range p.Posts {
		x.GameID, x.Version = g.ID, g.Version
		err := tx.QueryRowContext(ctx, `INSERT INTO posts (game_id, kind, channel_id, message_id, interaction_id, token,
			token_until, respond_by, followup, ping, request, request_by, version, want, shown, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			x.GameID, x.Kind, x.ChannelID, x.MessageID, x.Interaction, x.Token,
			millis(x.TokenUntil), millis(x.RespondBy), boolInt(x.Followup), strings.Join(x.Ping, ","), x.Request, int(x.By),
			x.Version, x.Want, x.Shown, ms).Scan(&x.ID)
		if err != nil {
			return fmt.Errorf("save %s post: %w", x.Kind, err)
		}
		x.CreatedAt = time.UnixMilli(ms).UTC()
		board, prompt := &g.BoardPost, &g.PromptPost
		if g.Mirrored() && x.ChannelID == g.Mirror.ChannelID {
			board, prompt = &g.Mirror.BoardPost, &g.Mirror.PromptPost
		}
		switch x.Kind {
		case BoardPost, ChallengePost:
			*board = x.ID
		case PromptPost:
			*prompt = x.ID
		}
	}
	for _, w := range p.Wants {
		res, err := tx.ExecContext(ctx, `UPDATE posts SET want = ?1,
			ping = CASE WHEN ?2 = '' THEN ping WHEN ping = '' THEN ?2 ELSE ping || ',' || ?2 END WHERE id = ?3`,
			w.Want, strings.Join(w.Ping, ","), w.Post)
		if err != nil {
			return fmt.Errorf("plan post %d: %w", w.Post, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return engine.E(engine.PostNotFound, w.Post)
		}
	}
	return nil
}

// postColumns are the columns scanPost reads, in order.
const postColumns = `id, game_id, kind, channel_id, message_id, interaction_id, token, token_until, respond_by,
	followup, ping, request, request_by, version, want, shown, created_at`

func scanPost(row scanner) (*Post, error) {
	var (
		p                                Post
		kind, ping, request              string
		by                               int
		tokenUntil, respondBy, createdAt sql.NullInt64
	)
	err := row.Scan(&p.ID, &p.GameID, &kind, &p.ChannelID, &p.MessageID, &p.Interaction, &p.Token, &tokenUntil, &respondBy,
		&p.Followup, &ping, &request, &by, &p.Version, &p.Want, &p.Shown, &createdAt)
	if err != nil {
		return nil, err
	}
	p.Kind, p.Request, p.By = PostKind(kind), RequestKind(request), engine.Side(by)
	if ping != "" {
		p.Ping = strings.Split(ping, ",")
	}
	p.TokenUntil, p.RespondBy, p.CreatedAt = fromMillis(tokenUntil), fromMillis(respondBy), fromMillis(createdAt)
	return &p, nil
}

// Post loads the post with the given id; Code NotFound if there is none.
func (db *DB) Post(ctx context.Context, id int64) (*Post, error) {
	p, err := scanPost(db.read().QueryRowContext(ctx, `SELECT `+postColumns+` FROM posts WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, engine.E(engine.PostNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("load post %d: %w", id, err)
	}
	return p, nil
}

// Posts lists every post of game id, oldest first.
func (db *DB) Posts(ctx context.Context, id int64) ([]*Post, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT `+postColumns+` FROM posts WHERE game_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("list the posts of game %d: %w", id, err)
	}
	defer rows.Close()
	var ps []*Post
	for rows.Next() {
		p, err := scanPost(rows)
		if err != nil {
			return nil, fmt.Errorf("list the posts of game %d: %w", id, err)
		}
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list the posts of game %d: %w", id, err)
	}
	return ps, nil
}

// Delivery is a game with its posts waiting for delivery, read together.
type Delivery struct {
	Game *Game
	// Due are the game's posts whose want differs from what Discord shows,
	// oldest first.
	Due []*Post
}

// Delivery reads game id and its due posts in one snapshot, so that what
// the posts should show and the game they show agree.
func (db *DB) Delivery(ctx context.Context, id int64) (*Delivery, error) {
	rtx, err := db.r.BeginTx(ctx, db.d.readTx)
	if err != nil {
		return nil, fmt.Errorf("read the delivery of game %d: %w", id, err)
	}
	defer rtx.Rollback() // read-only: nothing to keep
	tx := runner{rtx, db.d}
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+`WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, engine.E(engine.GameNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("read the delivery of game %d: %w", id, err)
	}
	d := &Delivery{Game: g}
	rows, err := tx.QueryContext(ctx, `SELECT `+postColumns+` FROM posts INDEXED BY posts_due
		WHERE game_id = ? AND shown <> want ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("read the posts of game %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanPost(rows)
		if err != nil {
			return nil, fmt.Errorf("read the posts of game %d: %w", id, err)
		}
		d.Due = append(d.Due, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the posts of game %d: %w", id, err)
	}
	return d, nil
}

// DueGames lists the games with posts waiting for delivery: what the bot
// delivers after a start.
func (db *DB) DueDeliveries(ctx context.Context) ([]int64, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT DISTINCT game_id FROM posts INDEXED BY posts_due WHERE shown <> want ORDER BY game_id`)
	if err != nil {
		return nil, fmt.Errorf("list due deliveries: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("list due deliveries: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list due deliveries: %w", err)
	}
	return ids, nil
}

// Delivered records that Discord shows shown for post id, through message
// messageID ("" keeps the one recorded), and that the users it was to
// notify have been. When the post's want changed while it was being
// delivered, what Discord shows is no longer known: the post stays due,
// with Shown "", so that it is delivered again (with whatever notification
// the change added).
//
// Delivered is bookkeeping that can be recovered (the bot can ask Discord
// again), so it is written without waiting for the disk: a killed process
// keeps it, a power cut may lose the last ones. See the package doc.
func (db *DB) Delivered(ctx context.Context, id int64, shown, messageID string) error {
	return db.writeLight(ctx, fmt.Sprintf("record delivery of post %d", id), func(tx runner) error {
		res, err := tx.ExecContext(ctx, `UPDATE posts SET ping = CASE WHEN want = ?1 THEN '' ELSE ping END,
			shown = CASE WHEN want = ?1 THEN ?1 ELSE '' END,
			message_id = CASE WHEN ?2 <> '' THEN ?2 ELSE message_id END WHERE id = ?3`, shown, messageID, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return engine.E(engine.PostNotFound, id)
		}
		return nil
	})
}

// DueIn returns the games with posts waiting for delivery in channel ch.
func (db *DB) DueIn(ctx context.Context, ch string) ([]int64, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT DISTINCT game_id FROM posts INDEXED BY posts_due
		WHERE shown <> want AND channel_id = ? ORDER BY game_id`, ch)
	if err != nil {
		return nil, fmt.Errorf("list due deliveries in channel %s: %w", ch, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("list due deliveries in channel %s: %w", ch, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list due deliveries in channel %s: %w", ch, err)
	}
	return ids, nil
}

// Rebind hands post id to an interaction: its next delivery is a new
// follow-up message of that interaction (token, usable until until), and
// Discord's message it showed before, if any, is forgotten. This is how
// Tengen shows what it could not show where only interactions reach its
// players (a server or group DM that did not install it): a loss on time,
// an expiry, the board after them, at the next interaction there. Like
// Delivered, it is bookkeeping written without waiting for the disk.
func (db *DB) Rebind(ctx context.Context, id int64, interaction, token string, until time.Time) error {
	return db.writeLight(ctx, fmt.Sprintf("rebind post %d", id), func(tx runner) error {
		res, err := tx.ExecContext(ctx, `UPDATE posts SET interaction_id = ?, token = ?, token_until = ?, respond_by = NULL,
			followup = 1, message_id = '', shown = '' WHERE id = ?`, interaction, token, millis(until), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return engine.E(engine.PostNotFound, id)
		}
		return nil
	})
}
