// Package books owns Polyglot opening books: the published Random64 key of
// a chess position, reading and probing .bin books (16-byte big-endian
// entries sorted by key), decoding their moves into legal chess moves,
// weighted picks, and building books from PGN games with PolyGlot
// make-book's weights (docs/books.md).
//
// It knows standard chess (variants/chess) and nothing of searching or
// protocols. The folder also holds openings.epd, the match runner's
// opening set, which is not part of the package.
package books
