package chaturanga4

// Perft counts the leaf nodes of the move tree to depth, as chess perft
// does: draw rules are not applied, a position with one seat left has no
// moves, a promotion and a conversion count once per distinct pool type,
// and a pass is a move.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var l MoveList
	p.Generate(&l)
	if depth == 1 {
		return uint64(l.Len())
	}
	var n uint64
	for _, m := range l.Slice() {
		p.Make(m)
		n += p.Perft(depth - 1)
		p.Unmake()
	}
	return n
}

// Divide is perft split by the first move, in generation order.
func (p *Position) Divide(depth int) (moves []Move, counts []uint64) {
	var l MoveList
	p.Generate(&l)
	for _, m := range l.Slice() {
		p.Make(m)
		moves = append(moves, m)
		counts = append(counts, p.Perft(depth-1))
		p.Unmake()
	}
	return moves, counts
}
