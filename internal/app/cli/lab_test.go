package cli

import "testing"

// TestLabRefusesAPublicAddress: the lab listens on loopback only (exit 2),
// and a spot that cannot be read is exit 1.
func TestLabRefusesAPublicAddress(t *testing.T) {
	if code, _, errOut := run(t, "lab", "--listen", "0.0.0.0:0", "--no-browser"); code != ExitUsage {
		t.Errorf("public address: exit %d: %s", code, errOut)
	}
	if code, _, errOut := run(t, "lab", "no-such-spot.toml", "--no-browser"); code != ExitError {
		t.Errorf("missing spot: exit %d: %s", code, errOut)
	}
}
