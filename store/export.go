package store

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"pokerlab/hh"
)

// PokerStarsSite is the site (PHH venue) of PokerStars hands: the only
// hands Export writes as PokerStars text.
const PokerStarsSite = "PokerStars"

// ExportSummary counts what Export did.
type ExportSummary struct {
	Written int // hands written
	// LeftOut counts, by site ("" for hands without one: simulated
	// hands), the hands the filter selected that the format cannot carry:
	// for "pokerstars", every hand that is not a PokerStars hand.
	LeftOut map[string]int
}

// Export writes the hands f selects to w, in the order they were stored,
// as PHH (format "phh": a .phhs file whose tables are [1], [2], ...; each
// hand's text as stored, with its venue, hand number and time fields) or
// PokerStars text ("pokerstars", hh.WritePokerStars; hands separated by a
// blank line). Either way, importing the output into the same database
// stores nothing new: every hand comes back with its site, number and
// content. PokerStars text is written for PokerStars hands only: its
// header names PokerStars, so a hand of another site (GGPoker, Absolute
// Poker, a pokerlab serve table) or a simulated hand would come back as a
// PokerStars hand, a new one; those are left out and counted in LeftOut.
func Export(ctx context.Context, db *DB, f Filter, format string, w io.Writer) (ExportSummary, error) {
	sum := ExportSummary{LeftOut: map[string]int{}}
	if format != "phh" && format != "pokerstars" {
		return sum, fmt.Errorf("export format %q: want phh or pokerstars", format)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	err := db.Hands(ctx, f, func(s *StoredHand) error {
		if format == "pokerstars" && s.Site != PokerStarsSite {
			sum.LeftOut[s.Site]++
			return nil
		}
		h, err := parseStored(db.where, s.ID, s.PHH)
		if err != nil {
			return err
		}
		hands := []*hh.Hand{h}
		if sum.Written > 0 {
			sep := "\n"
			if format == "pokerstars" {
				sep = "\n\n"
			}
			if _, err := bw.WriteString(sep); err != nil {
				return err
			}
		}
		sum.Written++
		if format == "pokerstars" {
			return hh.WritePokerStars(bw, hands)
		}
		h.Name = strconv.Itoa(sum.Written)
		return hh.Write(bw, hands)
	})
	if err != nil {
		return sum, err
	}
	if format == "pokerstars" && sum.Written > 0 {
		bw.WriteString("\n")
	}
	return sum, bw.Flush()
}
