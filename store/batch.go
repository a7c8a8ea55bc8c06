package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Group commit (SQLite). Every write of an SQLite file goes through one
// connection and costs one fsync at its commit. Writes of different games
// that arrive while another commits wait in line; the batcher takes them
// all (up to maxBatch) into one transaction, each in a savepoint of its
// own, and commits them together: one fsync for all. A write that fails is
// rolled back to its savepoint and returns its error; the others commit.
// Durability is unchanged: no write returns before the commit that holds it
// is on disk. PostgreSQL groups concurrent commits' WAL flushes itself.

// maxBatch bounds the writes committed together.
const maxBatch = 64

// errClosed is returned by writes after Close.
var errClosed = errors.New("the database is closed")

// writeReq is one write waiting for the batcher.
type writeReq struct {
	ctx  context.Context
	what string
	fn   func(tx runner) error
	done chan error
	// state is reqWaiting until the batcher claims the write (reqClaimed:
	// its caller waits for the commit) or its caller gives up first
	// (reqAbandoned: it never runs).
	state atomic.Int32
}

// States of a writeReq.
const (
	reqWaiting = iota
	reqClaimed
	reqAbandoned
)

// batcher commits the writes of an SQLite file in groups.
type batcher struct {
	reqs chan *writeReq // unbuffered: a send succeeds only while the loop runs
	stop chan struct{}  // closed by Close
	done chan struct{}  // closed when the loop has returned
	once sync.Once      // closes stop
}

// startBatcher starts the group commit of db's writes.
func (db *DB) startBatcher() {
	b := &batcher{reqs: make(chan *writeReq), stop: make(chan struct{}), done: make(chan struct{})}
	db.batch = b
	go db.batchLoop(b)
}

// stopBatcher ends the group commit once the writes it holds are done.
func (db *DB) stopBatcher() {
	if db.batch == nil {
		return
	}
	db.batch.once.Do(func() { close(db.batch.stop) })
	<-db.batch.done
}

// batchWrite hands fn to the batcher and waits for its commit.
func (db *DB) batchWrite(ctx context.Context, what string, fn func(tx runner) error) error {
	req := &writeReq{ctx: ctx, what: what, fn: fn, done: make(chan error, 1)}
	select {
	case db.batch.reqs <- req:
	case <-db.batch.stop:
		return fmt.Errorf("%s: %w", what, errClosed)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", what, ctx.Err())
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		if req.state.CompareAndSwap(reqWaiting, reqAbandoned) {
			return fmt.Errorf("%s: %w", what, ctx.Err())
		}
		return <-req.done // it runs: its outcome is the caller's
	}
}

// batchLoop takes the writes in turn, with all those waiting behind each.
func (db *DB) batchLoop(b *batcher) {
	defer close(b.done)
	for {
		var first *writeReq
		select {
		case first = <-b.reqs:
		case <-b.stop:
			return
		}
		reqs := []*writeReq{first}
	more:
		for len(reqs) < maxBatch {
			select {
			case r := <-b.reqs:
				reqs = append(reqs, r)
			default:
				break more
			}
		}
		db.commitBatch(reqs)
	}
}

// commitBatch runs reqs in one transaction, each in its own savepoint,
// commits, and answers each. A failed commit is retried, running them all
// again (as write retries its one), when the dialect says it may be.
func (db *DB) commitBatch(reqs []*writeReq) {
	for attempt := 1; ; attempt++ {
		results := make([]error, len(reqs))
		err := db.runBatch(reqs, results)
		if err != nil && attempt < maxAttempts && db.d.retryable(err) && pause(context.Background(), attempt) == nil {
			continue
		}
		for i, r := range reqs {
			if err != nil {
				r.done <- fmt.Errorf("%s: %w", r.what, err)
			} else {
				r.done <- results[i]
			}
		}
		return
	}
}

// runBatch runs one transaction of reqs, recording each one's error in
// results; it returns the error that failed the whole transaction, if
// any. The writes run detached from their callers' contexts: on SQLite an
// interrupted statement rolls back the whole transaction, which would take
// the others' writes with it. A caller gone before its write was claimed
// is not run; one whose write was claimed waits for its commit.
func (db *DB) runBatch(reqs []*writeReq, results []error) error {
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, db.d.writeTx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	for i, r := range reqs {
		if !r.state.CompareAndSwap(reqWaiting, reqClaimed) && r.state.Load() != reqClaimed { // abandoned
			results[i] = fmt.Errorf("%s: %w", r.what, context.Canceled)
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT write`); err != nil {
			return errors.Join(fmt.Errorf("savepoint: %w", err), tx.Rollback())
		}
		if err := r.fn(runner{detached{tx}, db.d}); err != nil {
			if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO write`); rerr != nil {
				return errors.Join(fmt.Errorf("rollback to savepoint: %w", rerr), tx.Rollback())
			}
			results[i] = commitError(r.what, err)
		}
		if _, err := tx.ExecContext(ctx, `RELEASE write`); err != nil {
			return errors.Join(fmt.Errorf("release savepoint: %w", err), tx.Rollback())
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// detached runs a transaction's statements without their callers'
// cancellation (see runBatch).
type detached struct{ tx *sql.Tx }

// ExecContext runs a statement of the batch's transaction.
func (d detached) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return d.tx.ExecContext(context.WithoutCancel(ctx), query, args...)
}

// QueryContext runs a query of the batch's transaction.
func (d detached) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return d.tx.QueryContext(context.WithoutCancel(ctx), query, args...)
}

// QueryRowContext runs a one-row query of the batch's transaction.
func (d detached) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return d.tx.QueryRowContext(context.WithoutCancel(ctx), query, args...)
}
