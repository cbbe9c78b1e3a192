// Package practice groups the player-practice tools (the daily puzzle in
// practice/puzzle). Its packages may use variants, eval and search; the
// protocol, the app and the commands use them, never the reverse.
package practice
