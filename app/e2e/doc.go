// Package e2e drives the app's page in a real browser: Debian's chromium,
// headless, through chromedp (scripts/install-browser.sh installs it; the
// Makefile's test target runs that first). The tests use only the hooks
// docs/app.md lists (data-square, data-piece, data-action, ...), and save
// a screenshot at each step to $AZAR_SCREENSHOTS or, without it, to a
// folder under the system's temporary directory; the path is logged.
package e2e
