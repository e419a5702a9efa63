package cli

import (
	"strings"
	"testing"
)

// zeros is an endless input of zero bytes (/dev/zero) that counts what
// was read of it.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

// TestEndlessInputIsRefusedAtTheLineLimit: every command that reads hand
// histories stops reading /dev/zero at the line limit, says so naming the
// input and the line, and exits 2.
func TestEndlessInputIsRefusedAtTheLineLimit(t *testing.T) {
	for _, args := range [][]string{
		{"hh", "replay", "-"},
		{"hh", "convert", "--to", "phh", "-"},
		{"hud", "-"},
		{"npc", "clone", "--player", "x", "-"},
	} {
		io, _, errOut := TestStreams("", false, false)
		z := &zeros{}
		io.In = z
		code := Run(&Factory{IO: io}, args)
		if want := "pokerlab: <stdin>: line 1: line longer than 1 MiB\n"; code != ExitUsage || errOut.String() != want {
			t.Errorf("%s: exit %d, stderr %q; want exit 2, %q", strings.Join(args, " "), code, errOut, want)
		}
		if z.n > 3<<20 {
			t.Errorf("%s: %d bytes read", strings.Join(args, " "), z.n)
		}
	}
}
