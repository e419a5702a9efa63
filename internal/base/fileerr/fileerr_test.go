package fileerr

import "testing"

func TestFormatLeavesOutWhatIsUnknown(t *testing.T) {
	for _, c := range []struct {
		file      string
		line      int
		key, want string
	}{
		{"spot.toml", 3, "stack", "spot.toml:3: stack: must be positive"},
		{"spot.toml", 0, "stack", "spot.toml: stack: must be positive"},
		{"spot.toml", 3, "", "spot.toml:3: must be positive"},
		{"", 3, "stack", "stack: must be positive"}, // a line without its file says nothing
		{"", 0, "", "must be positive"},
	} {
		if got := Format(c.file, c.line, c.key, "must be positive"); got != c.want {
			t.Errorf("Format(%q, %d, %q) = %q, want %q", c.file, c.line, c.key, got, c.want)
		}
	}
}
