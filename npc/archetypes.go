package npc

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed archetypes/*.toml
var archetypeFS embed.FS

// archetypeAlias returns the built-in profile name of a long name.
func archetypeAlias(name string) (string, bool) {
	switch name {
	case "tight-aggressive":
		return "tag", true
	case "loose-aggressive":
		return "lag", true
	case "station":
		return "calling-station", true
	case "population":
		return "regular", true
	}
	return "", false
}

// ArchetypeNames returns the names of the built-in profiles.
func ArchetypeNames() []string {
	ents, _ := archetypeFS.ReadDir("archetypes")
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}

// Archetype returns a fresh copy of the built-in profile name (nit, tag,
// lag, calling-station, maniac, regular; also tight-aggressive,
// loose-aggressive, station, population).
func Archetype(name string) (*Profile, error) {
	key := strings.ToLower(name)
	if a, ok := archetypeAlias(key); ok {
		key = a
	}
	src, err := archetypeFS.ReadFile("archetypes/" + key + ".toml")
	if err != nil {
		return nil, fmt.Errorf("npc: no built-in profile %q; the built-in profiles are %s", name, strings.Join(ArchetypeNames(), ", "))
	}
	return ParseProfile(string(src), "built-in profile "+key)
}
