#!/usr/bin/env bash
# Installs the reference engines used for strength and speed measurements
# (not needed by `make test`), and pgn-extract, which scripts/crosscheck-pgn.sh
# uses to recount match PGNs. Binaries land in /usr/games.
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
  stockfish fairy-stockfish ethereal-chess toga2 glaurung pgn-extract
ls /usr/games/pgn-extract /usr/games/stockfish /usr/games/fairy-stockfish /usr/games/ethereal-chess /usr/games/toga2 /usr/games/glaurung
