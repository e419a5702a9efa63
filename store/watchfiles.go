package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// WatchedFile is what a watcher (package store/watch, pokerlab db watch)
// has read of one hand-history file: the row of watch_files (schema
// version 7) under its path.
type WatchedFile struct {
	Path string // the file, as an absolute, clean path
	// HeadLen and HeadDigest identify the file's content: the SHA-256, in
	// hex, of its first HeadLen bytes, HeadLen = min(ReadBytes, 4 KiB).
	HeadLen    int64
	HeadDigest string
	// ReadBytes is how far the file has been read: every hand before it
	// was stored (or was already stored, or rejected). ReadLines is the
	// number of lines before it, so messages name the lines of the file.
	ReadBytes, ReadLines int64
	// PHHKeys are the keys every PHH table read so far had, comma
	// separated ("" for site text, or before the first table).
	PHHKeys string
	Hands   int64 // hands read from the file
}

const watchColumns = "path, head_len, head_digest, read_bytes, read_lines, phh_keys, hands"

func scanWatched(scan func(...any) error) (WatchedFile, error) {
	var f WatchedFile
	err := scan(&f.Path, &f.HeadLen, &f.HeadDigest, &f.ReadBytes, &f.ReadLines, &f.PHHKeys, &f.Hands)
	return f, err
}

// WatchedFile returns the row of path (ok false when there is none).
func (db *DB) WatchedFile(ctx context.Context, path string) (f WatchedFile, ok bool, err error) {
	f, err = scanWatched(db.sql.QueryRowContext(ctx, "SELECT "+watchColumns+" FROM watch_files WHERE path = $1", path).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return WatchedFile{}, false, nil
	}
	if err != nil {
		return WatchedFile{}, false, db.wrap(err)
	}
	return f, true, nil
}

// WatchedFilesByHead returns the rows whose first headLen bytes have the
// digest given: the file a renamed one was, in path order.
func (db *DB) WatchedFilesByHead(ctx context.Context, headLen int64, digest string) ([]WatchedFile, error) {
	return db.watchedFiles(ctx, "SELECT "+watchColumns+" FROM watch_files WHERE head_digest = $1 AND head_len = $2 ORDER BY path", digest, headLen)
}

// WatchedFilesUnder returns the rows of the files below dir (an absolute,
// clean path), in path order.
func (db *DB) WatchedFilesUnder(ctx context.Context, dir string) ([]WatchedFile, error) {
	prefix := dir + "/"
	if len(dir) > 0 && dir[len(dir)-1] == '/' {
		prefix = dir
	}
	// substr rather than LIKE: a path may hold % and _.
	return db.watchedFiles(ctx, "SELECT "+watchColumns+" FROM watch_files WHERE substr(path, 1, length(CAST($1 AS TEXT))) = $2 ORDER BY path", prefix, prefix)
}

func (db *DB) watchedFiles(ctx context.Context, q string, args ...any) ([]WatchedFile, error) {
	rows, err := db.sql.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []WatchedFile
	for rows.Next() {
		f, err := scanWatched(rows.Scan)
		if err != nil {
			return nil, db.wrap(err)
		}
		out = append(out, f)
	}
	return out, db.wrap(rows.Err())
}

// SaveWatchedFile writes f's row (inserted or replaced).
func (db *DB) SaveWatchedFile(ctx context.Context, f WatchedFile) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO watch_files (`+watchColumns+`, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (path) DO UPDATE SET head_len = excluded.head_len, head_digest = excluded.head_digest, read_bytes = excluded.read_bytes,
read_lines = excluded.read_lines, phh_keys = excluded.phh_keys, hands = excluded.hands, updated_at = excluded.updated_at`,
			f.Path, f.HeadLen, f.HeadDigest, f.ReadBytes, f.ReadLines, f.PHHKeys, f.Hands, time.Now().UTC().Format(time.RFC3339Nano))
		return err
	})
}

// DeleteWatchedFiles drops the rows of paths.
func (db *DB) DeleteWatchedFiles(ctx context.Context, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, p := range paths {
			if _, err := tx.ExecContext(ctx, "DELETE FROM watch_files WHERE path = $1", p); err != nil {
				return err
			}
		}
		return nil
	})
}

// CountHands returns the number of stored hands (a sum of hand_counts, a
// few rows per stakes and day, not a scan of hands).
func (db *DB) CountHands(ctx context.Context) (int64, error) {
	return db.countHands(ctx, db.sql, Filter{})
}
