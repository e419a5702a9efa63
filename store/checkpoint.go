package store

import (
	"context"
	"sync"
	"sync/atomic"
)

// Background checkpoints (SQLite).
//
// In WAL mode a commit appends pages to the WAL; a checkpoint copies them
// into the database file, syncing both. SQLite checkpoints on the writing
// connection after the commit that takes the WAL past wal_autocheckpoint
// (256 MB, open.go): an import's one writer stopped for every page copied
// and for both fsyncs. ImportFiles runs PASSIVE checkpoints on a
// connection of its own every checkpointHands hands instead: they copy the
// frames committed so far while the writer goes on (a checkpoint never
// takes the write lock), so the writer's own checkpoint at 256 MB finds
// the frames copied and only has to let the WAL start over.

// checkpointHands is the hands stored between two background checkpoints
// (about 20 MB of WAL).
const checkpointHands = 16384

// checkpointer runs PASSIVE checkpoints when kicked.
type checkpointer struct {
	kicks chan struct{}
	wg    sync.WaitGroup
	every int // hands between checkpoints
	hands int // stored since the last kick (the writer's goroutine only)
	runs  *atomic.Int64
}

// startCheckpoints starts the background checkpoints of an import (nil on
// PostgreSQL or a read-only DB); stop ends them.
func (db *DB) startCheckpoints() *checkpointer {
	if db.kind != SQLite || db.readOnly {
		return nil
	}
	c := &checkpointer{kicks: make(chan struct{}, 1), every: checkpointHands, runs: &db.checkpoints}
	if db.checkpointEvery > 0 {
		c.every = db.checkpointEvery
	}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		for range c.kicks {
			// An error (a busy lock, a closed DB) only leaves the frames
			// to the writer's own checkpoint.
			conn, err := db.sql.Conn(context.Background())
			if err != nil {
				continue
			}
			if _, err := conn.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)"); err == nil {
				c.runs.Add(1)
			}
			conn.Close()
		}
	}()
	return c
}

// stored counts hands the writer has committed and kicks a checkpoint every
// checkpointHands of them.
func (c *checkpointer) stored(n int) {
	if c == nil {
		return
	}
	c.hands += n
	if c.hands < c.every {
		return
	}
	c.kick()
}

// kick starts a checkpoint now (at the end of an import's writes: it copies
// them while the writer builds the key index, bulk.go).
func (c *checkpointer) kick() {
	if c == nil {
		return
	}
	c.hands = 0
	select {
	case c.kicks <- struct{}{}:
	default: // one is running or pending
	}
}

// stop waits for a checkpoint under way and ends the goroutine.
func (c *checkpointer) stop() {
	if c == nil {
		return
	}
	close(c.kicks)
	c.wg.Wait()
}
