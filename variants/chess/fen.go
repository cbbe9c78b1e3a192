package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// maxRule50 bounds the half-move clock a FEN may carry; anything larger is
// a typo, not a game.
const maxRule50 = 10000

// NewPosition returns the starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // the constant is valid; a failure here is a bug
	}
	return p
}

// ParseFEN reads a FEN string. The halfmove and fullmove fields may be
// omitted (they default to 0 and 1). A FEN that does not describe a legal
// chess position is refused with an error naming the problem: unknown
// letters, wrong rank lengths, not exactly one king per side, pawns on the
// first or last rank, the side not to move in check, castling rights
// without king and rook at home, or an impossible en-passant square.
// An en-passant square on which no capture is legal is accepted and dropped,
// as it does not change the position (docs/rules/standard.md B2.1).
func ParseFEN(fen string) (*Position, error) {
	p, err := parseBoardFEN(fen)
	if err != nil {
		return nil, err
	}
	if err := p.validateChess(); err != nil {
		return nil, fmt.Errorf("invalid FEN %q: %w", fen, err)
	}
	return p, nil
}

// ParseFENLoose reads a FEN like ParseFEN but checks only the syntax and
// the consistency of castling and en-passant fields, not the chess-specific
// legality (king count, pawns on back ranks, side not to move in check).
// Variants with other material rules build on it.
func ParseFENLoose(fen string) (*Position, error) { return parseBoardFEN(fen) }

func parseBoardFEN(fen string) (*Position, error) {
	fail := func(format string, args ...any) (*Position, error) {
		return nil, fmt.Errorf("invalid FEN %q: %s", fen, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return fail("want 4 to 6 fields (board, side, castling, en passant, clocks), got %d", len(fields))
	}
	p := &Position{ep: NoSquare, hist: make([]undo, 0, historyCap)}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return fail("board has %d ranks, want 8", len(ranks))
	}
	for i, r := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			default:
				pc, ok := PieceFromLetter(c)
				if !ok {
					return fail("unknown piece letter %q on rank %d", c, rank+1)
				}
				if file >= 8 {
					return fail("rank %d has more than 8 squares", rank+1)
				}
				p.put(pc, MakeSquare(file, rank))
				file++
			}
			if file > 8 {
				return fail("rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return fail("rank %d has %d squares, want 8", rank+1, file)
		}
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fail("side to move %q, want w or b", fields[1])
	}
	if fields[2] != "-" {
		for _, c := range fields[2] {
			i := strings.IndexRune("KQkq", c)
			if i < 0 {
				return fail("castling field %q: unknown letter %q", fields[2], c)
			}
			if p.castle&(1<<i) != 0 {
				return fail("castling field %q repeats %q", fields[2], c)
			}
			p.castle |= 1 << i
		}
	}
	if err := p.checkCastleRights(); err != nil {
		return fail("%v", err)
	}
	if fields[3] != "-" {
		s, ok := ParseSquare(fields[3])
		if !ok {
			return fail("en-passant field %q is not a square", fields[3])
		}
		if err := p.checkEPSquare(s); err != nil {
			return fail("%v", err)
		}
		p.ep = s
	}
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > maxRule50 {
			return fail("half-move clock %q, want a number from 0 to %d", fields[4], maxRule50)
		}
		p.rule50 = n
	}
	full := 1
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 100000 {
			return fail("move number %q, want a number from 1 to 100000", fields[5])
		}
		full = n
	}
	p.ply = 2*(full-1) + int(p.side)
	p.ep = p.legalEP(p.ep)
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) checkCastleRights() error {
	need := []struct {
		right      CastleRights
		king, rook Square
		c          Color
	}{
		{WhiteKingSide, E1, H1, White}, {WhiteQueenSide, E1, A1, White},
		{BlackKingSide, E8, H8, Black}, {BlackQueenSide, E8, A8, Black},
	}
	for _, n := range need {
		if p.castle&n.right == 0 {
			continue
		}
		if p.board[n.king] != MakePiece(n.c, King) {
			return fmt.Errorf("castling right %s without the %s king on %s", n.right, n.c, n.king)
		}
		if p.board[n.rook] != MakePiece(n.c, Rook) {
			return fmt.Errorf("castling right %s without the %s rook on %s", n.right, n.c, n.rook)
		}
	}
	return nil
}

// checkEPSquare accepts s only if the last move can have been a double pawn
// push over s: right rank, the pushed pawn in front of it, s and the pawn's
// origin empty.
func (p *Position) checkEPSquare(s Square) error {
	them := p.side.Other()
	wantRank, pawnSq, origin := 5, s-8, s+8
	if p.side == Black {
		wantRank, pawnSq, origin = 2, s+8, s-8
	}
	if s.Rank() != wantRank {
		return fmt.Errorf("en-passant square %s is not on rank %d", s, wantRank+1)
	}
	if p.board[pawnSq] != MakePiece(them, Pawn) {
		return fmt.Errorf("en-passant square %s without a %s pawn on %s", s, them, pawnSq)
	}
	if p.board[s] != NoPiece || p.board[origin] != NoPiece {
		return fmt.Errorf("en-passant square %s: %s and %s must be empty", s, s, origin)
	}
	return nil
}

var errNoKing = errors.New("each side needs exactly one king")

// validateChess checks what standard chess requires of a position.
func (p *Position) validateChess() error {
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("%w: %s has %d", errNoKing, c, n)
		}
	}
	// Every piece beyond the initial set must be a promoted pawn; this also
	// bounds the number of legal moves below the move list's capacity.
	for c := White; c <= Black; c++ {
		pawns := p.Pieces(c, Pawn).Count()
		extra := max(0, p.Pieces(c, Queen).Count()-1) + max(0, p.Pieces(c, Rook).Count()-2) +
			max(0, p.Pieces(c, Bishop).Count()-2) + max(0, p.Pieces(c, Knight).Count()-2)
		if pawns+extra > 8 {
			return fmt.Errorf("%s has too many pieces: %d pawns and %d pieces beyond the initial set, at most 8 together", c, pawns, extra)
		}
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return fmt.Errorf("pawn on %s (pawns cannot stand on rank 1 or 8)", b.LSB())
	}
	if p.Attacked(p.KingSquare(p.side.Other()), p.side) {
		return fmt.Errorf("the side not to move (%s) is in check", p.side.Other())
	}
	return nil
}

// FEN writes the position. The en-passant field shows a square only when
// an en-passant capture is legal there (as modern Stockfish does).
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if p.side == Black {
		side = "b"
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, p.castle, p.ep, p.rule50, p.FullMove())
	return b.String()
}

// String draws the board as text (White at the bottom) with its FEN and
// key, as the UCI `d` command prints it.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString("\n +---+---+---+---+---+---+---+---+\n")
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			c := byte(' ')
			if pc := p.board[MakeSquare(file, rank)]; pc != NoPiece {
				c = pc.Letter()
			}
			b.WriteString(" | ")
			b.WriteByte(c)
		}
		fmt.Fprintf(&b, " | %d\n +---+---+---+---+---+---+---+---+\n", rank+1)
	}
	b.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&b, "Fen: %s\nKey: %016X\n", p.FEN(), p.hash)
	return b.String()
}
