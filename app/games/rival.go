package games

import (
	"unicode"
	"unicode/utf8"
)

// rivalName is how a card game's texts name the other side for a seat:
// Azar against the engine, "your friend" between two people on their own
// devices (mode online), in English and Spanish, lower case inside a
// sentence (capital starts one).
func rivalName(online bool) Texts {
	if online {
		return Texts{En: "your friend", Es: "tu amigo"}
	}
	return Texts{En: "Azar", Es: "Azar"}
}

// capital is s with its first letter upper case.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
