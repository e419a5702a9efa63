#!/bin/sh
# Regenerates spot/testdata/postflop/trees/*.tree: the action trees
# postflop-solver builds for the spots in the .args files (one key=value a
# line), which TestActionTreeMatchesPostflopSolver compares with ours.
#
#   scripts/postflop-bench/golden.sh [POSTFLOP_SOLVER_CHECKOUT]
#
# The checkout is needed only while the driver is not built (setup.sh).
set -eu
cd "$(dirname "$0")"
BIN=./target/release/postflop-bench
[ -x $BIN ] || ./setup.sh "$@"
for args in ../../spot/testdata/postflop/trees/*.args; do
	set --
	while IFS= read -r line; do set -- "$@" "$line"; done < "$args"
	$BIN tree "$@" > "${args%.args}.tree"
done
