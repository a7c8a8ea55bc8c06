package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// TestFiftyConcurrentGames plays 50 games at once, each in its own channel
// between its own two players, from challenge to five: no interaction may
// miss Discord's 3-second deadline. Under the race detector, which slows
// drawing the boards by an order of magnitude on a shared two-core machine,
// it plays 4.
func TestFiftyConcurrentGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping 50 concurrent games (about 550 interactions)")
	}
	w := newWorld(t, setup{})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	games := 50
	if raceEnabled {
		games = 4
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for n := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playToFive(ctx, w, n); err != nil {
				errs <- fmt.Errorf("game %d: %w", n, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if f := w.dc.Failures(); len(f) != 0 {
		t.Fatalf("%d interactions failed, first %+v", len(f), f[0])
	}
	st, err := w.db.Stats(ctx, w.dc.User("black0").ID, store.Gomoku)
	if err != nil || st.People.Wins != 1 {
		t.Fatalf("black0's record: %+v, %v", st, err)
	}
}

// playToFive plays one game between black<n> and white<n> in channel <n>.
func playToFive(ctx context.Context, w *world, n int) error {
	ch := w.dc.NewChannel(fmt.Sprintf("table%d", n))
	black, white := w.dc.User(fmt.Sprintf("black%d", n)), w.dc.User(fmt.Sprintf("white%d", n))
	r, err := black.Slash(ctx, ch, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", white.ID), discordtest.Opt("first", "me")))
	if err != nil {
		return err
	}
	m, err := completed(ctx, ch, r.Message(), -1)
	if err != nil {
		return err
	}
	accept := ""
	for _, b := range m.Buttons() {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	if _, err = white.Click(ctx, m, accept); err != nil {
		return err
	}
	if _, err := completed(ctx, ch, m, m.Version); err != nil {
		return err
	}
	moves := []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"}
	for i, mv := range moves {
		u := black
		if i%2 == 1 {
			u = white
		}
		r, err := u.Slash(ctx, ch, "move", discordtest.Opt("move", mv))
		if err != nil {
			return err
		}
		m, err := completed(ctx, ch, r.Message(), -1)
		if err != nil {
			return err
		}
		if m.Ephemeral() {
			return fmt.Errorf("move %s refused: %s", mv, m.Content)
		}
	}
	last := ch.Messages()
	if c := last[len(last)-1].Content; !strings.Contains(c, "five in a row") {
		return fmt.Errorf("the game did not end with a five: %q", c)
	}
	return nil
}

// completed waits until m is no longer thinking and, when version >= 0, has
// changed since that version.
func completed(ctx context.Context, ch *discordtest.Channel, m *discordtest.Message, version int) (*discordtest.Message, error) {
	return ch.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return x.ID == m.ID && !x.Loading() && x.Version > version
	})
}
