package hh

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the reference: the IANA rules of America/New_York, in the test binary only
)

// TestEasternTime compares Hand.Time's own Eastern Time rules with the IANA
// time-zone database (America/New_York) from 1990 to 2030: every hour of
// March, April, October and November (where the changes fall) and noon of
// the other days, except the hour that does not exist in spring and the
// hour that repeats in autumn, which a wall-clock time cannot tell apart.
func TestEasternTime(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	var h Hand
	for clock := time.Date(1990, 1, 1, 0, 30, 0, 0, time.UTC); clock.Year() < 2031; clock = clock.Add(time.Hour) {
		if m := clock.Month(); m != time.March && m != time.April && m != time.October && m != time.November && clock.Hour() != 12 {
			continue
		}
		ref := time.Date(clock.Year(), clock.Month(), clock.Day(), clock.Hour(), 30, 0, 0, ny)
		if ref.Hour() != clock.Hour() {
			continue // the spring gap
		}
		if later := ref.Add(time.Hour); later.Hour() == ref.Hour() {
			continue // the repeated hour
		}
		if earlier := ref.Add(-time.Hour); earlier.Hour() == ref.Hour() {
			continue
		}
		h.Extra = h.Extra[:0]
		h.SetField("year", clock.Year())
		h.SetField("month", int(clock.Month()))
		h.SetField("day", clock.Day())
		h.Extra = append(h.Extra, Field{Key: "time", Value: clock.Format("15:04:05")}, Field{Key: "time_zone_abbreviation", Value: "'ET'"})
		got, zoned, ok := h.Time()
		if !ok || !zoned || !got.Equal(ref) {
			t.Fatalf("%s ET: %v (zoned %v, ok %v), want %v", clock.Format("2006-01-02 15:04"), got.UTC(), zoned, ok, ref.UTC())
		}
	}
}

// TestSiteHandTime: a PokerStars hand's time comes from the bracketed
// Eastern Time of its header; GGPoker's clock has no zone.
func TestSiteHandTime(t *testing.T) {
	hands, _, err := ReadAny("t.txt", []byte(goodStars))
	if err != nil {
		t.Fatal(err)
	}
	got, zoned, ok := hands[0].Time()
	if want := time.Date(2013, 10, 4, 17, 53, 27, 0, time.UTC); !ok || !zoned || !got.Equal(want) {
		t.Errorf("%v %v %v, want %v (13:53:27 EDT)", got, zoned, ok, want)
	}
	gg := "Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2025/04/09 22:13:05\n" + goodStars[strings.Index(goodStars, "\n")+1:]
	hands, rej, err := ReadAny("g.txt", []byte(gg))
	if err != nil || len(rej) > 0 {
		t.Fatal(err, rej)
	}
	got, zoned, ok = hands[0].Time()
	if want := time.Date(2025, 4, 9, 22, 13, 5, 0, time.UTC); !ok || zoned || !got.Equal(want) {
		t.Errorf("%v %v %v, want the clock %v without a zone", got, zoned, ok, want)
	}
}
