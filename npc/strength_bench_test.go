package npc

import (
	"testing"

	"pokerlab/cards"
)

func BenchmarkTrajectory(b *testing.B) {
	t := NewTables(DefaultBins, InnerDeals, 1, 1, 1)
	var d dealer
	h, _ := cards.ParseStartingHand("AKs")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t.sampleChunk(&d, h, i, 1)
	}
}
