#!/bin/sh
# Fetches postflop-solver (b-inary, commit 9d1509f) next to this script and
# builds the driver single-threaded (--no-default-features: no rayon, no
# bincode, no zstd). crates.io is not needed: the two dependencies left
# (once_cell, regex) come from Debian (apt-get install librust-once-cell-dev
# librust-regex-dev) through a [source] replacement in a private CARGO_HOME.
set -eu
cd "$(dirname "$0")"
SRC=${POSTFLOP_SOLVER_GIT:-https://github.com/b-inary/postflop-solver}
if [ ! -d postflop-solver ]; then
	git clone -q "$SRC" postflop-solver
	git -C postflop-solver checkout -q 9d1509f
fi
# Drop the optional dependencies this build does not use (so Cargo does not
# look for them) and accept the Debian versions of the two it does.
cd postflop-solver
git checkout -q -- Cargo.toml
sed -i -e '/^bincode = /d' -e '/^rayon = /d' -e '/^zstd = /d' \
	-e 's/^once_cell = .*/once_cell = "1.17.0"/' -e 's/^regex = .*/regex = "1.7.1"/' \
	-e '/^\[features\]/,$d' Cargo.toml
printf '[features]\ndefault = []\ncustom-alloc = []\n' >> Cargo.toml
cd ..
export CARGO_HOME=${CARGO_HOME:-/tmp/postflop-bench-cargo}
mkdir -p "$CARGO_HOME"
cat > "$CARGO_HOME/config.toml" <<'CFG'
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
echo "built $(pwd)/target/release/postflop-bench"
