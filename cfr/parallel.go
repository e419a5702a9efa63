package cfr

import (
	"container/heap"
	"sort"
	"sync"
	"sync/atomic"

	"pokerlab/efg"
)

// minParallelNodes is the tree size from which Options.Threads > 1 splits the
// sweeps across goroutines; below it one iteration takes well under a
// millisecond and synchronisation would cost more than it saves.
const minParallelNodes = 1 << 16

// parallel splits a deterministic pass across goroutines. The tree is cut at
// a frontier of subtrees ("tasks"): the edges into the children of the nodes
// above it ("top") are swept on one goroutine, each task's edges by
// whichever worker takes it. Compile and ReadEFG lay out every subtree
// (minus its root) as one contiguous range of node indices, so a task is a
// range; information sets are split into chunks. Every node's reach and
// value and every information set's regret is computed by the same
// arithmetic as the serial sweep, so the result does not depend on the
// number of threads.
type parallel struct {
	s        *Solver
	threads  int
	top      []int32     // internal nodes above the frontier, ascending
	topEdges []int32     // the children of top nodes (top nodes, frontier roots, terminals), ascending
	tasks    []task      // largest first
	chunks   [][][]int32 // per player: information-set chunks
	scratch  [][]float64 // per worker: maxActions
}

// task is a frontier subtree: its root and the node range lo…hi-1 of its
// other nodes, and the internal nodes among root and range.
type task struct {
	root     int32
	lo, hi   int
	internal []int32
}

// newParallel prepares the split, or returns nil if the tree's layout does
// not keep subtrees contiguous.
func newParallel(s *Solver, threads int) *parallel {
	t := s.t
	p := &parallel{s: s, threads: threads}
	nodes := t.NumNodes()
	size := make([]int64, nodes) // subtree sizes in nodes
	for n := nodes - 1; n >= 0; n-- {
		size[n]++
		if n > 0 {
			size[t.Parent[n]] += size[n]
		}
	}
	// Split the largest subtree until there are enough tasks that the
	// largest one is a small share of the tree.
	h := &bySize{size: size}
	heap.Push(h, int32(0))
	isTop := make([]bool, nodes)
	want := 16 * threads
	for h.Len() > 0 {
		n := h.nodes[0]
		if h.Len() >= want && size[n]*int64(4*threads) <= size[0] {
			break
		}
		if len(p.top) > nodes/8 { // the tree is too narrow to split further
			break
		}
		heap.Pop(h)
		isTop[n] = true
		p.top = append(p.top, n)
		f, k := t.FirstChild[n], t.NumChildren[n]
		for c := f; c < f+k; c++ {
			p.topEdges = append(p.topEdges, c)
			if t.Player[c] != efg.Terminal {
				heap.Push(h, c)
			}
		}
	}
	sort.Slice(p.top, func(a, b int) bool { return p.top[a] < p.top[b] })
	sort.Slice(p.topEdges, func(a, b int) bool { return p.topEdges[a] < p.topEdges[b] })
	internal := s.lay.internal
	for _, r := range h.nodes {
		lo := int(t.FirstChild[r])
		hi := lo + int(size[r]) - 1
		for c := lo; c < hi; c++ {
			if q := int(t.Parent[c]); q != int(r) && (q < lo || q >= hi) {
				return nil // not contiguous
			}
		}
		a := sort.Search(len(internal), func(j int) bool { return int(internal[j]) >= lo })
		b := sort.Search(len(internal), func(j int) bool { return int(internal[j]) >= hi })
		in := append([]int32{r}, internal[a:b]...)
		p.tasks = append(p.tasks, task{root: r, lo: lo, hi: hi, internal: in})
	}
	sort.Slice(p.tasks, func(a, b int) bool { return p.tasks[a].hi-p.tasks[a].lo > p.tasks[b].hi-p.tasks[b].lo })
	p.chunks = make([][][]int32, t.NumPlayers())
	for i, list := range s.lay.isets {
		p.chunks[i] = chunkInfoSets(t, list, 8*threads)
	}
	p.scratch = make([][]float64, threads)
	for w := range p.scratch {
		p.scratch[w] = make([]float64, s.lay.maxActions)
	}
	return p
}

// chunkInfoSets splits list into about k contiguous chunks of similar work
// (members × actions).
func chunkInfoSets(t *efg.Tree, list []int32, k int) [][]int32 {
	work := func(I int32) int64 {
		return int64(t.MemberStart[I+1]-t.MemberStart[I]) * int64(t.ActionStart[I+1]-t.ActionStart[I])
	}
	var total int64
	for _, I := range list {
		total += work(I)
	}
	per := total/int64(k) + 1
	var out [][]int32
	start, acc := 0, int64(0)
	for j, I := range list {
		acc += work(I)
		if acc >= per {
			out = append(out, list[start:j+1])
			start, acc = j+1, 0
		}
	}
	if start < len(list) {
		out = append(out, list[start:])
	}
	return out
}

// run calls job(worker, j) for j = 0…n-1 on p.threads goroutines.
func (p *parallel) run(n int, job func(worker, j int)) {
	var next atomic.Int64
	work := func(worker int) {
		for {
			j := int(next.Add(1) - 1)
			if j >= n {
				return
			}
			job(worker, j)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < p.threads; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			work(w)
		}(w)
	}
	work(0)
	wg.Wait()
}

func (p *parallel) pass(i int) {
	s := p.s
	s.forwardList(i, p.topEdges)
	p.run(len(p.tasks), func(_, j int) {
		tk := &p.tasks[j]
		s.forward(i, tk.lo, tk.hi)
		s.backward(i, tk.lo, tk.hi, tk.internal)
	})
	v := s.value[i]
	for _, n := range p.top {
		v[n] = 0
	}
	s.backwardList(i, p.topEdges)
	chunks := p.chunks[i]
	p.run(len(chunks), func(_, j int) { s.regrets(i, chunks[j]) })
}

func (p *parallel) update(i, t int) {
	s := p.s
	chunks := p.chunks[i]
	p.run(len(chunks), func(w, j int) { s.updateSets(chunks[j], t, p.scratch[w]) })
}

func (p *parallel) bytes() int64 {
	b := int64(len(p.top)+len(p.topEdges)) * 4
	for _, tk := range p.tasks {
		b += int64(len(tk.internal))*4 + 24
	}
	for _, l := range p.scratch {
		b += int64(len(l)) * 8
	}
	return b
}

// bySize is a max-heap of nodes by subtree size.
type bySize struct {
	size  []int64
	nodes []int32
}

func (h *bySize) Len() int           { return len(h.nodes) }
func (h *bySize) Less(a, b int) bool { return h.size[h.nodes[a]] > h.size[h.nodes[b]] }
func (h *bySize) Swap(a, b int)      { h.nodes[a], h.nodes[b] = h.nodes[b], h.nodes[a] }
func (h *bySize) Push(x any)         { h.nodes = append(h.nodes, x.(int32)) }
func (h *bySize) Pop() any {
	n := h.nodes[len(h.nodes)-1]
	h.nodes = h.nodes[:len(h.nodes)-1]
	return n
}
