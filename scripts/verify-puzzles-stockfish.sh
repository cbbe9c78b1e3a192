#!/usr/bin/env bash
# Re-verifies every shipped daily puzzle against Stockfish (docs/puzzles.md,
# "Verifying against Stockfish"); not part of `make test`. At every solver
# move Stockfish searches to DEPTH (default 18) with MultiPV 2 on one
# thread, and the puzzle holds on the standard of practice/puzzle: a
# mate's stored move still mates in the moves left; a tactic's stored
# move is Stockfish's best, wins (+2.0) and leaves the second best clearly
# worse. Prints each failure and "N of M hold (...)"; exit status 1 when
# any fails. Extra arguments go to `azar puzzle verify` (e.g. -set FILE,
# -nodes N instead of the depth).
set -euo pipefail
cd "$(dirname "$0")/.."
SF=${STOCKFISH:-/usr/games/stockfish}
if [ ! -x "$SF" ]; then
  scripts/install-engines.sh
fi
"$SF" <<<$'uci\nquit' | grep -m1 '^id name' || true
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
bin=$(mktemp -d)/azar
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/azar
nice -n 10 "$bin" puzzle verify -engine "$SF" -depth "${DEPTH:-18}" "$@"
