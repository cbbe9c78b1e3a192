#!/usr/bin/env bash
# Recounts a match PGN written by `azar match -pgnout` with an independent
# program, pgn-extract (installed by scripts/install-engines.sh): every
# move of every game is replayed and checked by pgn-extract, the games it
# finds ending in checkmate or stalemate on the board are counted, and
# the score and Elo of NAME are computed again from its counts.
#
# usage: scripts/crosscheck-pgn.sh FILE.pgn NAME
set -euo pipefail
pgn=$1 name=$2
PATH=$PATH:/usr/games
command -v pgn-extract >/dev/null || { echo "pgn-extract missing: run scripts/install-engines.sh" >&2; exit 1; }

count() { pgn-extract "$@" "$pgn" 2>/dev/null | grep -c '^\[Result' || true; }

games=$(count)
# -r checks every move and prints nothing but the game headers when all
# moves are legal; anything else is an error report.
errors=$(pgn-extract -r "$pgn" 2>&1 | { grep -v -e '^Processing' -e 'games matched out of' -e ' - .* ....\...\...' || true; } | wc -l)
mates=$(count --checkmate)
stalemates=$(count --stalemate)
w=$(( $(count -Tr1-0 -Tw"$name") + $(count -Tr0-1 -Tb"$name") ))
l=$(( $(count -Tr0-1 -Tw"$name") + $(count -Tr1-0 -Tb"$name") ))
d=$(( $(count -Tr1/2-1/2 -Tw"$name") + $(count -Tr1/2-1/2 -Tb"$name") ))
echo "pgn-extract: $games games, $errors move errors, $mates end in checkmate, $stalemates in stalemate"
awk -v w="$w" -v d="$d" -v l="$l" -v name="$name" 'BEGIN {
	n = w + d + l; s = (w + d / 2) / n
	printf "%s: W %d D %d L %d, score %.1f%%", name, w, d, l, 100 * s
	if (s > 0 && s < 1) printf ", Elo %+.1f", -400 * log(1 / s - 1) / log(10)
	else printf ", Elo %sInf", (s == 1 ? "+" : "-")
	printf "\n"
}'
