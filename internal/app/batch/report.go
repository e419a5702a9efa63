package batch

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strconv"
	"sync"

	"pokerlab/spot/flops"
	"pokerlab/store"
)

// Report is a batch's aggregate: each solved flop's root strategy and game
// values, and their averages over groups of flops by texture, each flop
// weighted by the flops it stands for (so that a group's figures are their
// average over every flop of the group, dealt equally often).
type Report struct {
	Batch   string     `json:"batch"`
	FlopSet string     `json:"flop_set"`
	Player  string     `json:"player"`  // who acts at the root
	Actions []string   `json:"actions"` // the root's actions, as labelled
	Flops   []FlopRow  `json:"flops"`
	Groups  []GroupRow `json:"groups"`
	// Classes are the acting player's hand classes over all the solved
	// flops: each class's average share of the range and its action
	// frequencies, flops weighted by their weights.
	Classes []ClassRow `json:"classes"`
	// QRE are the same groups for each λ of the template's QREs, with the
	// mean distance from the Nash equilibrium.
	QRE []QREGroups `json:"qre,omitempty"`
	// Missing are the flops without a result (failed, cancelled, not yet
	// solved), with their status.
	Missing []MissingFlop `json:"missing"`
}

// QREGroups are the texture groups of one λ's QREs.
type QREGroups struct {
	Lambda float64    `json:"lambda"`
	Groups []GroupRow `json:"groups"`
}

// ClassRow is one hand class over a batch's flops.
type ClassRow struct {
	Class     string    `json:"class"`
	Share     float64   `json:"share"`
	Frequency []float64 `json:"frequency"`
}

// FlopRow is one solved flop.
type FlopRow struct {
	Flop              string    `json:"flop"`
	Weight            float64   `json:"weight"`
	High              string    `json:"high"`
	Paired            string    `json:"paired"`
	Suits             string    `json:"suits"`
	Connected         string    `json:"connected"`
	Frequency         []float64 `json:"frequency"` // by Actions
	ValueOOP          float64   `json:"value_oop"`
	ValueIP           float64   `json:"value_ip"`
	ExploitabilityPct float64   `json:"exploitability_pct"`
	meanTV            float64
}

// GroupRow is the weighted average over the flops of one texture group.
type GroupRow struct {
	By        string    `json:"by"`    // "all", "high", "paired", "suits", "connected"
	Group     string    `json:"group"` // "A", "paired", "monotone", …
	Flops     int       `json:"flops"`
	Weight    float64   `json:"weight"`
	Frequency []float64 `json:"frequency"`
	ValueOOP  float64   `json:"value_oop"`
	ValueIP   float64   `json:"value_ip"`
	// MeanTV (QRE groups) is the mean total variation from the Nash
	// equilibrium.
	MeanTV float64 `json:"mean_tv,omitempty"`
}

// MissingFlop is a flop of the batch without a result.
type MissingFlop struct {
	Flop   string `json:"flop"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
}

// Aggregate reads batch id's results and groups them; ok is false if there
// is no such batch.
func Aggregate(ctx context.Context, db *store.DB, id string) (*Report, bool, error) {
	b, ok, err := db.GetBatch(ctx, id)
	if err != nil || !ok {
		return nil, ok, err
	}
	rows, err := db.BatchFlops(ctx, id)
	if err != nil {
		return nil, false, err
	}
	r := &Report{Batch: b.ID, FlopSet: b.Flops, Actions: []string{}, Flops: []FlopRow{}, Missing: []MissingFlop{}, Classes: []ClassRow{}}
	qreFlops := map[float64][]FlopRow{}
	classIndex := map[string]int{}
	var classMass []float64 // Σ flop weight × share, per class
	var flopWeight float64
	for _, row := range rows {
		if row.Status != store.FlopDone {
			r.Missing = append(r.Missing, MissingFlop{Flop: row.Flop, Status: row.Status, Error: row.Error})
			continue
		}
		var root RootJSON
		if err := json.Unmarshal([]byte(row.Root), &root); err != nil {
			return nil, false, fmt.Errorf("batch %s flop %s: the stored root strategy: %v", id, row.Flop, err)
		}
		if r.Player == "" {
			r.Player = root.Player
		}
		freq := make([]float64, 0, len(root.Actions))
		for i, a := range root.Actions {
			k := slices.Index(r.Actions, a)
			if k < 0 {
				r.Actions = append(r.Actions, a)
				k = len(r.Actions) - 1
			}
			for len(freq) <= k {
				freq = append(freq, 0)
			}
			if i < len(root.Frequency) {
				freq[k] = root.Frequency[i]
			}
		}
		flopWeight += row.Weight
		for _, c := range root.Classes {
			i, ok := classIndex[c.Class]
			if !ok {
				i = len(r.Classes)
				classIndex[c.Class] = i
				r.Classes = append(r.Classes, ClassRow{Class: c.Class})
				classMass = append(classMass, 0)
			}
			m := row.Weight * c.Share
			classMass[i] += m
			for a, x := range c.Frequency {
				k := slices.Index(r.Actions, root.Actions[a])
				for len(r.Classes[i].Frequency) <= k {
					r.Classes[i].Frequency = append(r.Classes[i].Frequency, 0)
				}
				r.Classes[i].Frequency[k] += m * x
			}
		}
		f, err := flops.Parse(row.Flop)
		if err != nil {
			return nil, false, err
		}
		t := flops.TextureOf(f)
		for _, q := range root.QRE {
			qf := make([]float64, len(r.Actions))
			for a, x := range q.Frequency {
				if a < len(root.Actions) {
					qf[slices.Index(r.Actions, root.Actions[a])] = x
				}
			}
			qreFlops[q.Lambda] = append(qreFlops[q.Lambda], FlopRow{Flop: row.Flop, Weight: row.Weight, High: t.High.String(), Paired: t.Paired,
				Suits: t.Suits, Connected: t.Connected, Frequency: qf, ValueOOP: q.Values[0], ValueIP: q.Values[1], ExploitabilityPct: q.ExploitabilityPct, meanTV: q.MeanTV})
		}
		r.Flops = append(r.Flops, FlopRow{Flop: row.Flop, Weight: row.Weight, High: t.High.String(), Paired: t.Paired, Suits: t.Suits,
			Connected: t.Connected, Frequency: freq, ValueOOP: row.ValueOOP, ValueIP: row.ValueIP, ExploitabilityPct: row.ExploitabilityPct})
	}
	for i := range r.Flops {
		for len(r.Flops[i].Frequency) < len(r.Actions) {
			r.Flops[i].Frequency = append(r.Flops[i].Frequency, 0)
		}
	}
	for i := range r.Classes {
		for len(r.Classes[i].Frequency) < len(r.Actions) {
			r.Classes[i].Frequency = append(r.Classes[i].Frequency, 0)
		}
		for a := range r.Classes[i].Frequency {
			r.Classes[i].Frequency[a] /= classMass[i]
		}
		r.Classes[i].Share = classMass[i] / flopWeight
	}
	slices.SortFunc(r.Classes, func(a, b ClassRow) int { return cmp.Compare(b.Share, a.Share) })
	r.Groups = groups(r.Flops, len(r.Actions))
	for _, lam := range slices.Sorted(maps.Keys(qreFlops)) {
		fs := qreFlops[lam]
		for i := range fs {
			for len(fs[i].Frequency) < len(r.Actions) {
				fs[i].Frequency = append(fs[i].Frequency, 0)
			}
		}
		r.QRE = append(r.QRE, QREGroups{Lambda: lam, Groups: groups(fs, len(r.Actions))})
	}
	return r, true, nil
}

// groups averages the flops by weight: all of them, then by each texture
// dimension, groups in a fixed order.
func groups(fs []FlopRow, nActions int) []GroupRow {
	dims := []struct {
		by    string
		key   func(FlopRow) string
		order []string
	}{
		{"all", func(FlopRow) string { return "all flops" }, []string{"all flops"}},
		{"high", func(f FlopRow) string { return f.High }, []string{"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}},
		{"paired", func(f FlopRow) string { return f.Paired }, []string{"unpaired", "paired", "trips"}},
		{"suits", func(f FlopRow) string { return f.Suits }, []string{"rainbow", "two-tone", "monotone"}},
		{"connected", func(f FlopRow) string { return f.Connected }, []string{"connected", "gapped", "disconnected"}},
	}
	var out []GroupRow
	for _, d := range dims {
		for _, g := range d.order {
			row := GroupRow{By: d.by, Group: g, Frequency: make([]float64, nActions)}
			for _, f := range fs {
				if d.key(f) != g {
					continue
				}
				row.Flops++
				row.Weight += f.Weight
				for i, x := range f.Frequency {
					row.Frequency[i] += f.Weight * x
				}
				row.ValueOOP += f.Weight * f.ValueOOP
				row.ValueIP += f.Weight * f.ValueIP
				row.MeanTV += f.Weight * f.meanTV
			}
			if row.Weight == 0 {
				continue
			}
			for i := range row.Frequency {
				row.Frequency[i] /= row.Weight
			}
			row.ValueOOP /= row.Weight
			row.ValueIP /= row.Weight
			row.MeanTV /= row.Weight
			out = append(out, row)
		}
	}
	return out
}

// WriteCSV writes one line per flop: the flop, its weight and texture,
// each root action's frequency, both values, the exploitability.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := []string{"flop", "weight", "high", "paired", "suits", "connected"}
	for _, a := range r.Actions {
		head = append(head, r.Player+" "+a)
	}
	head = append(head, "value_oop", "value_ip", "exploitability_pct")
	cw.Write(head)
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, f := range r.Flops {
		line := []string{f.Flop, num(f.Weight), f.High, f.Paired, f.Suits, f.Connected}
		for _, x := range f.Frequency {
			line = append(line, num(x))
		}
		line = append(line, num(f.ValueOOP), num(f.ValueIP), num(f.ExploitabilityPct))
		cw.Write(line)
	}
	cw.Flush()
	return cw.Error()
}

// WriteHTML writes the report as one self-contained page: the groups by
// texture as tables with bars, and every flop in a table sortable by any
// column (a click on its header).
func (r *Report) WriteHTML(w io.Writer) error {
	return reportPage().Execute(w, r)
}

// reportPage is parsed at first use: nothing at start-up.
var reportPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"pct": func(x float64) string { return fmt.Sprintf("%.1f", 100*x) },
		"num": func(x float64) string { return fmt.Sprintf("%.3f", x) },
		"w":   func(x float64) string { return fmt.Sprintf("%.4g", x) },
	}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Batch {{.Batch}}: the root strategy by flop texture</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1d2430;background:#fbfbfd}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0;font-variant-numeric:tabular-nums}
th,td{padding:.25rem .6rem;border-bottom:1px solid #dde2ea;text-align:right}
th{background:#eef1f6;cursor:pointer;user-select:none}td:first-child,th:first-child{text-align:left}
.bar{display:inline-block;height:.7rem;background:#4b7bd6;vertical-align:middle;margin-right:.3rem}
.missing{color:#a33}
</style></head><body>
<h1>Batch {{.Batch}}: {{.Player}}'s first action by flop texture</h1>
<p>{{len .Flops}} solved flops of the set “{{.FlopSet}}”; each flop weighs the flops it stands for, so a group's figures are its average over every flop of the group dealt equally often. Frequencies in % of {{.Player}}'s range at the root; values in chips (the game value of each player).</p>
{{if .Missing}}<p class="missing" id="missing">Missing: {{range .Missing}}{{.Flop}} ({{.Status}}{{if .Error}}: {{.Error}}{{end}}) {{end}}</p>{{end}}
<h2>By texture</h2>
<table id="groups"><thead><tr><th>group</th><th>flops</th><th>weight</th>{{range .Actions}}<th>{{.}}</th>{{end}}<th>OOP value</th><th>IP value</th></tr></thead><tbody>
{{range .Groups}}<tr data-by="{{.By}}"><td>{{.By}}: {{.Group}}</td><td>{{.Flops}}</td><td>{{w .Weight}}</td>{{range .Frequency}}<td><span class="bar" style="width:{{pct .}}px"></span>{{pct .}}</td>{{end}}<td>{{num .ValueOOP}}</td><td>{{num .ValueIP}}</td></tr>
{{end}}</tbody></table>
{{$acts := .Actions}}{{range .QRE}}<h2>The logit QRE at λ = {{.Lambda}}</h2>
<table class="qre"><thead><tr><th>group</th><th>flops</th>{{range $acts}}<th>{{.}}</th>{{end}}<th>OOP value</th><th>IP value</th><th>distance from Nash</th></tr></thead><tbody>
{{range .Groups}}<tr><td>{{.By}}: {{.Group}}</td><td>{{.Flops}}</td>{{range .Frequency}}<td><span class="bar" style="width:{{pct .}}px"></span>{{pct .}}</td>{{end}}<td>{{num .ValueOOP}}</td><td>{{num .ValueIP}}</td><td>{{num .MeanTV}}</td></tr>
{{end}}</tbody></table>{{end}}
<h2>By hand class</h2>
<table id="classes"><thead><tr><th>{{.Player}}'s hands</th><th>% of the range</th>{{range .Actions}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Classes}}<tr><td>{{.Class}}</td><td>{{pct .Share}}</td>{{range .Frequency}}<td><span class="bar" style="width:{{pct .}}px"></span>{{pct .}}</td>{{end}}</tr>
{{end}}</tbody></table>
<h2>Every flop</h2>
<table id="flops"><thead><tr><th>flop</th><th>weight</th><th>high</th><th>paired</th><th>suits</th><th>connected</th>{{range .Actions}}<th>{{.}}</th>{{end}}<th>OOP value</th><th>IP value</th><th>exploitability %</th></tr></thead><tbody>
{{range .Flops}}<tr><td>{{.Flop}}</td><td>{{w .Weight}}</td><td>{{.High}}</td><td>{{.Paired}}</td><td>{{.Suits}}</td><td>{{.Connected}}</td>{{range .Frequency}}<td>{{pct .}}</td>{{end}}<td>{{num .ValueOOP}}</td><td>{{num .ValueIP}}</td><td>{{num .ExploitabilityPct}}</td></tr>
{{end}}</tbody></table>
<script>
document.querySelectorAll("#flops th").forEach(function(th, col){
  th.addEventListener("click", function(){
    var body = document.querySelector("#flops tbody"), rows = Array.from(body.rows);
    var dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir > 0 ? "asc" : "desc";
    rows.sort(function(a, b){
      var x = a.cells[col].textContent, y = b.cells[col].textContent, nx = parseFloat(x), ny = parseFloat(y);
      return dir * (isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny);
    });
    rows.forEach(function(r){ body.appendChild(r); });
  });
});
</script>
</body></html>
`))
})
