package chess

// Perft counts the leaf nodes of the legal move tree to the given depth.
// The last ply is bulk-counted: the number of legal moves is the number of
// leaves, so leaves are never made.
func (p *Position) Perft(depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegal())
	}
	lists := make([]MoveList, depth)
	return p.perft(depth, lists)
}

// perft recurses with one preallocated move list per ply, so that no list
// is zeroed or allocated inside the tree.
func (p *Position) perft(depth int, lists []MoveList) uint64 {
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	l := &lists[depth-1]
	p.GenerateLegal(l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.Make(m)
		n += p.perft(depth-1, lists)
		p.Unmake()
	}
	return n
}

// PerftFull is Perft without bulk counting: every leaf is made and unmade,
// which measures make/unmake as well as generation.
func (p *Position) PerftFull(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perftFull(depth, make([]MoveList, depth))
}

func (p *Position) perftFull(depth int, lists []MoveList) uint64 {
	if depth == 0 {
		return 1
	}
	l := &lists[depth-1]
	p.GenerateLegal(l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.Make(m)
		n += p.perftFull(depth-1, lists)
		p.Unmake()
	}
	return n
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in generation
// order, as Stockfish's `go perft` prints it.
func (p *Position) Divide(depth int) []DivideEntry {
	var l MoveList
	p.GenerateLegal(&l)
	out := make([]DivideEntry, 0, l.N)
	for _, m := range l.Slice() {
		p.Make(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.Unmake()
	}
	return out
}
