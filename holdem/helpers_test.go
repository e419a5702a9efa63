package holdem

import (
	"errors"
	"strconv"
	"testing"

	"pokerlab/cards"
)

// start resets a hand dealt by hand: holes[s] are seat s's cards ("AsKd",
// or "" for unknown).
func start(t *testing.T, cfg Config, holes ...string) *Hand {
	t.Helper()
	h := &Hand{}
	if err := h.Reset(&cfg, nil); err != nil {
		t.Fatal(err)
	}
	for i := range cfg.Players() {
		s := h.DealOrder(i)
		hole := [2]cards.Card{Unknown, Unknown}
		if s < len(holes) && holes[s] != "" {
			cs, err := cards.ParseCards(holes[s])
			if err != nil {
				t.Fatal(err)
			}
			hole = [2]cards.Card{cs[0], cs[1]}
		}
		if _, err := h.DealHole(s, hole); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// act plays one action for seat: "f" fold, "c" check or call, "r300" bet or
// raise to 300.
func act(t *testing.T, h *Hand, seat int, a string) Event {
	t.Helper()
	ev, err := apply(h, seat, a)
	if err != nil {
		t.Fatalf("seat %d %s: %v", seat, a, err)
	}
	return ev
}

func apply(h *Hand, seat int, a string) (Event, error) {
	switch {
	case a == "f":
		return h.Fold(seat)
	case a == "c":
		return h.CheckCall(seat)
	case len(a) > 1 && a[0] == 'r':
		to, err := strconv.ParseInt(a[1:], 10, 64)
		if err != nil {
			panic(err)
		}
		return h.BetRaise(seat, to)
	}
	panic("bad test action " + a)
}

// script plays "seat:action" steps in order.
func script(t *testing.T, h *Hand, steps ...string) {
	t.Helper()
	for _, st := range steps {
		seat := int(st[0] - '0')
		act(t, h, seat, st[2:])
	}
}

func board(t *testing.T, h *Hand, cs string) {
	t.Helper()
	c, err := cards.ParseCards(cs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.DealBoard(c...); err != nil {
		t.Fatal(err)
	}
}

func wantErr(t *testing.T, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("error %v, want %v", err, kind)
	}
	t.Logf("rejected as expected: %v", err)
}

func wantStacks(t *testing.T, h *Hand, want ...int64) {
	t.Helper()
	for s, w := range want {
		if got := h.Stack(s); got != w {
			for _, e := range h.Events() {
				t.Log(e)
			}
			t.Fatalf("seat %d stack %d, want %d", s, got, w)
		}
	}
}

func wantActor(t *testing.T, h *Hand, seat int) {
	t.Helper()
	if got := h.Actor(); got != seat {
		t.Fatalf("actor %d, want %d (phase %v)", got, seat, h.Phase())
	}
}

func stacks(xs ...int64) []int64 { return xs }
