package serve

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"pokerlab/internal/app/table"
)

// httpError is an answer with a status code and a message for the client.
type httpError struct {
	code int
	msg  string
}

// placedError is an httpError about a bad spot file that names the key
// and line at fault; the answer carries them beside the message so a form
// can show the error next to the field.
type placedError struct {
	*httpError
	key  string
	line int
}

func (e *placedError) Unwrap() error { return e.httpError }

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// statusOf maps an error to its status code and message. Errors that are
// neither an httpError nor a table error are the server's fault: 500 with
// a generic message (the details go to the log).
func statusOf(err error) (int, string) {
	var he *httpError
	if errors.As(err, &he) {
		return he.code, he.msg
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than %d bytes", mb.Limit)
	}
	for _, c := range []struct {
		kind error
		code int
	}{
		{table.ErrInvalid, http.StatusUnprocessableEntity},
		{table.ErrIllegal, http.StatusUnprocessableEntity},
		{table.ErrNotYourTurn, http.StatusConflict},
		{table.ErrStale, http.StatusConflict},
		{table.ErrBadToken, http.StatusUnauthorized},
		{table.ErrNoTable, http.StatusNotFound},
		{table.ErrClosed, http.StatusGone},
		{table.ErrStopped, http.StatusServiceUnavailable},
		{table.ErrNotOwner, http.StatusServiceUnavailable},
	} {
		if errors.Is(err, c.kind) {
			return c.code, err.Error()
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return http.StatusServiceUnavailable, "the request took too long"
	}
	return http.StatusInternalServerError, "internal error"
}

// statusWriter records the status code written.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// wrap turns an API function into a handler: panics become 500 (and a
// log line), bodies are limited to MaxBody, each client is rate-limited,
// requests other than streams get RequestTimeout, and errors are written
// as {"error": ...} with their status code.
func (s *Server) wrap(route string, h func(http.ResponseWriter, *http.Request) error, stream bool) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w := &statusWriter{ResponseWriter: rw}
		start := time.Now()
		defer func() {
			if p := recover(); p != nil {
				s.met.errors.WithLabelValues("panic").Inc()
				s.log.Error("panic in handler", "route", route, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if w.code == 0 {
					writeError(w, http.StatusInternalServerError, "internal error")
				}
			}
			code := w.code
			if code == 0 {
				code = http.StatusOK
			}
			s.met.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
			switch {
			case code >= 500:
				s.met.serverErrors.Inc()
			case code >= 400:
				s.met.clientErrors.Inc()
			}
			if code >= 500 || time.Since(start) > time.Second && !stream {
				s.log.Warn("request", "route", route, "code", code, "ms", time.Since(start).Milliseconds())
			}
		}()
		c := s.identify(r)
		// A request a replica forwarded was limited there, by the client's
		// own address; here its address is the replica's.
		_, relayed := s.sess.check(r.Header.Get(forwardedHeader))
		if !relayed && !s.lim.allow(s.limitKey(r, c)) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, "too many requests: slow down")
			return
		}
		// A client whose address failed to authenticate too often is
		// refused before its token is even looked at.
		if !relayed && s.authFails.empty(c.ip) {
			w.Header().Set("Retry-After", "10")
			writeError(w, http.StatusTooManyRequests, "too many requests with a wrong token or key from this address: wait")
			return
		}
		defer func() {
			if w.code == http.StatusUnauthorized && !relayed {
				s.authFails.allow(c.ip)
			}
		}()
		if !s.sameOrigin(w, r) {
			return
		}
		r = r.WithContext(withIdentity(r.Context(), c))
		if id := tableID(r.URL.Path); id != "" {
			if s.forward(w, r, id) {
				return
			}
			if s.mgr.Has(id) {
				s.touch(id)
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		if !stream {
			ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
			defer cancel()
			r = r.WithContext(ctx)
		}
		if err := h(w, r); err != nil {
			code, msg := statusOf(err)
			if code == http.StatusInternalServerError && s.databaseDown() {
				// Not the server's fault nor the request's: say when to retry.
				code, msg = http.StatusServiceUnavailable, "the database does not answer: retry shortly (the tables keep playing)"
				w.Header().Set("Retry-After", "5")
				s.log.Warn("request failed: the database does not answer", "route", route, "err", err)
			} else if code == http.StatusInternalServerError {
				s.log.Error("request failed", "route", route, "err", err)
			}
			if w.code != 0 {
				return
			}
			var te *table.Error
			if errors.As(err, &te) && te.Kind == table.ErrStale {
				writeJSON(w, code, map[string]any{"error": msg, "hand": te.Hand, "decision": te.Decision})
				return
			}
			var pe *placedError
			if errors.As(err, &pe) {
				writeJSON(w, code, map[string]any{"error": msg, "key": pe.key, "line": pe.line})
				return
			}
			writeError(w, code, msg)
		}
	})
}

// databaseDown reports whether the database fails to answer a ping within
// a second.
func (s *Server) databaseDown() bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return s.cfg.Storage.Ping(ctx) != nil
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error":"internal error"}`+"\n")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// decodeJSON reads one JSON object into dst: unknown fields, trailing data
// and values of the wrong type are 400 with a message naming the field.
func decodeJSON(r *http.Request, dst any) error {
	// The body is read as JSON whatever its Content-Type says (curl -d
	// sends form-urlencoded); malformed JSON is rejected below. It must be
	// an object: null would decode into the zero request.
	// A small buffer: the decoder reads through it in its own chunks, and a
	// 4 KB one a request was a quarter of a busy server's allocations.
	br := bufio.NewReaderSize(r.Body, 16)
	if err := peekObject(br); err != nil {
		return err
	}
	dec := json.NewDecoder(br)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return badRequest("malformed JSON: data after the object")
	}
	return nil
}

// peekObject checks that the JSON text br starts with is an object,
// without consuming it.
func peekObject(br *bufio.Reader) error {
	for {
		b, err := br.Peek(1)
		if err != nil {
			var mb *http.MaxBytesError
			if errors.As(err, &mb) {
				return err
			}
			return badRequest("empty body: want a JSON object")
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			br.ReadByte()
			continue
		case '{':
			return nil
		}
		return badRequest("malformed request: want a JSON object, got %s", jsonKind(b[0]))
	}
}

// wantObject is peekObject for a body already read.
func wantObject(body []byte) error {
	t := bytes.TrimLeft(body, " \t\r\n")
	switch {
	case len(t) == 0:
		return badRequest("empty body: want a JSON object")
	case t[0] != '{':
		return badRequest("malformed request: want a JSON object, got %s", jsonKind(t[0]))
	}
	return nil
}

// jsonKind names the JSON value that starts with b.
func jsonKind(b byte) string {
	switch {
	case b == 'n':
		return "null"
	case b == '[':
		return "an array"
	case b == '"':
		return "a string"
	case b == 't' || b == 'f':
		return "a boolean"
	case b == '-' || b >= '0' && b <= '9':
		return "a number"
	}
	return fmt.Sprintf("%q (not JSON)", b)
}

// jsonError explains a decoding error.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb):
		return err
	case errors.Is(err, io.EOF):
		return badRequest("empty body: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("malformed JSON: the body ends inside a value")
	case errors.As(err, &syn):
		return badRequest("malformed JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return badRequest("malformed request: want a JSON object, got %s", typ.Value)
		}
		want := typ.Type.String()
		switch typ.Type.Kind().String() {
		case "int64", "int", "uint64":
			want = "a whole number"
		}
		return badRequest("field %s: want %s, got %s", field, want, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return badRequest("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return badRequest("malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// bearer returns the request's bearer token, or "".
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// limitKey is the rate-limit bucket of a request from c: an operator's
// key, a session, a seat's or owner's token once it is checked against the
// table it names, else the client's address. A token that checks out
// nowhere counts against the address, so that random tokens do not each
// get a fresh bucket.
func (s *Server) limitKey(r *http.Request, c identity) string {
	switch {
	case c.kind == operator && c.id != "":
		return "k:" + c.id
	case c.kind == session:
		return "s:" + c.id
	}
	if tok := bearer(r); tok != "" {
		if id := tableID(r.URL.Path); id != "" {
			if t, err := s.mgr.Get(id); err == nil {
				_, seatErr := t.Authenticate(tok)
				if seatErr == nil || t.AuthenticateOwner(tok) == nil {
					sum := sha256.Sum256([]byte(tok))
					return "t:" + string(sum[:8])
				}
			}
		}
	}
	return "ip:" + c.ip
}

// limiter is a token bucket per client (golang.org/x/time/rate). Buckets
// idle for a few minutes are dropped, and at most maxClients are kept:
// when a flood of new clients fills the map, the newcomers share one
// bucket until the sweep frees room.
type limiter struct {
	mu      sync.Mutex
	limit   rate.Limit
	burst   int
	clients map[string]*client
	swept   time.Time
	max     int
}

type client struct {
	lim  *rate.Limiter
	seen time.Time
}

const maxClients = 100_000

func newLimiter(l rate.Limit, burst int) *limiter {
	return &limiter{limit: l, burst: burst, clients: map[string]*client{}, swept: time.Now(), max: maxClients}
}

// bucket returns key's bucket, creating it; l.mu is held.
func (l *limiter) bucket(key string, now time.Time) *client {
	if now.Sub(l.swept) > time.Minute || len(l.clients) >= l.max {
		idle := 3 * time.Minute
		if len(l.clients) >= l.max {
			idle = 10 * time.Second
		}
		for k, c := range l.clients {
			if now.Sub(c.seen) > idle {
				delete(l.clients, k)
			}
		}
		l.swept = now
	}
	c, ok := l.clients[key]
	if !ok {
		if len(l.clients) >= l.max {
			key = "overflow"
			if c, ok = l.clients[key]; ok {
				c.seen = now
				return c
			}
		}
		c = &client{lim: rate.NewLimiter(l.limit, l.burst)}
		l.clients[key] = c
	}
	c.seen = now
	return c
}

// allow takes one token from key's bucket, if it has one.
func (l *limiter) allow(key string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.bucket(key, now).lim.AllowN(now, 1)
}

// empty reports whether key's bucket has no token left, without taking
// one.
func (l *limiter) empty(key string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	c, ok := l.clients[key]
	return ok && c.lim.TokensAt(now) < 1
}

// size returns the number of buckets kept.
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}
