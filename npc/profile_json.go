package npc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"pokerlab/internal/base/tomlline"
)

// ParseProfileJSON reads a profile written as a JSON object with the keys
// and tables of the TOML format (ParseProfile): {"name": "x", "base":
// "tag", "stats": {"vpip": 30}, "two_way": {"ip": {...}}, "sizes": {...},
// "play": {"bluff": 10}}. Errors name source and the key; JSON has no line
// numbers to give.
func ParseProfileJSON(data []byte, source string) (*Profile, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		return nil, &ProfileError{File: source, Msg: "want a JSON object: " + err.Error()}
	}
	if dec.More() {
		return nil, &ProfileError{File: source, Msg: "data after the JSON object"}
	}
	if err := fromJSONNumbers(raw); err != nil {
		return nil, &ProfileError{File: source, Msg: err.Error()}
	}
	return parseRaw(raw, tomlline.Lines{}, source)
}

// fromJSONNumbers turns json.Number values into the int64 or float64 the
// TOML decoder would give.
func fromJSONNumbers(v any) error {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if n, ok := e.(json.Number); ok {
				f, err := number64(n)
				if err != nil {
					return fmt.Errorf("%s: %v", k, err)
				}
				x[k] = f
				continue
			}
			if err := fromJSONNumbers(e); err != nil {
				return fmt.Errorf("%s.%v", k, err)
			}
		}
	case []any:
		for i, e := range x {
			if n, ok := e.(json.Number); ok {
				f, err := number64(n)
				if err != nil {
					return fmt.Errorf("[%d]: %v", i, err)
				}
				x[i] = f
				continue
			}
			if err := fromJSONNumbers(e); err != nil {
				return err
			}
		}
	}
	return nil
}

func number64(n json.Number) (any, error) {
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return i, nil
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return nil, fmt.Errorf("bad number %s", n)
	}
	return f, nil
}
