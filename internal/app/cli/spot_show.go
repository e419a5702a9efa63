package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"pokerlab/cards"
	"pokerlab/spot"
	"pokerlab/spot/spotplot"
)

type spotShowOptions struct {
	IO     *IOStreams
	File   string
	Node   string
	Hand   string
	Class  string
	Player string
	Plot   string
	JSON   bool

	hand     cards.Hole
	hasHand  bool
	class    cards.StartingHand
	hasClass bool
	player   int // -1: the player to act (both at other nodes)
}

func newSpotShowCmd(f *Factory, runF func(*spotShowOptions) error) *cobra.Command {
	opts := &spotShowOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "show RESULT.pls [--node LINE] [--hand AsKs | --class AKs] [--player oop|ip] [--plot grid.svg|.png] [--json]",
		Short: "Strategy, EV and equity per hand at a node of a solved spot",
		Long: `Show a node of a solved spot (a .pls file from 'spot solve', or any strategy
stored in one): the actions and their range-wide frequencies, and per hand the
reach (range weight × own strategy along the line), the strategy, the EV of
the hand and of each action (its expected share of the pot minus what it put
in beyond the starting pot, against the opponent's range at the node) and its
equity (share of the pot at showdown against that range, the remaining cards
dealt out).

--node gives the line from the root in the node notation of 'spot tree': f, x,
c, b120, r300, a (all-in), and the card dealt at a chance node, e.g.
--node "x b120 c 7s x". --hand or --class narrows the table (and the JSON) to
one hand or one class; --player picks whose hands to list (default: the player
to act). --plot draws the 13×13 strategy grid of the player to act (SVG or PNG
by extension).`,
		Example: `  pokerlab spot show turn.pls
  pokerlab spot show turn.pls --node "x b120" --class KJs
  pokerlab spot show turn.pls --node "x b120 c 7s" --plot river-7s.svg
  pokerlab spot show turn.pls --node "b120" --hand KsJs --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return spotShowRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Node, "node", "", "the node's line from the root, e.g. \"x b120 c 7s\" (default: the root)")
	fl.StringVar(&opts.Hand, "hand", "", "show one hand, e.g. AsKs")
	fl.StringVar(&opts.Class, "class", "", "show one starting-hand class, e.g. AKs")
	fl.StringVar(&opts.Player, "player", "", "list this player's hands: oop or ip (default: the player to act)")
	figureFileVar(fl, &opts.Plot, "plot", "draw the 13×13 grid to this .svg, .png or .pdf file")
	fl.BoolVar(&opts.JSON, "json", false, "write JSON (schema in docs/cli.md)")
	return cmd
}

func (o *spotShowOptions) check() error {
	if o.Hand != "" && o.Class != "" {
		return flagErrorf("--hand and --class are exclusive")
	}
	if o.Hand != "" {
		cs, err := cards.ParseCards(o.Hand)
		if err != nil || len(cs) != 2 {
			if err == nil {
				err = fmt.Errorf("want two cards such as AsKs")
			}
			return flagErrorf("--hand %q: %v", o.Hand, err)
		}
		o.hand, o.hasHand = cards.NewHole(cs[0], cs[1]), true
	}
	if o.Class != "" {
		c, err := cards.ParseStartingHand(o.Class)
		if err != nil {
			return flagErrorf("--class: %v", err)
		}
		o.class, o.hasClass = c, true
	}
	switch strings.ToLower(o.Player) {
	case "":
		o.player = -1
	case "oop":
		o.player = spot.OOP
	case "ip":
		o.player = spot.IP
	default:
		return flagErrorf("--player %q: want oop or ip", o.Player)
	}
	return checkSpotExt("--plot", o.Plot, ".svg", ".png", ".pdf")
}

func spotShowRun(o *spotShowOptions) error {
	f, err := os.Open(o.File)
	if err != nil {
		return err
	}
	res, err := spot.ReadResult(f, o.File)
	f.Close()
	if err != nil {
		return err
	}
	g := res.Game
	l, err := g.ParseLine(o.Node)
	if err != nil {
		return err
	}
	r := g.Report(res.Strategy, l)
	out := SpotShowJSON{File: o.File, Method: res.Header.Method, Board: boardText(l.Board), Line: l.String(),
		Kind: r.Kind.String(), Pot: r.Pot, Frequency: r.Frequency}
	if res.Header.Evaluation != nil {
		e := res.Header.Evaluation.Percent
		out.Exploitability = &e
	}
	if r.Player >= 0 {
		out.Player = spot.PlayerName(r.Player)
		out.Actions = spotActionsJSON(r.Actions)
	}
	players := []int{0, 1}
	switch {
	case o.player >= 0:
		players = []int{o.player}
	case r.Player >= 0 && !o.hasHand:
		players = []int{r.Player}
	}
	// Hands in the order of the 13×13 chart (AA, AKs, … 22), then by cards.
	for p := range 2 {
		hs := r.Hands[p]
		slices.SortStableFunc(hs, func(a, b spot.HandReport) int {
			ca, cb := a.Hand.Class(), b.Hand.Class()
			ra, rb := classOrder(ca), classOrder(cb)
			if ra != rb {
				return ra - rb
			}
			return cards.HoleIndex(b.Hand[0], b.Hand[1]) - cards.HoleIndex(a.Hand[0], a.Hand[1])
		})
	}
	for _, p := range players {
		pj := SpotPlayerJSON{Player: spot.PlayerName(p), Combos: r.Combos[p], EV: r.RangeEV[p], Equity: r.RangeEquity[p]}
		for _, hr := range r.Hands[p] {
			if o.hasHand && hr.Hand != o.hand || o.hasClass && hr.Hand.Class() != o.class {
				continue
			}
			if !o.hasHand && hr.Reach == 0 {
				continue
			}
			hj := SpotHandJSON{Hand: hr.Hand.String(), Class: hr.Hand.Class().String(), Reach: hr.Reach,
				Strategy: hr.Strategy, EV: spotFinite(hr.EV), Equity: spotFinite(hr.Equity)}
			for _, x := range hr.ActionEV {
				hj.ActionEV = append(hj.ActionEV, spotFinite(x))
			}
			pj.Hands = append(pj.Hands, hj)
		}
		out.Players = append(out.Players, pj)
	}
	if o.hasHand {
		found := false
		for _, pj := range out.Players {
			found = found || len(pj.Hands) > 0
		}
		if !found {
			return fmt.Errorf("--hand %s: in neither range at this node (or it shares a card with the board %s)", o.hand, out.Board)
		}
	}
	if o.Plot != "" {
		if r.Player < 0 {
			return fmt.Errorf("--plot: node %q is a %s node; the grid shows a decision", out.Line, out.Kind)
		}
		if err := spotplot.Save(r, strings.TrimSpace(out.Board+" "+out.Line), o.Plot); err != nil {
			return err
		}
		out.Plot = o.Plot
	}
	if o.JSON {
		return writeJSON(o.IO, out)
	}
	return writeSpotShow(o.IO.Out, &out)
}

// classOrder sorts classes by their higher rank, then pairs before suited
// before offsuit, then the lower rank: AA, AKs, AKo, AQs, …, 22.
func classOrder(c cards.StartingHand) int {
	kind := 2
	switch {
	case c.Pair():
		kind = 0
	case c.Suited():
		kind = 1
	}
	return (int(cards.Ace-c.High())*13+int(cards.Ace-c.Low()))*3 + kind
}

func spotFinite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func fmtOpt(x *float64, format string) string {
	if x == nil {
		return "-"
	}
	return fmt.Sprintf(format, *x)
}

func writeSpotShow(w io.Writer, out *SpotShowJSON) error {
	line := out.Line
	if line == "" {
		line = "(root)"
	}
	fmt.Fprintf(w, "%s  board %s  pot %d", line, out.Board, out.Pot)
	if out.Exploitability != nil {
		fmt.Fprintf(w, "  (%s, exploitability %.3f%% of the pot)", out.Method, *out.Exploitability)
	}
	fmt.Fprintln(w)
	if out.Player != "" {
		var parts []string
		for a, act := range out.Actions {
			parts = append(parts, fmt.Sprintf("%s %.1f%%", act.Label, 100*out.Frequency[a]))
		}
		fmt.Fprintf(w, "%s to act: %s\n", out.Player, joinComma(parts))
	} else {
		fmt.Fprintf(w, "%s node\n", out.Kind)
	}
	for _, pj := range out.Players {
		fmt.Fprintf(w, "\n%s: %.2f combos, EV %.3f, equity %.2f%%\n", pj.Player, pj.Combos, pj.EV, 100*pj.Equity)
		tw := newTable(w)
		head := "hand\treach"
		acting := len(pj.Hands) > 0 && pj.Hands[0].Strategy != nil
		if acting {
			for _, a := range out.Actions {
				head += "\t" + a.Action
			}
		}
		head += "\tEV\tequity"
		if acting {
			for _, a := range out.Actions {
				head += "\tEV " + a.Action
			}
		}
		fmt.Fprintln(tw, head)
		for _, h := range pj.Hands {
			row := fmt.Sprintf("%s\t%.3f", h.Hand, h.Reach)
			if acting {
				for _, s := range h.Strategy {
					row += fmt.Sprintf("\t%.1f%%", 100*s)
				}
			}
			eq := "-"
			if h.Equity != nil {
				eq = fmt.Sprintf("%.1f%%", 100**h.Equity)
			}
			row += "\t" + fmtOpt(h.EV, "%.2f") + "\t" + eq
			if acting {
				for _, x := range h.ActionEV {
					row += "\t" + fmtOpt(x, "%.2f")
				}
			}
			fmt.Fprintln(tw, row)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if out.Plot != "" {
		fmt.Fprintf(w, "\ngrid: %s\n", out.Plot)
	}
	return nil
}
