// Package text holds the small helpers the app's and the practice
// packages' Spanish and English sentences share. It knows no game.
package text

import (
	"unicode"
	"unicode/utf8"
)

// Capital is s with its first letter in upper case. It reads the first
// rune, not the first byte, so that a Spanish sentence that opens with an
// accented letter ("último", "él") keeps it whole.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
