#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests of app/e2e (chromedp
# drives it headless). Does nothing when /usr/bin/chromium is there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing chromium for the browser tests (app/e2e)"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
/usr/bin/chromium --version
