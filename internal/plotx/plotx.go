// Package plotx holds the small conventions pokerlab's figures share on top
// of gonum/plot: one size, saving every figure as both SVG and PNG, and a
// palette that stays distinguishable in print.
package plotx

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Default figure size.
const (
	Width  = 16 * vg.Centimeter
	Height = 10 * vg.Centimeter
)

// Palette is a colour-blind-friendly cycle (Okabe & Ito 2008).
var Palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{0, 0, 0, 255},       // black
	color.RGBA{240, 228, 66, 255},  // yellow
}

// Color returns the i-th colour of the palette, cycling.
func Color(i int) color.Color { return Palette[i%len(Palette)] }

// Save writes p as path with the extension's format (.svg, .png or .pdf).
// A path without one of those extensions is an error.
func Save(p *plot.Plot, path string, w, h vg.Length) error {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".svg", ".png", ".pdf":
	default:
		return fmt.Errorf("figure %s: unsupported format %q (use .svg, .png or .pdf)", path, ext)
	}
	if err := p.Save(w, h, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("figure %s: %w", path, err)
	}
	return nil
}

// SaveBoth writes p as dir/name.svg and dir/name.png and returns the two
// file names (relative to dir).
func SaveBoth(p *plot.Plot, dir, name string, w, h vg.Length) (svg, png string, err error) {
	svg, png = name+".svg", name+".png"
	if err := Save(p, filepath.Join(dir, svg), w, h); err != nil {
		return "", "", err
	}
	if err := Save(p, filepath.Join(dir, png), w, h); err != nil {
		return "", "", err
	}
	return svg, png, nil
}
