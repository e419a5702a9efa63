package qreplot

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/games"
	"pokerlab/qre"
)

func TestWriteAKQFigures(t *testing.T) {
	dir := t.TempDir()
	files, err := WriteAKQFigures(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Fatalf("%d files: %v", len(files), files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(f) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if b := img.Bounds(); b.Dx() < 500 || b.Dy() < 300 {
				t.Errorf("%s: %v pixels", f, b)
			}
		case ".svg":
			if !bytes.Contains(data[:200], []byte("<svg")) {
				t.Errorf("%s does not look like SVG", f)
			}
		}
	}
}

// TestFigureDeterministic: the same figure renders to the same bytes.
func TestFigureDeterministic(t *testing.T) {
	render := func() []byte {
		f, err := AKQExploitability(NoteBets)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := f.WriteTo(&b, "svg"); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if !bytes.Equal(render(), render()) {
		t.Error("two renderings differ")
	}
}

func TestPathFigure(t *testing.T) {
	tree, err := games.Load("kuhn")
	if err != nil {
		t.Fatal(err)
	}
	path, err := qre.Trace(tree, qre.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Path(tree, path, "kuhn", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Plots[0]) != 2 {
		t.Fatalf("%d panels, want one per player", len(f.Plots[0]))
	}
	file := filepath.Join(t.TempDir(), "kuhn.png")
	if err := f.Save(file); err != nil {
		t.Fatal(err)
	}
	// Every figure takes the formats plotx.Format names: PDF too.
	pdf := filepath.Join(t.TempDir(), "kuhn.pdf")
	if err := f.Save(pdf); err != nil {
		t.Errorf("saving as .pdf: %v", err)
	} else if data, _ := os.ReadFile(pdf); !strings.HasPrefix(string(data), "%PDF-") {
		t.Errorf("kuhn.pdf is not a PDF: %q", data[:min(len(data), 16)])
	}
	if err := f.Save(filepath.Join(t.TempDir(), "kuhn.gif")); err == nil || !strings.Contains(err.Error(), "must end in .svg, .png or .pdf") {
		t.Errorf("saving as .gif: %v", err)
	}
	short := &qre.Path{Points: path.Points[:1]}
	if _, err := Path(tree, short, "kuhn", 0); err == nil {
		t.Error("a path with only λ = 0: no error")
	}
	if _, err := Path(tree, path, "kuhn", 3); err != nil {
		t.Fatal(err)
	}
	// Capped lines keep the most variable actions, in order.
	pts := []qre.Point{{Profile: []float64{0.5, 0.5, 0.1, 0.9}}, {Profile: []float64{0.6, 0.4, 0.9, 0.2}}}
	if got := mostVariable([]int{0, 1, 2, 3}, pts, 2); len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Errorf("mostVariable kept %v, want [2 3]", got)
	}
}

// TestPathDrawsOneLinePerBinaryInfoSet: in Kuhn poker every information set
// has two actions, and the path figure draws the second (bet, call) only —
// the first is its complement.
func TestPathDrawsOneLinePerBinaryInfoSet(t *testing.T) {
	tree, err := games.Load("kuhn")
	if err != nil {
		t.Fatal(err)
	}
	path, err := qre.Trace(tree, qre.Options{MaxLambda: 10})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Path(tree, path, "kuhn", 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.WriteTo(&b, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{">J: bet<", ">K:cb call<", ">Q:b call<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the legend lacks %s", want)
		}
	}
	for _, not := range []string{">J: check<", ">K:cb fold<", ">Q:b fold<"} {
		if strings.Contains(svg, not) {
			t.Errorf("the legend has %s, the complement of a drawn line", not)
		}
	}
}
