package protocol

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"azar/books"
	"azar/search"
)

// bookState is the OwnBook and BookFile options: the loaded book and the
// source of its weighted picks.
type bookState struct {
	own  bool
	path string
	book *books.Book
	rng  *rand.Rand // nil until the first pick unless WithBookSeed set it
}

// WithBookSeed seeds the book's weighted picks, so that a test sees the
// same moves every run (by default each session draws its own seed).
func WithBookSeed(seed uint64) Option {
	return func(p *Protocol) { p.book.rng = rand.New(rand.NewPCG(seed, seed)) }
}

// bookOptions are OwnBook and BookFile (docs/books.md).
func (p *Protocol) bookOptions() []*uciOption {
	return []*uciOption{
		{name: "OwnBook", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error {
				p.book.own = strings.EqualFold(v, "true")
				return nil
			}},
		{name: "BookFile", kind: stringOption, def: "",
			set: func(p *Protocol, v string) error { return p.setBookFile(v) }},
	}
}

// setBookFile loads the Polyglot book at path ("" for none); a book that
// cannot be read is an error and the previous one stays.
func (p *Protocol) setBookFile(path string) error {
	if path == "" {
		p.book.path, p.book.book = "", nil
		return nil
	}
	b, err := books.Load(path)
	if err != nil {
		return fmt.Errorf("cannot read the book: %v", err)
	}
	p.book.path, p.book.book = path, b
	return nil
}

// playBookMove answers `go` with a weighted book move when OwnBook is on
// and the position is in the book (among searchmoves, if given): the
// bestmove comes at once, or, for an infinite or ponder search, when UCI
// lets it. It reports whether it did; otherwise the engine searches.
func (p *Protocol) playBookMove(l search.Limits) bool {
	if !p.book.own || p.book.book == nil {
		return false
	}
	choices := p.book.book.Choices(p.pos)
	if len(l.SearchMoves) > 0 {
		kept := choices[:0]
		for _, c := range choices {
			if contains(l.SearchMoves, c.Move) {
				kept = append(kept, c)
			}
		}
		choices = kept
	}
	if p.book.rng == nil {
		p.book.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	m, ok := books.Pick(choices, p.book.rng)
	if !ok {
		return false
	}
	info := "info string book move " + m.String() + " " + bookWeights(choices)
	best := "bestmove " + m.String()
	p.answer(l, info, best)
	return true
}

// bookWeights lists the choices as "(e2e4 27 d2d4 8)".
func bookWeights(cs []books.Choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%v %d", c.Move, c.Weight)
	}
	return "(" + strings.Join(parts, " ") + ")"
}
