package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"pokerlab/hh"
	"pokerlab/hud"
)

// Record is one hand as the database stores it: its identity, the facts
// the filters use, its PHH text, and a row per player with the HUD tallies
// of package hud for that hand (hud.Tally). RecordOf builds it.
type Record struct {
	// Site and SiteHand identify the hand: the PHH venue and hand fields
	// (the site's hand number as printed). A hand without both (simulated
	// hands) has SiteHand "sha256:" + the hex SHA-256 of its PHH text and
	// Site the venue or "": the same text is the same hand.
	Site, SiteHand string
	// PlayedAt is the time recorded in the hand, "2009-07-01T00:00:26"
	// (wall-clock time in TimeZone; "" if the hand has no date); Day is
	// its date as yyyymmdd (0 without one).
	PlayedAt, TimeZone string
	Day                int
	// Stakes are the blinds in currency units, "0.5/1" (trailing zeros
	// dropped; see NormalizeStakes).
	Stakes   string
	Currency string
	Table    string
	// Seats is the number of players; Button the table seat of the button
	// (the seats field, else the PHH index of the last player).
	Seats, Button int
	// Decimals is the unit of the amounts: 10^-Decimals of the currency.
	Decimals int
	// BB is the big blind in the hand's units (hud.BigBlind).
	BB int64
	// Pot is how far the preflop betting went (hud.Facts).
	Pot hud.PotType
	// PHH is the hand's PHH text (a .phh, without a [table] header).
	PHH string
	// Digest is the hand's content digest (digestOf: the first 8 bytes of
	// hh's ContentDigest): two records with the same Site and SiteHand are
	// the same hand when their digests agree, and a conflict otherwise.
	Digest  int64
	Players []PlayerRecord
	// File and Line say where the hand was read (hh.Hand's), for
	// messages; they are not stored.
	File string
	Line int
}

// PlayerRecord is one player's part of a hand.
type PlayerRecord struct {
	Name string
	// Seat is the PHH index (1 the small blind, ..., Seats the button);
	// TableSeat the seat number at the table (0 when unknown).
	Seat, TableSeat int
	// Position is hud.Position's name.
	Position string
	// StartingStack and Net (the chips won or lost, after rake when the
	// hand records what was collected) are in the hand's units.
	StartingStack, Net int64
	// Counts are the player's HUD tallies in this hand (hud.Tally).
	Counts [hud.NumStats]hud.Count
	// Rake, EV (the all-in adjusted net), Showdown and CashOutFee are the
	// player's money in this hand beyond Net (hud.MoneyRecorded).
	Rake, CashOutFee int64
	EV               float64
	Showdown         bool
	// Facts are what the filters read of the player's part (hud.Facts):
	// hole cards (-1 unknown), saw the flop, all-in (and showdown, as
	// Showdown).
	Facts hud.SeatFacts
}

// RecordOf replays h through the engine with r and builds its record. A
// hand that does not replay returns the replay error (a *hh.ReplayError).
func RecordOf(h *hh.Hand, r *hh.Replayer) (*Record, error) {
	var counts hud.HandCounts
	if err := hud.TallyRecorded(h, r, &counts); err != nil {
		return nil, err
	}
	g := &r.Hand
	n := h.NumPlayers()
	var facts hud.HandFacts
	hud.Facts(g, &facts)
	rec := &Record{Seats: n, Decimals: h.Decimals, Button: n, Pot: facts.Pot}
	// The PHH text: the hand written back alone (byte for byte the hand's
	// text in its file, without the [table] header).
	var buf bytes.Buffer
	name := h.Name
	h.Name = ""
	err := hh.Write(&buf, []*hh.Hand{h})
	h.Name = name
	if err != nil {
		return nil, err
	}
	rec.PHH = buf.String()
	rec.Digest = digestOf(h)
	rec.File, rec.Line = h.File, h.Line

	venue, _ := h.Field("venue")
	number, hasNumber := h.Field("hand")
	rec.Site = venue
	if venue != "" && hasNumber && number != "" {
		rec.SiteHand = number
	} else {
		sum := sha256.Sum256(buf.Bytes())
		rec.SiteHand = "sha256:" + hex.EncodeToString(sum[:])
	}
	rec.Currency, _ = h.Field("currency")
	if rec.Currency == "" {
		rec.Currency, _ = h.Field("currency_symbol")
	}
	rec.Table, _ = h.Field("table")
	rec.PlayedAt, rec.Day = handTime(h)
	rec.TimeZone, _ = h.Field("time_zone")
	if rec.TimeZone == "" {
		rec.TimeZone, _ = h.Field("time_zone_abbreviation")
	}
	if len(h.Seats) == n {
		rec.Button = int(h.Seats[n-1])
	}
	rec.Stakes = stakes(h.Blinds[0], h.Blinds[1], h.Decimals)

	rec.BB = hud.BigBlind(h)

	var money hud.HandMoney
	hud.MoneyRecorded(h, r, &money)
	rec.Players = make([]PlayerRecord, n)
	for s := range n {
		p := &rec.Players[s]
		p.Name = h.PlayerName(s)
		p.Seat = s + 1
		if len(h.Seats) == n {
			p.TableSeat = int(h.Seats[s])
		}
		// Engine seat s is PHH player p(s+1) (hh.Hand.Config).
		p.Position = hud.SeatPosition(g, s)
		p.StartingStack = h.StartingStacks[s]
		m := &money[s]
		p.Net, p.Rake, p.CashOutFee, p.EV, p.Showdown = m.Net, m.Rake, m.CashOutFee, m.EV, m.Showdown
		p.Counts = counts[s]
		p.Facts = facts.Seats[s]
	}
	return rec, nil
}

// digestOf is the stored content digest of h: the first 8 bytes of its
// SHA-256 (hh.Hand.ContentDigest). It is compared only between hands of
// the same site and number, so 64 bits make a false "same hand" a chance
// of 2^-64 per pair, in 8 bytes a hand.
func digestOf(h *hh.Hand) int64 {
	d := h.ContentDigest()
	return int64(binary.BigEndian.Uint64(d[:8]))
}

// parseStored reads the PHH text of stored hand id of database where.
func parseStored(where string, id int64, phh string) (*hh.Hand, error) {
	hands, err := hh.Parse(fmt.Sprintf("%s hand %d", where, id), []byte(phh))
	if err != nil {
		return nil, err
	}
	if len(hands) != 1 {
		return nil, fmt.Errorf("%s hand %d: %d hands in its PHH text", where, id, len(hands))
	}
	return hands[0], nil
}

// stakes writes the blinds of a hand as "SB/BB" in currency units: the
// smaller and the larger of the first two blinds_or_straddles (heads-up
// files write them in either order). A hand in which no small blind was
// posted ([2, 0, 0, 0]: the player was absent) is given half the big
// blind, the usual small blind, so that it counts at its table's stakes.
func stakes(a, b int64, decimals int) string {
	sb, bb := min(a, b), max(a, b)
	sbDec := decimals
	if sb == 0 {
		sb = bb * 5 // bb/2 in units one decimal finer
		sbDec++
	}
	return trimZeros(formatUnits(sb, sbDec)) + "/" + trimZeros(formatUnits(bb, decimals))
}

// formatUnits writes v units of 10^-decimals as a decimal number.
func formatUnits(v int64, decimals int) string {
	s := strconv.FormatInt(v, 10)
	if decimals == 0 {
		return s
	}
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	return s[:len(s)-decimals] + "." + s[len(s)-decimals:]
}

// trimZeros drops the trailing zeros of a decimal ("0.50" → "0.5", "2.00" → "2").
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// NormalizeStakes reads stakes as the user writes them ("1/2", "$0.50/$1",
// "0.5/1.00") into the stored form ("1/2", "0.5/1").
func NormalizeStakes(s string) (string, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return "", fmt.Errorf("stakes %q: want SMALL/BIG, such as 1/2", s)
	}
	parts := [2]string{a, b}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		p = strings.TrimLeft(p, "$€£")
		if p == "" || strings.Count(p, ".") > 1 || strings.HasPrefix(p, ".") || strings.HasSuffix(p, ".") {
			return "", fmt.Errorf("stakes %q: %q is not an amount", s, parts[i])
		}
		for _, c := range p {
			if (c < '0' || c > '9') && c != '.' {
				return "", fmt.Errorf("stakes %q: %q is not an amount", s, parts[i])
			}
		}
		p = strings.TrimLeft(p, "0")
		if p == "" || p[0] == '.' {
			p = "0" + p
		}
		parts[i] = trimZeros(p)
	}
	return parts[0] + "/" + parts[1], nil
}

// handTime reads the PHH time fields: time (a TOML local time, local
// date-time or offset date-time) and day, month, year. It returns the
// wall-clock time as "YYYY-MM-DDTHH:MM:SS" ("" without a date) and the
// date as yyyymmdd (0 without one).
func handTime(h *hh.Hand) (string, int) {
	t, _ := h.Field("time")
	var y, m, d int
	clock := "00:00:00"
	if len(t) >= 10 && t[4] == '-' && t[7] == '-' {
		y, _ = strconv.Atoi(t[:4])
		m, _ = strconv.Atoi(t[5:7])
		d, _ = strconv.Atoi(t[8:10])
		if len(t) >= 19 {
			clock = t[11:19]
		}
	} else {
		if len(t) >= 8 && t[2] == ':' {
			clock = t[:8]
		}
		ys, _ := h.Field("year")
		ms, _ := h.Field("month")
		ds, _ := h.Field("day")
		y, _ = strconv.Atoi(ys)
		m, _ = strconv.Atoi(ms)
		d, _ = strconv.Atoi(ds)
	}
	if y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31 {
		return "", 0
	}
	return fmt.Sprintf("%04d-%02d-%02dT%s", y, m, d, clock), y*10000 + m*100 + d
}
