package cli

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"pokerlab/cards"
	"pokerlab/npc"
)

type npcShowOptions struct {
	IO      *IOStreams
	Profile string
	JSON    bool
}

func newNPCShowCmd(f *Factory, runF func(*npcShowOptions) error) *cobra.Command {
	opts := &npcShowOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "show [PROFILE] [--json]",
		Short: "Print a built-in profile (or list them) as a profile file",
		Long: `Without an argument, list the built-in profiles (archetypes) with a line on
each. With one, print that profile — a built-in name or a profile file — as a
complete profile file (TOML): every stat, every position variant it sets, the
bet sizes. --json writes the same as JSON (schema in docs/cli.md).`,
		Example: `  pokerlab npc show
  pokerlab npc show tag > my.toml
  pokerlab npc show my.toml --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Profile = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return npcShowRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func npcShowRun(opts *npcShowOptions) error {
	if opts.Profile == "" {
		var list []NPCArchetypeJSON
		for _, n := range npc.ArchetypeNames() {
			p, err := npc.Archetype(n)
			if err != nil {
				return err
			}
			list = append(list, NPCArchetypeJSON{Name: n, Description: p.Description})
		}
		if opts.JSON {
			return writeJSON(opts.IO, NPCArchetypesJSON{Profiles: list})
		}
		tw := newTable(opts.IO.Out)
		for _, a := range list {
			fmt.Fprintf(tw, "%s\t%s\n", a.Name, a.Description)
		}
		return tw.Flush()
	}
	p, err := npc.LoadProfile(opts.Profile, ".")
	if err != nil {
		if npc.IsProfileFile(opts.Profile) {
			return err // a file that cannot be read or is malformed
		}
		return asInputError(err) // an unknown built-in name
	}
	if opts.JSON {
		return writeJSON(opts.IO, npcProfileJSON(p))
	}
	return p.WriteTOML(opts.IO.Out)
}

// npcProfileJSON converts a profile to its JSON form (percentages as in
// profile files).
func npcProfileJSON(p *npc.Profile) NPCProfileJSON {
	out := NPCProfileJSON{Name: p.Name, Description: p.Description, Stats: map[string]float64{},
		Positions: map[string]map[string]float64{}, Sizes: p.SizeValues(), Bluff: 100 * p.Bluff, PreflopMix: 100 * p.PreflopMixing,
		Calibrated: p.Calibration.Calibrated()}
	for s := range npc.Stat(npc.NumStats) {
		out.Stats[s.Key()] = pctRound(p.Stats[s])
	}
	for v := npc.HeadsUpIP; v < npc.NumVariants; v++ {
		for s := range npc.Stat(npc.NumStats) {
			if !p.PosGiven[v][s] {
				continue
			}
			if out.Positions[v.String()] == nil {
				out.Positions[v.String()] = map[string]float64{}
			}
			out.Positions[v.String()][s.Key()] = pctRound(p.Pos[v][s])
		}
	}
	out.PreflopPositions, out.PotTypes = map[string]map[string]float64{}, map[string]map[string]float64{}
	out.BetSizes, out.Ranges = map[string][][2]float64{}, map[string]map[string]float64{}
	for pos := range npc.Position(npc.NumPositions) {
		for s := range npc.NumPosStats {
			if p.PreflopGiven[pos][s] {
				if out.PreflopPositions[pos.Key()] == nil {
					out.PreflopPositions[pos.Key()] = map[string]float64{}
				}
				out.PreflopPositions[pos.Key()][s.Key()] = pctRound(p.Preflop[pos][s])
			}
		}
		if p.RangeGiven[pos] {
			r := map[string]float64{}
			for h, x := range p.Ranges[pos] {
				if x > 0 {
					r[cards.StartingHand(h).String()] = x
				}
			}
			out.Ranges[pos.Key()] = r
		}
	}
	for pt, pot := range []string{"srp", "three_bet_pot"} {
		for ip, side := range []string{"ip", "oop"} {
			for s := range npc.Stat(npc.NumStats) {
				if p.PotGiven[pt][ip][s] {
					k := pot + "." + side
					if out.PotTypes[k] == nil {
						out.PotTypes[k] = map[string]float64{}
					}
					out.PotTypes[k][s.Key()] = pctRound(p.Pot[pt][ip][s])
				}
			}
		}
	}
	for s := range npc.NumSizeSpots {
		d := &p.BetSizes[s]
		for i := range d.Values {
			out.BetSizes[s.Key()] = append(out.BetSizes[s.Key()], [2]float64{d.Values[i], d.Weights[i]})
		}
	}
	return out
}

// pctRound is a fraction as a percentage with at most 4 decimals (as the
// profile files write them, without binary noise such as 21.000000000000004).
func pctRound(x float64) float64 { return math.Round(x*1e6) / 1e4 }
