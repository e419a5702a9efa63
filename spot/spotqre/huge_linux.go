package spotqre

import (
	"syscall"
	"unsafe"
)

// adviseHuge marks the whole 4 KB pages inside [p, p+size) MADV_HUGEPAGE
// (transparent huge pages in "madvise" mode, the kernel's default on many
// distributions). An error (an old kernel, THP off) leaves 4 KB pages: the
// advice is only a hint.
func adviseHuge(p unsafe.Pointer, size uintptr) {
	const page = 4096
	lo := (uintptr(p) + page - 1) &^ (page - 1)
	hi := (uintptr(p) + size) &^ (page - 1)
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, lo-uintptr(p))), hi-lo)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
