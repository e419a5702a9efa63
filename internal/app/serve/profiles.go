package serve

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"pokerlab/internal/app/table"
	"pokerlab/internal/base/atomicfile"
	"pokerlab/npc"
)

// ProfileStore keeps the profiles stored on the server (PUT
// /api/profiles/{name}), as TOML text.
type ProfileStore interface {
	Profile(ctx context.Context, name string) (toml string, ok bool, err error)
	PutProfile(ctx context.Context, name, toml string) error
	// DeleteProfile removes a stored profile; ok is false if there was
	// none.
	DeleteProfile(ctx context.Context, name string) (ok bool, err error)
	ProfileNames(ctx context.Context) ([]string, error)
}

// profileName is what a stored profile may be called (compiled at first
// use: no work at start-up).
var profileName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]{0,39}$`) })

func checkProfileName(name string) error {
	if !profileName().MatchString(name) || strings.Contains(name, "..") {
		return &table.Error{Kind: table.ErrInvalid, Field: "name", Msg: fmt.Sprintf("%q: a profile name is 1–40 of a-z 0-9 _ . - starting with a letter or digit", name)}
	}
	for _, a := range npc.ArchetypeNames() {
		if a == name {
			return &table.Error{Kind: table.ErrInvalid, Field: "name", Msg: fmt.Sprintf("%q is a built-in archetype; choose another name", name)}
		}
	}
	return nil
}

// DirProfiles stores profiles as DIR/NAME.toml files (`--profiles DIR`).
type DirProfiles struct {
	Dir string
	mu  sync.Mutex
}

// Profile reads DIR/name.toml.
func (d *DirProfiles) Profile(_ context.Context, name string) (string, bool, error) {
	if checkProfileName(name) != nil {
		return "", false, nil
	}
	b, err := os.ReadFile(filepath.Join(d.Dir, name+".toml"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	return string(b), err == nil, err
}

// PutProfile writes DIR/name.toml atomically.
func (d *DirProfiles) PutProfile(_ context.Context, name, text string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return atomicfile.Write(filepath.Join(d.Dir, name+".toml"), func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

// DeleteProfile removes DIR/name.toml.
func (d *DirProfiles) DeleteProfile(_ context.Context, name string) (bool, error) {
	if checkProfileName(name) != nil {
		return false, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	err := os.Remove(filepath.Join(d.Dir, name+".toml"))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// ProfileNames lists the .toml files of DIR.
func (d *DirProfiles) ProfileNames(context.Context) ([]string, error) {
	ents, err := os.ReadDir(d.Dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() && checkProfileName(n) == nil {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, nil
}

// resolveProfile reads a seat's or a decision's "profile": a string names
// a built-in archetype or a stored profile; an object is an inline profile
// (the keys of the TOML format; name defaults to defName). ref is how the
// profile is named in the table's state ("" for inline).
func (s *Server) resolveProfile(ctx context.Context, raw json.RawMessage, field, defName string) (p *npc.Profile, ref string, err error) {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if len(raw) == 0 || string(raw) == "null" {
		return nil, "", &table.Error{Kind: table.ErrInvalid, Field: field, Msg: "missing: an archetype (" + strings.Join(npc.ArchetypeNames(), ", ") + "), a stored profile's name or a profile object"}
	}
	switch raw[0] {
	case '"':
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			return nil, "", badRequest("%s: %v", field, err)
		}
		if p, err := npc.Archetype(name); err == nil {
			return p, name, nil
		}
		text, ok, err := s.cfg.Profiles.Profile(ctx, name)
		if err != nil {
			return nil, "", err
		}
		if !ok {
			return nil, "", &table.Error{Kind: table.ErrInvalid, Field: field, Msg: fmt.Sprintf("no profile %q: not an archetype (%s) nor a stored profile", name, strings.Join(npc.ArchetypeNames(), ", "))}
		}
		p, err := npc.ParseProfile(text, "stored profile "+name)
		if err != nil {
			return nil, "", err
		}
		return p, name, nil
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, "", badRequest("%s: %v", field, err)
		}
		if _, ok := obj["name"]; !ok && defName != "" {
			nb, _ := json.Marshal(defName)
			obj["name"] = nb
			raw, _ = json.Marshal(obj)
		}
		p, err := npc.ParseProfileJSON(raw, field)
		if err != nil {
			return nil, "", &table.Error{Kind: table.ErrInvalid, Msg: err.Error()}
		}
		return p, "", nil
	}
	return nil, "", badRequest("%s: want a profile name (a string) or a profile object", field)
}

// botCache keeps the bots of named profiles and of recent inline ones:
// building a bot sorts the starting hands for every table size, which
// would cost more than the decision itself.
type botCache struct {
	mu    sync.Mutex
	named map[string]*npc.Bot
	lru   *list.List // of *cachedBot, most recent first
	index map[[32]byte]*list.Element
}

type cachedBot struct {
	key [32]byte
	bot *npc.Bot
}

const inlineBots = 256

func (c *botCache) init() {
	c.named = map[string]*npc.Bot{}
	c.lru = list.New()
	c.index = map[[32]byte]*list.Element{}
}

// forget drops a stored profile's bot (it was replaced).
func (c *botCache) forget(name string) {
	c.mu.Lock()
	delete(c.named, name)
	c.mu.Unlock()
}

// bot returns the bot of a decision's "profile".
func (s *Server) bot(ctx context.Context, raw json.RawMessage) (*npc.Bot, error) {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	c := &s.bots
	var name string
	var key [32]byte
	inline := len(raw) > 0 && raw[0] == '{'
	if inline {
		key = sha256.Sum256(raw)
		c.mu.Lock()
		if e, ok := c.index[key]; ok {
			c.lru.MoveToFront(e)
			b := e.Value.(*cachedBot).bot
			c.mu.Unlock()
			return b, nil
		}
		c.mu.Unlock()
	} else if json.Unmarshal(raw, &name) == nil {
		c.mu.Lock()
		b, ok := c.named[name]
		c.mu.Unlock()
		if ok {
			return b, nil
		}
	}
	p, _, err := s.resolveProfile(ctx, raw, "profile", "inline")
	if err != nil {
		return nil, err
	}
	b, err := npc.NewBot(p, nil)
	if err != nil {
		return nil, &table.Error{Kind: table.ErrInvalid, Field: "profile", Msg: err.Error()}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if inline {
		c.index[key] = c.lru.PushFront(&cachedBot{key: key, bot: b})
		if c.lru.Len() > inlineBots {
			old := c.lru.Remove(c.lru.Back()).(*cachedBot)
			delete(c.index, old.key)
		}
	} else {
		c.named[name] = b
	}
	return b, nil
}
