package books

import (
	"fmt"
	"strings"

	"azar/variants/chess"
)

// Offsets of the non-piece keys in random64.
const (
	castleOffset    = 768
	enPassantOffset = 772
	turnOffset      = 780
)

// Key is the Polyglot key of a standard-chess position. The en-passant
// term follows Polyglot, not the position's own hash: it is present after
// a double pawn push whenever a pawn of the side to move stands next to the
// pushed pawn, even if that capture is illegal (a pinned pawn). Position
// keeps an en-passant square only when the capture is legal, so Key reads
// the double push from the last move made; a position without history
// carries only what its FEN kept (use KeyFEN to hash a FEN as written).
func Key(p *chess.Position) uint64 {
	ep := p.EPSquare()
	if ep == chess.NoSquare {
		ep = lastDoublePush(p)
	}
	return key(p, ep)
}

// KeyFEN parses a FEN and returns its position and Polyglot key, the
// en-passant term taken from the FEN's own en-passant field (under
// Polyglot's rule: only when a pawn of the side to move stands next to the
// pushed pawn).
func KeyFEN(fen string) (uint64, *chess.Position, error) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return 0, nil, err
	}
	ep := chess.NoSquare
	if f := strings.Fields(fen); len(f) >= 4 && f[3] != "-" {
		s, ok := chess.ParseSquare(f[3])
		if !ok {
			return 0, nil, fmt.Errorf("invalid FEN %q: en-passant field %q", fen, f[3])
		}
		ep = s
	}
	return key(p, ep), p, nil
}

// lastDoublePush is the square a pawn skipped with the last move, when that
// move was a double push by the side not to move, else NoSquare.
func lastDoublePush(p *chess.Position) chess.Square {
	m := p.LastMove()
	if m == chess.NoMove || m.Kind() != chess.KindNormal || m.KeepsTurn() {
		return chess.NoSquare
	}
	from, to := m.From(), m.To()
	if p.At(to) != chess.MakePiece(p.Side().Other(), chess.Pawn) || from.File() != to.File() {
		return chess.NoSquare
	}
	if d := int(to) - int(from); d != 16 && d != -16 {
		return chess.NoSquare
	}
	return (from + to) / 2
}

// key hashes p with ep as the square a double push skipped (NoSquare for
// none); the en-passant term is added only when a pawn of the side to move
// stands beside the pushed pawn.
func key(p *chess.Position, ep chess.Square) uint64 {
	var k uint64
	occ := p.Occupied()
	for occ != 0 {
		s := occ.PopLSB()
		pc := p.At(s)
		kind := 2 * int(pc.Type()-chess.Pawn)
		if pc.Color() == chess.White {
			kind++
		}
		k ^= random64[64*kind+int(s)]
	}
	cr := p.CastleRights()
	for i, r := range [4]chess.CastleRights{chess.WhiteKingSide, chess.WhiteQueenSide, chess.BlackKingSide, chess.BlackQueenSide} {
		if cr&r != 0 {
			k ^= random64[castleOffset+i]
		}
	}
	if ep != chess.NoSquare && pawnBeside(p, ep) {
		k ^= random64[enPassantOffset+ep.File()]
	}
	if p.Side() == chess.White {
		k ^= random64[turnOffset]
	}
	return k
}

// pawnBeside reports whether a pawn of the side to move stands next to the
// pawn that skipped ep (on ep's rank 3 or 6, the pawn is one rank further
// from its owner's side).
func pawnBeside(p *chess.Position, ep chess.Square) bool {
	var pushed chess.Square
	switch {
	case p.Side() == chess.White && ep.Rank() == 5:
		pushed = ep - 8
	case p.Side() == chess.Black && ep.Rank() == 2:
		pushed = ep + 8
	default:
		return false
	}
	ours := chess.MakePiece(p.Side(), chess.Pawn)
	f := pushed.File()
	return f > 0 && p.At(pushed-1) == ours || f < 7 && p.At(pushed+1) == ours
}
