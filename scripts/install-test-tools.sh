#!/usr/bin/env bash
# Installs what `make test` needs beyond Go: PolyGlot 2.0.4 (Debian package
# polyglot, binary /usr/games/polyglot), whose make-book the books tests
# compare Azar's book builder with. Idempotent: nothing happens when
# polyglot is already installed, and the package lists are refreshed only
# if the first install attempt fails. AZAR_NO_POLYGLOT=1 skips it (the
# comparison test then skips too).
set -euo pipefail
if [ "${AZAR_NO_POLYGLOT:-}" = 1 ]; then
  exit 0
fi
if command -v polyglot >/dev/null 2>&1 || [ -x /usr/games/polyglot ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-test-tools: polyglot is not installed and apt-get is not available;" \
    "install PolyGlot 2.0.4 or set AZAR_NO_POLYGLOT=1 to skip the book comparison test" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
echo "install-test-tools: installing polyglot (Debian package)"
if ! $SUDO apt-get install -y -qq polyglot >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq polyglot
fi
test -x /usr/games/polyglot || command -v polyglot >/dev/null
