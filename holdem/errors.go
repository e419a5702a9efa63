package holdem

import (
	"errors"
	"fmt"
	"strconv"
)

// The kinds of illegal moves. Every error returned by an action or a deal is
// an *ActionError whose Unwrap gives one of these, so callers can test
// errors.Is(err, holdem.ErrBelowMinRaise).
var (
	ErrHandOver      = errors.New("the hand is over")
	ErrWrongPhase    = errors.New("not possible in this phase of the hand")
	ErrOutOfTurn     = errors.New("action out of turn")
	ErrCannotRaise   = errors.New("raise not allowed")
	ErrBelowMinRaise = errors.New("raise below the minimum")
	ErrNotARaise     = errors.New("raise-to not above the current bet")
	ErrAboveStack    = errors.New("more chips than the stack")
	ErrBadSeat       = errors.New("no such seat")
	ErrCardTwice     = errors.New("card dealt twice")
	ErrBadDeal       = errors.New("wrong deal")
	ErrBadShow       = errors.New("wrong show")
	ErrCannotMuck    = errors.New("muck not allowed")
)

// ActionError is an illegal action or deal. It names the rule that forbids
// it and, where there is one, the legal alternative.
type ActionError struct {
	Kind error // one of the Err... values
	Seat int   // the seat that tried to act, or -1 for the dealer
	// Msg is the explanation with seats written as %[1]s-style verbs
	// rendered by Describe; see Error.
	msg   string
	seats []int
	chips []int64
}

// Unwrap returns the kind of error.
func (e *ActionError) Unwrap() error { return e.Kind }

// Error renders the message with seats as "seat N" and chips as integers.
func (e *ActionError) Error() string {
	return e.Describe(func(s int) string { return "seat " + strconv.Itoa(s) }, func(c int64) string { return strconv.FormatInt(c, 10) })
}

// Describe renders the message naming seats and chip amounts with the given
// functions (hand histories name players "p3" and amounts in decimal units).
func (e *ActionError) Describe(seat func(int) string, chips func(int64) string) string {
	args := make([]any, 0, len(e.seats)+len(e.chips))
	for _, s := range e.seats {
		args = append(args, seat(s))
	}
	for _, c := range e.chips {
		args = append(args, chips(c))
	}
	return fmt.Sprintf(e.msg, args...)
}

// actionErr builds an ActionError. msg uses %[i]s verbs: the first len(seats)
// arguments are seat names, the rest chip amounts.
func actionErr(kind error, seat int, msg string, seats []int, chips ...int64) *ActionError {
	return &ActionError{Kind: kind, Seat: seat, msg: msg, seats: seats, chips: chips}
}
