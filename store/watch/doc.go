// Package watch imports hand histories as a poker client writes them: it
// watches a directory (and every directory below it) and stores in a
// store.DB each hand appended to its files, once, as soon as the hand is
// whole (pokerlab db watch).
//
//	sum, err := watch.Run(ctx, db, "~/PokerStars/HandHistory", watch.Options{
//		OnBatch: func(b watch.Batch) { fmt.Println(b.File, b.Stored) },
//	}) // until ctx is done
//
// # Reading a growing file
//
// The files are those db import reads in a directory (.phh, .phhs, .txt
// or no extension; names starting with "." and the database's own files
// left out). A file is read from where the last reading stopped, at the
// start of a hand, and its text is cut at hand headers (PokerStars and
// GGPoker hand headers; PHH table headers outside multi-line strings). A
// hand followed by the next one's header is whole (stored, or rejected
// with its reason as db import would). The last hand is whole when the
// file has been left as it is for Debounce (by its modification time, or
// since the watcher saw it so) and its text
//
//   - reads as one hand that replays and ends with a line end, and
//   - for PokerStars and GGPoker text, has its summary section with a
//     "Seat N:" line for every player dealt in (the sites write the
//     summary last, a line per seat: on the real files of package hh no
//     part of a hand cut at or inside a line passes, every whole hand
//     does);
//   - for PHH, has every key that every earlier table of the file had (a
//     writer writes the same fields in every hand; a table cut between
//     two lines reads as a hand without its last fields). A table that
//     lacks a field every earlier one had waits for the next header, and
//     the first table of a file, with none to compare with, is whole when
//     it reads as a hand: a half-written first table of a PHH file cut
//     between lines, left for Debounce, would be stored as a hand of its
//     own. The poker clients write site text; PHH files are written whole.
//
// A last hand that does not read or replay is taken for unfinished: it is
// rejected (with its reason) when the next hand's header follows it. A
// last hand without a final line end (a file written so) waits for the
// next hand too; db import reads such a file whole.
//
// # Files that change
//
// What has been read of each file is kept in the database (store.WatchedFile,
// table watch_files): the bytes and lines read and the SHA-256 of its
// first min(read, 4 KiB) bytes. At every look the watcher checks that the
// file is still as long as what was read and starts with the same bytes:
// a file truncated, or replaced under its name by one with other first
// bytes, is read again from its start. A file renamed is found under its
// new name by its identity (os.SameFile, while the watcher runs) or by the
// digest of its first bytes (rows of files renamed while it did not run),
// and read on from where it was. Rows of files gone are dropped after the
// first look at the directory. Offsets are for speed; identity is for
// safety: Import stores a hand once by its site and number (and content),
// so a file read again (a row lost, a crash between the import and the
// row's update, a copy of a file) stores nothing twice.
//
// # Events
//
// Notifications come from fsnotify (inotify, kqueue, ReadDirectoryChangesW;
// the standard library has no file notification). A burst of writes is
// read once: the files named by events are read when no event has come
// for Debounce, or 4×Debounce after the burst's first event if writes go
// on. A new directory is watched and its files read; lost events (the
// kernel's queue overflowing) make the watcher look at every file. Where
// notifications are not available (fsnotify fails), or with Poll (a
// network mount, whose writes from other machines raise no event), the
// files are listed every Poll and those whose size or modification time
// changed are read.
//
// # Cost
//
// A look at a file costs a stat, a read of its first bytes (at most 4 KiB)
// for the digest, and a read of the bytes appended since the last look
// (at most 16 MiB at a time); the hands are parsed once and stored by
// store.DB.Import in transactions of Batch hands, followed by one update
// of the file's row and a count of the hands in the database (a sum over
// store's hand_counts).
//
// # Tests
//
// The rules of whole hands against every hand of the real PokerStars and
// GGPoker files and the HandHQ PHH files, cut at every line end and inside
// every line; and against a real SQLite file and a PostgreSQL server: a
// file written hand by hand with writes that stop inside a line and inside
// a hand, and pauses there, while the watcher runs (exactly the whole
// hands stored, each once); a file renamed away and a new one created
// under its name; a watcher stopped, the file appended to (and another
// renamed into a new directory), and a new watcher that reads only the
// new hands; a file truncated and rewritten; polling and directories
// created below the watched one; lines that are no hand between hands; a
// file read in parts shorter than its hands; and a file read again from
// its start storing nothing twice.
package watch
