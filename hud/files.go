package hud

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"pokerlab/hh"
	"pokerlab/holdem"
)

// File is one input of TallyFiles: a hand-history file read into memory.
type File struct {
	// Name labels the file in messages (the path, or hh.Stdin).
	Name string
	// InDir is set on a file found in a directory: one that is not a hand
	// history is skipped, not an error (hh.Input.InDir).
	InDir bool
	Data  []byte
}

// ReadFiles expands command-line arguments (files, directories read
// recursively, "-" for stdin: hh.ExpandInputs) and reads every input into
// memory, within hh's limits of a line and a hand (hh.ReadInput).
func ReadFiles(args []string, stdin io.Reader) ([]File, error) {
	ins, err := hh.ExpandInputs(args)
	if err != nil {
		return nil, err
	}
	if len(ins) == 0 {
		return nil, errors.New("no hand-history files in the given directories")
	}
	files := make([]File, len(ins))
	for i, in := range ins {
		d, err := hh.ReadInput(in, stdin)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.Name, err)
		}
		files[i] = File{Name: in.Name, InDir: in.InDir, Data: d}
	}
	return files, nil
}

// FilesOptions configures TallyFiles.
type FilesOptions struct {
	// Threads is the number of workers (0: GOMAXPROCS). The counts and
	// the sums in chips do not depend on it; the real sums of the money
	// (big blinds, equity shares) are added by part and may differ in
	// their last bits.
	Threads int
	// NoAllInEV skips the all-in adjustment (Tracker.NoAllInEV).
	NoAllInEV bool
	// Keep, when set, chooses the seats tallied (Tracker.Keep); Hands
	// then counts the hands with a seat kept.
	Keep func(h *hh.Hand, g *holdem.Hand, s int, f *HandFacts, m *SeatMoney) bool
	// By splits each player's hands (Tracker.By).
	By Breakdown
	// Series, when set, names a player whose money hand by hand
	// FilesResult.Series lists, in the order of the files and their hands.
	Series string
	// Rules, when not nil, replaces every hand's declared rule set.
	Rules *holdem.RuleSet
	// Progress, when not nil, is called with the bytes tallied so far,
	// from one goroutine at a time.
	Progress func(done int64)
}

// Skipped is a hand that was not tallied (it could not be read or does
// not replay), or a file found in a directory that is not a hand history.
type Skipped struct {
	File  string
	Error string
}

// FilesResult is the HUD of the files.
type FilesResult struct {
	// Tracker holds the players, sorted by name.
	Tracker *Tracker
	// Hands is the number of hands tallied.
	Hands   int64
	Skipped []Skipped
	// Series is FilesOptions.Series' player's money in each hand they
	// played, in file order (for graphs: CurvesOf).
	Series []Point
}

// TallyFiles tallies the hands of every file (Tracker.AddRecorded: each
// replayed through the engine): the one way hand-history files become a
// HUD (`pokerlab hud`, `pokerlab npc clone`). Big files are cut into
// chunks of whole hands (hh.SplitHands: PHH at table headers, site text
// at hand headers) so that one file also uses every worker; if a PHH cut
// falls inside a multi-line string (a chunk fails to parse, or table
// names repeat across chunks) the file is parsed again whole, for the
// exact error. A named file that is not a hand history, or holds no hand,
// is an error; hands that cannot be read or replayed are skipped.
func TallyFiles(files []File, opt FilesOptions) (*FilesResult, error) {
	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	formats := make([]hh.Format, len(files))
	datas := make([][]byte, len(files))
	var notHands []Skipped
	for i, f := range files {
		format, err := hh.Detect(f.Name, f.Data)
		if err != nil && !f.InDir {
			return nil, err
		}
		if err != nil {
			// A file found in a directory that is not a hand history.
			notHands = append(notHands, Skipped{File: f.Name, Error: err.Error()})
			continue
		}
		formats[i], datas[i] = format, f.Data
	}
	run := func(jobs []tallyJob) [][]tallyResult {
		results := make([][]tallyResult, len(files))
		for i := range files {
			results[i] = make([]tallyResult, 0)
		}
		var mu sync.Mutex
		out := make([]tallyResult, len(jobs))
		ch := make(chan int)
		var wg sync.WaitGroup
		var done int64
		for range min(threads, len(jobs)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var r hh.Replayer
				rd := hh.Reader{Reuse: true}
				for j := range ch {
					job := jobs[j]
					res := tallyResult{tracker: NewTracker()}
					res.tracker.NoAllInEV, res.tracker.By, res.tracker.Keep = opt.NoAllInEV, opt.By, opt.Keep
					file := files[job.file].Name
					add := func(h *hh.Hand) error {
						if opt.Rules != nil {
							h.Rules = *opt.Rules
						}
						if err := res.tracker.AddRecorded(h, &r); err != nil {
							return err
						}
						if !res.tracker.keptAny(h.NumPlayers()) {
							return errLeftOut
						}
						if opt.Series != "" {
							for s := range h.NumPlayers() {
								if h.PlayerName(s) == opt.Series && res.tracker.kept[s] {
									res.points = append(res.points, PointOf(&res.tracker.money[s], BigBlind(h)))
								}
							}
						}
						return nil
					}
					if formats[job.file] == hh.FormatPHH {
						res.err = hh.Scan(file, job.data.Data, job.data.Line, func(h *hh.Hand) error {
							res.names = append(res.names, h.Name)
							res.read++
							if err := add(h); err == errLeftOut {
								// A hand the filter leaves out: no row kept.
							} else if err != nil {
								res.skipped = append(res.skipped, Skipped{File: file, Error: err.Error()})
							} else {
								res.hands++
							}
							return nil
						})
					} else {
						res.err = rd.ReadChunk(file, job.data, func(h *hh.Hand, err error) error {
							res.read++
							if err == nil {
								err = add(h)
							}
							if err == errLeftOut {
								// A hand the filter leaves out: no row kept.
							} else if err != nil {
								res.skipped = append(res.skipped, Skipped{File: file, Error: err.Error()})
							} else {
								res.hands++
							}
							return nil
						})
					}
					out[j] = res
					mu.Lock()
					done += int64(len(job.data.Data))
					if opt.Progress != nil {
						opt.Progress(done)
					}
					mu.Unlock()
				}
			}()
		}
		for j := range jobs {
			ch <- j
		}
		close(ch)
		wg.Wait()
		for j, job := range jobs {
			results[job.file] = append(results[job.file], out[j])
		}
		return results
	}
	var jobs []tallyJob
	for i, d := range datas {
		if d == nil {
			continue
		}
		for k, c := range hh.SplitHands(d, threads) {
			jobs = append(jobs, tallyJob{file: i, chunk: k, data: c})
		}
	}
	results := run(jobs)
	// A PHH file whose chunks failed, or whose table names repeat across
	// chunks, is parsed again whole, for the exact error.
	var redo []tallyJob
	for i, rs := range results {
		bad := false
		seen := map[string]bool{}
		for _, r := range rs {
			bad = bad || r.err != nil
			for _, n := range r.names {
				bad = bad || seen[n]
				seen[n] = true
			}
		}
		if bad && len(rs) > 1 && formats[i] == hh.FormatPHH {
			redo = append(redo, tallyJob{file: i, data: hh.Chunk{Data: datas[i], Line: 1}})
		}
	}
	if len(redo) > 0 {
		again := run(redo)
		for _, j := range redo {
			results[j.file] = again[j.file]
		}
	}
	res := &FilesResult{Tracker: NewTracker(), Skipped: notHands}
	res.Tracker.By = opt.By
	for i, rs := range results {
		if datas[i] == nil {
			continue // not a hand history, found in a directory: listed in notHands
		}
		seen := 0
		for _, r := range rs {
			if r.err != nil {
				return nil, r.err
			}
			seen += r.read
		}
		if seen == 0 {
			return nil, fmt.Errorf("%s: no hands in the file (it is empty or holds only comments)", files[i].Name)
		}
	}
	for _, rs := range results {
		for _, r := range rs {
			res.Tracker.Merge(r.tracker)
			res.Hands += r.hands
			res.Skipped = append(res.Skipped, r.skipped...)
			res.Series = append(res.Series, r.points...)
		}
	}
	res.Tracker.SortByName()
	return res, nil
}

// errLeftOut is a hand of which FilesOptions.Keep kept no seat (a
// zero-size value: nothing allocated at start-up).
var errLeftOut error = leftOut{}

type leftOut struct{}

func (leftOut) Error() string { return "hud: no seat kept" }

// tallyJob is a part of a file: whole hands, parsed and tallied by one
// worker.
type tallyJob struct {
	file, chunk int
	data        hh.Chunk
}

type tallyResult struct {
	tracker *Tracker
	skipped []Skipped
	hands   int64
	err     error
	names   []string // table names, to detect a split that broke the file
	read    int      // hands read, replayed or not
	points  []Point  // FilesOptions.Series' player's hands
}
