// Package record owns the binary format of the network's training
// positions: 32-byte packed records that `azar datagen -format bin`
// writes and eval/nnue/train reads (docs/nnue.md). It knows the board and
// nothing about searching or training.
//
// One record, little-endian:
//
//	offset size
//	0      8    occupancy bitboard (bit i = square i, a1 = 0)
//	8      16   4-bit piece codes, one per occupied square in increasing
//	            square order, low nibble first; code = colour<<3 | type
//	            (White 1-6 = P N B R Q K, Black 9-14), unused nibbles 0
//	24     2    int16 search score in centipawns, from White's view
//	26     1    game result from White's view: 0 loss, 1 draw, 2 win
//	27     1    bit 0 side to move (1 = Black), bits 1-4 castling rights
//	            (K Q k q), bits 5-7 zero
//	28     1    en-passant square, 64 when there is none
//	29     1    halfmove clock (fifty-move rule), capped at 255
//	30     2    uint16 fullmove number
//
// Score and result are both from White's view, as in the text format the
// Texel tuner reads; the trainer turns them to the side to move's.
package record

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"azar/variants/chess"
)

// Size is the length of one record in bytes.
const Size = 32

// Results from White's view.
const (
	BlackWins = 0
	Draw      = 1
	WhiteWins = 2
)

// Record is one decoded training position.
type Record struct {
	Occupied chess.Bitboard
	// Pieces are the pieces on the occupied squares, lowest square first.
	Pieces   [32]chess.Piece
	Score    int16 // centipawns, White's view
	Result   uint8 // BlackWins, Draw or WhiteWins
	Side     chess.Color
	Castle   chess.CastleRights
	EP       chess.Square
	Rule50   uint8
	FullMove uint16
}

// FromPosition packs p with its search score (side to move's view, as the
// search returns it) and the game's result (White's view).
func FromPosition(p *chess.Position, stmScore int, result uint8) (Record, error) {
	var r Record
	occ := p.Occupied()
	if occ.Count() > 32 {
		return r, fmt.Errorf("record: %d pieces, at most 32 fit", occ.Count())
	}
	if result > WhiteWins {
		return r, fmt.Errorf("record: result %d", result)
	}
	r.Occupied = occ
	for i := 0; occ != 0; i++ {
		r.Pieces[i] = p.At(occ.PopLSB())
	}
	if p.Side() == chess.Black {
		stmScore = -stmScore
	}
	r.Score = int16(max(-32767, min(32767, stmScore)))
	r.Result = result
	r.Side = p.Side()
	r.Castle = p.CastleRights()
	r.EP = p.EPSquare()
	r.Rule50 = uint8(min(255, p.Rule50()))
	r.FullMove = uint16(min(65535, p.FullMove()))
	return r, nil
}

// Encode writes the record's 32 bytes into b, which must hold Size.
func (r *Record) Encode(b []byte) {
	b = b[:Size]
	binary.LittleEndian.PutUint64(b, uint64(r.Occupied))
	clear(b[8:24])
	n := r.Occupied.Count()
	for i := 0; i < n; i++ {
		b[8+i/2] |= byte(r.Pieces[i]&15) << (4 * (i & 1))
	}
	binary.LittleEndian.PutUint16(b[24:], uint16(r.Score))
	b[26] = r.Result
	b[27] = byte(r.Side) | byte(r.Castle&chess.AllCastleRights)<<1
	b[28] = byte(r.EP)
	b[29] = r.Rule50
	binary.LittleEndian.PutUint16(b[30:], r.FullMove)
}

// Decode reads one record from b (at least Size bytes). It checks what the
// trainer relies on: valid piece codes, one king a side, no pawn on the
// first or last rank, a valid result, side, flags and en-passant square.
func Decode(b []byte) (Record, error) {
	var r Record
	if len(b) < Size {
		return r, fmt.Errorf("record: %d bytes, want %d", len(b), Size)
	}
	r.Occupied = chess.Bitboard(binary.LittleEndian.Uint64(b))
	n := r.Occupied.Count()
	if n > 32 {
		return r, fmt.Errorf("record: %d occupied squares, at most 32", n)
	}
	var kings [2]int
	occ := r.Occupied
	for i := 0; i < 32; i++ {
		code := chess.Piece(b[8+i/2] >> (4 * (i & 1)) & 15)
		if i >= n {
			if code != chess.NoPiece {
				return r, errors.New("record: piece code beyond the occupied squares")
			}
			continue
		}
		sq := occ.PopLSB()
		t := code.Type()
		if t == chess.NoPieceType || t > chess.King {
			return r, fmt.Errorf("record: bad piece code %d", code)
		}
		if t == chess.Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
			return r, fmt.Errorf("record: pawn on %s", sq)
		}
		if t == chess.King {
			kings[code.Color()]++
		}
		r.Pieces[i] = code
	}
	if kings != [2]int{1, 1} {
		return r, fmt.Errorf("record: %d white and %d black kings", kings[0], kings[1])
	}
	r.Score = int16(binary.LittleEndian.Uint16(b[24:]))
	if r.Result = b[26]; r.Result > WhiteWins {
		return r, fmt.Errorf("record: result %d", r.Result)
	}
	if b[27]>>5 != 0 {
		return r, fmt.Errorf("record: unused flag bits set in %#x", b[27])
	}
	r.Side = chess.Color(b[27] & 1)
	r.Castle = chess.CastleRights(b[27] >> 1)
	r.EP = chess.Square(b[28])
	if r.EP != chess.NoSquare && (r.EP > chess.NoSquare || r.EP.Rank() != 2 && r.EP.Rank() != 5) {
		return r, fmt.Errorf("record: en-passant square %d", b[28])
	}
	r.Rule50 = b[29]
	r.FullMove = binary.LittleEndian.Uint16(b[30:])
	return r, nil
}

// Squares calls f for every piece of the record, in square order.
func (r *Record) Squares(f func(pc chess.Piece, sq chess.Square)) {
	occ := r.Occupied
	for i := 0; occ != 0; i++ {
		f(r.Pieces[i], occ.PopLSB())
	}
}

// PieceCount is the number of pieces on the board.
func (r *Record) PieceCount() int { return bits.OnesCount64(uint64(r.Occupied)) }

// FEN is the position as a FEN string.
func (r *Record) FEN() string {
	var board [64]chess.Piece
	r.Squares(func(pc chess.Piece, sq chess.Square) { board[sq] = pc })
	var b []byte
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := board[chess.MakeSquare(file, rank)]
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, pc.Letter())
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	side := "w"
	if r.Side == chess.Black {
		side = "b"
	}
	return fmt.Sprintf("%s %s %s %s %d %d", b, side, r.Castle, r.EP, r.Rule50, max(1, int(r.FullMove)))
}

// Reader reads records one at a time.
type Reader struct {
	r   io.Reader
	buf [Size]byte
	n   int64 // records read
}

// NewReader reads records from r (wrap files in a bufio.Reader).
func NewReader(r io.Reader) *Reader { return &Reader{r: r} }

// Next returns the next record; io.EOF at a clean end, io.ErrUnexpectedEOF
// when the data ends inside a record, and an error naming the record's
// number when it is malformed.
func (rd *Reader) Next() (Record, error) {
	if _, err := io.ReadFull(rd.r, rd.buf[:]); err != nil {
		return Record{}, err
	}
	rd.n++
	r, err := Decode(rd.buf[:])
	if err != nil {
		return r, fmt.Errorf("record %d: %w", rd.n, err)
	}
	return r, nil
}
