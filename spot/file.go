package spot

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"time"
)

// A .pls file (a result or a checkpoint) is, in little-endian order:
//
//	magic    8 bytes  "PLSPOT\n\x00"
//	version  uint32   FileVersion
//	length   uint32   bytes of the header
//	header   JSON     FileHeader (the spot as TOML, how it was solved, what it is worth)
//	arrays   float32  Header.Arrays arrays of Header.Size values in the game's layout
//	checksum uint32   CRC-32 (IEEE) of every byte before it
//
// The arrays are the strategy (a result: one array) or the regrets and the
// strategy sums (a checkpoint: two; with Storage "16-bit", four: int16
// regrets and uint16 strategy sums of Size values, then the two scales per
// node, float32, Nodes values each). The layout is the game tree the spot
// builds (NewGame), which the version pins: a file from another version is
// refused rather than misread.
const (
	fileMagic = "PLSPOT\n\x00"
	// FileVersion is the version of the .pls format and tree layout this
	// package writes and reads.
	FileVersion = 1
	maxHeader   = 1 << 24
)

// FileHeader describes what a .pls file holds.
type FileHeader struct {
	// Kind is "result" (a strategy) or "checkpoint" (a solver's state).
	Kind string `json:"kind"`
	// Spot is the spot as TOML (Spot.Format); NoIsomorphism how the tree
	// was built.
	Spot          string `json:"spot"`
	NoIsomorphism bool   `json:"no_isomorphism,omitempty"`
	// Method names how the strategy was found ("dcfr", or another solver's
	// name) and Params its parameters (alpha, beta, gamma; lambda …).
	Method string             `json:"method"`
	Params map[string]float64 `json:"params,omitempty"`
	// Iterations and Seconds of the solve (or the checkpoint so far).
	Iterations int     `json:"iterations"`
	Seconds    float64 `json:"seconds"`
	// Nodes and Size check the layout: the game's node count and array
	// length; Arrays the number of arrays stored.
	Nodes  int   `json:"nodes"`
	Size   int64 `json:"size"`
	Arrays int   `json:"arrays"`
	// Storage (checkpoints) is "16-bit" for a compressed solve
	// (SolveOptions.Compress: the regrets as int16 and the strategy sums as
	// uint16, Size each, then the regret and strategy-sum scales, Nodes
	// float32s each), empty for float32 arrays.
	Storage string `json:"storage,omitempty"`
	// Evaluation (results) is the strategy's exact evaluation.
	Evaluation *Evaluation `json:"evaluation,omitempty"`
}

// FileError reports a .pls file that cannot be read: the file and why.
type FileError struct {
	File string
	Msg  string
}

func (e *FileError) Error() string { return e.File + ": " + e.Msg }

// writeFile writes the header and arrays.
func writeFile(w io.Writer, h *FileHeader, arrays ...any) error {
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	var b4 [4]byte
	bw.WriteString(fileMagic)
	binary.LittleEndian.PutUint32(b4[:], FileVersion)
	bw.Write(b4[:])
	binary.LittleEndian.PutUint32(b4[:], uint32(len(js)))
	bw.Write(b4[:])
	bw.Write(js)
	buf := make([]byte, 4096)
	for _, arr := range arrays {
		switch a := arr.(type) {
		case []float32:
			for len(a) > 0 {
				n := min(len(a), len(buf)/4)
				for i, x := range a[:n] {
					binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
				}
				if _, err := bw.Write(buf[:4*n]); err != nil {
					return err
				}
				a = a[n:]
			}
		case []float64: // (stored as float32)
			for len(a) > 0 {
				n := min(len(a), len(buf)/4)
				for i, x := range a[:n] {
					binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(float32(x)))
				}
				if _, err := bw.Write(buf[:4*n]); err != nil {
					return err
				}
				a = a[n:]
			}
		case []int16:
			for len(a) > 0 {
				n := min(len(a), len(buf)/2)
				for i, x := range a[:n] {
					binary.LittleEndian.PutUint16(buf[2*i:], uint16(x))
				}
				if _, err := bw.Write(buf[:2*n]); err != nil {
					return err
				}
				a = a[n:]
			}
		case []uint16:
			for len(a) > 0 {
				n := min(len(a), len(buf)/2)
				for i, x := range a[:n] {
					binary.LittleEndian.PutUint16(buf[2*i:], x)
				}
				if _, err := bw.Write(buf[:2*n]); err != nil {
					return err
				}
				a = a[n:]
			}
		default:
			panic("spot: writeFile of an unknown array type")
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(b4[:], crc.Sum32())
	_, err = w.Write(b4[:])
	return err
}

// crcReader hashes what it reads.
type crcReader struct {
	r   *bufio.Reader
	crc hash.Hash32
}

func (c *crcReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.crc.Write(p[:n])
	return n, err
}

// readHeader reads and checks the magic, version and header.
func readHeader(r io.Reader, name string) (*crcReader, *FileHeader, error) {
	cr := &crcReader{r: bufio.NewReaderSize(r, 1<<16), crc: crc32.NewIEEE()}
	fail := func(format string, args ...any) (*crcReader, *FileHeader, error) {
		return nil, nil, &FileError{File: name, Msg: fmt.Sprintf(format, args...)}
	}
	var pre [16]byte
	if n, err := io.ReadFull(cr, pre[:]); err != nil {
		m := min(n, len(fileMagic))
		if n == 0 || string(pre[:m]) != fileMagic[:m] {
			return fail("not a pokerlab spot file (.pls)")
		}
		return fail("truncated: the file ends in its first %d bytes", n)
	}
	if string(pre[:8]) != fileMagic {
		return fail("not a pokerlab spot file (.pls)")
	}
	if v := binary.LittleEndian.Uint32(pre[8:]); v != FileVersion {
		return fail("file version %d; this pokerlab reads version %d (solve the spot again)", v, FileVersion)
	}
	hl := binary.LittleEndian.Uint32(pre[12:])
	if hl > maxHeader {
		return fail("damaged: header of %d bytes", hl)
	}
	js := make([]byte, hl)
	if _, err := io.ReadFull(cr, js); err != nil {
		return fail("truncated in the header")
	}
	h := new(FileHeader)
	if err := json.Unmarshal(js, h); err != nil {
		return fail("damaged header: %v", err)
	}
	if h.Size < 0 || h.Arrays < 1 || h.Arrays > 4 || h.Arrays > 2 && h.Storage == "" {
		return fail("damaged header: %d arrays of %d values", h.Arrays, h.Size)
	}
	return cr, h, nil
}

// readArrays reads the header's arrays into dst (nil: new arrays) and
// checks the checksum.
func readArrays(cr *crcReader, h *FileHeader, name string, dst ...any) ([][]float32, error) {
	out := make([][]float32, h.Arrays)
	buf := make([]byte, 1<<16)
	for k := range out {
		// Each array arrives in chunks of whole values; fill(chunk, i)
		// stores the chunk's values from index i.
		var count, width int
		var fill func(b []byte, i int)
		d := any(nil)
		if k < len(dst) {
			d = dst[k]
		} else {
			out[k] = make([]float32, h.Size)
			d = out[k]
		}
		switch a := d.(type) {
		case []float32:
			out[k] = a
			count, width = len(a), 4
			fill = func(b []byte, i int) {
				for j := 0; 4*j < len(b); j++ {
					a[i+j] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
				}
			}
		case []int16:
			count, width = len(a), 2
			fill = func(b []byte, i int) {
				for j := 0; 2*j < len(b); j++ {
					a[i+j] = int16(binary.LittleEndian.Uint16(b[2*j:]))
				}
			}
		case []uint16:
			count, width = len(a), 2
			fill = func(b []byte, i int) {
				for j := 0; 2*j < len(b); j++ {
					a[i+j] = binary.LittleEndian.Uint16(b[2*j:])
				}
			}
		default:
			panic("spot: readArrays into an unknown array type")
		}
		for i := 0; i < count; {
			n := min(count-i, len(buf)/width)
			if _, err := io.ReadFull(cr, buf[:width*n]); err != nil {
				return nil, &FileError{File: name, Msg: fmt.Sprintf("truncated: array %d of %d holds fewer than its %d values", k+1, h.Arrays, count)}
			}
			fill(buf[:width*n], i)
			i += n
		}
	}
	want := cr.crc.Sum32()
	var b4 [4]byte
	if _, err := io.ReadFull(cr.r, b4[:]); err != nil {
		return nil, &FileError{File: name, Msg: "truncated: the checksum is missing"}
	}
	if binary.LittleEndian.Uint32(b4[:]) != want {
		return nil, &FileError{File: name, Msg: "checksum mismatch: the file is damaged"}
	}
	if _, err := cr.r.ReadByte(); err != io.EOF {
		return nil, &FileError{File: name, Msg: "damaged: data after the checksum"}
	}
	return out, nil
}

// gameOf rebuilds the game of a header and checks its layout.
func gameOf(h *FileHeader, name string) (*Game, error) {
	sp, err := ParseSpot(h.Spot, name+" (spot)")
	if err != nil {
		return nil, &FileError{File: name, Msg: "damaged spot: " + err.Error()}
	}
	g, err := NewGame(sp, Options{NoIsomorphism: h.NoIsomorphism})
	if err != nil {
		return nil, &FileError{File: name, Msg: err.Error()}
	}
	if g.NumNodes() != h.Nodes || g.Size != h.Size {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("the spot builds %d nodes and %d values, the file holds %d and %d: written by another version", g.NumNodes(), g.Size, h.Nodes, h.Size)}
	}
	return g, nil
}

// Result is a solved spot read from a file: the game, the strategy and how
// it was obtained.
type Result struct {
	Header   FileHeader
	Game     *Game
	Strategy Strategy
}

// WriteResult writes σ (a strategy of g in Strategy's layout) as a result
// file. h supplies the method, parameters, iterations, time and
// evaluation; the kind, spot and layout fields are filled in. The file
// holds float32 probabilities; a float64 strategy (a QRE's) is rounded to
// them as it is written, without a copy.
func WriteResult[F float32 | float64](w io.Writer, g *Game, σ []F, h FileHeader) error {
	if int64(len(σ)) != g.Size {
		panic("spot: strategy has the wrong length for this game")
	}
	h.Kind, h.Spot, h.NoIsomorphism = "result", g.Spot.Format(), g.opts.NoIsomorphism
	h.Nodes, h.Size, h.Arrays = g.NumNodes(), g.Size, 1
	return writeFile(w, &h, σ)
}

// ReadResult reads a result file; name labels errors.
func ReadResult(r io.Reader, name string) (*Result, error) {
	cr, h, err := readHeader(r, name)
	if err != nil {
		return nil, err
	}
	if h.Kind != "result" || h.Arrays != 1 {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("a %s, not a result (use it with spot solve --checkpoint)", h.Kind)}
	}
	g, err := gameOf(h, name)
	if err != nil {
		return nil, err
	}
	arrays, err := readArrays(cr, h, name)
	if err != nil {
		return nil, err
	}
	return &Result{Header: *h, Game: g, Strategy: arrays[0]}, nil
}

// storage16 names the compressed mode's checkpoints (FileHeader.Storage).
const storage16 = "16-bit"

// WriteCheckpoint writes the solver's state (iteration, discount, elapsed
// time, regrets and strategy sums, bit for bit) so LoadCheckpoint can
// continue exactly where it stopped.
func (s *Solver) WriteCheckpoint(w io.Writer) error {
	if s.finalized {
		return errors.New("spot: checkpoint after Finalize")
	}
	h := FileHeader{Kind: "checkpoint", Spot: s.g.Spot.Format(), NoIsomorphism: s.g.opts.NoIsomorphism,
		Method: "dcfr", Params: map[string]float64{"alpha": s.disc.Alpha, "beta": s.disc.Beta, "gamma": s.disc.Gamma},
		Iterations: s.iter, Seconds: s.elapsed.Seconds(), Nodes: s.g.NumNodes(), Size: s.g.Size, Arrays: 2}
	if s.store != nil {
		h.Storage, h.Arrays = storage16, 4
		return writeFile(w, &h, s.reg16, s.cum16, s.rscale, s.cscale)
	}
	return writeFile(w, &h, s.regret, s.cum)
}

// LoadCheckpoint reads a checkpoint of a solve of g (the same spot, checked)
// and returns a solver that continues it; opt.Threads may differ (the
// results do not depend on it), opt.Discount must be nil or equal.
func LoadCheckpoint(r io.Reader, name string, g *Game, opt SolveOptions, maxMemory int64) (*Solver, error) {
	cr, h, err := readHeader(r, name)
	if err != nil {
		return nil, err
	}
	if h.Kind != "checkpoint" || h.Arrays != 2 && h.Storage == "" || h.Arrays != 4 && h.Storage == storage16 {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("a %s, not a checkpoint", h.Kind)}
	}
	if h.Spot != g.Spot.Format() || h.NoIsomorphism != g.opts.NoIsomorphism {
		return nil, &FileError{File: name, Msg: "a checkpoint of another spot"}
	}
	if h.Nodes != g.NumNodes() || h.Size != g.Size {
		return nil, &FileError{File: name, Msg: "written by another version (the layout differs)"}
	}
	d := Discount{Alpha: h.Params["alpha"], Beta: h.Params["beta"], Gamma: h.Params["gamma"]}
	if opt.Discount != nil && *opt.Discount != d {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("solved with (α, β, γ) = (%v, %v, %v), not (%v, %v, %v)", d.Alpha, d.Beta, d.Gamma, opt.Discount.Alpha, opt.Discount.Beta, opt.Discount.Gamma)}
	}
	opt.Discount = &d
	switch h.Storage {
	case "":
		if opt.Compress {
			return nil, &FileError{File: name, Msg: "a checkpoint of a solve with 32-bit storage: continue it without --compress"}
		}
	case storage16:
		opt.Compress = true // a checkpoint continues in its own storage
	default:
		return nil, &FileError{File: name, Msg: fmt.Sprintf("storage %q is not one this pokerlab knows", h.Storage)}
	}
	s, err := NewSolver(g, opt, maxMemory)
	if err != nil {
		return nil, err
	}
	arrays := []any{s.regret, s.cum}
	if s.store != nil {
		arrays = []any{s.reg16, s.cum16, s.rscale, s.cscale}
	}
	if _, err := readArrays(cr, h, name, arrays...); err != nil {
		return nil, err
	}
	s.iter = h.Iterations
	s.elapsed = time.Duration(h.Seconds * float64(time.Second))
	return s, nil
}
