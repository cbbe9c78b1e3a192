package nnue

import "azar/variants/chess"

// Accumulator is the first layer's output for both perspectives (index by
// chess.Color): the feature bias plus the rows of every piece on the
// board. Only the first Network.Hidden() values are used.
type Accumulator struct {
	v [2][MaxHidden]int16
}

// Refresh recomputes the accumulator of p from scratch.
func (a *Accumulator) Refresh(n *Network, p *chess.Position) {
	h := n.hidden
	copy(a.v[chess.White][:h], n.featureBias)
	copy(a.v[chess.Black][:h], n.featureBias)
	occ := p.Occupied()
	for occ != 0 {
		sq := occ.PopLSB()
		a.Add(n, p.At(sq), sq)
	}
}

// Add puts piece pc on square sq for both perspectives.
func (a *Accumulator) Add(n *Network, pc chess.Piece, sq chess.Square) {
	for c := chess.White; c <= chess.Black; c++ {
		addRow(a.v[c][:n.hidden], n.row(Feature(c, pc, sq)))
	}
}

// Sub takes piece pc off square sq for both perspectives.
func (a *Accumulator) Sub(n *Network, pc chess.Piece, sq chess.Square) {
	for c := chess.White; c <= chess.Black; c++ {
		subRow(a.v[c][:n.hidden], n.row(Feature(c, pc, sq)))
	}
}

func (n *Network) row(f int) []int16 { return n.featureWeights[f*n.hidden : (f+1)*n.hidden] }

// The arithmetic wraps like the int16 SIMD instructions it stands for; a
// trained network's weights keep every sum far from the limits.
func addRow(acc, w []int16) {
	w = w[:len(acc)]
	for i := range acc {
		acc[i] += w[i]
	}
}

func subRow(acc, w []int16) {
	w = w[:len(acc)]
	for i := range acc {
		acc[i] -= w[i]
	}
}

// pieceSquare is one feature change: a piece appearing on or leaving a
// square.
type pieceSquare struct {
	pc chess.Piece
	sq chess.Square
}

// delta is what one move changes in the accumulator: at most two pieces
// appear (castling: king and rook) and two leave (a capture: the mover
// and the captured piece; castling: king and rook).
type delta struct {
	add, sub   [2]pieceSquare
	nAdd, nSub uint8
}

func (d *delta) addPiece(pc chess.Piece, sq chess.Square) {
	d.add[d.nAdd] = pieceSquare{pc, sq}
	d.nAdd++
}

func (d *delta) subPiece(pc chess.Piece, sq chess.Square) {
	d.sub[d.nSub] = pieceSquare{pc, sq}
	d.nSub++
}

// deltaOf is what m changes on p, which it has not been played on yet.
func deltaOf(p *chess.Position, m chess.Move) delta {
	var d delta
	from, to := m.From(), m.To()
	switch m.Kind() {
	case chess.KindNormal, chess.KindPromotion:
		pc := p.At(from)
		if c := p.At(to); c != chess.NoPiece {
			d.subPiece(c, to)
		}
		d.subPiece(pc, from)
		if m.Kind() == chess.KindPromotion {
			d.addPiece(chess.MakePiece(pc.Color(), m.Promotion()), to)
		} else {
			d.addPiece(pc, to)
		}
	case chess.KindEnPassant:
		pc := p.At(from)
		capSq := chess.MakeSquare(to.File(), from.Rank())
		d.subPiece(p.At(capSq), capSq)
		d.subPiece(pc, from)
		d.addPiece(pc, to)
	case chess.KindCastle:
		king := p.At(from)
		rf, rt := castleRookSquares(to)
		rook := p.At(rf)
		d.subPiece(king, from)
		d.subPiece(rook, rf)
		d.addPiece(king, to)
		d.addPiece(rook, rt)
	case chess.KindDrop:
		d.addPiece(m.DropPiece(), to)
	case chess.KindRemove:
		d.subPiece(p.At(to), to)
	case chess.KindRelocate:
		pc := p.At(from)
		d.subPiece(pc, from)
		d.addPiece(pc, to)
	case chess.KindNull:
	}
	return d
}

// castleRookSquares mirrors variants/chess: the rook's origin and
// destination for a castling king move ending on kingTo.
func castleRookSquares(kingTo chess.Square) (chess.Square, chess.Square) {
	switch kingTo {
	case chess.G1:
		return chess.H1, chess.F1
	case chess.C1:
		return chess.A1, chess.D1
	case chess.G8:
		return chess.H8, chess.F8
	default:
		return chess.A8, chess.D8
	}
}

// apply sets dst to src changed by d, in one pass per perspective for the
// common shapes (quiet move, capture or promotion, castling).
func (n *Network) apply(dst, src *Accumulator, d *delta) {
	h := n.hidden
	for c := chess.White; c <= chess.Black; c++ {
		out, in := dst.v[c][:h], src.v[c][:h]
		switch {
		case d.nAdd == 1 && d.nSub == 1:
			a := n.row(Feature(c, d.add[0].pc, d.add[0].sq))
			s := n.row(Feature(c, d.sub[0].pc, d.sub[0].sq))
			if n.vector {
				addSubVector(out, in, a, s)
			} else {
				addSub(out, in, a, s)
			}
		case d.nAdd == 1 && d.nSub == 2:
			a := n.row(Feature(c, d.add[0].pc, d.add[0].sq))
			s1 := n.row(Feature(c, d.sub[0].pc, d.sub[0].sq))
			s2 := n.row(Feature(c, d.sub[1].pc, d.sub[1].sq))
			if n.vector {
				addSubSubVector(out, in, a, s1, s2)
			} else {
				addSubSub(out, in, a, s1, s2)
			}
		default:
			copy(out, in)
			for _, x := range d.add[:d.nAdd] {
				addRow(out, n.row(Feature(c, x.pc, x.sq)))
			}
			for _, x := range d.sub[:d.nSub] {
				subRow(out, n.row(Feature(c, x.pc, x.sq)))
			}
		}
	}
}

func addSub(out, in, a, s []int16) {
	in, a, s = in[:len(out)], a[:len(out)], s[:len(out)]
	for i := range out {
		out[i] = in[i] + a[i] - s[i]
	}
}

func addSubSub(out, in, a, s1, s2 []int16) {
	in, a, s1, s2 = in[:len(out)], a[:len(out)], s1[:len(out)], s2[:len(out)]
	for i := range out {
		out[i] = in[i] + a[i] - s1[i] - s2[i]
	}
}

// StackSize is how many plies a Stack follows incrementally; deeper
// positions are evaluated from a fresh accumulator.
const StackSize = 160

// Stack is one search thread's accumulators, one per ply from the root.
// The search calls Push(p, m) just before p.Make(m) and Pop after
// p.Unmake(); Evaluate brings the accumulators up to date lazily, so the
// nodes that are never evaluated (hash cut-offs, pruned moves) cost only
// the move's delta. It never allocates once built.
type Stack struct {
	net *Network
	top int // index of the current position's entry; may exceed the stack
	e   [StackSize]stackEntry
	// scratch serves positions deeper than the stack.
	scratch Accumulator
}

type stackEntry struct {
	acc      Accumulator
	d        delta // the move from the entry below to this one
	computed bool
}

// NewStack returns an empty stack for net; call Reset before use.
func NewStack(net *Network) *Stack { return &Stack{net: net} }

// Network is the network the stack evaluates with.
func (s *Stack) Network() *Network { return s.net }

// Reset makes p the root: its accumulator is refreshed from scratch.
func (s *Stack) Reset(p *chess.Position) {
	s.top = 0
	s.e[0].acc.Refresh(s.net, p)
	s.e[0].computed = true
}

// Push records the move m about to be played on p (call it before
// p.Make(m)). Null moves and the variants' primitives are followed too.
func (s *Stack) Push(p *chess.Position, m chess.Move) {
	s.top++
	if s.top < StackSize {
		e := &s.e[s.top]
		e.d = deltaOf(p, m)
		e.computed = false
	}
}

// Pop returns to the position before the last Push (call it after
// p.Unmake()).
func (s *Stack) Pop() { s.top-- }

// Evaluate is the network's score, in centipawns for the side to move, of
// p, which must be the position the pushes so far lead to.
func (s *Stack) Evaluate(p *chess.Position) int {
	if s.top >= StackSize {
		s.scratch.Refresh(s.net, p)
		return s.net.Output(&s.scratch, p.Side())
	}
	i := s.top
	for !s.e[i].computed {
		i--
	}
	for ; i < s.top; i++ {
		next := &s.e[i+1]
		s.net.apply(&next.acc, &s.e[i].acc, &next.d)
		next.computed = true
	}
	return s.net.Output(&s.e[s.top].acc, p.Side())
}

// Current is the accumulator of the current position, brought up to
// date; nil deeper than the stack. For tests and tools.
func (s *Stack) Current(p *chess.Position) *Accumulator {
	if s.top >= StackSize {
		return nil
	}
	s.Evaluate(p)
	return &s.e[s.top].acc
}
