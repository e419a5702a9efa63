#!/bin/sh
# Builds postflop-bench, the driver of postflop-solver (github
# b-inary/postflop-solver) that the comparison in docs/benchmarks.md runs,
# from a checkout of postflop-solver, twice: single-threaded
# (target/release/postflop-bench: no rayon, no bincode, no zstd) and with
# its rayon feature, threads over chance children as its default build has
# (target-rayon/release/postflop-bench; RAYON_NUM_THREADS sets the threads):
#
#   git clone https://github.com/b-inary/postflop-solver /tmp/postflop-solver
#   scripts/postflop-bench/setup.sh /tmp/postflop-solver    # or POSTFLOP_SOLVER_DIR=...
#
# It downloads nothing. The comparison is of commit 9d1509f: a git checkout
# that holds that commit is built at it (git archive; any branch may be
# checked out), another directory as it is, with a warning. The sources are
# copied to postflop-solver/ next to this script and the copy is patched, not
# the checkout; without an argument an earlier copy is built again.
#
# crates.io is not needed: the three dependencies left (once_cell, regex,
# rayon) come from Debian (apt-get install librust-once-cell-dev
# librust-regex-dev librust-rayon-dev) through a [source] replacement in a
# private CARGO_HOME.
set -eu
pin=9d1509f
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-${POSTFLOP_SOLVER_DIR:-}}
usage="usage: $0 POSTFLOP_SOLVER_CHECKOUT (get one with: git clone https://github.com/b-inary/postflop-solver)"
[ $# -le 1 ] || { echo "$usage" >&2; exit 2; }
copy="$here/postflop-solver"
if [ -n "$src" ] && [ "$(cd "$src" 2>/dev/null && pwd)" != "$copy" ]; then
	[ -d "$src" ] || { echo "setup.sh: $src: no such directory" >&2; echo "$usage" >&2; exit 2; }
	if git -C "$src" cat-file -e "$pin^{commit}" 2>/dev/null; then
		rm -rf "$copy"
		mkdir "$copy"
		git -C "$src" archive "$pin" | tar -x -C "$copy"
	elif [ -f "$src/Cargo.toml" ] && [ -d "$src/src" ]; then
		echo "setup.sh: warning: $src has no commit $pin; building its files as they are" >&2
		rm -rf "$copy"
		mkdir "$copy"
		(cd "$src" && tar -c --exclude=./.git --exclude=./target .) | tar -x -C "$copy"
	else
		echo "setup.sh: $src is not a postflop-solver checkout (no commit $pin, no Cargo.toml and src/)" >&2
		exit 2
	fi
elif [ ! -f "$copy/Cargo.toml" ]; then
	echo "$usage" >&2
	exit 2
fi
# Drop the optional dependencies this build does not use (so Cargo does not
# look for them) and accept the Debian versions of the three it does (each
# edit can be made twice).
sed -i -e '/^bincode = /d' -e '/^zstd = /d' \
	-e 's/^once_cell = .*/once_cell = "1.17.0"/' -e 's/^regex = .*/regex = "1.7.1"/' \
	-e 's/^rayon = .*/rayon = { version = "1.6.1", optional = true }/' \
	-e '/^\[features\]/,$d' "$copy/Cargo.toml"
printf '[features]\ndefault = []\ncustom-alloc = []\nrayon = ["dep:rayon"]\n' >>"$copy/Cargo.toml"
cd "$here"
export CARGO_HOME=${CARGO_HOME:-/tmp/postflop-bench-cargo}
mkdir -p "$CARGO_HOME"
cat >"$CARGO_HOME/config.toml" <<'CFG'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
CFG
# Newer rustc rejects an old lint pattern in the crate (dangerous implicit
# autorefs); the code is unchanged, the lint is only reported.
RUSTFLAGS="--cap-lints=warn" cargo build --release -q
echo "built $here/target/release/postflop-bench (one thread)"
RUSTFLAGS="--cap-lints=warn" cargo build --release -q --features rayon --target-dir "$here/target-rayon"
echo "built $here/target-rayon/release/postflop-bench (rayon; RAYON_NUM_THREADS threads)"
