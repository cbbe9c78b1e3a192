// Package practice groups the player-practice tools: practice/puzzle (the
// daily puzzle) and practice/analysis. Its packages may use variants, eval
// and search; the protocol, the app and the commands use them, never the
// reverse.
package practice
