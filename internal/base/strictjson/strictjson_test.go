package strictjson

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// doc is a destination shaped like the command line's JSON inputs.
type doc struct {
	Game     string    `json:"game,omitempty"`
	InfoSets []infoSet `json:"infosets"`
}

type infoSet struct {
	Player  int       `json:"player"`
	ID      int       `json:"id,omitempty"`
	Label   string    `json:"label,omitempty"`
	Actions []string  `json:"actions"`
	Probs   []float64 `json:"probs"`
	Weight  *float64  `json:"weight,omitempty"`
	Note    any       `json:"note,omitempty"`
	Count   uint8     `json:"count,omitempty"`
}

func TestErrorsNameLineColumnAndPath(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "", "line 1, column 1: the input is empty: want a JSON object"},
		{"blank", " \n\t", "line 1, column 1: the input is empty: want a JSON object"},
		{"truncated in an array", "{\"infosets\": [{\"player\": 1, \"probs\": [0.5,", "line 1, column 43: the input ends inside infosets[0].probs[1] (a value expected): is the file truncated?"},
		{"truncated after a value", `{"infosets": [{"player": 1`, "line 1, column 27: the input ends inside infosets[0] (, or } expected): is the file truncated?"},
		{"truncated in a string", `{"game": "ku`, `line 1, column 13: the input ends inside game (the end of the string that starts at line 1, column 10 expected): is the file truncated?`},
		{"truncated in a literal", `{"infosets": nu`, `line 1, column 16: the input ends inside infosets ("null" expected): is the file truncated?`},
		{"duplicate key", "{\"game\": \"a\",\n \"game\": \"b\"}", `line 2, column 2: key "game" given twice in one object (first at line 1, column 2)`},
		{"duplicate nested key", `{"infosets": [{"player": 1, "player": 2}]}`, `line 1, column 29: infosets[0]: key "player" given twice in one object (first at line 1, column 16)`},
		{"unknown key", `{"infosets": [{"player": 1, "prob": [1]}]}`, `line 1, column 29: infosets[0]: unknown key "prob" (known: actions, count, id, label, note, player, probs, weight)`},
		{"key in other case", `{"Game": "kuhn"}`, `line 1, column 2: unknown key "Game" (known: game, infosets)`},
		{"type", "{\"infosets\": [\n  {\"player\": 1},\n  {\"player\": 1},\n  {\"player\": 1, \"probs\": [1, \"x\"]}]}", `line 4, column 30: infosets[2].probs[1]: want a number, found the string "x"`},
		{"object for array", `{"infosets": {}}`, "line 1, column 14: infosets: want an array, found an object"},
		{"fraction for int", `{"infosets": [{"player": 2.5}]}`, "line 1, column 26: infosets[0].player: want a whole number, found 2.5"},
		{"exponent for int", `{"infosets": [{"player": 1e2}]}`, "line 1, column 26: infosets[0].player: want a whole number, found 1e2"},
		{"int out of range", `{"infosets": [{"player": 99999999999999999999}]}`, "line 1, column 26: infosets[0].player: 99999999999999999999 is out of range (want at most 9223372036854775807 in size)"},
		{"uint out of range", `{"infosets": [{"count": 256}]}`, "line 1, column 25: infosets[0].count: 256 is out of range"},
		{"negative uint", `{"infosets": [{"count": -1}]}`, "line 1, column 25: infosets[0].count: want a whole number ≥ 0, found -1"},
		{"float out of range", `{"infosets": [{"probs": [1e999]}]}`, "line 1, column 26: infosets[0].probs[0]: 1e999 is beyond the range of numbers (about ±1.8e308)"},
		{"pointer type", `{"infosets": [{"weight": "heavy"}]}`, `line 1, column 26: infosets[0].weight: want a number, found the string "heavy"`},
		{"trailing data", `{"infosets": []} {}`, "line 1, column 18: unexpected character '{' after the end of the JSON document"},
		{"trailing comma", `{"infosets": [1,]}`, "line 1, column 17: infosets[1]: unexpected character ']': want a value (object, array, string, number, true, false or null)"},
		{"missing colon", `{"game" "kuhn"}`, `line 1, column 9: unexpected character '"' after the key "game": want :`},
		{"single quotes", `{'game': 1}`, "line 1, column 2: unexpected character '\\'' in an object: want a key in double quotes"},
		{"bad literal", `{"infosets": nul}`, `line 1, column 14: infosets: unexpected "nul": want a value (object, array, string, number, true, false or null)`},
		{"NaN", `{"infosets": [{"probs": [NaN]}]}`, `line 1, column 26: infosets[0].probs[0]: unexpected character 'N': want a value (object, array, string, number, true, false or null)`},
		{"malformed number", `{"infosets": [{"probs": [01]}]}`, `line 1, column 26: infosets[0].probs[0]: malformed number "01"`},
		{"bad escape", `{"game": "a\x"}`, `line 1, column 12: game: invalid escape \x in a string`},
		{"control character", "{\"game\": \"a\tb\"}", `line 1, column 12: game: control character '\t' in a string (write it escaped)`},
		{"invalid UTF-8", "{\"game\": \"a\xffb\"}", "line 1, column 12: game: invalid UTF-8 in a string"},
		{"deep", strings.Repeat("[", 1001), "line 1, column 1001: nested more than 1000 levels deep"},
		{"not an object", `[1, 2]`, "line 1, column 1: want an object, found an array"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d doc
			_, err := Decode([]byte(tc.src), &d)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error\n %v\nwant\n %s", err, tc.want)
			}
			var se *Error
			if err != nil && !errors.As(err, &se) {
				t.Errorf("error %T is not a *Error", err)
			}
		})
	}
}

// A valid document decodes to what encoding/json makes of it, and the
// positions of its values are where they are in the text.
func TestDecodeAgreesWithEncodingJSON(t *testing.T) {
	src := "\ufeff{\n  \"game\": \"k\\u00fchn \\ud83c\\udca1\",\n  \"infosets\": [\n    {\"player\": 1, \"id\": 2, \"label\": \"J:\", \"actions\": [\"check\", \"bet\"], \"probs\": [0.25, 7.5e-1], \"weight\": null, \"note\": {\"a\": [true, null]}, \"count\": 255}\n  ]\n}\n"
	var got doc
	pos, err := Decode([]byte(src), &got)
	if err != nil {
		t.Fatal(err)
	}
	var want doc
	if err := json.Unmarshal([]byte(strings.TrimPrefix(src, "\ufeff")), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got.Game != "kühn 🂡" {
		t.Errorf("game %q", got.Game)
	}
	for path, lc := range map[string][2]int{"": {1, 4}, "infosets": {3, 15}, "infosets[0]": {4, 5}, "infosets[0].probs[1]": {4, 88}, "infosets[0].note.a[0]": {4, 128}} {
		if l, c := pos.Of(path); l != lc[0] || c != lc[1] {
			t.Errorf("position of %q: %d:%d, want %d:%d", path, l, c, lc[0], lc[1])
		}
	}
	if l, c := pos.Of("infosets[7]"); l != 0 || c != 0 {
		t.Errorf("position of a missing value: %d:%d", l, c)
	}
}

// FuzzDecode: no input panics; whatever encoding/json finds malformed,
// Decode refuses too; what Decode accepts, encoding/json decodes to the same
// value; and a decoded document written back by encoding/json parses back
// equal (written → parsed back).
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"game": "kuhn", "infosets": [{"player": 1, "id": 1, "label": "J:", "actions": ["check", "bet"], "probs": [0.5, 0.5]}]}`,
		`{"infosets": [{"player": 1, "player": 2}]}`,
		`{"infosets": [{"probs": [1e999]}]}`,
		`{"infosets": [{"note": {"x": [1, "y", null, false]}, "weight": 2}]}`,
		`{"game": "\u00e9\ud83c\udca1\n"}`,
		`{"infosets": [`,
		`[]`, `null`, `{}`, ``, `{"Game": 1}`, `{"infosets": [{"count": 255}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got doc
		pos, err := Decode(data, &got)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *Error: %v", err, err)
			}
			if se.Line < 1 || se.Col < 1 {
				t.Fatalf("position %d:%d", se.Line, se.Col)
			}
			return
		}
		body := data
		if len(body) >= 3 && string(body[:3]) == "\ufeff" {
			body = body[3:]
		}
		if !json.Valid(body) {
			t.Fatalf("accepted what encoding/json finds malformed: %q", data)
		}
		var want doc
		if err := json.Unmarshal(body, &want); err != nil {
			t.Fatalf("accepted what encoding/json refuses (%v): %q", err, data)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded %+v, encoding/json %+v", got, want)
		}
		if l, _ := pos.Of(""); l < 1 {
			t.Fatalf("no position for the document")
		}
		out, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		var back doc
		if _, err := Decode(out, &back); err != nil {
			t.Fatalf("written %s, read back: %v", out, err)
		}
		if !reflect.DeepEqual(got, back) {
			t.Fatalf("written %s, read back %+v, want %+v", out, back, got)
		}
	})
}
