package cli

import (
	"github.com/spf13/cobra"

	"pokerlab/holdem"
)

// rulesUsage is the help text of --rules.
const rulesUsage = "rule set: tda or pokerkit (docs/rules.md); given, it overrides the rule set the hands declare (PHH _rules); not given, each hand is replayed under its own (tda when it declares none)"

// addRulesFlag adds --rules to a command that plays or replays hands; dst
// receives its text.
func addRulesFlag(cmd *cobra.Command, dst *string, usage string) {
	cmd.Flags().StringVar(dst, "rules", "tda", usage)
}

// rulesOverride reads --rules: nil when the flag was not given (each hand or
// table keeps its own rule set), else the rule set, or a usage error naming
// the value.
func rulesOverride(cmd *cobra.Command, text string) (*holdem.RuleSet, error) {
	if !cmd.Flags().Changed("rules") {
		return nil, nil
	}
	rs, err := holdem.ParseRuleSet(text)
	if err != nil {
		return nil, flagErrorf("--rules %q: want tda or pokerkit", text)
	}
	return &rs, nil
}
