package match

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// loop runs try up to n times and returns how many succeeded before the
// first refusal, and that refusal.
func loop(t *testing.T, n int, try func() error) (int, error) {
	t.Helper()
	for i := range n {
		if err := try(); err != nil {
			return i, err
		}
	}
	return n, nil
}

// TestChallengeWithdrawLoop: challenge then withdraw, 500 times, used to
// ping the opponent 500 times. The pair's ping bucket stops it after 3,
// saying when to try again; ten minutes later one more goes through.
func TestChallengeWithdrawLoop(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits()})
	spec := ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, GuildID: "g1"}
	n, err := loop(t, 500, func() error {
		g, err := e.m.Challenge(ctx, spec)
		if err != nil {
			return err
		}
		_, err = e.m.Withdraw(ctx, g.ID, as(alice.ID))
		return err
	})
	t.Logf("challenge and withdraw: %d of 500 went through, then %q", n, err)
	if n != 3 || engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("%d went through, then %v; want 3, then too often", n, err)
	}
	if want := "too many challenge requests from you in a short time: try again at "; err.Error()[:len(want)] != want {
		t.Errorf("message %q", err)
	}
	// another person is not affected, and nor is bob challenging alice
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: spec.Setup, Challenger: alice, Opponent: carol, GuildID: "g1"}); err != nil {
		t.Fatalf("alice to carol: %v", err)
	}
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: spec.Setup, Challenger: bob, Opponent: alice, GuildID: "g1"}); err != nil {
		t.Fatalf("bob to alice: %v", err)
	}
	e.clock.Advance(DefaultLimits().PingEvery)
	if _, err := e.m.Challenge(ctx, spec); err != nil {
		t.Fatalf("after the wait: %v", err)
	}
}

// TestChallengeBurstPerUser: one user challenging many people is held to
// the challenge bucket (five, then one every two minutes).
func TestChallengeBurstPerUser(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits(), MaxOpenChallenges: 100})
	i := 0
	n, err := loop(t, 50, func() error {
		i++
		_, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice,
			Opponent: Player{ID: "9" + string(rune('0'+i/10)) + string(rune('0'+i%10)), Name: "p"}})
		return err
	})
	if n != DefaultLimits().ChallengeBurst || engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("%d went through, then %v; want %d, then too often", n, err, DefaultLimits().ChallengeBurst)
	}
}

// TestDrawWithdrawLoop: a draw offer then its withdrawal, 500 times, used
// to ping the opponent 500 times; it stops after 3.
func TestDrawWithdrawLoop(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits()})
	g := e.duel(true)
	n, err := loop(t, 500, func() error {
		if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, AnyPly); err != nil {
			return err
		}
		_, err := e.m.Withdraw(ctx, g.ID, as(alice.ID))
		return err
	})
	t.Logf("draw offer and withdraw: %d of 500 went through, then %q", n, err)
	if n != 3 || engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("%d went through, then %v; want 3, then too often", n, err)
	}
	// the refused offer changed nothing: bob may still play, alice's
	// undo requests share the game's bucket
	e.play(g.ID, "h8")
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly); engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("undo after the flood: %v", err)
	}
}

// TestPlayingFriendsAreNotLimited: people who take up each other's
// challenges and requests are never held back: ten one-minute games in a
// row, each with a draw offer accepted and a rematch.
func TestPlayingFriendsAreNotLimited(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits(), MaxOpenChallenges: 100})
	g := e.duel(true)
	for i := range 10 {
		e.clock.Advance(time.Minute)
		e.play(g.ID, "h8")
		if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.DrawRequest, AnyPly); err != nil {
			t.Fatalf("game %d, draw offer: %v", i, err)
		}
		if _, err := e.m.Answer(ctx, g.ID, as(bob.ID), true, AnyPly); err != nil {
			t.Fatal(err)
		}
		offer, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
		if err != nil {
			t.Fatalf("game %d, rematch: %v", i, err)
		}
		if g, err = e.m.Accept(ctx, offer.ID, as(bob.ID)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTakenUpChallengesDoNotCount: a challenge its opponent took up does
// not count against its challenger, so friends who play game after game
// without the clock moving (games over at once) are never held back,
// while challenges nobody takes up still stop at the burst.
func TestTakenUpChallengesDoNotCount(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits(), MaxOpenChallenges: 100})
	burst := DefaultLimits().ChallengeBurst
	for i := range 3 * burst {
		g := e.duel(false)
		if _, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
	i := 0
	n, err := loop(t, 50, func() error {
		i++
		_, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice,
			Opponent: Player{ID: "9" + strconv.Itoa(100+i), Name: "p"}})
		return err
	})
	// her 30 taken up cost her nothing: the whole burst is left
	if n != burst || engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("challenges nobody takes up: %d went through, then %v; want %d, then too often", n, err, burst)
	}
}

// TestDeclineCooldown: someone who declined a challenge, or let it expire,
// is not challenged again by that person for the cooldown; accepting a
// later challenge of theirs ends it.
func TestDeclineCooldown(t *testing.T) {
	e := newEnv(t, Config{Limits: DefaultLimits()})
	spec := ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob}
	g, err := e.m.Challenge(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Decline(ctx, g.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Challenge(ctx, spec)
	if engine.ErrorCode(err) != engine.ChallengeCooldown {
		t.Fatalf("right after the decline: %v", err)
	}
	if want := "@bob did not take up your last challenge: you may challenge them again at "; err.Error()[:len(want)] != want {
		t.Errorf("message %q", err)
	}
	// bob may still challenge alice, and ignored challenges count too
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: spec.Setup, Challenger: carol, Opponent: bob}); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(DefaultChallengeTTL + time.Second)
	if err := e.m.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Challenge(ctx, ChallengeSpec{Setup: spec.Setup, Challenger: carol, Opponent: bob}); engine.ErrorCode(err) != engine.ChallengeCooldown {
		t.Fatalf("after bob ignored carol: %v", err)
	}
	e.clock.Advance(DefaultLimits().Cooldown)
	if _, err := e.m.Challenge(ctx, spec); err != nil {
		t.Fatalf("after the cooldown: %v", err)
	}
}

// fakeSettings is a store whose server settings a test sets.
type fakeSettings struct {
	Store
	mu  sync.Mutex
	set map[string]string
}

func (f *fakeSettings) GuildSetting(ctx context.Context, guild, key string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if v, ok := f.set[guild+"/"+key]; ok {
		return v, nil
	}
	return f.Store.GuildSetting(ctx, guild, key)
}

// TestServerLimitsPresets: a server's limits setting turns them off,
// relaxes or tightens them, there only.
func TestServerLimitsPresets(t *testing.T) {
	for _, tt := range []struct {
		preset string
		want   int // challenge-and-withdraw rounds before a refusal (of 40)
	}{
		{LimitsOff, 40}, {LimitsRelaxed, 6}, {LimitsNormal, 3}, {LimitsStrict, 1}, {"", 3},
	} {
		t.Run("preset "+tt.preset, func(t *testing.T) {
			e := newEnv(t, Config{})
			st := &fakeSettings{Store: e.db, set: map[string]string{"g1/" + LimitsSetting: tt.preset}}
			if tt.preset == "" {
				st.set = nil
			}
			m := e.start(st, Config{Limits: DefaultLimits(), MaxOpenChallenges: 100})
			n, _ := loop(t, 40, func() error {
				g, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, GuildID: "g1"})
				if err != nil {
					return err
				}
				_, err = m.Withdraw(ctx, g.ID, as(alice.ID))
				return err
			})
			if n != tt.want {
				t.Fatalf("%d rounds, want %d", n, tt.want)
			}
			// elsewhere the configured limits hold
			if tt.preset == LimitsOff {
				n, _ := loop(t, 40, func() error {
					_, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: carol, Opponent: bob, GuildID: "g2"})
					return err
				})
				if n != 3 {
					t.Fatalf("in another server: %d, want 3", n)
				}
			}
		})
	}
}

// TestAIGamesPerUser: 300 level-10 games for one user used to be accepted;
// the cap stops them after 3, and a finished one makes room.
func TestAIGamesPerUser(t *testing.T) {
	e := newEnv(t, Config{MaxAIGames: DefaultMaxAIGames, Limits: DefaultLimits()})
	var first *store.Game
	n, err := loop(t, 300, func() error {
		g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Xiangqi}, Player: alice, Level: 10, Start: ChallengerFirst})
		if first == nil {
			first = g
		}
		return err
	})
	t.Logf("level-10 games for one user: %d of 300, then %q", n, err)
	if n != DefaultMaxAIGames || engine.ErrorCode(err) != engine.TooManyAIGames {
		t.Fatalf("%d games, then %v; want %d, then too many", n, err, DefaultMaxAIGames)
	}
	if _, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Xiangqi}, Player: bob, Level: 10}); err != nil {
		t.Fatalf("bob: %v", err)
	}
	if _, err := e.m.Resign(ctx, first.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Xiangqi}, Player: alice, Level: 10}); err != nil {
		t.Fatalf("after resigning one: %v", err)
	}
}

// orderAI records the order in which the workers start its moves (by
// level, which marks whose game it is): it starts only once gate is
// closed, then thinks a fixed time per move and plays the first legal
// move. It records the start, not the end, because the queue decides the
// order in which turns start; when a worker finishes is up to the
// scheduler (under load a worker can finish two short turns while the
// other has not yet recorded its one).
type orderAI struct {
	mu    sync.Mutex
	order []int64
	gate  chan struct{}
	think time.Duration
}

func (a *orderAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	<-a.gate
	a.mu.Lock()
	a.order = append(a.order, int64(level)) // the level carries the game's owner mark
	a.mu.Unlock()
	time.Sleep(a.think)
	return g.LegalMoves()[0], nil
}

func (a *orderAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, nil
}

// TestAIFlood: a heavy user (no cap) starts 60 games in which the AI moves
// first; a light user starts one while they wait. Round-robin between
// users puts the light user's turn after the one the worker holds and the
// heavy user's next (ahead of it in the ring), where first-in first-out
// put it behind the whole flood. One worker, so that the order the AI sees
// is the order the queue picked: with two, a worker descheduled between
// its pick and the AI call let the other run turns ahead of it, and the
// test failed under load. bot/queue's TestFlood measures several workers.
func TestAIFlood(t *testing.T) {
	ai := &orderAI{think: 2 * time.Millisecond, gate: make(chan struct{})}
	e := newEnv(t, Config{AI: ai, Workers: 1, MaxAIGames: -1})
	heavy := Player{ID: "777", Name: "heavy"}
	const flood = 60
	for range flood {
		if _, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: heavy, Level: 1, Start: OpponentFirst}); err != nil {
			t.Fatal(err)
		}
	}
	// the worker holds the first heavy turn; 59 wait
	if _, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: bob, Level: 2, Start: OpponentFirst}); err != nil {
		t.Fatal(err)
	}
	before := 0
	close(ai.gate)
	deadline := time.Now().Add(30 * time.Second)
	for {
		ai.mu.Lock()
		done := len(ai.order)
		ai.mu.Unlock()
		if done == flood+1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	ai.mu.Lock()
	defer ai.mu.Unlock()
	at := slices.Index(ai.order, 2)
	if at < 0 {
		t.Fatal("the light user's turn never ran")
	}
	waited := at - before
	t.Logf("the light user's turn ran after %d of the heavy user's %d queued turns (first in, first out: after all %d)", waited, flood, flood)
	if waited > 2 {
		t.Fatalf("the light user waited %d turns behind the flood, want at most the held one and the next", waited)
	}
}

// TestResignFarming: an alt resigning at move 0, 30 times, used to take a
// rating from 1500 to 1917. Games under MinRatedPlies finish unrated, so
// it moves nothing; a real game of the pair still counts.
func TestResignFarming(t *testing.T) {
	e := newEnv(t, Config{})
	for range 30 {
		g := e.duel(true)
		done, err := e.m.Resign(ctx, g.ID, as(bob.ID), AnyPly)
		if err != nil {
			t.Fatal(err)
		}
		if done.Rated {
			t.Fatalf("game %d, resigned at move 0, finished rated", g.ID)
		}
		e.clock.Advance(time.Hour) // past the pair window's reach: only length matters here
	}
	r, err := e.db.Rating(ctx, alice.ID, store.Gomoku)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("30 resignations at move 0: alice's rating %.0f, %d rated games", r.Rating, r.Games())
	if r.Games() != 0 || r.Rating != store.InitialRating {
		t.Fatalf("alice's rating %+v after 30 resignations at move 0", r)
	}
	g := e.duel(true)
	e.play(g.ID, "b10", "a1", "h8", "a2", "h9", "a3", "h10", "a5", "h11", "a7", "h12") // five at move 11
	if r, _ := e.db.Rating(ctx, alice.ID, store.Gomoku); r.Games() != 1 {
		t.Fatalf("a real win counted %d times", r.Games())
	}
}

// TestAIQueueBound: when MaxAIQueued turns already wait, a move that would
// queue one more is refused before it is stored, with a clear reply; once
// the AI catches up the same move goes through.
func TestAIQueueBound(t *testing.T) {
	ai := &orderAI{gate: make(chan struct{})}
	var release sync.Once
	open := func() { release.Do(func() { close(ai.gate) }) }
	t.Cleanup(open) // before the manager's Close, which waits for the AI
	e := newEnv(t, Config{AI: ai, Workers: 1, MaxAIQueued: 2})
	start := func(p Player) (*store.Game, error) {
		return e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: p, Level: 1, Start: ChallengerFirst})
	}
	// three games, each waiting for its first move from the AI: one
	// worker holds the first, two wait
	for i, p := range []Player{alice, bob, carol} {
		g, err := start(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.m.Play(ctx, g.ID, as(p.ID), "h8", AnyPly); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		time.Sleep(20 * time.Millisecond) // the worker takes the first
	}
	dave := Player{ID: "400", Name: "dave"}
	g, err := start(dave)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.m.Play(ctx, g.ID, as(dave.ID), "h8", AnyPly)
	if engine.ErrorCode(err) != engine.AIBusy {
		t.Fatalf("a move past the bound: %v", err)
	}
	if stored, eg := e.game(g.ID); eg.Ply() != 0 || stored.Status != store.Active {
		t.Fatalf("the refused move was stored: %q", stored.Moves)
	}
	open()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err = e.m.Play(ctx, g.ID, as(dave.ID), "h8", AnyPly)
		if err == nil || engine.ErrorCode(err) != engine.AIBusy || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("after the AI caught up: %v", err)
	}
}

// TestLimitsFollowTheServer: the same pair's pings count under the limits
// of the server where they happen: after two in a relaxed server (which
// allows six), a strict server allows its one at once, then none.
func TestLimitsFollowTheServer(t *testing.T) {
	e := newEnv(t, Config{})
	st := &fakeSettings{Store: e.db, set: map[string]string{"g1/" + LimitsSetting: LimitsRelaxed, "g2/" + LimitsSetting: LimitsStrict}}
	m := e.start(st, Config{Limits: DefaultLimits(), MaxOpenChallenges: 100})
	challenge := func(guild string) error {
		_, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, GuildID: guild})
		return err
	}
	for range 2 {
		if err := challenge("g1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := challenge("g2"); err != nil {
		t.Fatalf("the strict server's one ping: %v", err)
	}
	if err := challenge("g2"); engine.ErrorCode(err) != engine.TooOften {
		t.Fatalf("a second ping under the strict server's limit of one: %v", err)
	}
}
