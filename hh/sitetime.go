package hh

import (
	"strconv"
	"strings"
	"time"
)

// Time returns when the hand was played, from its fields year, month, day,
// time and time_zone_abbreviation. ET (US Eastern Time, the zone PokerStars
// writes, with its daylight-saving rules: since 2007 from the second Sunday
// of March to the first Sunday of November at 2:00, before that from the
// first Sunday of April to the last Sunday of October), EST, EDT, UTC and
// GMT give the instant (zoned); a hand without a zone (GGPoker writes none)
// or with another one gives its clock as if it were UTC, zoned false. ok is
// false without a date.
func (h *Hand) Time() (t time.Time, zoned, ok bool) {
	num := func(k string) (int, bool) {
		v, found := h.Field(k)
		if !found {
			return 0, false
		}
		n, err := strconv.Atoi(v)
		return n, err == nil
	}
	y, ok1 := num("year")
	mo, ok2 := num("month")
	d, ok3 := num("day")
	if !ok1 || !ok2 || !ok3 || mo < 1 || mo > 12 || d < 1 || d > 31 {
		return time.Time{}, false, false
	}
	var hh, mm, ss int
	if c, found := h.Field("time"); found {
		parts := strings.SplitN(c, ":", 3)
		if len(parts) >= 2 {
			hh, _ = strconv.Atoi(parts[0])
			mm, _ = strconv.Atoi(parts[1])
			if len(parts) == 3 {
				sec := parts[2]
				if i := strings.IndexByte(sec, '.'); i >= 0 {
					sec = sec[:i]
				}
				ss, _ = strconv.Atoi(sec)
			}
		}
	}
	clock := time.Date(y, time.Month(mo), d, hh, mm, ss, 0, time.UTC)
	tz, _ := h.Field("time_zone_abbreviation")
	switch tz {
	case "UTC", "GMT":
		return clock, true, true
	case "ET":
		return clock.Add(-easternOffset(clock)), true, true
	case "EST":
		return clock.Add(5 * time.Hour), true, true
	case "EDT":
		return clock.Add(4 * time.Hour), true, true
	}
	return clock, false, true
}

// easternOffset is US Eastern Time's offset from UTC at the wall-clock time
// local (given as if in UTC): -4 h in daylight-saving time, else -5 h. In the
// repeated hour of November the earlier (daylight) reading is taken.
func easternOffset(local time.Time) time.Duration {
	y := local.Year()
	var start, end time.Time
	if y >= 2007 {
		start = nthSunday(y, time.March, 2)
		end = nthSunday(y, time.November, 1)
	} else {
		start = nthSunday(y, time.April, 1)
		end = lastSunday(y, time.October)
	}
	start = start.Add(2 * time.Hour) // 2:00 standard time becomes 3:00
	end = end.Add(1 * time.Hour)     // 2:00 daylight time becomes 1:00: 1:00-2:00 repeats
	if !local.Before(start) && local.Before(end) {
		return -4 * time.Hour
	}
	return -5 * time.Hour
}

// nthSunday is the n-th Sunday of a month, at midnight.
func nthSunday(y int, m time.Month, n int) time.Time {
	d := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	for d.Weekday() != time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return d.AddDate(0, 0, 7*(n-1))
}

// lastSunday is the last Sunday of a month, at midnight.
func lastSunday(y int, m time.Month) time.Time {
	d := time.Date(y, m+1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
	for d.Weekday() != time.Sunday {
		d = d.AddDate(0, 0, -1)
	}
	return d
}
