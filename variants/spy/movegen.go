package spy

import "azar/variants/chess"

// Move generation. The board's own generator knows movement modifiers only
// per piece type and side, while the spy-chess queen's powers belong to one
// piece (the original queen, not a promoted one) and shrink on a reveal, so
// this package generates pseudo-legal moves itself with the board's attack
// tables and checks legality by playing each move and asking its own attack
// test, which knows the original queens.

// maxMoves bounds the pseudo-legal moves of one position: standard chess
// peaks at 218, the original queen adds at most 8 knight jumps and a gained
// piece one more piece's moves.
const maxMoves = 320

type moveList struct {
	n int
	m [maxMoves]chess.Move
}

func (l *moveList) add(m chess.Move) { l.m[l.n] = m; l.n++ }

func (l *moveList) addAll(from chess.Square, to chess.Bitboard) {
	for to != 0 {
		l.add(chess.NewMove(from, to.PopLSB()))
	}
}

// The board package exports no constructor for castling and en passant;
// build them from Move's documented layout (kind in bits 14-16).
func newCastle(from, to chess.Square) chess.Move {
	return chess.NewMove(from, to) | chess.Move(chess.KindCastle)<<14
}

func newEnPassant(from, to chess.Square) chess.Move {
	return chess.NewMove(from, to) | chess.Move(chess.KindEnPassant)<<14
}

// queenAttacks is the attack set of c's original queen on q.
func (s *State) queenAttacks(c chess.Color, q chess.Square, occ chess.Bitboard) chess.Bitboard {
	comp := s.qcomp[c]
	var a chess.Bitboard
	if comp&CompR != 0 {
		a |= chess.RookAttacks(q, occ)
	}
	if comp&CompB != 0 {
		a |= chess.BishopAttacks(q, occ)
	}
	if comp&CompN != 0 {
		a |= chess.KnightAttacks(q)
	}
	return a
}

// origQueen is the one-square set of c's original queen if it is on the
// board, else empty.
func (s *State) origQueen(c chess.Color) chess.Bitboard {
	q := s.qsq[c]
	if q == chess.NoSquare || s.pos.At(q) != chess.MakePiece(c, chess.Queen) {
		return 0
	}
	return q.Bit()
}

// attackedBy reports whether colour by attacks sq with occupancy occ,
// ignoring by's pieces on the squares in excl.
func (s *State) attackedBy(sq chess.Square, by chess.Color, occ, excl chess.Bitboard) bool {
	p := s.pos
	them := p.ColorBB(by) &^ excl
	oq := s.origQueen(by) & them
	comp := s.qcomp[by]
	knights := p.Type(chess.Knight) & them
	if comp&CompN != 0 {
		knights |= oq
	}
	if chess.KnightAttacks(sq)&knights != 0 ||
		chess.PawnAttacks(by.Other(), sq)&p.Type(chess.Pawn)&them != 0 ||
		chess.KingAttacks(sq)&p.Type(chess.King)&them != 0 {
		return true
	}
	queens := p.Type(chess.Queen) & them &^ oq
	rooks := (p.Type(chess.Rook) & them) | queens
	bishops := (p.Type(chess.Bishop) & them) | queens
	if comp&CompR != 0 {
		rooks |= oq
	}
	if comp&CompB != 0 {
		bishops |= oq
	}
	return chess.RookAttacks(sq, occ)&rooks != 0 || chess.BishopAttacks(sq, occ)&bishops != 0
}

// Attacked reports whether colour by attacks sq, original queens included.
func (s *State) Attacked(sq chess.Square, by chess.Color) bool {
	return s.attackedBy(sq, by, s.pos.Occupied(), 0)
}

// inCheck reports whether c's king is attacked.
func (s *State) inCheck(c chess.Color) bool {
	k := s.pos.KingSquare(c)
	return k != chess.NoSquare && s.attackedBy(k, c.Other(), s.pos.Occupied(), 0)
}

// InCheck reports whether the side to move is in check.
func (s *State) InCheck() bool { return s.inCheck(s.pos.Side()) }

var pawnPush = [2]int{8, -8}

// relRank is c's relative rank (0 = its first rank) of a square's rank.
func relRank(c chess.Color, rank int) int {
	if c == chess.Black {
		return 7 - rank
	}
	return rank
}

// beyondCentre[c] is c's relative ranks 5 to 8.
var beyondCentre = [2]chess.Bitboard{chess.Rank5 | chess.Rank6 | chess.Rank7 | chess.Rank8,
	chess.Rank1 | chess.Rank2 | chess.Rank3 | chess.Rank4}

// genFrom adds the pseudo-legal moves of the side to move's piece on from
// (castling with the king included; nothing if from holds no such piece).
func (s *State) genFrom(l *moveList, from chess.Square) {
	p := s.pos
	us := p.Side()
	pc := p.At(from)
	if pc == chess.NoPiece || pc.Color() != us {
		return
	}
	occ := p.Occupied()
	targets := ^p.ColorBB(us)
	switch pc.Type() {
	case chess.Pawn:
		s.genPawn(l, from, us, occ)
	case chess.Knight:
		l.addAll(from, chess.KnightAttacks(from)&targets)
	case chess.Bishop:
		l.addAll(from, chess.BishopAttacks(from, occ)&targets)
	case chess.Rook:
		l.addAll(from, chess.RookAttacks(from, occ)&targets)
	case chess.Queen:
		if s.origQueen(us).Has(from) {
			l.addAll(from, s.queenAttacks(us, from, occ)&targets)
		} else {
			l.addAll(from, chess.QueenAttacks(from, occ)&targets)
		}
	case chess.King:
		l.addAll(from, chess.KingAttacks(from)&targets)
		s.genCastling(l, us, from, occ)
	}
}

func (s *State) genPawn(l *moveList, from chess.Square, us chess.Color, occ chess.Bitboard) {
	p := s.pos
	up := pawnPush[us]
	rank := relRank(us, from.Rank())
	add := func(to chess.Square) {
		if relRank(us, to.Rank()) == 7 {
			for _, t := range [4]chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight} {
				l.add(chess.NewPromotion(from, to, t))
			}
			return
		}
		l.add(chess.NewMove(from, to))
	}
	if one := chess.Square(int(from) + up); !occ.Has(one) {
		add(one)
		if two := chess.Square(int(one) + up); rank == 1 && !occ.Has(two) {
			l.add(chess.NewMove(from, two))
		}
	}
	att := chess.PawnAttacks(us, from)
	for t := att & p.ColorBB(us.Other()); t != 0; {
		add(t.PopLSB())
	}
	if s.ep != chess.NoSquare && att.Has(s.ep) {
		l.add(newEnPassant(from, s.ep))
	}
}

// genCastling adds castling moves: rights held, king and rook at home,
// squares between empty, and the king's start, passage and destination not
// attacked (also in the king-capture game: these are castling's own
// conditions).
func (s *State) genCastling(l *moveList, us chess.Color, from chess.Square, occ chess.Bitboard) {
	p := s.pos
	cr := p.CastleRights()
	if cr == 0 {
		return
	}
	home, ks, qs := chess.E1, chess.WhiteKingSide, chess.WhiteQueenSide
	if us == chess.Black {
		home, ks, qs = chess.E8, chess.BlackKingSide, chess.BlackQueenSide
	}
	if from != home || cr&(ks|qs) == 0 {
		return
	}
	them := us.Other()
	rook := chess.MakePiece(us, chess.Rook)
	if s.attackedBy(home, them, occ, 0) {
		return
	}
	if cr&ks != 0 && p.At(home+3) == rook && !s.bicolour.Has(home+3) &&
		occ&((home+1).Bit()|(home+2).Bit()) == 0 &&
		!s.attackedBy(home+1, them, occ, 0) && !s.attackedBy(home+2, them, occ, 0) {
		l.add(newCastle(home, home+2))
	}
	if cr&qs != 0 && p.At(home-4) == rook && !s.bicolour.Has(home-4) &&
		occ&((home-1).Bit()|(home-2).Bit()|(home-3).Bit()) == 0 &&
		!s.attackedBy(home-1, them, occ, 0) && !s.attackedBy(home-2, them, occ, 0) {
		l.add(newCastle(home, home-2))
	}
}

// genPseudo adds every pseudo-legal move of the side to move.
func (s *State) genPseudo(l *moveList) {
	for b := s.pos.ColorBB(s.pos.Side()); b != 0; {
		s.genFrom(l, b.PopLSB())
	}
}

// kingSafeAfter plays m (pseudo-legal) and reports whether the mover's
// king is then not attacked.
func (s *State) kingSafeAfter(m chess.Move) bool {
	p := s.pos
	us := p.Side()
	p.Make(m)
	k := p.KingSquare(us)
	safe := k == chess.NoSquare || !s.attackedBy(k, us.Other(), p.Occupied(), 0)
	p.Unmake()
	return safe
}

// moveLegal reports whether pseudo-legal m is legal under the options.
func (s *State) moveLegal(m chess.Move) bool {
	return s.opts.KingCapture || s.kingSafeAfter(m)
}

// legality caches what the legality test of many moves of one position
// shares: moves of a piece that stands on no line through its own king
// cannot expose the king (attacks by knights, pawns and the original
// queen's knight jumps are never discovered), so when the king is not in
// check they are legal without being played.
type legality struct {
	fast  bool           // not in check, king on the board, check rule on
	king  chess.Square   // the mover's king
	lines chess.Bitboard // squares on a rank, file or diagonal through it
}

func (s *State) newLegality() legality {
	if s.opts.KingCapture {
		return legality{}
	}
	us := s.pos.Side()
	k := s.pos.KingSquare(us)
	if k == chess.NoSquare || s.inCheck(us) {
		return legality{}
	}
	return legality{fast: true, king: k, lines: chess.RookAttacks(k, 0) | chess.BishopAttacks(k, 0)}
}

// legal is moveLegal with the shared test.
func (s *State) legal(lg *legality, m chess.Move) bool {
	if lg.fast && m.From() != lg.king && !lg.lines.Has(m.From()) && m.Kind() != chess.KindEnPassant {
		return true
	}
	return s.moveLegal(m)
}

// revealOK checks the conditions of rules section 7.1 for the side to move
// revealing with card (condition 1, the turn, is implied).
func (s *State) revealOK(card Card) bool {
	us := s.pos.Side()
	if s.revealed[us] || !s.centre[us] || s.origQueen(us) == 0 {
		return false
	}
	sq := s.spyOf(us, card) // NoSquare for neutral, unknown or lost
	if sq == chess.NoSquare {
		return false
	}
	if s.opts.KingCapture {
		return true
	}
	k := s.pos.KingSquare(us)
	return k == chess.NoSquare || !s.attackedBy(k, us.Other(), s.pos.Occupied(), sq.Bit())
}

// candidateCards appends the cards the side to move may reveal with: its
// own card if known, else (a seat's view of the opponent) every card of a
// live spy it may hold.
func (s *State) candidateCards(buf []Card) []Card {
	us := s.pos.Side()
	if s.revealed[us] {
		return buf
	}
	if c := s.card[us]; c != NoCard {
		return append(buf, c)
	}
	for c := SpyKR; c <= WildQN; c++ {
		if c != Wild {
			buf = append(buf, c)
		}
	}
	return buf
}

// hasLegalAction reports whether the side to move has any legal action
// (a move or a reveal; the king-capture pass is not counted).
func (s *State) hasLegalAction() bool {
	var l moveList
	s.genPseudo(&l)
	lg := s.newLegality()
	for _, m := range l.m[:l.n] {
		if s.legal(&lg, m) {
			return true
		}
	}
	var cb [24]Card
	for _, c := range s.candidateCards(cb[:0]) {
		if s.revealOK(c) {
			return true
		}
	}
	return false
}
