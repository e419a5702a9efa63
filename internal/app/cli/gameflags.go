package cli

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"pokerlab/efg"
	"pokerlab/games"
	"pokerlab/internal/base/sysmem"
)

// defaultMaxMemory is the default of --max-memory: half the physical memory
// (sysmem.Total), or 4 GiB where it is unknown. The limit applies to the
// estimated peak of building a game's tree (efg.Size.BuildBytes), which
// leaves the other half for the solver's own arrays and the rest of the
// machine.
func defaultMaxMemory() int64 {
	if t, ok := sysmem.Total(); ok {
		return t / 2
	}
	return 4 << 30
}

// addGameFlags defines --game and --max-memory, which every command that
// loads a game takes.
func addGameFlags(fl *pflag.FlagSet, game *string, maxMemory *int64) {
	fl.StringVarP(game, "game", "g", "", "game name or .efg path")
	*maxMemory = defaultMaxMemory()
	fl.Var(&checkedValue[int64]{p: maxMemory, typ: "bytes", parse: parseBytes, show: formatBytesFlag,
		check: func(x int64) error {
			if x <= 0 {
				return wantf("want a positive size such as 512MiB or 8GB")
			}
			return nil
		}}, "max-memory", "refuse games whose tree needs more memory than this to build (default: half the physical memory)")
	fl.Lookup("max-memory").DefValue = "" // the text says it; the number depends on the machine
}

// loadGame resolves --game: a missing flag is a usage error; an unknown game
// or invalid parameters are invalid input (exit 2), as is a tree beyond
// --max-memory; an unreadable or malformed .efg file fails the work (1).
func loadGame(spec string, maxMemory int64) (*efg.Tree, error) {
	if spec == "" {
		return nil, flagErrorf("--game is required (kuhn, leduc, akq, akq:bet=2, or the path of an .efg file)")
	}
	t, err := games.LoadWith(spec, efg.CompileOptions{MaxBytes: maxMemory})
	var tl *efg.TooLargeError
	switch {
	case err == nil:
		return t, nil
	case errors.As(err, &tl):
		return nil, inputErrorf("%v (--max-memory %s; raise it to try anyway)", err, formatBytesFlag(maxMemory))
	case !games.IsFile(spec):
		return nil, asInputError(fmt.Errorf("--game %s: %w", spec, err))
	}
	return nil, err
}

// parseBytes reads a size: a number with an optional unit B, kB/KB, MB, GB,
// TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024), e.g. 512MiB,
// 8GB, 1.5GiB.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') && t[i-1] != '.' {
		i--
	}
	num, unit := strings.TrimSpace(t[:i]), strings.ToLower(strings.TrimSpace(t[i:]))
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, wantf("not a size (write 512MiB, 8GB or a number of bytes)")
	}
	mult := map[string]float64{"": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
		"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}[unit]
	if mult == 0 {
		return 0, wantf("unknown unit %q (B, kB, MB, GB, TB, KiB, MiB, GiB, TiB)", t[i:])
	}
	v := x * mult
	if v >= math.MaxInt64 {
		return 0, wantf("too large")
	}
	return int64(v), nil
}

func formatBytesFlag(b int64) string { return strings.ReplaceAll(efg.FormatBytes(b), " ", "") }
