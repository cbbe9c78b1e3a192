package protocol

// The variant registry: each game the engine plays is one entry, and the
// session calls the entry of the current UCI_Variant instead of branching
// on the variant's name. Adding a game is adding an entry (and its rules
// package, evaluation and engine): docs/adding-a-game.md.

// game is one variant's entry: everything about `position`, `go`, `d`,
// `eval`, `ucinewgame` and the options that differs between games. The
// commands shared by every game (uci, isready, setoption, stop,
// ponderhit, quit) and the shared options (Hash, Threads, Move Overhead,
// the strength levels) stay with the Protocol.
type game interface {
	// name is the UCI_Variant value.
	name() string
	// options are the game's own UCI options, announced after the shared
	// ones in registry order.
	options() []*uciOption
	// enter is called when UCI_Variant switches to the game (from
	// another one): the game decides what it resets.
	enter()
	// newGame is ucinewgame: the engine forgets what it learnt.
	newGame()
	// dropEngine discards the engine after a panic; the next search
	// builds a new one.
	dropEngine()
	// position reads a `position` command; on an error the game keeps its
	// previous position.
	position(args []string) error
	// goCmd answers `go` (never sent during a search): one error line for
	// its faults, then a job that always ends with one bestmove, or a
	// perft.
	goCmd(args []string)
	// display is the `d` command's lines.
	display() []string
	// eval writes the `eval` command's answer.
	eval()
}

// newRegistry builds the entries, in the order UCI_Variant lists them; the
// first is the default.
func (p *Protocol) newRegistry() []game {
	p.spy = &spyGame{p: p}
	p.lucky = &luckyGame{p: p}
	p.c4 = newChaturangaGame(p)
	return []game{chessGame{p}, p.spy, p.lucky, p.c4, newMagicGame(p)}
}

// variantNames lists the session's variants.
func (p *Protocol) variantNames() []string {
	names := make([]string, len(p.games))
	for i, g := range p.games {
		names[i] = g.name()
	}
	return names
}

// gameNamed returns the entry named v, or nil.
func (p *Protocol) gameNamed(v string) game {
	for _, g := range p.games {
		if g.name() == v {
			return g
		}
	}
	return nil
}
