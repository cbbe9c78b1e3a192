// Package web holds the page of `azar serve`: HTML, CSS, the script and
// the SVG pieces, embedded in the binary so that the app works offline
// and loads nothing from elsewhere. The script is ES modules served as
// they are, with no framework, build step or bundler: index.html loads
// static/app.js as a module, which imports the rest by relative paths
// (the board, the game screen, one panel per game under panels/ found
// through the one table panels/index.js, i18n, the API client).
// docs/app.md describes the modules and the page's test hooks.
//
// Module scripts need a JavaScript MIME type and must be in the embedded
// tree: web_test.go checks both, and that every module is imported.
package web

import "embed"

// Assets is the static/ tree. go:embed leaves out files whose names
// start with "." or "_": a module must not be named so.
//
//go:embed static
var Assets embed.FS
