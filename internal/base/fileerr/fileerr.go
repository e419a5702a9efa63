// Package fileerr formats errors about a file a user wrote (a spot, an NPC
// profile) the one way pokerlab's commands print them:
//
//	FILE:LINE: KEY: MESSAGE
//
// with each part left out when unknown (no file, line 0, no key), the form
// editors and compilers use, so that a terminal or an editor can jump to the
// place.
package fileerr

import (
	"strconv"
	"strings"
)

// Format returns "file:line: key: msg", leaving out the file (and the line
// with it) when file is empty, the line when it is 0 or less, and the key
// when it is empty.
func Format(file string, line int, key, msg string) string {
	var b strings.Builder
	if file != "" {
		b.WriteString(file)
		if line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(line))
		}
		b.WriteString(": ")
	}
	if key != "" {
		b.WriteString(key)
		b.WriteString(": ")
	}
	b.WriteString(msg)
	return b.String()
}
