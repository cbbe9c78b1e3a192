package magic

import (
	"encoding/binary"
	"math/bits"

	"azar/variants/chess"
)

// Geometry.
const (
	queenSide chess.Bitboard = 0x0F0F0F0F0F0F0F0F // files a-d
	kingSide  chess.Bitboard = 0xF0F0F0F0F0F0F0F0 // files e-h
	lastRanks                = chess.Rank1 | chess.Rank8
)

func flankBB(f int) chess.Bitboard {
	if f == 0 {
		return queenSide
	}
	return kingSide
}

func fileBB(f int) chess.Bitboard { return chess.FileA << uint(f) }

// relRank is the rank 0..7 seen from c (rules §4: relative rank - 1).
func relRank(s chess.Square, c chess.Color) int {
	if c == chess.White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// half is c's own half (relative ranks 1-4).
func half(c chess.Color) chess.Bitboard {
	if c == chess.White {
		return chess.Rank1 | chess.Rank2 | chess.Rank3 | chess.Rank4
	}
	return chess.Rank5 | chess.Rank6 | chess.Rank7 | chess.Rank8
}

func dist(a, b chess.Square) int {
	df := a.File() - b.File()
	dr := a.Rank() - b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}

// within is every square at king distance 1..n from s.
func within(s chess.Square, n int) chess.Bitboard {
	var b chess.Bitboard
	for f := s.File() - n; f <= s.File()+n; f++ {
		for r := s.Rank() - n; r <= s.Rank()+n; r++ {
			if f >= 0 && f < 8 && r >= 0 && r < 8 && (f != s.File() || r != s.Rank()) {
				b |= chess.MakeSquare(f, r).Bit()
			}
		}
	}
	return b
}

func value(t chess.PieceType) int {
	switch t {
	case chess.Pawn:
		return 1
	case chess.Knight, chess.Bishop:
		return 3
	case chess.Rook:
		return 5
	case chess.Queen:
		return 9
	}
	return 100
}

// consequence is what a card effect does to a piece (rules §7, shields).
type consequence uint8

const (
	cElim consequence = iota
	cReloc
	cParalysis
	cProhibit
)

// env is what the active effects mean for the board right now: computed
// from the effect list each time it is needed (the list is short).
type env struct {
	walls     chess.Bitboard
	expiring  [2]chess.Bitboard // c's walls whose counter is 1 (gone after c's ticks)
	mines     chess.Bitboard
	wings     chess.Bitboard
	shielded  chess.Bitboard
	armour    [2]chess.Bitboard
	immune    [2]bool
	anchored  [2]bool
	sanct     chess.Bitboard
	fog       chess.Bitboard
	paralysed chess.Bitboard
	frozen    chess.Bitboard
	noMan     [2]chess.Bitboard // squares c's pieces (not P, K) may not end on
	noManFree chess.Bitboard    // pieces exempt from it (protected)
	lance     [2]bool
	surge     [2]bool
	stride    [2]bool
	silenced  [2]bool
}

// squaresOf is the set of squares whose piece identity is in ids. It
// runs for every anchored effect whenever an env, a key or the evaluation
// reads the effects; a loop over the men, a load and a branch each, was 4 %
// of the search. Here each identity (an effect anchors one to three men)
// is looked for in the 64 identity bytes eight at a time.
func (s *State) squaresOf(ids uint64) chess.Bitboard {
	var b chess.Bitboard
	for ; ids != 0; ids &= ids - 1 {
		b |= s.squaresOfID(uint8(bits.TrailingZeros64(ids)))
	}
	return b & s.pos.Occupied()
}

// squaresOfID is the set of squares whose identity byte is id (empty
// squares are 0): per word of eight squares, the bytes equal to id are
// the zero bytes of the word xor id in every byte, found exactly (no
// borrow between bytes) and packed into the word's eight bits.
func (s *State) squaresOfID(id uint8) chess.Bitboard {
	const lo7, hi = 0x7F7F7F7F7F7F7F7F, 0x0101010101010101
	pat := uint64(id) * hi
	var b uint64
	for w := 0; w < 8; w++ {
		x := binary.LittleEndian.Uint64(s.m.ids[8*w:]) ^ pat
		z := ^((x&lo7 + lo7) | x | lo7) // 0x80 in each zero byte, else 0
		b |= (z >> 7 * 0x0102040810204080 >> 56) << (8 * w)
	}
	return chess.Bitboard(b)
}

// env is what the effects in play mean now. With none in play (most
// nodes of a search with cards at the root) it is noEffects, shared:
// building one zeroed a 232-byte env three or four times a node. No
// reader writes to an env; only fillEnv does, and only to its own.
func (s *State) env() *env {
	if s.m.nEff == 0 {
		return &noEffects
	}
	e := new(env)
	s.fillEnv(e)
	return e
}

// noEffects is the env of a state with no effect in play (never written).
var noEffects env

func (s *State) fillEnv(e *env) {
	*e = env{}
	effs := s.eff[:s.m.nEff]
	for i := range effs {
		x := &effs[i]
		switch x.Kind {
		case EffWall:
			e.walls |= x.Zone
			if x.Counter <= 1 {
				e.expiring[x.Owner] |= x.Zone
			}
		case EffMine:
			e.mines |= x.Zone
		case EffWings:
			e.wings |= s.squaresOf(x.Pieces)
		case EffShield:
			e.shielded |= s.squaresOf(x.Pieces)
		case EffArmour:
			e.armour[x.Owner] |= x.Zone & s.pos.ColorBB(x.Owner)
		case EffImmunity:
			e.immune[x.Owner] = true
		case EffAnchorage:
			e.anchored[x.Owner] = true
		case EffSanctuary:
			e.sanct |= x.Zone
		case EffFog:
			e.fog |= x.Zone
		case EffLance:
			e.lance[x.Owner] = true
		case EffSurge:
			e.surge[x.Owner] = true
		case EffStride:
			e.stride[x.Owner] = true
		case EffSilence:
			e.silenced[x.Owner.Other()] = true
		}
	}
	// Prohibitions, now that the protections are known.
	for i := range effs {
		x := &effs[i]
		switch x.Kind {
		case EffParalysis:
			for b := s.squaresOf(x.Pieces); b != 0; {
				sq := b.PopLSB()
				if !e.protected(s, sq, cParalysis, x.Owner) {
					e.paralysed |= sq.Bit()
				}
			}
		case EffBlizzard:
			for b := x.Zone & s.pos.Pieces(x.Owner.Other(), chess.Pawn); b != 0; {
				sq := b.PopLSB()
				if !e.protected(s, sq, cProhibit, x.Owner) {
					e.frozen |= sq.Bit()
				}
			}
		case EffNoMans:
			if k := s.pos.KingSquare(x.Owner); k != chess.NoSquare {
				e.noMan[x.Owner.Other()] |= chess.KingAttacks(k)
			}
			for b := s.pos.ColorBB(x.Owner.Other()); b != 0; {
				sq := b.PopLSB()
				if e.protected(s, sq, cProhibit, x.Owner) {
					e.noManFree |= sq.Bit()
				}
			}
		}
	}
}

// protected reports whether the piece on sq is protected against
// consequence k of a card effect owned by src (rules §7: shields and
// preventions cover only enemy card effects; Santuario covers every
// elimination).
func (e *env) protected(s *State, sq chess.Square, k consequence, src chess.Color) bool {
	pc := s.pos.At(sq)
	if pc == chess.NoPiece {
		return false
	}
	if k == cElim && e.sanct.Has(sq) {
		return true
	}
	c := pc.Color()
	if c == src {
		return false
	}
	if e.shielded.Has(sq) || e.armour[c].Has(sq) {
		return true
	}
	switch k {
	case cElim:
		return e.immune[c]
	case cReloc:
		return e.anchored[c]
	}
	return false
}

// capBan is the set of squares whose piece no move may capture.
func (e *env) capBan() chess.Bitboard { return e.shielded | e.sanct | e.fog }

// attackers returns by's pieces attacking sq, walls blocking lines and
// winged pieces attacking like knights (rules §9.1).
func (s *State) attackers(sq chess.Square, by chess.Color, walls, wings chess.Bitboard) chess.Bitboard {
	p := s.pos
	occ := p.Occupied() | walls
	them := p.ColorBB(by)
	q := p.Pieces(by, chess.Queen)
	a := chess.PawnAttacks(by.Other(), sq) & p.Pieces(by, chess.Pawn)
	a |= chess.KnightAttacks(sq) & (p.Pieces(by, chess.Knight) | wings&them)
	a |= chess.KingAttacks(sq) & p.Pieces(by, chess.King)
	a |= chess.RookAttacks(sq, occ) & (p.Pieces(by, chess.Rook) | q)
	a |= chess.BishopAttacks(sq, occ) & (p.Pieces(by, chess.Bishop) | q)
	return a
}

// kingAttacked reports whether c's king is attacked; afterTicks removes
// c's own walls that vanish at the end of c's turn (rules §9.1 step 4).
func (s *State) kingAttacked(c chess.Color, e *env, afterTicks bool) bool {
	k := s.pos.KingSquare(c)
	if k == chess.NoSquare {
		return false
	}
	w := e.walls
	if afterTicks {
		w &^= e.expiring[c]
	}
	return s.attackers(k, c.Other(), w, e.wings) != 0
}

// --- board changes; every one goes through the chess position ---

func (s *State) mk(m chess.Move) { s.pos.Make(m.WithKeepTurn()) }

// mkMove makes a chess move of mover and returns how many board Makes it
// took: the board's side to move stays White, so a Black promotion is made
// between two passes for the new piece to get Black's colour.
func (s *State) mkMove(m chess.Move, mover chess.Color) int {
	if m.Kind() == chess.KindPromotion && mover != s.pos.Side() {
		s.pos.Make(chess.NullMove)
		s.pos.Make(m.WithKeepTurn())
		s.pos.Make(chess.NullMove)
		return 3
	}
	s.mk(m)
	return 1
}

// newID is an identity no piece on the board has.
func (s *State) newID() uint8 {
	var used uint64
	for occ := s.pos.Occupied(); occ != 0; {
		used |= 1 << s.m.ids[occ.PopLSB()]
	}
	for i := uint8(1); i < 64; i++ {
		if used&(1<<i) == 0 {
			return i
		}
	}
	return 63
}

// addEffect puts an effect in play.
func (s *State) addEffect(x Effect) {
	s.m.seq++
	x.seq = s.m.seq
	s.eff[s.m.nEff] = x
	s.m.nEff++
}

// endEffect ends effect i: its card goes to the discard pile.
func (s *State) endEffect(i int) {
	s.m.discard |= 1 << s.eff[i].Card
	copy(s.eff[i:], s.eff[i+1:s.m.nEff])
	s.m.nEff--
	s.eff[s.m.nEff] = Effect{}
}

func (s *State) effectIndex(c CardID) int {
	for i := 0; i < int(s.m.nEff); i++ {
		if s.eff[i].Card == c {
			return i
		}
	}
	return -1
}

// pieceGone ends the anchoring of every effect to identity id (the piece
// left the board or ceased to exist as that piece); an effect with no
// piece left ends.
func (s *State) pieceGone(id uint8) {
	if id == 0 {
		return
	}
	bit := uint64(1) << id
	for i := 0; i < int(s.m.nEff); {
		x := &s.eff[i]
		if x.Pieces&bit != 0 {
			x.Pieces &^= bit
			if x.Pieces == 0 {
				s.endEffect(i)
				continue
			}
		}
		i++
	}
}

// leave books a piece leaving the board (captured or eliminated).
func (s *State) leave(sq chess.Square) {
	pc := s.pos.At(sq)
	if t := pc.Type(); t != chess.King && t != chess.NoPieceType {
		s.m.pool[pc.Color()][t]++
	}
	s.pieceGone(s.m.ids[sq])
	s.m.ids[sq] = 0
	s.m.irrev = true
}

// eliminate removes the piece on sq (not a capture).
func (s *State) eliminate(sq chess.Square) {
	s.leave(sq)
	s.mk(chess.NewRemoval(sq))
}

// relocate puts the piece on from onto the empty square to, then lets an
// enemy mine there trigger.
func (s *State) relocate(from, to chess.Square) {
	if s.pos.At(from).Type() == chess.Pawn {
		s.m.irrev = true
	}
	s.m.ids[to] = s.m.ids[from]
	s.m.ids[from] = 0
	s.mk(chess.NewRelocation(from, to))
	s.arrive(to)
}

// swap exchanges the pieces on a and b (both relocated).
func (s *State) swap(a, b chess.Square) {
	pb := s.pos.At(b)
	if s.pos.At(a).Type() == chess.Pawn || pb.Type() == chess.Pawn {
		s.m.irrev = true
	}
	ia, ib := s.m.ids[a], s.m.ids[b]
	s.mk(chess.NewRemoval(b))
	s.mk(chess.NewRelocation(a, b))
	s.mk(chess.NewDrop(pb, a))
	s.m.ids[a], s.m.ids[b] = ib, ia
	s.arrive(b)
	s.arrive(a)
}

// place puts a piece of c's pool on the empty square sq.
func (s *State) place(c chess.Color, t chess.PieceType, sq chess.Square) {
	s.m.pool[c][t]--
	s.mk(chess.NewDrop(chess.MakePiece(c, t), sq))
	s.m.ids[sq] = s.newID()
	s.m.irrev = true
}

// replace changes the piece on sq into type t of the same colour: the old
// piece ceases to exist, so the effects anchored to it end.
func (s *State) replace(sq chess.Square, t chess.PieceType) {
	pc := s.pos.At(sq)
	s.pieceGone(s.m.ids[sq])
	s.mk(chess.NewRemoval(sq))
	s.mk(chess.NewDrop(chess.MakePiece(pc.Color(), t), sq))
	s.m.irrev = true
}

// arrive triggers an enemy mine on sq under the piece that has just
// arrived there (rules §9.3).
func (s *State) arrive(sq chess.Square) {
	pc := s.pos.At(sq)
	if pc == chess.NoPiece || pc.Type() == chess.King {
		return
	}
	for i := 0; i < int(s.m.nEff); i++ {
		x := &s.eff[i]
		if x.Kind != EffMine || !x.Zone.Has(sq) || x.Owner == pc.Color() {
			continue
		}
		if s.env().protected(s, sq, cElim, x.Owner) {
			return
		}
		s.endEffect(i)
		s.eliminate(sq)
		return
	}
}

// epMove and castleMove build the special moves the chess package has no
// exported constructor for (bit layout of chess.Move).
func epMove(from, to chess.Square) chess.Move {
	return chess.Move(uint32(from) | uint32(to)<<6 | uint32(chess.KindEnPassant)<<14)
}

func castleMove(from, to chess.Square) chess.Move {
	return chess.Move(uint32(from) | uint32(to)<<6 | uint32(chess.KindCastle)<<14)
}

func castleRook(kingTo chess.Square) (chess.Square, chess.Square) {
	switch kingTo {
	case chess.G1:
		return chess.H1, chess.F1
	case chess.C1:
		return chess.A1, chess.D1
	case chess.G8:
		return chess.H8, chess.F8
	}
	return chess.A8, chess.D8
}

// strideBit marks a royal-stride king move inside a move action (it is
// stripped before the move is made).
const strideBit chess.Move = 1 << 20

// boardMove makes a standard or card-directed move for mover and books
// it: captures, identities, the anchored effects of a captured or
// promoted piece, en passant, mines. It reports whether the move is an
// impact event (rules §5) that opens a reaction window: a check counts
// only where one can open.
func (s *State) boardMove(m chess.Move, mover chess.Color) bool {
	m &^= strideBit
	from, to := m.From(), m.To()
	impact := false
	pawn := s.pos.At(from).Type() == chess.Pawn
	switch m.Kind() {
	case chess.KindNormal, chess.KindPromotion:
		if s.pos.At(to) != chess.NoPiece {
			s.leave(to)
			impact = true
		}
		s.m.ids[to] = s.m.ids[from]
		s.m.ids[from] = 0
		if m.Kind() == chess.KindPromotion {
			s.pieceGone(s.m.ids[to])
			impact = true
		}
	case chess.KindEnPassant:
		capSq := chess.MakeSquare(to.File(), from.Rank())
		s.leave(capSq)
		s.m.ids[to] = s.m.ids[from]
		s.m.ids[from] = 0
		impact = true
	case chess.KindCastle:
		rf, rt := castleRook(to)
		s.m.ids[to] = s.m.ids[from]
		s.m.ids[from] = 0
		s.m.ids[rt] = s.m.ids[rf]
		s.m.ids[rf] = 0
		impact = true
	}
	if pawn {
		s.m.irrev = true
	}
	s.mkMove(m, mover)
	if s.turns != nil {
		s.turns.prefetch(s.pos.Hash())
	}
	if m.Kind() == chess.KindCastle {
		_, rt := castleRook(to)
		s.arrive(rt)
	} else {
		s.arrive(to)
	}
	// A check is an impact too; the callers use the impact only when the
	// other player's reaction window opens (reactOpen, which nothing
	// between here and them changes), so the king test, an env and an
	// attack set per move, is spared where none can (classic mode, an
	// empty or silenced hand).
	if !impact && s.reactOpen() && s.kingAttacked(mover.Other(), s.env(), false) {
		impact = true
	}
	return impact
}
