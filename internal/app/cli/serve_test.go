package cli

import (
	"strings"
	"testing"
)

// TestServeRefusesAPublicAddressWithoutAKey: an open server starts only on
// a loopback address; elsewhere it needs a key or --insecure-open, and the
// error says so (exit 2, before anything listens).
func TestServeRefusesAPublicAddressWithoutAKey(t *testing.T) {
	t.Setenv("POKERLAB_API_KEY", "")
	for _, listen := range []string{":0", "0.0.0.0:0", "[::]:0", "192.0.2.1:0"} {
		code, _, errOut := run(t, "serve", "--listen", listen, "--db", t.TempDir()+"/x.db")
		if code != ExitUsage || !strings.Contains(errOut, "--api-key") || !strings.Contains(errOut, "--insecure-open") {
			t.Errorf("serve --listen %s without a key: exit %d, %q", listen, code, errOut)
		}
	}
}

// TestServeRefusesShortKeys: a key short enough to guess is refused, from
// the flag and from POKERLAB_API_KEY.
func TestServeRefusesShortKeys(t *testing.T) {
	t.Setenv("POKERLAB_API_KEY", "")
	if code, _, errOut := run(t, "serve", "--api-key", "letmein"); code != ExitUsage || !strings.Contains(errOut, "too easy to guess") {
		t.Errorf("--api-key letmein: exit %d, %q", code, errOut)
	}
	t.Setenv("POKERLAB_API_KEY", "0123456789abcdef0123,short")
	if code, _, errOut := run(t, "serve"); code != ExitUsage || !strings.Contains(errOut, "too easy to guess") {
		t.Errorf("POKERLAB_API_KEY with a short key: exit %d, %q", code, errOut)
	}
}
