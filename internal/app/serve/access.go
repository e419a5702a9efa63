package serve

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// Who may do what. A request is made by one of three kinds of client:
//
//   - an operator: it sends one of the server's API keys as its bearer
//     token (or, on a server without keys, any client that is not a
//     browser session: an open server trusts its network);
//   - a browser session: the signed cookie the page's first load set;
//   - anyone else, who may watch and play with a seat's token but not
//     create tables or change what the server stores.
//
// Operators create tables over the API without the per-session quota,
// store and delete profiles, ask the NPCs for decisions (/api/decide) and
// read any player's HUD. Sessions create tables from the page within
// MaxTablesPerSession.
type clientKind uint8

const (
	anonymous clientKind = iota
	session
	operator
)

// identity is who made a request, and the key of its rate-limit bucket.
type identity struct {
	kind clientKind
	// id is the key's id (the first bytes of its hash, hex) or the
	// session's id; "" for anonymous clients.
	id string
	// ip is the client's address.
	ip string
}

// creator is the table's Config.Creator for tables this client creates.
func (c identity) creator() string {
	switch {
	case c.kind == operator && c.id != "":
		return "key:" + c.id
	case c.kind == session:
		return "session:" + c.id
	}
	return ""
}

// keyring holds the API keys' SHA-256 digests: the keys themselves are
// not kept.
type keyring [][sha256.Size]byte

func newKeyring(keys []string) keyring {
	var k keyring
	for _, key := range keys {
		if key = strings.TrimSpace(key); key != "" {
			k = append(k, sha256.Sum256([]byte(key)))
		}
	}
	return k
}

// match returns the id of the key tok is (hex of its digest's first 6
// bytes), comparing in constant time.
func (k keyring) match(tok string) (string, bool) {
	if tok == "" {
		return "", false
	}
	sum := sha256.Sum256([]byte(tok))
	found := -1
	for i := range k {
		if subtle.ConstantTimeCompare(sum[:], k[i][:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return "", false
	}
	return hex.EncodeToString(sum[:6]), true
}

// sessionCookie is the name of the browser session cookie.
const sessionCookie = "pokerlab_session"

// sessionAge is how long a browser keeps its session.
const sessionAge = 30 * 24 * time.Hour

// sessions signs and checks session cookies: an id of 16 random bytes and
// its HMAC-SHA256 under the server's secret, both base64url. Replicas
// that share the secret accept each other's cookies.
type sessions struct {
	secret []byte
}

func newSessions(secret []byte) sessions {
	if len(secret) == 0 {
		secret = make([]byte, 32)
		rand.Read(secret)
	}
	return sessions{secret: secret}
}

func (s sessions) sign(id []byte) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write(id)
	return base64.RawURLEncoding.EncodeToString(id) + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// check returns the session id of a cookie value, or false if it is not
// one this server (or a replica with its secret) signed.
func (s sessions) check(v string) (string, bool) {
	idText, macText, ok := strings.Cut(v, ".")
	if !ok {
		return "", false
	}
	id, err1 := base64.RawURLEncoding.DecodeString(idText)
	mac, err2 := base64.RawURLEncoding.DecodeString(macText)
	if err1 != nil || err2 != nil || len(id) != 16 || len(mac) != 16 {
		return "", false
	}
	m := hmac.New(sha256.New, s.secret)
	m.Write(id)
	if !hmac.Equal(mac, m.Sum(nil)[:16]) {
		return "", false
	}
	return idText, true
}

// fromRequest returns the session of r's cookie, if it has a valid one.
func (s sessions) fromRequest(r *http.Request) (string, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return "", false
	}
	return s.check(c.Value)
}

// issue sets a new session cookie on w and returns its id: HttpOnly (no
// script reads it), SameSite=Lax (other sites' pages do not send it with
// their POSTs), Secure when the request came over TLS (directly or, as
// X-Forwarded-Proto says, through a proxy).
func (s sessions) issue(w http.ResponseWriter, r *http.Request) string {
	id := make([]byte, 16)
	rand.Read(id)
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: s.sign(id), Path: "/", MaxAge: int(sessionAge / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")})
	return base64.RawURLEncoding.EncodeToString(id)
}

// clientIP is the address of the connection's peer (not a header a client
// can set).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// identify says who made r: an operator (a valid API key; on a server
// without keys, any client but a browser session), a session, or
// anonymous.
func (s *Server) identify(r *http.Request) identity {
	c := identity{ip: clientIP(r)}
	if id, ok := s.keys.match(bearer(r)); ok {
		c.kind, c.id = operator, id
		return c
	}
	if id, ok := s.sess.fromRequest(r); ok {
		c.kind, c.id = session, id
		return c
	}
	if len(s.keys) == 0 {
		c.kind = operator
	}
	return c
}

// needOperator refuses a request that is not an operator's.
func needOperator(c identity, what string) error {
	if c.kind == operator {
		return nil
	}
	return &httpError{http.StatusUnauthorized, what + " needs the server's API key: Authorization: Bearer KEY (pokerlab serve --api-key)"}
}

// IsLoopback reports whether a listen address serves only this machine
// (127.0.0.0/8, ::1 or localhost): an open server is safe there.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

type identityKey struct{}

func withIdentity(ctx context.Context, c identity) context.Context {
	return context.WithValue(ctx, identityKey{}, c)
}

// who returns the identity wrap found for r.
func who(r *http.Request) identity {
	c, _ := r.Context().Value(identityKey{}).(identity)
	return c
}

// origins checks where browser requests come from. State-changing
// requests (POST, PUT, DELETE, PATCH) that a browser marks as coming from
// another site (Sec-Fetch-Site, else an Origin that is not the server's
// host) are refused unless that origin is one of AllowOrigins: a page
// elsewhere cannot make a visitor's browser create tables or act (the
// standard library's cross-origin protection). Requests without those
// headers are not a browser's and pass. The allowed origins also get CORS
// headers, and nobody else does.
type origins struct {
	cop     *http.CrossOriginProtection
	allowed map[string]bool
}

func newOrigins(allow []string) (origins, error) {
	o := origins{cop: http.NewCrossOriginProtection(), allowed: map[string]bool{}}
	for _, a := range allow {
		a = strings.TrimSuffix(strings.TrimSpace(a), "/")
		if err := o.cop.AddTrustedOrigin(a); err != nil {
			return o, fmt.Errorf("allowed origin %q: want scheme://host[:port] (%v)", a, err)
		}
		o.allowed[a] = true
	}
	return o, nil
}

// sameOrigin answers a cross-origin state-changing request with 403 and
// returns false; for an allowed origin it adds the CORS headers.
func (s *Server) sameOrigin(w http.ResponseWriter, r *http.Request) bool {
	if origin := r.Header.Get("Origin"); origin != "" && s.origins.allowed[origin] {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", "Retry-After")
	}
	if err := s.origins.cop.Check(r); err != nil {
		writeError(w, http.StatusForbidden, fmt.Sprintf("cross-origin request from %q refused: the server accepts changes only from its own pages and from --allow-origin", r.Header.Get("Origin")))
		return false
	}
	return true
}

// preflight answers a CORS preflight (OPTIONS) for an allowed origin;
// others get 403.
func (s *Server) preflight(w http.ResponseWriter, r *http.Request) error {
	origin := r.Header.Get("Origin")
	if !s.origins.allowed[origin] {
		return &httpError{http.StatusForbidden, fmt.Sprintf("origin %q is not allowed (pokerlab serve --allow-origin)", origin)}
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE")
	h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Last-Event-ID")
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
	return nil
}
