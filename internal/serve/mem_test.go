package serve

import (
	"bytes"
	"context"
	"sync"

	"pokerlab/hh"
	"pokerlab/hud"
	"pokerlab/internal/table"
)

// memStorage keeps hands as PHH text in memory and tallies the HUD with
// hud.Tracker, for the HTTP tests that do not exercise the database.
type memStorage struct {
	mu      sync.Mutex
	hands   map[string][]string
	tracker *hud.Tracker
	tables  map[string]*table.Record
}

func newMemStorage() *memStorage {
	return &memStorage{hands: map[string][]string{}, tracker: hud.NewTracker(), tables: map[string]*table.Record{}}
}

func (m *memStorage) SaveHand(_ context.Context, h *table.FinishedHand) error {
	var b bytes.Buffer
	if err := hh.Write(&b, []*hh.Hand{h.PHH}); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.hands[h.TableID] = append(m.hands[h.TableID], b.String())
	m.tracker.Add(h.Engine, h.Names)
	return nil
}

func (m *memStorage) CreateTable(_ context.Context, rec *table.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tables[rec.ID] = rec
	return nil
}

func (m *memStorage) CloseTable(context.Context, string) error { return nil }

func (m *memStorage) TableHands(_ context.Context, id string, after int64, limit int) ([]*hh.Hand, error) {
	m.mu.Lock()
	texts := m.hands[id]
	m.mu.Unlock()
	var out []*hh.Hand
	for i := after; i < int64(len(texts)) && len(out) < limit; i++ {
		hs, err := hh.Parse("stored", []byte(texts[i]))
		if err != nil {
			return nil, err
		}
		out = append(out, hs...)
	}
	return out, nil
}

func (m *memStorage) PlayerHUD(_ context.Context, name string) (hud.Player, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.tracker.Player(name)
	if !ok {
		return hud.Player{}, false, nil
	}
	return *p, true, nil
}

func (m *memStorage) Ping(context.Context) error { return nil }
