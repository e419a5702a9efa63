package hh

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"pokerlab/holdem"
)

// FuzzParse feeds arbitrary bytes to the PHH reader and replays what it
// accepts, under its declared rule set and under PokerKit's, and checks the
// recorded results. Nothing may panic; errors must be *Error (naming a line) or
// *ReplayError; an accepted file written back must read back to the same
// text.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodHand))
	f.Add([]byte("[1]\n" + goodHand + "\n[2]\n" + goodHand))
	f.Add([]byte("variant = \"NT\"\nantes = [0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[1e2,3_0]\nactions=['d dh p1 ????','d dh p2 ????','p2 cbr 30','p1 cc','d db AsKsQs','d db 2c','d db 3d','p1 sm','p2 sm ????']\ntime = 00:00:26\n"))
	f.Add([]byte("a = \"\\u00e9\"\nb = '''x\n'''\nc = {d = 1}\n"))
	f.Add([]byte(goodHand + "finishing_stacks = [99.50, 201.30, 49]\nwinnings = [0, 3, 0]\n_rules = 'pokerkit'\n"))
	f.Add([]byte("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [9007199254740981, 10]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 10', 'p1 f']\n_rules = \"tda\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		hands, err := Parse("fuzz.phh", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("error %v (%T) does not name a line", err, err)
			}
			return
		}
		var r Replayer
		for _, h := range hands {
			declared := h.Rules
			for _, rs := range []holdem.RuleSet{declared, holdem.PokerKit} {
				h.Rules = rs
				if err := r.Replay(h); err != nil {
					var e *ReplayError
					if !errors.As(err, &e) {
						t.Fatalf("replay error %v (%T)", err, err)
					}
					continue
				}
				rc := r.CheckRecord(h)
				if rc.Rake < 0 || len(rc.Contradictions) > 0 && rc.Rake != 0 {
					t.Fatalf("record check %+v", rc)
				}
			}
			h.Rules = declared
		}
		var b bytes.Buffer
		if err := Write(&b, hands); err != nil {
			t.Fatal(err)
		}
		back, err := Parse("again.phh", b.Bytes())
		if err != nil {
			t.Fatalf("written text does not parse: %v\n%s", err, b.String())
		}
		var b2 bytes.Buffer
		Write(&b2, back)
		if !bytes.Equal(b.Bytes(), b2.Bytes()) {
			t.Fatalf("write is not stable:\n%s\n---\n%s", b.String(), b2.String())
		}
	})
}

// FuzzTOML compares the TOML reader with github.com/BurntSushi/toml v1.6.0
// on arbitrary documents: inputs the reader accepts must be accepted by
// BurntSushi with the same keys and values; inputs BurntSushi rejects must
// be rejected (except the constructs the reader refuses as unsupported).
func FuzzTOML(f *testing.F) {
	for _, s := range []string{goodHand, "a = 1\n[t]\nb = 'x' # c\n", "a = [1, 2.5, \"s\", true, 1979-05-27T07:32:00Z]\n",
		"a = \"\"\"\nx\\\n  y\"\"\"\n", "a = {b = 1, c = 'd'}\n", "a = 0x1F\nb = 1e-3\nc = -inf\n", "a = 1979-05-27 07:32:00\n",
		"\"q k\" = 1\n", "a = 1_000\nb = 00:32:00.999\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tables, p, err := parseTOML(string(data))
		var ref map[string]any
		_, refErr := toml.Decode(string(data), &ref)
		if err != nil {
			var se *syntaxError
			if !errors.As(err, &se) || se.line < 1 {
				t.Fatalf("error %v does not name a line", err)
			}
			if refErr == nil && !strings.Contains(se.msg, "not supported") {
				t.Fatalf("rejected %q (%v), BurntSushi accepts it", data, err)
			}
			return
		}
		if refErr != nil {
			t.Fatalf("accepted %q, BurntSushi rejects it: %v", data, refErr)
		}
		for _, tb := range tables {
			m := ref
			if tb.name != "" {
				sub, ok := ref[tb.name].(map[string]any)
				if !ok {
					t.Fatalf("table [%s] missing in BurntSushi's result", tb.name)
				}
				m = sub
			}
			for _, kv := range tb.kvs {
				compareTOML(t, p, kv.key, kv.val, m[kv.key])
			}
		}
	})
}

func compareTOML(t *testing.T, p *tomlParser, key string, v tomlValue, ref any) {
	t.Helper()
	switch v.kind {
	case tomlString:
		if ref != p.str(v) {
			t.Fatalf("%s: string %q, BurntSushi %q", key, p.str(v), ref)
		}
	case tomlInteger:
		n, err := parseTOMLInt(p.raw(v))
		if err != nil || ref != n {
			t.Fatalf("%s: integer %s = %d, BurntSushi %v", key, p.raw(v), n, ref)
		}
	case tomlFloat:
		r, ok := ref.(float64)
		if !ok {
			t.Fatalf("%s: float %s, BurntSushi %T", key, p.raw(v), ref)
		}
		if d, err := parseDecimal(p.raw(v)); err == nil && d.exp > -20 && d.mant < 1<<52 {
			want := float64(d.mant) * math.Pow(10, float64(d.exp))
			if strings.HasPrefix(p.raw(v), "-") {
				want = -want
			}
			if math.Abs(want-r) > 1e-9*math.Max(1, math.Abs(r)) {
				t.Fatalf("%s: float %s, BurntSushi %v", key, p.raw(v), r)
			}
		}
	case tomlBool:
		if ref != (p.raw(v) == "true") {
			t.Fatalf("%s: bool %s, BurntSushi %v", key, p.raw(v), ref)
		}
	case tomlArray:
		items, ok := ref.([]any)
		if !ok || len(items) != len(p.items(v)) {
			t.Fatalf("%s: array of %d, BurntSushi %v", key, len(p.items(v)), ref)
		}
		for i, it := range p.items(v) {
			compareTOML(t, p, key, it, items[i])
		}
	case tomlTable:
		m, ok := ref.(map[string]any)
		if !ok || len(m) != len(p.tableKVs(v)) {
			t.Fatalf("%s: inline table of %d, BurntSushi %v", key, len(p.tableKVs(v)), ref)
		}
		for _, kv := range p.tableKVs(v) {
			compareTOML(t, p, key+"."+kv.key, kv.val, m[kv.key])
		}
	case tomlDatetime:
		if ref == nil {
			t.Fatalf("%s: date-time %s missing in BurntSushi", key, p.raw(v))
		}
	}
}
