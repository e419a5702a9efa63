package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"pokerlab/internal/base/atomicfile"
	"pokerlab/spot"
)

// The library: each saved spot is a manifest NAME.lab.json beside its
// strategies as .pls result files (spot's format, readable by `spot
// show`): NAME.pls the Nash solution, NAME-lambda<λ>.pls each QRE (spot
// qre's naming). The manifest holds the spot's TOML, the QRE path and λ*.

// manifestExt ends a manifest's name.
const manifestExt = ".lab.json"

// manifest is a saved spot.
type manifest struct {
	ID    string        `json:"id"`
	Name  string        `json:"name"`
	Spot  string        `json:"spot"`
	Nash  string        `json:"nash,omitempty"`
	QRE   []manifestQRE `json:"qre,omitempty"`
	Path  []PathPoint   `json:"path,omitempty"`
	Star  float64       `json:"lambda_star,omitempty"`
	Saved time.Time     `json:"saved"`
}

type manifestQRE struct {
	Lambda float64 `json:"lambda"`
	File   string  `json:"file"`
	Star   bool    `json:"star,omitempty"`
}

// LibraryEntry is a spot saved in the library.
type LibraryEntry struct {
	Name  string    `json:"name"`
	ID    string    `json:"id"`
	Board string    `json:"board"`
	Nash  bool      `json:"nash"`
	QRE   []float64 `json:"qre"`
	Saved time.Time `json:"saved"`
	// Bytes is the size of its files.
	Bytes int64 `json:"bytes"`
	// Open: the spot is in the lab's memory now.
	Open bool `json:"open"`
}

// CheckName refuses a library name that is not a plain file name.
func CheckName(name string) error {
	if name == "" || len(name) > 100 || name[0] == '.' || name[0] == '-' {
		return errorf(ErrInvalid, "name %q: want 1 to 100 letters, digits, '.', '_' or '-', not starting with '.' or '-'", name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return errorf(ErrInvalid, "name %q: character %d (%q) is not a letter, digit, '.', '_' or '-'", name, i+1, c)
		}
	}
	return nil
}

func (l *Lab) needDir() error {
	if l.cfg.Dir == "" {
		return errorf(ErrInvalid, "the lab has no library folder (pokerlab serve --lab-dir DIR)")
	}
	return nil
}

// Save writes spot id's solutions to the library as name (default: the
// spot's name); quiet saves an automatic one. It returns the manifest's
// file name.
func (l *Lab) Save(id, name string, quiet bool) (string, error) {
	if err := l.needDir(); err != nil {
		return "", err
	}
	e, err := l.lookup(id)
	if err != nil {
		return "", err
	}
	l.mu.Lock()
	if name == "" {
		name = e.name
	}
	g, nash, qre := e.g, e.nash, append([]*solution(nil), e.qre...)
	m := manifest{ID: e.id, Name: name, Spot: e.toml, Path: append([]PathPoint(nil), e.path...), Star: e.star, Saved: time.Now().UTC()}
	l.mu.Unlock()
	if err := CheckName(name); err != nil {
		return "", err
	}
	if g == nil {
		return "", errorf(ErrNotFound, "spot %s was evicted meanwhile: try again", id)
	}
	if nash == nil && len(qre) == 0 {
		return "", errorf(ErrNoResult, "spot %s has nothing solved to save", id)
	}
	if err := os.MkdirAll(l.cfg.Dir, 0o755); err != nil {
		return "", fmt.Errorf("library folder: %v", err)
	}
	write := func(file string, s *solution, h spot.FileHeader) error {
		ev := s.eval
		h.Evaluation, h.Iterations, h.Seconds = &ev, s.iters, s.seconds
		return atomicfile.Write(filepath.Join(l.cfg.Dir, file), func(w io.Writer) error {
			return spot.WriteResult(w, g, s.σ, h)
		})
	}
	if nash != nil {
		m.Nash = name + ".pls"
		if err := write(m.Nash, nash, spot.FileHeader{Method: "dcfr", Params: map[string]float64{
			"alpha": spot.DefaultDiscount.Alpha, "beta": spot.DefaultDiscount.Beta, "gamma": spot.DefaultDiscount.Gamma}}); err != nil {
			return "", err
		}
	}
	for _, q := range qre {
		file := name + "-lambda" + fmtG(q.lambda) + ".pls"
		m.QRE = append(m.QRE, manifestQRE{Lambda: q.lambda, File: file, Star: q.star})
		if err := write(file, q, spot.FileHeader{Method: "qre", Params: map[string]float64{"lambda": q.lambda, "residual": q.resid}}); err != nil {
			return "", err
		}
	}
	file := filepath.Join(l.cfg.Dir, name+manifestExt)
	if err := atomicfile.Write(file, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(&m)
	}); err != nil {
		return "", err
	}
	l.mu.Lock()
	e.file = file
	l.mu.Unlock()
	return filepath.Base(file), nil
}

// readManifest reads a manifest file.
func readManifest(file string) (*manifest, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return &m, nil
}

// Library lists the saved spots, newest first.
func (l *Lab) Library() ([]LibraryEntry, error) {
	out := []LibraryEntry{}
	if l.cfg.Dir == "" {
		return out, nil
	}
	des, err := os.ReadDir(l.cfg.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, de := range des {
		if !strings.HasSuffix(de.Name(), manifestExt) {
			continue
		}
		m, err := readManifest(filepath.Join(l.cfg.Dir, de.Name()))
		if err != nil {
			continue // not the lab's: left alone
		}
		le := LibraryEntry{Name: strings.TrimSuffix(de.Name(), manifestExt), ID: m.ID, Nash: m.Nash != "", Saved: m.Saved, QRE: []float64{}}
		if sp, err := spot.ParseSpot(m.Spot, de.Name()); err == nil {
			le.Board = boardText(sp.Board)
		}
		files := []string{de.Name(), m.Nash}
		for _, q := range m.QRE {
			le.QRE = append(le.QRE, q.Lambda)
			files = append(files, q.File)
		}
		for _, f := range files {
			if fi, err := os.Stat(filepath.Join(l.cfg.Dir, f)); err == nil && f != "" {
				le.Bytes += fi.Size()
			}
		}
		l.mu.Lock()
		_, le.Open = l.spots[m.ID]
		l.mu.Unlock()
		out = append(out, le)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, nil
}

// Open puts the library's spot name into the lab (reading its strategies)
// for owner and returns it.
func (l *Lab) Open(name, owner string) (SpotInfo, error) {
	if err := l.needDir(); err != nil {
		return SpotInfo{}, err
	}
	if err := CheckName(name); err != nil {
		return SpotInfo{}, err
	}
	file := filepath.Join(l.cfg.Dir, name+manifestExt)
	m, err := readManifest(file)
	if errors.Is(err, os.ErrNotExist) {
		return SpotInfo{}, errorf(ErrNotFound, "no spot %q in the library", name)
	}
	if err != nil {
		return SpotInfo{}, err
	}
	l.mu.Lock()
	e, ok := l.spots[m.ID]
	l.mu.Unlock()
	if !ok {
		sp, err := spot.ParseSpot(m.Spot, name+manifestExt)
		if err != nil {
			return SpotInfo{}, errorf(ErrInvalid, "library %s: %v", name, err)
		}
		if _, err := l.AddSpot(sp, name, owner); err != nil {
			return SpotInfo{}, err
		}
		l.mu.Lock()
		e = l.spots[m.ID]
		l.mu.Unlock()
		if e == nil {
			return SpotInfo{}, errorf(ErrNotFound, "spot %s was evicted meanwhile: try again", m.ID)
		}
	}
	if err := l.reload(e, file); err != nil {
		return SpotInfo{}, err
	}
	return l.Get(m.ID)
}

// reload reads e's strategies from its manifest (and its game if it was
// evicted), within the budget.
func (l *Lab) reload(e *entry, file string) error {
	m, err := readManifest(file)
	if err != nil {
		return err
	}
	l.mu.Lock()
	g, busy := e.g, e.job != nil
	l.mu.Unlock()
	if busy {
		return nil // a solve will write its own results
	}
	if g == nil {
		if g, err = l.newGame(e.sp); err != nil {
			return err
		}
	}
	// The files' size bounds what reading them allocates (4 bytes per
	// entry, the game rebuilt once per file and dropped).
	var need int64 = g.FixedBytes()
	files := []string{}
	if m.Nash != "" {
		files = append(files, m.Nash)
	}
	for _, q := range m.QRE {
		files = append(files, q.File)
	}
	for range files {
		need += 4 * g.Size
	}
	l.mu.Lock()
	err = l.makeRoomLocked(need-e.bytes, e)
	l.mu.Unlock()
	if err != nil {
		return err
	}
	read := func(f string) (*solution, error) {
		if err := CheckName(f); err != nil {
			return nil, err
		}
		fh, err := os.Open(filepath.Join(l.cfg.Dir, f))
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		fi, err := fh.Stat()
		if err != nil {
			return nil, err
		}
		if fi.Size() > 8*g.Size+1<<20+int64(len(m.Spot))*4 {
			return nil, errorf(ErrInvalid, "%s: %d bytes, too large for the spot's strategy", f, fi.Size())
		}
		res, err := spot.ReadResult(fh, f)
		if err != nil {
			return nil, err
		}
		if res.Game.Size != g.Size || res.Game.NumNodes() != g.NumNodes() {
			return nil, errorf(ErrInvalid, "%s: a strategy of another spot", f)
		}
		s := &solution{σ: res.Strategy, iters: res.Header.Iterations, seconds: res.Header.Seconds}
		if res.Header.Evaluation != nil {
			s.eval = *res.Header.Evaluation
		} else {
			s.eval = g.Evaluate(res.Strategy)
		}
		s.lambda = res.Header.Params["lambda"]
		s.resid = res.Header.Params["residual"]
		return s, nil
	}
	var nash *solution
	var qre []*solution
	if m.Nash != "" {
		if nash, err = read(m.Nash); err != nil {
			return err
		}
	}
	for _, q := range m.QRE {
		s, err := read(q.File)
		if err != nil {
			return err
		}
		s.star = q.Star
		qre = append(qre, s)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e.job != nil {
		return nil
	}
	if e.g == nil {
		e.g = g
	}
	e.nash, e.qre, e.path, e.star, e.file = nash, nil, m.Path, m.Star, file
	for _, q := range qre {
		e.addQRELocked(q)
	}
	if e.status == "evicted" || e.status == "idle" {
		e.status = "solved"
	}
	if _, ok := l.spots[e.id]; !ok {
		l.spots[e.id] = e
		e.elem = l.lru.PushFront(e)
	}
	l.chargeLocked(e, residentOf(e))
	return nil
}

func fmtG(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Preset is a range kept in the library's ranges folder.
type Preset struct {
	Name  string `json:"name"`
	Range string `json:"range"`
}

// Presets reads the ranges folder of the library (DIR/ranges/NAME.txt:
// range text, lines joined by commas, # comments dropped), at most 500
// files of at most 64 KiB each, sorted by name.
func (l *Lab) Presets() ([]Preset, error) {
	out := []Preset{}
	if l.cfg.Dir == "" {
		return out, nil
	}
	dir := filepath.Join(l.cfg.Dir, "ranges")
	des, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, de := range des {
		name, ok := strings.CutSuffix(de.Name(), ".txt")
		if !ok || de.IsDir() || len(out) == 500 {
			continue
		}
		if fi, err := de.Info(); err != nil || fi.Size() > 64<<10 {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, de.Name()))
		if err != nil {
			continue
		}
		var parts []string
		for _, line := range strings.Split(string(b), "\n") {
			if i := strings.IndexByte(line, '#'); i >= 0 {
				line = line[:i]
			}
			if line = strings.Trim(strings.TrimSpace(line), ","); line != "" {
				parts = append(parts, line)
			}
		}
		out = append(out, Preset{Name: name, Range: strings.Join(parts, ",")})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
