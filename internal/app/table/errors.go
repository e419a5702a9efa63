package table

import (
	"errors"
	"fmt"
)

// The kinds of error a table returns; the HTTP layer maps each to a status
// code (docs/api.md).
var (
	ErrInvalid     = errors.New("invalid request")     // 422: a field that cannot be played
	ErrIllegal     = errors.New("illegal action")      // 422: the rules forbid the action
	ErrNotYourTurn = errors.New("not your turn")       // 409
	ErrStale       = errors.New("stale action")        // 409: it answers a decision that is not the current one
	ErrBadToken    = errors.New("bad token")           // 401
	ErrNoTable     = errors.New("no such table")       // 404
	ErrClosed      = errors.New("the table is closed") // 410
	ErrNotOwner    = errors.New("table owned by another server")
	ErrStopped     = errors.New("the server is shutting down") // 503
)

// Error is an error of one of the kinds above with its explanation.
type Error struct {
	Kind  error
	Field string // the request field at fault, if any
	Msg   string
	// Hand and Decision are the table's current decision, for ErrStale.
	Hand     int64
	Decision int
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Msg
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Kind }

func fieldErr(field, format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Field: field, Msg: fmt.Sprintf(format, args...)}
}

func kindErr(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
