package lab

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"pokerlab/internal/base/sysmem"
	"pokerlab/spot"
	"pokerlab/spot/spotqre"
)

// Config configures a Lab. Zero values are the defaults.
type Config struct {
	// Memory is the byte budget of the spots held and the solves running
	// (0: DefaultMemory).
	Memory int64
	// Workers is the number of solves run at once (0: one per core).
	Workers int
	// MaxQueue bounds the solves waiting (0: 64).
	MaxQueue int
	// Dir is the library folder where solved spots are saved as .pls files
	// ("" : no library; solves are kept in memory only).
	Dir string
}

// DefaultMemory is the default budget: a quarter of the machine's memory,
// 1 GiB where it is unknown.
func DefaultMemory() int64 {
	if t, ok := sysmem.Total(); ok {
		return t / 4
	}
	return 1 << 30
}

// Errors a caller maps to its own answers (HTTP status codes).
var (
	// ErrNotFound: no spot with that id.
	ErrNotFound = errors.New("no such spot")
	// ErrTooBig: the spot or its solve does not fit the memory budget.
	ErrTooBig = errors.New("too big for the lab's memory")
	// ErrBusy: the spot is being solved or waits for a solver.
	ErrBusy = errors.New("busy")
	// ErrInvalid: the request is malformed (a bad line, view, λ, option).
	ErrInvalid = errors.New("invalid")
	// ErrNoResult: the view asked for was not computed.
	ErrNoResult = errors.New("not solved")
	// ErrForbidden: the spot belongs to another client.
	ErrForbidden = errors.New("not yours")
	// ErrQueueFull: too many solves wait.
	ErrQueueFull = errors.New("queue full")
)

// Error is an error of one of the kinds above with a message for the user.
// A bad spot file's error also names the key (a dotted path of the spot
// format, "sizes.turn.oop.bet") and its line (0: unknown), so a form can
// show it beside the field.
type Error struct {
	Kind error
	Msg  string
	Key  string
	Line int
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Kind }

func errorf(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// invalidSpot wraps an error of package spot as ErrInvalid, keeping the
// key and line a *spot.SpotError names.
func invalidSpot(err error) error {
	e := &Error{Kind: ErrInvalid, Msg: err.Error()}
	var se *spot.SpotError
	if errors.As(err, &se) {
		e.Key, e.Line = se.Key, se.Line
	}
	return e
}

// Lab holds the spots and runs their solves. Its methods are safe for
// concurrent use.
type Lab struct {
	cfg Config

	mu     sync.Mutex
	spots  map[string]*entry
	lru    *list.List // of *entry, most recently used first
	used   int64      // resident bytes of the spots plus running solves
	queue  []*job
	cond   *sync.Cond // queue or memory changed
	closed bool
	wg     sync.WaitGroup
}

// New starts a lab with its workers; Close stops them.
func New(cfg Config) *Lab {
	if cfg.Memory <= 0 {
		cfg.Memory = DefaultMemory()
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.MaxQueue <= 0 {
		cfg.MaxQueue = 64
	}
	l := &Lab{cfg: cfg, spots: map[string]*entry{}, lru: list.New()}
	l.cond = sync.NewCond(&l.mu)
	for range cfg.Workers {
		l.wg.Add(1)
		go l.worker()
	}
	return l
}

// Config returns the lab's configuration with the defaults filled in.
func (l *Lab) Config() Config { return l.cfg }

// Close cancels every solve, waits for the workers and drops the spots.
func (l *Lab) Close() {
	l.mu.Lock()
	l.closed = true
	for _, j := range l.queue {
		j.e.finishLocked(l, "cancelled", "the lab stopped")
	}
	l.queue = nil
	for _, e := range l.spots {
		if e.job != nil {
			e.job.cancel.Store(true)
		}
	}
	l.cond.Broadcast()
	l.mu.Unlock()
	l.wg.Wait()
}

// SpotInfo describes a spot of the registry.
type SpotInfo struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Board  string `json:"board"`
	Pot    int    `json:"pot"`
	Stack  int    `json:"stack"`
	Street string `json:"street"`
	// Nodes and Size describe the game tree: its nodes and the entries
	// of a strategy (actions × hands summed over decision nodes).
	Nodes int   `json:"nodes"`
	Size  int64 `json:"size"`
	// Combos are each range's combinations that miss the board (OOP, IP).
	Combos [2]int `json:"combos"`
	// NashMemory and QREMemory estimate the bytes a solve needs (one
	// thread); Resident the bytes the spot holds now.
	NashMemory int64 `json:"nash_memory"`
	QREMemory  int64 `json:"qre_memory"`
	Resident   int64 `json:"resident"`
	// Status is idle, queued, solving, solved, cancelled, failed or
	// evicted; Position the place in the queue (1: next) while queued.
	Status   string `json:"status"`
	Position int    `json:"position,omitempty"`
	Error    string `json:"error,omitempty"`
	// Nash, QRE: what has been solved.
	Nash *NashInfo `json:"nash,omitempty"`
	QRE  []QREInfo `json:"qre,omitempty"`
	// LambdaStar is λ* when a search found it.
	LambdaStar float64 `json:"lambda_star,omitempty"`
	// File is the library file the spot was saved to ("" if none).
	File string `json:"file,omitempty"`
}

// NashInfo describes a Nash solution.
type NashInfo struct {
	Iterations     int     `json:"iterations"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"percent"`
	Seconds        float64 `json:"seconds"`
}

// QREInfo describes a QRE solution at one λ.
type QREInfo struct {
	Lambda         float64 `json:"lambda"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"percent"`
	Residual       float64 `json:"residual"`
	Star           bool    `json:"star,omitempty"`
}

// entry is a spot of the registry. Its fields are guarded by Lab.mu.
type entry struct {
	id, name, owner string
	toml            string
	sp              *spot.Spot
	g               *spot.Game // nil when evicted
	bytes           int64      // resident bytes counted in Lab.used
	elem            *list.Element
	file            string // library manifest, "" if not saved

	nash      *solution
	qre       []*solution // ascending λ
	path      []PathPoint // the QRE path with exploitabilities (λ* search)
	star      float64
	lastSolve SolveRequest

	status, err string
	job         *job
	log         eventLog
	lastUse     time.Time
}

// solution is one strategy of a spot.
type solution struct {
	σ       spot.Strategy
	eval    spot.Evaluation
	iters   int
	seconds float64
	lambda  float64 // QRE
	resid   float64
	star    bool
	σ64     []float64 // normalised float64 copy, made on demand (comparison)
	prof    *spotqre.Profile
}

// PathPoint is a point of the QRE path: λ and the exploitability there.
type PathPoint struct {
	Lambda         float64 `json:"lambda"`
	Exploitability float64 `json:"exploitability"`
	Percent        float64 `json:"percent"`
}

// SpotID returns the id of a spot: the first 12 hex digits of the SHA-256
// of its canonical TOML (spot.Spot.Format) with each range written as its
// combinations and weights, so the same spot has the same id in every lab
// however its ranges are spelt ("TT,99" or "TT-99"), and a link to it
// stays valid.
func SpotID(sp *spot.Spot) string {
	c := *sp
	for p := range 2 {
		var b strings.Builder
		for _, x := range sp.Ranges[p].Combos() {
			fmt.Fprintf(&b, "%s:%g,", x.Hole, x.Weight)
		}
		c.RangeText[p] = b.String()
	}
	sum := sha256.Sum256([]byte(c.Format()))
	return hex.EncodeToString(sum[:6])
}

// Add parses a spot (TOML, docs/spot.md; name labels errors and names the
// spot), builds its game within the budget and registers it for owner. A
// spot already registered is returned as it is.
func (l *Lab) Add(src, name, owner string) (SpotInfo, error) {
	sp, err := spot.ParseSpot(src, name)
	if err != nil {
		return SpotInfo{}, invalidSpot(err)
	}
	return l.AddSpot(sp, name, owner)
}

// AddSpot registers a parsed spot (see Add).
func (l *Lab) AddSpot(sp *spot.Spot, name, owner string) (SpotInfo, error) {
	id := SpotID(sp)
	l.mu.Lock()
	if e, ok := l.spots[id]; ok {
		l.touchLocked(e)
		info := e.infoLocked(l)
		l.mu.Unlock()
		return info, nil
	}
	l.mu.Unlock()
	g, err := l.newGame(sp)
	if err != nil {
		return SpotInfo{}, err
	}
	name = cleanName(strings.TrimSuffix(baseName(name), ".toml"))
	if name == "" {
		name = id
	}
	e := &entry{id: id, name: name, owner: owner, toml: sp.Format(), sp: sp, g: g, status: "idle"}
	l.mu.Lock()
	defer l.mu.Unlock()
	if old, ok := l.spots[id]; ok { // added meanwhile
		l.touchLocked(old)
		return old.infoLocked(l), nil
	}
	if err := l.makeRoomLocked(g.FixedBytes(), nil); err != nil {
		return SpotInfo{}, err
	}
	l.spots[id] = e
	e.elem = l.lru.PushFront(e)
	l.chargeLocked(e, g.FixedBytes())
	e.lastUse = time.Now()
	return e.infoLocked(l), nil
}

// newGame builds sp's game, refused above the budget before its tree is
// allocated.
func (l *Lab) newGame(sp *spot.Spot) (*spot.Game, error) {
	g, err := spot.NewGame(sp, spot.Options{MaxMemory: l.cfg.Memory, Threads: 1})
	if err != nil {
		var me *spot.ErrMemory
		if errors.As(err, &me) {
			return nil, errorf(ErrTooBig, "%v; the lab's memory is %s (--lab-memory): narrow the ranges, drop bet sizes or start on a later street", err, spot.FormatBytes(l.cfg.Memory))
		}
		return nil, invalidSpot(err)
	}
	return g, nil
}

// cleanName makes a spot's name a library file name: letters, digits,
// '.', '_' and '-' kept (others become '_'), at most 80 bytes, no leading
// '.' or '-'.
func cleanName(s string) string {
	b := []byte(s)
	if len(b) > 80 {
		b = b[:80]
	}
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			b[i] = '_'
		}
	}
	return strings.TrimLeft(string(b), ".-")
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Estimate builds sp's game within the budget and describes it without
// registering it.
func (l *Lab) Estimate(src, name string) (SpotInfo, error) {
	sp, err := spot.ParseSpot(src, name)
	if err != nil {
		return SpotInfo{}, invalidSpot(err)
	}
	g, err := l.newGame(sp)
	if err != nil {
		return SpotInfo{}, err
	}
	e := &entry{id: SpotID(sp), name: name, sp: sp, g: g, status: "idle"}
	l.mu.Lock()
	defer l.mu.Unlock()
	return e.infoLocked(l), nil
}

// chargeLocked changes e's resident bytes to b.
func (l *Lab) chargeLocked(e *entry, b int64) {
	l.used += b - e.bytes
	e.bytes = b
}

// residentOf returns the bytes of e's game and strategies.
func residentOf(e *entry) int64 {
	if e.g == nil {
		return 0
	}
	b := e.g.FixedBytes()
	n := len(e.qre)
	if e.nash != nil {
		n++
	}
	return b + int64(n)*4*e.g.Size
}

// touchLocked marks e as just used.
func (l *Lab) touchLocked(e *entry) {
	e.lastUse = time.Now()
	if e.elem != nil {
		l.lru.MoveToFront(e.elem)
	}
}

// makeRoomLocked evicts the least recently used idle spots (never keep)
// until need more bytes fit the budget; ErrTooBig if they cannot.
func (l *Lab) makeRoomLocked(need int64, keep *entry) error {
	if need > l.cfg.Memory {
		return errorf(ErrTooBig, "%s needed; the lab's memory is %s (--lab-memory)", spot.FormatBytes(need), spot.FormatBytes(l.cfg.Memory))
	}
	for el := l.lru.Back(); el != nil && l.used+need > l.cfg.Memory; {
		prev := el.Prev()
		e := el.Value.(*entry)
		if e != keep && e.job == nil && e.g != nil {
			l.evictLocked(e)
		}
		el = prev
	}
	if l.used+need > l.cfg.Memory {
		return errorf(ErrTooBig, "%s needed and %s of the lab's %s are held by solves running: try again when they end", spot.FormatBytes(need), spot.FormatBytes(l.used), spot.FormatBytes(l.cfg.Memory))
	}
	return nil
}

// evictLocked drops e's game and strategies: a saved spot stays listed
// (read back on use), an unsaved one is forgotten.
func (l *Lab) evictLocked(e *entry) {
	l.chargeLocked(e, 0)
	e.g, e.nash, e.qre = nil, nil, nil
	if e.file == "" {
		delete(l.spots, e.id)
		l.lru.Remove(e.elem)
		e.elem = nil
		return
	}
	e.status = "evicted"
}

// lookup returns the spot id, reading an evicted one back from the
// library.
func (l *Lab) lookup(id string) (*entry, error) {
	l.mu.Lock()
	e, ok := l.spots[id]
	if !ok {
		l.mu.Unlock()
		return nil, errorf(ErrNotFound, "no spot %q in the lab (spots not saved to the library are forgotten when memory runs short or the server restarts)", id)
	}
	l.touchLocked(e)
	if e.g != nil {
		l.mu.Unlock()
		return e, nil
	}
	file := e.file
	l.mu.Unlock()
	if err := l.reload(e, file); err != nil {
		return nil, err
	}
	return e, nil
}

// Get describes spot id.
func (l *Lab) Get(id string) (SpotInfo, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.spots[id]
	if !ok {
		return SpotInfo{}, errorf(ErrNotFound, "no spot %q in the lab", id)
	}
	return e.infoLocked(l), nil
}

// TOML returns the spot's canonical TOML.
func (l *Lab) TOML(id string) (name, src string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.spots[id]
	if !ok {
		return "", "", errorf(ErrNotFound, "no spot %q in the lab", id)
	}
	return e.name, e.toml, nil
}

// List describes every spot, most recently used first.
func (l *Lab) List() []SpotInfo {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []SpotInfo{}
	for el := l.lru.Front(); el != nil; el = el.Next() {
		out = append(out, el.Value.(*entry).infoLocked(l))
	}
	return out
}

// Delete removes spot id (cancelling its solve); only its owner or an
// operator (admin) may.
func (l *Lab) Delete(id, who string, admin bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.spots[id]
	if !ok {
		return errorf(ErrNotFound, "no spot %q in the lab", id)
	}
	if !admin && e.owner != who {
		return errorf(ErrForbidden, "spot %s was added by another client", id)
	}
	l.cancelLocked(e)
	l.chargeLocked(e, 0)
	delete(l.spots, id)
	if e.elem != nil {
		l.lru.Remove(e.elem)
	}
	e.log.close()
	return nil
}

// Usage returns the bytes held and the budget.
func (l *Lab) Usage() (used, budget int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.used, l.cfg.Memory
}

func (e *entry) infoLocked(l *Lab) SpotInfo {
	sp := e.sp
	info := SpotInfo{ID: e.id, Name: e.name, Board: boardText(sp.Board), Pot: sp.Pot, Stack: sp.Stack,
		Street: sp.Street().String(), Status: e.status, Error: e.err, Resident: e.bytes, LambdaStar: e.star}
	if e.file != "" {
		info.File = baseName(e.file)
	}
	if g := e.g; g != nil {
		info.Nodes, info.Size = g.NumNodes(), g.Size
		info.Combos = [2]int{g.NumHands(0), g.NumHands(1)}
		info.NashMemory = g.MemoryEstimate(1)
		info.QREMemory = spotqre.MemoryEstimate(g)
	}
	if e.status == "queued" {
		for i, j := range l.queue {
			if j.e == e {
				info.Position = i + 1
			}
		}
	}
	if s := e.nash; s != nil {
		info.Nash = &NashInfo{Iterations: s.iters, Exploitability: s.eval.Exploitability, Percent: s.eval.Percent, Seconds: s.seconds}
	}
	for _, q := range e.qre {
		info.QRE = append(info.QRE, QREInfo{Lambda: q.lambda, Exploitability: q.eval.Exploitability, Percent: q.eval.Percent, Residual: q.resid, Star: q.star})
	}
	return info
}

// addQRELocked keeps q among e's QREs (replacing one at the same λ).
func (e *entry) addQRELocked(q *solution) {
	for i, old := range e.qre {
		if old.lambda == q.lambda {
			e.qre[i] = q
			return
		}
	}
	e.qre = append(e.qre, q)
	sort.Slice(e.qre, func(i, j int) bool { return e.qre[i].lambda < e.qre[j].lambda })
}
