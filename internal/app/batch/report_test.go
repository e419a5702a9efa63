package batch

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"pokerlab/spot"
	"pokerlab/spot/flops"
	"pokerlab/spot/spotqre"
	"pokerlab/store"
)

// solvedReport solves smallTemplate over the flop set in an SQLite file
// and returns the batch's report.
func solvedReport(t *testing.T, set string) *Report {
	t.Helper()
	db, b, _ := solveBatch(t, smallTemplate, set)
	r, ok, err := Aggregate(context.Background(), db, b.ID)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	return r
}

// TestReportAveragesByWeight: the report's "all flops" row is the
// weighted mean of the flops' rows, each texture dimension's groups
// partition the flops (their weights add up to the whole), and the CSV
// has a line per flop with the same numbers.
func TestReportAveragesByWeight(t *testing.T) {
	r := solvedReport(t, "5")
	if len(r.Flops) != 5 || len(r.Actions) < 2 || r.Player != "OOP" || len(r.Missing) != 0 {
		t.Fatalf("report: %d flops, actions %v, player %q, missing %v", len(r.Flops), r.Actions, r.Player, r.Missing)
	}
	var wsum, oop float64
	freq := make([]float64, len(r.Actions))
	for _, f := range r.Flops {
		wsum += f.Weight
		oop += f.Weight * f.ValueOOP
		for i, x := range f.Frequency {
			freq[i] += f.Weight * x
		}
		s := 0.0
		for _, x := range f.Frequency {
			s += x
		}
		if math.Abs(s-1) > 1e-6 {
			t.Errorf("%s: frequencies sum to %g", f.Flop, s)
		}
	}
	all := r.Groups[0]
	if all.By != "all" || all.Flops != 5 || math.Abs(all.Weight-flops.Total) > 1e-6 || math.Abs(all.ValueOOP-oop/wsum) > 1e-9 {
		t.Errorf("all flops: %+v, want weight %g, OOP value %g", all, wsum, oop/wsum)
	}
	for i := range freq {
		if math.Abs(all.Frequency[i]-freq[i]/wsum) > 1e-9 {
			t.Errorf("all flops, %s: %g, want %g", r.Actions[i], all.Frequency[i], freq[i]/wsum)
		}
	}
	weightBy := map[string]float64{}
	for _, g := range r.Groups {
		weightBy[g.By] += g.Weight
	}
	for by, w := range weightBy {
		if math.Abs(w-flops.Total) > 1e-6 {
			t.Errorf("groups by %s weigh %g", by, w)
		}
	}
	// The classes partition the range over the batch: their shares sum to
	// one and they average to the all-flops frequencies.
	share, mix := 0.0, make([]float64, len(r.Actions))
	for _, c := range r.Classes {
		share += c.Share
		for a, x := range c.Frequency {
			mix[a] += c.Share * x
		}
	}
	if math.Abs(share-1) > 1e-9 {
		t.Errorf("class shares sum to %g", share)
	}
	for a := range mix {
		if math.Abs(mix[a]-all.Frequency[a]) > 1e-6 {
			t.Errorf("%s: the classes average %g, all flops %g", r.Actions[a], mix[a], all.Frequency[a])
		}
	}
	var csvOut bytes.Buffer
	if err := r.WriteCSV(&csvOut); err != nil {
		t.Fatal(err)
	}
	lines, err := csv.NewReader(&csvOut).ReadAll()
	if err != nil || len(lines) != 6 || lines[1][0] != r.Flops[0].Flop {
		t.Errorf("CSV: %v %v", lines, err)
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil || !strings.Contains(page.String(), `id="groups"`) {
		t.Errorf("page: %v", err)
	}
	js, _ := json.Marshal(r)
	if !bytes.Contains(js, []byte(`"groups"`)) {
		t.Error("JSON without groups")
	}
}

// TestBatchWithQRE: a template with lambda = [10] gives each flop its
// logit QRE beside the Nash equilibrium — the values of a direct
// spotqre solve of the same spot — and the report groups them by texture
// with their distance from Nash.
func TestBatchWithQRE(t *testing.T) {
	ctx := context.Background()
	text := smallTemplate + "lambda = [10]\n"
	db, b, st := solveBatch(t, text, "2")
	tp, _ := spot.ParseTemplate(text, "qre.toml")
	for _, row := range st.Flops {
		var root RootJSON
		json.Unmarshal([]byte(row.Root), &root)
		if row.Status != store.FlopDone || len(root.QRE) != 1 || root.QRE[0].Lambda != 10 {
			t.Fatalf("%s: %s %s, QRE %+v", row.Flop, row.Status, row.Error, root.QRE)
		}
		f, _ := flops.Parse(row.Flop)
		sp, _ := tp.For(f.Board[:])
		g, _ := spot.NewGame(sp, spot.Options{})
		s, _ := spotqre.NewSolver(g, spotqre.Options{})
		res, err := s.Solve([]float64{10})
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Evaluation.Values != root.QRE[0].Values || !(root.QRE[0].MeanTV > 0 && root.QRE[0].MeanTV < 1) {
			t.Errorf("%s: batch QRE %+v; direct values %v", row.Flop, root.QRE[0], res[0].Evaluation.Values)
		}
	}
	r, _, err := Aggregate(ctx, db, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.QRE) != 1 || r.QRE[0].Groups[0].By != "all" || !(r.QRE[0].Groups[0].MeanTV > 0) {
		t.Errorf("report QRE: %+v", r.QRE)
	}
}
