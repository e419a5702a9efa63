package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The rules every command follows (tree.go, exit.go, flagvalues.go) are
// tested by walking the whole command tree, so that a command added later
// is covered without a new line here.

// walkTree calls f for every command below the root (the root included),
// except cobra's generated completion commands.
func walkTree(f func(c *cobra.Command)) {
	io, _, _ := TestStreams("", false, false)
	root := NewRootCmd(&Factory{IO: io})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" && c.Parent() == root {
			return
		}
		f(c)
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
}

// words splits a command path "pokerlab npc tables" into the arguments
// after "pokerlab".
func words(path string) []string { return strings.Fields(path)[1:] }

// An unknown subcommand of any command group is a usage error (exit 2)
// worded as cobra words it, with cobra's suggestions for a near miss.
func TestUnknownSubcommandOfEveryGroup(t *testing.T) {
	groups := 0
	walkTree(func(c *cobra.Command) {
		if !c.HasAvailableSubCommands() || c.Name() == "help" {
			return
		}
		groups++
		path := c.CommandPath()
		code, out, errOut := run(t, append(words(path), "foo")...)
		want := "pokerlab: unknown command \"foo\" for \"" + path + "\"\n"
		// A group that takes arguments of its own (spot batch TEMPLATE)
		// reads "foo" as one; a near miss of a subcommand is still one.
		if c.Annotations[takesArgs] != "" {
			want = "pokerlab: "
		}
		if code != ExitUsage && c.Annotations[takesArgs] == "" || code == ExitOK || !strings.HasPrefix(errOut, want) || out != "" {
			t.Errorf("%s foo: exit %d, stderr %q, stdout %q; want an error and %q", path, code, errOut, out, want)
		}
		// A typo of the first subcommand: the suggestion names it.
		sub := c.Commands()[0]
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() {
				sub = s
				break
			}
		}
		typo := sub.Name()[:len(sub.Name())-1] + "x"
		code, _, errOut = run(t, append(words(path), typo)...)
		want = "pokerlab: unknown command \"" + typo + "\" for \"" + path + "\"\n\nDid you mean this?\n\t" + sub.Name() + "\n"
		if code != ExitUsage || !strings.HasPrefix(errOut, want) {
			t.Errorf("%s %s: exit %d, stderr %q; want exit 2 and %q", path, typo, code, errOut, want)
		}
		// Without arguments a group prints its help and succeeds (a group
		// that is a command of its own, like solve, runs instead).
		if c.LocalFlags().HasFlags() {
			return
		}
		code, out, _ = run(t, words(path)...)
		if code != ExitOK || !strings.Contains(out, "Available Commands:") {
			t.Errorf("%s: exit %d, stdout %q; want its help", path, code, out)
		}
	})
	if groups < 6 { // pokerlab, game, hh, npc, npc tables, qre, solve
		t.Errorf("only %d command groups found", groups)
	}
	// "pokerlab help" refuses unknown topics the same way.
	code, _, errOut := run(t, "help", "npc", "tabels")
	want := "pokerlab: unknown command \"tabels\" for \"pokerlab npc\"\n\nDid you mean this?\n\ttables\n"
	if code != ExitUsage || !strings.HasPrefix(errOut, want) {
		t.Errorf("help npc tabels: exit %d, stderr %q; want %q", code, errOut, want)
	}
	if code, out, _ := run(t, "help", "npc", "tables", "build"); code != ExitOK || !strings.Contains(out, "pokerlab npc tables build [--samples N]") {
		t.Errorf("help npc tables build: exit %d, %q", code, out)
	}
}

// projectHistory matches words that speak of how pokerlab was built rather
// than of what it does: tracker numbers, the working names of the source
// documents, rounds of work. The source documents are cited by subject —
// the QRE note, the CFR lecture, the NPC design note — and papers by author
// and year.
var projectHistory = regexp.MustCompile(`(?i)\bissue(s|'s)?\b|\bseed(s|'s)? ?0\d\d\b|\bseed's\b|` +
	`\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|later|earlier|previous) (pass|wave|round of work)\b|` +
	`\bwaves?\b|\bsessions?\b`)

// productSessions are the phrases with the word that name what serve
// gives a browser (its signed cookie, its quota of tables): they are taken
// out of a text before projectHistory looks at it.
var productSessions = strings.NewReplacer("browser sessions", "", "browser session", "", "session cookie", "",
	"max-tables-per-session", "", "per-session", "", "session-secret", "", "SESSION_SECRET", "")

// speaksOfHistory returns the first word of projectHistory in text.
func speaksOfHistory(text string) string {
	return projectHistory.FindString(productSessions.Replace(strings.Join(strings.Fields(text), " ")))
}

// Help text: no flag says its default twice, no empty list default, no Go
// type names, no paths outside the repository, no words of the project's
// history (projectHistory); every required flag says so.
func TestHelpText(t *testing.T) {
	walkTree(func(c *cobra.Command) {
		path := c.CommandPath()
		text := c.Long + "\n" + c.Short + "\n" + c.Example + "\n" + c.LocalFlags().FlagUsages()
		for _, bad := range []string{"(default [])", "float64Slice", "stringSlice", "intSlice", "../shared"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s: help contains %q", path, bad)
			}
		}
		if m := speaksOfHistory(text); m != "" {
			t.Errorf("%s: help speaks of the project's history: %q", path, m)
		}
		for _, line := range strings.Split(c.LocalFlags().FlagUsages(), "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("%s: flag help says its default twice: %q", path, strings.TrimSpace(line))
			}
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			_, required := f.Annotations[cobra.BashCompOneRequiredFlag]
			if required && !strings.HasSuffix(f.Usage, "(required)") {
				t.Errorf("%s --%s is required but its help does not say so", path, f.Name)
			}
		})
	})
}

// The command's code, comments and test names speak to users too: no file
// of internal/app/cli or cmd/pokerlab uses the words of projectHistory
// (except the line of this file that defines them).
func TestSourcesSpeakProductLanguage(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../../../cmd/pokerlab"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("%s: %v files, %v", dir, len(fs), err)
		}
		files = append(files, fs...)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "var projectHistory = ") || strings.HasPrefix(line, "\t`\\b(first|second") {
				continue
			}
			if m := speaksOfHistory(line); m != "" {
				t.Errorf("%s:%d: %q speaks of the project's history: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}

// outputCases gives, for every command with an output flag, a command line
// that would run for a long time (so a check after the work would hang the
// test) and the output flags it has. TestOutputPathsCheckedFirst fails if a
// command has an output flag missing here.
func outputCases(t *testing.T) map[string]struct {
	args  []string
	flags []string
} {
	dir := t.TempDir()
	table := filepath.Join(dir, "table.toml")
	template := filepath.Join(dir, "template.toml")
	os.WriteFile(template, []byte("pot = 200\nstack = 900\noop = \"AA\"\nip = \"KK\"\n"), 0o644)
	os.WriteFile(table, []byte("small_blind = 1\nbig_blind = 2\nstack = 200\n[[seats]]\nname = \"A\"\nprofile = \"tag\"\n[[seats]]\nname = \"B\"\nprofile = \"nit\"\n"), 0o644)
	return map[string]struct {
		args  []string
		flags []string
	}{
		"pokerlab game export":      {[]string{"--game", "leduc"}, []string{"out"}},
		"pokerlab game value":       {[]string{"--game", "leduc"}, []string{"out"}},
		"pokerlab solve":            {[]string{"--game", "leduc", "--iterations", "1000000000"}, []string{"out", "checkpoint", "plot"}},
		"pokerlab solve compare":    {[]string{"--game", "leduc", "--iterations", "1000000000"}, []string{"plot"}},
		"pokerlab qre trace":        {[]string{"--game", "leduc", "--max-regret", "1e-300"}, []string{"plot"}},
		"pokerlab qre figures":      {nil, []string{"out"}},
		"pokerlab hh convert":       {[]string{"--to", "phh", "../../../testdata/handhq/real_handhq_100NLH.phhs"}, []string{"out"}},
		"pokerlab npc tables build": {[]string{"--samples", "1000000000"}, []string{"out"}},
		"pokerlab npc calibrate":    {[]string{"--table", table, "--hands", "1000000000"}, []string{"out"}},
		"pokerlab npc clone":        {[]string{"--player", "*", "../../../testdata/handhq/real_handhq_100NLH.phhs"}, []string{"out"}},
		"pokerlab npc validate":     {[]string{"--player", "X+u4T/E5ANkyZLKm1YjqwQ", "--hands", "1000000000", "../../../testdata/handhq/real_handhq_100NLH.phhs"}, []string{"out"}},
		"pokerlab sim":              {[]string{"--table", table, "--hands", "1000000000", "--no-calibrate"}, []string{"hh", "checkpoint"}},
		"pokerlab report":           {nil, []string{"out"}},
		"pokerlab db export":        {[]string{"--to", "phh", "--db", filepath.Join(dir, "hands.db")}, []string{"out"}},
		"pokerlab hud graph":        {[]string{"--db", filepath.Join(dir, "hands.db"), "--player", "x"}, []string{"out"}},
		"pokerlab spot solve":       {[]string{"../../../spot/testdata/flop-Td9d6h-pot200-stack900.toml", "--target", "0", "--iterations", "1000000000"}, []string{"out", "checkpoint"}},
		"pokerlab spot show":        {[]string{filepath.Join(dir, "result.pls")}, []string{"plot"}},
		"pokerlab spot qre":         {[]string{"../../../spot/testdata/flop-Td9d6h-pot200-stack900.toml", "--lambda", "1000"}, []string{"out"}},
		"pokerlab spot compare":     {[]string{"../../../spot/testdata/flop-Td9d6h-pot200-stack900.toml"}, []string{"out-dir"}},
		"pokerlab spot batch":       {[]string{template, "--flops", "all", "--db", filepath.Join(dir, "batch.db")}, []string{"out"}},
		"pokerlab spot report":      {[]string{"0123456789abcdef", "--db", filepath.Join(dir, "batch.db")}, []string{"out", "csv-out"}},
	}
}

// Every output path is checked before the work starts: a missing directory,
// a directory given as a file (or a file as a directory) fail at once, and
// the message names the path as typed.
func TestOutputPathsCheckedFirst(t *testing.T) {
	cases := outputCases(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o644)
	figDir := filepath.Join(dir, "a-directory.svg")
	os.Mkdir(figDir, 0o755)
	seen := map[string]bool{}
	walkTree(func(c *cobra.Command) {
		path := c.CommandPath()
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			kind := f.Annotations[annotOutput]
			switch {
			case len(kind) == 0:
				for _, n := range []string{"out", "plot", "hh", "checkpoint", "csv-out"} {
					if f.Name == n {
						t.Errorf("%s --%s looks like an output flag but is not declared with outputFileVar/outputDirVar/figureFileVar", path, n)
					}
				}
				return
			}
			tc, ok := cases[path]
			if !ok {
				t.Errorf("%s has output flag --%s: add it to outputCases", path, f.Name)
				return
			}
			seen[path+" --"+f.Name] = true
			ext, asDir := ".json", dir
			if kind[0] == "figure" {
				ext, asDir = ".svg", figDir
			}
			type probe struct {
				value, want string
				code        int
			}
			var probes []probe
			if kind[0] == "dir" {
				probes = []probe{
					{file, "pokerlab: --" + f.Name + " " + file + " is a file, not a directory\n", ExitError},
					{file + "/sub", "pokerlab: --" + f.Name + " " + file + "/sub: " + file + " is a file, not a directory\n", ExitError},
					{"", "pokerlab: --" + f.Name + ": no directory given\n", ExitUsage},
				}
			} else {
				probes = []probe{
					{"nodir/x" + ext, "pokerlab: --" + f.Name + " nodir/x" + ext + ": the directory nodir does not exist\n", ExitError},
					{asDir, "pokerlab: --" + f.Name + " " + asDir + " is a directory; give the name of a file\n", ExitError},
					{file + "/x" + ext, "pokerlab: --" + f.Name + " " + file + "/x" + ext + ": " + file + " is a file, not a directory\n", ExitError},
					{"", "pokerlab: --" + f.Name + ": no file name given\n", ExitUsage},
				}
			}
			for _, p := range probes {
				args := append(append(words(path), tc.args...), "--"+f.Name+"="+p.value)
				start := time.Now()
				code, out, errOut := run(t, args...)
				if code != p.code || errOut != p.want || out != "" {
					t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit %d and %q", strings.Join(args, " "), code, errOut, out, p.code, p.want)
				}
				if d := time.Since(start); d > 5*time.Second {
					t.Errorf("%s: failed after %v, not before the work", strings.Join(args, " "), d)
				}
			}
		})
	})
	for path, tc := range cases {
		for _, f := range tc.flags {
			if !seen[path+" --"+f] {
				t.Errorf("outputCases lists %s --%s, which is not an output flag", path, f)
			}
		}
	}
}

// One exit-code rule for every command: 0 success, 1 the work failed (files,
// computation), 2 the command line (commands, flags, typed values).
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.phhs")
	os.WriteFile(empty, nil, 0o644)
	comments := filepath.Join(dir, "comments.phhs")
	os.WriteFile(comments, []byte("# only a comment\n\n# another\n"), 0o644)
	for _, tc := range []struct {
		args string
		code int
		want string // the first line of standard error
	}{
		// values out of range, missing flags, empty files, limits
		{"qre akq --bet 0 --lambda 1", ExitUsage, "pokerlab: --bet 0: bet size 0 must be a positive number of pots"},
		{"qre akq --bet 1 --lambda -1", ExitUsage, "pokerlab: --lambda -1: λ must be ≥ 0"},
		{"equity AsKs", ExitUsage, "pokerlab: 1 player: want 2 to 9 players (hands, ranges and --vs-random together)"},
		{"equity AsKs QdQc --stderr NaN", ExitUsage, "pokerlab: --stderr NaN: want a number between 0 and 1"},
		{"equity AsKs QdQc --stderr 1e-300", ExitUsage, "pokerlab: --stderr 1e-300: below 1.6e-05, the standard error the cap of 10⁹ deals guarantees"},
		{"equity AsKs QdQc --samples 1e12", ExitUsage, "pokerlab: --samples 1e12: at most 1000000000 (10⁹) deals; --stderr stops as soon as the precision is reached"},
		{"equity AsKs QdQc --samples 0", ExitUsage, "pokerlab: --samples 0: want a positive count"},
		{"equity AsKs QdQc --stderr 0", ExitUsage, "pokerlab: --stderr 0: want a number between 0 and 1"},
		{"equity AsKs QdQc --threads -3", ExitUsage, "pokerlab: --threads -3: want 0 (all CPUs) or more"},
		{"sim --threads -1 --table t.toml --hands 5", ExitUsage, "pokerlab: --threads -1: want 0 (all CPUs) or more"},
		{"sim --table t.toml", ExitUsage, "pokerlab: --hands is required"},
		{"npc tables build --bins 0 --out t.bin", ExitUsage, "pokerlab: --bins 0: want 10 to 10000"},
		{"hh replay " + empty, ExitError, "pokerlab: " + empty + ": no hands in the file (it is empty or holds only comments)"},
		{"hh replay " + comments, ExitError, "pokerlab: " + comments + ": no hands in the file (it is empty or holds only comments)"},
		{"hud " + comments, ExitError, "pokerlab: " + comments + ": no hands in the file (it is empty or holds only comments)"},
		{"hh convert --to phh " + empty, ExitError, "pokerlab: " + empty + ": no hands in the file (it is empty or holds only comments)"},
		{"report --out=", ExitUsage, "pokerlab: --out: no directory given"},
		{"game info --game leduc:ranks=13,suits=4,maxraises=10 --max-memory 8GiB", ExitUsage,
			"pokerlab: game leduc:ranks=13,suits=4,maxraises=10: its tree has 175596929 nodes and 1226368 information sets; building it needs about 15.1 GiB, more than the limit of 8 GiB (--max-memory 8GiB; raise it to try anyway)"},
		// games, files, formats, cards and ranges
		{"game info --game chess", ExitUsage, `pokerlab: --game chess: unknown game "chess" (built-in: akq, kuhn, leduc; or give the path of a Gambit .efg file)`},
		{"game info --game leduc:ranks=99", ExitUsage, "pokerlab: --game leduc:ranks=99: ranks = 99, want 2…13"},
		{"game info --game missing.efg", ExitError, "pokerlab: open missing.efg: no such file or directory"},
		{"game info --game kuhn --max-memory lots", ExitUsage, "pokerlab: --max-memory lots: not a size (write 512MiB, 8GB or a number of bytes)"},
		{"game export --game kuhn --format xml", ExitUsage, `pokerlab: --format "xml" is not supported (only efg)`},
		{"solve --game kuhn --iterations 0", ExitUsage, "pokerlab: --iterations 0: want a positive number"},
		{"solve --game kuhn --iterations ten", ExitUsage, "pokerlab: --iterations ten: want a whole number (1000000, 1_000_000 or 1e6)"},
		{"solve --game kuhn --iterations 5 --threads -2", ExitUsage, "pokerlab: --threads -2: want 0 (all CPUs) or more"},
		{"solve --game kuhn --iterations 5 --alpha inf --algo dcfr", ExitUsage, "pokerlab: --alpha inf: want a finite number"},
		{"qre trace --game kuhn --max-regret -1", ExitUsage, "pokerlab: --max-regret -1: want a positive number (0 can never be reached)"},
		{"qre fit --game kuhn --counts c.json --max-lambda 0", ExitUsage, "pokerlab: --max-lambda 0: want a positive number"},
		{"eval AsKd", ExitUsage, `pokerlab: argument 1: "AsKd" has 2 cards, want 5, 6 or 7`},
		{"equity AsKs QdQc --vs-random -1", ExitUsage, "pokerlab: --vs-random -1: want 0 or more"},
		{"equity AsKs Qx", ExitUsage, `pokerlab: player 2: range "Qx": col 1: "Qx": unknown rank 'x'`},
		{"hud --min-hands -1 x.phhs", ExitUsage, "pokerlab: --min-hands -1: want 0 or more"},
		{"hud --threads -1 x.phhs", ExitUsage, "pokerlab: --threads -1: want 0 (all CPUs) or more"},
		{"npc clone x.phhs", ExitUsage, "pokerlab: --player is required"},
		{"npc clone --player A --min-opportunities 0 x.phhs", ExitUsage, "pokerlab: --min-opportunities 0: want 1 or more"},
		{"npc calibrate --table t.toml --hands 5 --rounds 0 --out x.toml", ExitUsage, "pokerlab: --rounds 0: want a positive number"},
		{"npc calibrate --table t.toml --out x.toml", ExitUsage, "pokerlab: --hands is required"},
		{"npc tables build --shard 3/2 --out x.bin", ExitUsage, `pokerlab: --shard "3/2": want i/n with 1 ≤ i ≤ n, e.g. 2/4`},
		{"npc tables build --samples -4 --out x.bin", ExitUsage, "pokerlab: --samples -4: want a positive number"},
		{"npc show shark", ExitUsage, `pokerlab: no built-in profile "shark"; the built-in profiles are calling-station, lag, maniac, nit, regular, tag`},
		{"npc show missing.toml", ExitError, "pokerlab: open missing.toml: no such file or directory"},
		{"hh convert --to text a.phh", ExitUsage, `pokerlab: --to "text": want pokerstars or phh`},
		{"sim --table t.toml --hands 5 --calibrate-hands -1", ExitUsage, "pokerlab: --calibrate-hands -1: want 0 or more"},
	} {
		args := strings.Fields(tc.args)
		code, out, errOut := run(t, args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code != tc.code || first != tc.want {
			t.Errorf("pokerlab %s:\n exit %d, %q\n want exit %d, %q", tc.args, code, first, tc.code, tc.want)
		}
		if code != ExitOK && out != "" {
			t.Errorf("pokerlab %s: stdout %q on failure", tc.args, out)
		}
	}
}

// A usage error — an unknown flag, a missing required flag, a refused flag
// value, a wrong number of arguments — prints the message and one line
// pointing to the command's --help, never the whole usage, on every command.
func TestUsageErrorsPointToHelp(t *testing.T) {
	hint := func(path string) string { return "Run '" + path + " --help' for usage.\n" }
	leaves := 0
	walkTree(func(c *cobra.Command) {
		if !c.Runnable() || c.Name() == "help" {
			return
		}
		leaves++
		path := c.CommandPath()
		code, out, errOut := run(t, append(words(path), "--no-such-flag")...)
		want := "pokerlab: unknown flag: --no-such-flag\n" + hint(path)
		if code != ExitUsage || errOut != want || out != "" {
			t.Errorf("%s --no-such-flag: exit %d, stderr %q, stdout %q; want exit 2 and %q", path, code, errOut, out, want)
		}
	})
	if leaves < 30 {
		t.Errorf("only %d commands found", leaves)
	}
	for _, tc := range []struct{ args, want string }{
		{"sim --table t.toml", "pokerlab: --hands is required\n" + hint("pokerlab sim")},
		{"solve --game kuhn --iterations 1.5", "pokerlab: --iterations 1.5: want a whole number, not a fraction\n" + hint("pokerlab solve")},
		{"npc tables build --bins 5 --out t.bin", "pokerlab: --bins 5: want 10 to 10000\n" + hint("pokerlab npc tables build")},
		{"spot solve", "pokerlab: accepts 1 arg(s), received 0\n" + hint("pokerlab spot solve")},
		{"spot solve a.toml b.toml", "pokerlab: accepts 1 arg(s), received 2\n" + hint("pokerlab spot solve")},
		{"game value extra", "pokerlab: unknown command \"extra\" for \"pokerlab game value\"\n" + hint("pokerlab game value")},
		{"solve --game kuhn -n", "pokerlab: flag needs an argument: 'n' in -n\n" + hint("pokerlab solve")},
		{"game nosuch", "pokerlab: unknown command \"nosuch\" for \"pokerlab game\"\n" + hint("pokerlab game")},
	} {
		code, out, errOut := run(t, strings.Fields(tc.args)...)
		if code != ExitUsage || errOut != tc.want || out != "" {
			t.Errorf("pokerlab %s: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
