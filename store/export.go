package store

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"pokerlab/hh"
)

// Export writes the hands f selects to w, in the order they were stored,
// as PHH (format "phh": a .phhs file whose tables are [1], [2], ...) or
// PokerStars text ("pokerstars", hh.WritePokerStars; hands separated by a
// blank line). It returns the number of hands written.
func Export(ctx context.Context, db *DB, f Filter, format string, w io.Writer) (int, error) {
	if format != "phh" && format != "pokerstars" {
		return 0, fmt.Errorf("export format %q: want phh or pokerstars", format)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	n := 0
	err := db.Hands(ctx, f, func(s *StoredHand) error {
		hands, err := hh.Parse(fmt.Sprintf("%s hand %d", db.where, s.ID), []byte(s.PHH))
		if err != nil {
			return err
		}
		if len(hands) != 1 {
			return fmt.Errorf("%s hand %d: %d hands in its PHH text", db.where, s.ID, len(hands))
		}
		h := hands[0]
		if n > 0 {
			sep := "\n"
			if format == "pokerstars" {
				sep = "\n\n"
			}
			if _, err := bw.WriteString(sep); err != nil {
				return err
			}
		}
		n++
		if format == "pokerstars" {
			return hh.WritePokerStars(bw, hands)
		}
		h.Name = strconv.Itoa(n)
		return hh.Write(bw, hands)
	})
	if err != nil {
		return n, err
	}
	if format == "pokerstars" && n > 0 {
		bw.WriteString("\n")
	}
	return n, bw.Flush()
}
