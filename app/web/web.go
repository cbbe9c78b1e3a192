// Package web holds the page of `azar serve`: HTML, CSS, the script and
// the SVG pieces, embedded in the binary so that the app works offline
// and loads nothing from elsewhere. The page is plain JavaScript with no
// framework; docs/app.md describes its test hooks.
package web

import "embed"

// Assets is the static/ tree.
//
//go:embed static
var Assets embed.FS
