package npc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"sync"

	"pokerlab/cards"
)

// Street indexes of the strength tables: the three postflop streets.
const (
	FlopIdx = iota
	TurnIdx
	RiverIdx
	numPostflop
)

// MinPlayers and MaxPlayers bound n, the number of players remaining in a
// hand (the NPC and n−1 opponents), that the strength tables cover.
const (
	MinPlayers = 2
	MaxPlayers = 9
	numN       = MaxPlayers - MinPlayers + 1
	numClasses = cards.NumStartingHands
)

// DefaultBins is the histogram resolution of the embedded tables: 200 bins
// of width 0.005 on [0, 1].
const DefaultBins = 200

// InnerDeals is the number of Monte Carlo deals behind every equity value p,
// in the tables and at decision time alike (see Tables).
const InnerDeals = 600

// chunkTrajectories is the unit of work of a build: chunk j of class h is
// seeded by (seed, h, j) alone, so any split into shards sums to the same
// counts.
const chunkTrajectories = 32

// preflopDealsPerTrajectory is the number of preflop deals (board and eight
// opponents) booked per trajectory for the preflop equities.
const preflopDealsPerTrajectory = 64

// Tables holds the strength distributions φ_n(p | h) of the NPC design note:
// for every postflop street, number of remaining players n = 2..9 and
// starting-hand class h, a histogram of p, the hand's expected pot share
// against n−1 random hands on a random board of that street (estimated with
// InnerDeals Monte Carlo deals, the same estimator the NPC uses when it
// decides, so the tables describe exactly the statistic the policy
// thresholds). It also holds the preflop equity of every class against 1..8
// random hands, the strength ordering of the preflop policy.
//
// Sampling. A trajectory picks a uniform combination of h and deals a flop,
// a turn and a river; at each street p is estimated against k = 1..8
// opponents in one pass of deals (potShares), giving one sample of every
// (street, n) histogram of h. The counts and the share sums are integers,
// so tables built in shards and merged are identical to one build.
//
// Why histograms and not a Gaussian mixture (the design note suggests
// either): p lives on [0, 1] with atoms (p = 1 for the nuts on the river, p =
// 0 when drawing dead, p = 1/2 when the board plays) and skewed, multi-modal
// shapes; a 200-bin histogram bounds the quantile error by the bin width
// (0.005) where a mixture of a few normals misses atoms by more than 0.01,
// histograms merge exactly across shards (mixtures fitted per shard do not),
// and a mixture over a range is a weighted sum of histograms. Size: 3 streets
// × 8 n × 169 classes × 200 bins = 811,200 counts, about 1 MB as compressed
// varints.
type Tables struct {
	Bins    int
	Inner   int
	Seed    uint64
	Samples int // trajectories per class requested (the full build)
	// Shards lists the shards (of NumShards) whose counts are included.
	NumShards int
	Shards    []int

	traj     [numClasses]uint64                    // trajectories booked per class
	counts   []uint32                              // [street][n-2][class][bin]
	shareSum [numPostflop][numN][numClasses]uint64 // Σ shares over inner deals
	preDeals [numClasses]uint64
	preShare [numN][numClasses]uint64 // preflop shares against n−1 random hands

	once sync.Once
	cum  []float32 // per cell Bins+1 cumulative masses: cum[b] = P(bin < b)
}

func (t *Tables) cell(street, n int, h cards.StartingHand) int {
	return ((street*numN+(n-MinPlayers))*numClasses + int(h)) * t.Bins
}

// NewTables returns empty tables for a build.
func NewTables(bins, inner int, seed uint64, samples, numShards int) *Tables {
	return &Tables{Bins: bins, Inner: inner, Seed: seed, Samples: samples, NumShards: numShards,
		counts: make([]uint32, numPostflop*numN*numClasses*bins)}
}

// BuildOptions configures Build.
type BuildOptions struct {
	// Samples is the number of trajectories per class (0 means 10,000).
	Samples int
	// Bins is the histogram resolution (0 means DefaultBins).
	Bins int
	// Seed fixes every draw.
	Seed uint64
	// Shard and NumShards select the part of the work to do: chunks whose
	// global index is Shard mod NumShards (NumShards 0 or 1: everything).
	Shard, NumShards int
	// Threads is the number of goroutines (0 means 1).
	Threads int
	// Progress, if non-nil, is called with the chunks done and the total.
	Progress func(done, total int)
}

// Build samples the strength tables. The result depends only on Samples,
// Bins, Seed and the shard, never on Threads.
func Build(opt BuildOptions) (*Tables, error) {
	if opt.Samples == 0 {
		opt.Samples = 10000
	}
	if opt.Bins == 0 {
		opt.Bins = DefaultBins
	}
	if opt.NumShards <= 0 {
		opt.NumShards = 1
	}
	switch {
	case opt.Samples < 0:
		return nil, fmt.Errorf("npc: tables: %d samples: want a positive number", opt.Samples)
	case opt.Bins < 10 || opt.Bins > 10000:
		return nil, fmt.Errorf("npc: tables: %d bins: want 10 to 10000", opt.Bins)
	case opt.Shard < 0 || opt.Shard >= opt.NumShards:
		return nil, fmt.Errorf("npc: tables: shard %d/%d: want 1 to %d", opt.Shard+1, opt.NumShards, opt.NumShards)
	}
	t := NewTables(opt.Bins, InnerDeals, opt.Seed, opt.Samples, opt.NumShards)
	t.Shards = []int{opt.Shard}
	chunks := (opt.Samples + chunkTrajectories - 1) / chunkTrajectories
	var jobs []int // global chunk indexes of this shard
	for g := range numClasses * chunks {
		if g%opt.NumShards == opt.Shard {
			jobs = append(jobs, g)
		}
	}
	threads := max(opt.Threads, 1)
	var mu sync.Mutex
	next, done := 0, 0
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := NewTables(opt.Bins, InnerDeals, opt.Seed, opt.Samples, opt.NumShards)
			var d dealer
			for {
				mu.Lock()
				if next == len(jobs) {
					mu.Unlock()
					break
				}
				g := jobs[next]
				next++
				mu.Unlock()
				h, j := cards.StartingHand(g/chunks), g%chunks
				n := min(chunkTrajectories, opt.Samples-j*chunkTrajectories)
				part.sampleChunk(&d, h, j, n)
				mu.Lock()
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(jobs))
				}
				mu.Unlock()
			}
			mu.Lock()
			t.add(part)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return t, nil
}

// sampleChunk books n trajectories of class h, chunk j.
func (t *Tables) sampleChunk(d *dealer, h cards.StartingHand, j, n int) {
	d.seed(t.Seed^0x9E3779B97F4A7C15, uint64(h)<<32|uint64(j))
	var combos [12]cards.Hole
	cs := h.AppendCombos(combos[:0])
	for range n {
		hero := cs[d.uint64n(uint64(len(cs)))]
		used := hero.Set()
		var board cards.Set
		for street := range numPostflop {
			k := 1
			if street == FlopIdx {
				k = 3
			}
			for range k {
				c := d.card(used)
				used |= 1 << c
				board |= 1 << c
			}
			var sums [8]uint64
			d.potShares(hero, board, MaxPlayers-1, t.Inner, &sums)
			for opp := range MaxPlayers - 1 {
				n := opp + 2
				t.shareSum[street][n-MinPlayers][h] += sums[opp]
				t.counts[t.cell(street, n, h)+t.bin(sums[opp])]++
			}
		}
		var pre [8]uint64
		d.potShares(hero, 0, MaxPlayers-1, preflopDealsPerTrajectory, &pre)
		for opp := range MaxPlayers - 1 {
			t.preShare[opp][h] += pre[opp]
		}
		t.preDeals[h] += preflopDealsPerTrajectory
		t.traj[h]++
	}
}

// bin maps a share sum of Inner deals to its histogram bin.
func (t *Tables) bin(sum uint64) int {
	b := int(sum * uint64(t.Bins) / (uint64(t.Inner) * shareUnit))
	return min(b, t.Bins-1)
}

// add adds o's counts to t (same shape).
func (t *Tables) add(o *Tables) {
	for i, c := range o.counts {
		t.counts[i] += c
	}
	for s := range t.shareSum {
		for n := range t.shareSum[s] {
			for h := range t.shareSum[s][n] {
				t.shareSum[s][n][h] += o.shareSum[s][n][h]
			}
		}
	}
	for n := range t.preShare {
		for h := range t.preShare[n] {
			t.preShare[n][h] += o.preShare[n][h]
		}
	}
	for h := range numClasses {
		t.traj[h] += o.traj[h]
		t.preDeals[h] += o.preDeals[h]
	}
}

// Complete reports whether every shard of the build is included.
func (t *Tables) Complete() bool { return len(t.Shards) == t.NumShards }

// Merge adds shards of one build into one table. The shards must come from
// the same build (bins, seed, samples, shard count) and be disjoint; merging
// all of them gives exactly the unsharded build, byte for byte in the file
// format.
func Merge(parts ...*Tables) (*Tables, error) {
	if len(parts) == 0 {
		return nil, errors.New("npc: tables: nothing to merge")
	}
	p0 := parts[0]
	t := NewTables(p0.Bins, p0.Inner, p0.Seed, p0.Samples, p0.NumShards)
	seen := map[int]int{}
	for i, p := range parts {
		if p.Bins != p0.Bins || p.Inner != p0.Inner || p.Seed != p0.Seed || p.Samples != p0.Samples || p.NumShards != p0.NumShards {
			return nil, fmt.Errorf("npc: tables: part %d (bins %d, inner %d, seed %d, samples %d, %d shards) is not from the build of part 1 (bins %d, inner %d, seed %d, samples %d, %d shards)",
				i+1, p.Bins, p.Inner, p.Seed, p.Samples, p.NumShards, p0.Bins, p0.Inner, p0.Seed, p0.Samples, p0.NumShards)
		}
		for _, s := range p.Shards {
			if j, dup := seen[s]; dup {
				return nil, fmt.Errorf("npc: tables: shard %d/%d is in parts %d and %d", s+1, p.NumShards, j+1, i+1)
			}
			seen[s] = i
			t.Shards = append(t.Shards, s)
		}
		t.add(p)
	}
	sort.Ints(t.Shards)
	if t.Complete() {
		// All the shards add up to the unsharded build (the chunks are
		// seeded by seed, class and chunk, not by the split), so the
		// merged table is written as that build: one shard of one.
		t.NumShards, t.Shards = 1, []int{0}
	}
	return t, nil
}

// Trajectories returns the number of samples behind class h's histograms.
func (t *Tables) Trajectories(h cards.StartingHand) uint64 { return t.traj[h] }

// cdf returns the cumulative histogram of (street, n, h): Bins+1 values,
// cdf[b] = P(p falls below bin b), from 0 to 1 (all 0 without samples).
func (t *Tables) cdf(street, n int, h cards.StartingHand) []float32 {
	t.once.Do(t.normalize)
	i := t.cell(street, n, h) / t.Bins * (t.Bins + 1)
	return t.cum[i : i+t.Bins+1]
}

func (t *Tables) normalize() {
	t.cum = make([]float32, len(t.counts)/t.Bins*(t.Bins+1))
	for street := range numPostflop {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			for h := range cards.StartingHand(numClasses) {
				if t.traj[h] == 0 {
					continue
				}
				i := t.cell(street, n, h)
				o := i / t.Bins * (t.Bins + 1)
				inv := 1 / float64(t.traj[h])
				var run uint64
				for b := range t.Bins {
					t.cum[o+b] = float32(float64(run) * inv)
					run += uint64(t.counts[i+b])
				}
				t.cum[o+t.Bins] = 1
			}
		}
	}
}

// Count returns the raw count of bin b of (street, n, h).
func (t *Tables) Count(street, n int, h cards.StartingHand, b int) uint32 {
	return t.counts[t.cell(street, n, h)+b]
}

// MeanEquity returns the mean of φ_n(p | h) on street: by the law of total
// expectation it equals h's preflop equity against n−1 random hands.
func (t *Tables) MeanEquity(street, n int, h cards.StartingHand) float64 {
	if t.traj[h] == 0 {
		return math.NaN()
	}
	return float64(t.shareSum[street][n-MinPlayers][h]) / float64(t.traj[h]*uint64(t.Inner)*shareUnit)
}

// PreflopEquity returns class h's equity against opponents (1..8) random
// hands, from the build's preflop deals.
func (t *Tables) PreflopEquity(h cards.StartingHand, opponents int) float64 {
	if t.preDeals[h] == 0 {
		return math.NaN()
	}
	return float64(t.preShare[opponents-1][h]) / float64(t.preDeals[h]*shareUnit)
}

// --- file format ---

// The file is gzip-compressed: magic, version, then uvarints: bins, inner,
// seed, samples, numShards, the shard list, per class trajectories and
// preflop deals, the share sums, the preflop shares and the counts.
var tablesMagic = []byte("PLSTRENGTH\x00")

const tablesVersion = 1

// WriteTo writes t in the table file format.
func (t *Tables) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.Write(tablesMagic)
	var tmp [binary.MaxVarintLen64]byte
	put := func(v uint64) { buf.Write(tmp[:binary.PutUvarint(tmp[:], v)]) }
	put(tablesVersion)
	put(uint64(t.Bins))
	put(uint64(t.Inner))
	put(t.Seed)
	put(uint64(t.Samples))
	put(uint64(t.NumShards))
	put(uint64(len(t.Shards)))
	for _, s := range t.Shards {
		put(uint64(s))
	}
	for h := range numClasses {
		put(t.traj[h])
		put(t.preDeals[h])
	}
	for s := range t.shareSum {
		for n := range t.shareSum[s] {
			for h := range t.shareSum[s][n] {
				put(t.shareSum[s][n][h])
			}
		}
	}
	for n := range t.preShare {
		for h := range t.preShare[n] {
			put(t.preShare[n][h])
		}
	}
	for _, c := range t.counts {
		put(uint64(c))
	}
	cw := &countWriter{w: w}
	zw, _ := gzip.NewWriterLevel(cw, gzip.BestCompression)
	if _, err := zw.Write(buf.Bytes()); err != nil {
		return cw.n, err
	}
	err := zw.Close()
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadTables reads a table file; name is used in errors.
func ReadTables(r io.Reader, name string) (*Tables, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: not a strength table file: %v", name, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if !bytes.HasPrefix(data, tablesMagic) {
		return nil, fmt.Errorf("%s: not a strength table file (bad magic)", name)
	}
	br := bufio.NewReader(bytes.NewReader(data[len(tablesMagic):]))
	var rerr error
	get := func(what string, limit uint64) uint64 {
		if rerr != nil {
			return 0
		}
		v, err := binary.ReadUvarint(br)
		if err != nil {
			rerr = fmt.Errorf("%s: truncated at %s", name, what)
			return 0
		}
		if v > limit {
			rerr = fmt.Errorf("%s: %s = %d out of range (at most %d)", name, what, v, limit)
			return 0
		}
		return v
	}
	if v := get("version", 1<<20); rerr == nil && v != tablesVersion {
		return nil, fmt.Errorf("%s: table format version %d, want %d", name, v, tablesVersion)
	}
	bins := int(get("bins", 10000))
	inner := int(get("inner deals", 1<<30))
	seed := get("seed", math.MaxUint64)
	samples := int(get("samples", 1<<40))
	numShards := int(get("shard count", 1<<20))
	nShards := int(get("shard list length", 1<<20))
	if rerr != nil {
		return nil, rerr
	}
	if bins < 10 || inner < 1 || numShards < 1 || nShards > numShards {
		return nil, fmt.Errorf("%s: bad header (bins %d, inner %d, %d of %d shards)", name, bins, inner, nShards, numShards)
	}
	t := NewTables(bins, inner, seed, samples, numShards)
	for range nShards {
		t.Shards = append(t.Shards, int(get("shard", uint64(numShards-1))))
	}
	for h := range numClasses {
		t.traj[h] = get("trajectories", 1<<50)
		t.preDeals[h] = get("preflop deals", 1<<60)
	}
	for s := range t.shareSum {
		for n := range t.shareSum[s] {
			for h := range t.shareSum[s][n] {
				t.shareSum[s][n][h] = get("share sum", math.MaxUint64)
			}
		}
	}
	for n := range t.preShare {
		for h := range t.preShare[n] {
			t.preShare[n][h] = get("preflop share sum", math.MaxUint64)
		}
	}
	for i := range t.counts {
		t.counts[i] = uint32(get("count", math.MaxUint32))
	}
	if rerr != nil {
		return nil, rerr
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%s: trailing data after the tables", name)
	}
	// Consistency: every histogram of a class holds its trajectories.
	for h := range cards.StartingHand(numClasses) {
		for street := range numPostflop {
			for n := MinPlayers; n <= MaxPlayers; n++ {
				var sum uint64
				i := t.cell(street, n, h)
				for _, c := range t.counts[i : i+bins] {
					sum += uint64(c)
				}
				if sum != t.traj[h] {
					return nil, fmt.Errorf("%s: class %v %s n=%d: histogram holds %d samples, header says %d",
						name, h, streetName(street), n, sum, t.traj[h])
				}
			}
		}
	}
	return t, nil
}

func streetName(s int) string { return [...]string{"flop", "turn", "river"}[s] }

//go:embed tables/strength.bin
var embeddedTables []byte

var (
	defaultOnce   sync.Once
	defaultTables *Tables
	defaultErr    error
)

// DefaultTables returns the tables embedded in the binary (built with
// `pokerlab npc tables build`, see docs/benchmarks.md for the command).
func DefaultTables() *Tables {
	defaultOnce.Do(func() {
		defaultTables, defaultErr = ReadTables(bytes.NewReader(embeddedTables), "embedded strength tables")
	})
	if defaultErr != nil {
		panic("npc: " + defaultErr.Error())
	}
	return defaultTables
}
