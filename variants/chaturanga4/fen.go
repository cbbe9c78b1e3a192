package chaturanga4

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"azar/variants/chess"
)

// StartC4N is the starting position (docs/rules/chaturanga4.md).
const StartC4N = "yByP2bKbEbNbB/yNyP2bPbPbPbP/yEyP6/yKyP6/6rPrK/6rPrE/gPgPgPgP2rPrN/gBgNgEgK2rPrB r rgyb -/-/-/- 0 1"

// NewPosition returns the starting position.
func NewPosition() *Position {
	p, err := ParseC4N(StartC4N)
	if err != nil {
		panic("chaturanga4: the start position does not parse: " + err.Error())
	}
	return p
}

// ParseC4N reads a position in C4N, the six-field notation of the rules:
// placement, seat to move, active seats, pools, halfmove counter, round.
// The eliminated seats are those given as "-" in the third field; their
// pieces on the board are frozen. A position that could not arise (an
// active seat without exactly one raja, an eliminated seat with one, the
// seat to move out of the game) is refused.
func ParseC4N(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 6 {
		return nil, fmt.Errorf("C4N %q: want 6 fields (placement, seat to move, seats, pools, halfmove, round), got %d", s, len(f))
	}
	p := &Position{}
	if err := p.parsePlacement(f[0]); err != nil {
		return nil, err
	}
	if len(f[1]) != 1 || strings.IndexByte(seatLetters, f[1][0]) < 0 {
		return nil, fmt.Errorf("C4N: seat to move %q: want r, g, y or b", f[1])
	}
	p.toMove = Seat(strings.IndexByte(seatLetters, f[1][0]))
	if len(f[2]) != Seats {
		return nil, fmt.Errorf("C4N: seats %q: want four characters, each the seat's letter (rgyb) or -", f[2])
	}
	for i := 0; i < Seats; i++ {
		switch f[2][i] {
		case seatLetters[i]:
			p.active |= 1 << i
		case '-':
			// Eliminated before this position: C4N does not record the
			// order, so the lower seat is taken to have fallen first.
			p.eliminated = append(p.eliminated, Seat(i))
		default:
			return nil, fmt.Errorf("C4N: seats %q: character %d must be %c or -", f[2], i+1, seatLetters[i])
		}
	}
	if err := p.parsePools(f[3]); err != nil {
		return nil, err
	}
	hm, err := strconv.Atoi(f[4])
	if err != nil || hm < 0 || hm > 1_000_000 {
		return nil, fmt.Errorf("C4N: halfmove counter %q: want an integer from 0", f[4])
	}
	rd, err := strconv.Atoi(f[5])
	if err != nil || rd < 1 || rd > 1_000_000 {
		return nil, fmt.Errorf("C4N: round %q: want an integer from 1", f[5])
	}
	p.halfmove, p.round = hm, rd
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("C4N placement: want 8 ranks separated by /, got %d", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				j++
				if file > 8 {
					return fmt.Errorf("C4N placement, rank %d: %q describes more than 8 squares", rank+1, row)
				}
				continue
			}
			if j+1 >= len(row) {
				return fmt.Errorf("C4N placement, rank %d: %q is not a seat letter and a piece letter", rank+1, row[j:])
			}
			si, ti := strings.IndexByte(seatLetters, c), strings.IndexByte(typeLetters[1:], row[j+1])
			if si < 0 || ti < 0 {
				return fmt.Errorf("C4N placement, rank %d: %q is not a piece (r, g, y or b, then K, E, N, B or P)", rank+1, row[j:j+2])
			}
			if file >= 8 {
				return fmt.Errorf("C4N placement, rank %d: %q describes more than 8 squares", rank+1, row)
			}
			p.put(MakePiece(Seat(si), PieceType(ti+1)), chess.MakeSquare(file, rank))
			file++
			j += 2
		}
		if file != 8 {
			return fmt.Errorf("C4N placement, rank %d: %q does not describe 8 squares", rank+1, row)
		}
	}
	return nil
}

func (p *Position) parsePools(s string) error {
	groups := strings.Split(s, "/")
	if len(groups) != Seats {
		return fmt.Errorf("C4N pools %q: want four groups (r/g/y/b) separated by /", s)
	}
	for seat, g := range groups {
		if g == "-" {
			continue
		}
		if g == "" {
			return fmt.Errorf("C4N pools %q: an empty pool is written -", s)
		}
		for i := 0; i < len(g); i++ {
			t := PieceType(strings.IndexByte(typeLetters, g[i]))
			if !isPoolType(t) {
				return fmt.Errorf("C4N pools %q: %q is not E, B or N", s, g[i])
			}
			if p.pools[seat][poolIndex(t)] == maxPool {
				return fmt.Errorf("C4N pools %q: more than %d of one type", s, maxPool)
			}
			p.pools[seat][poolIndex(t)]++
		}
	}
	return nil
}

func (p *Position) validate() error {
	if p.active == 0 {
		return errors.New("C4N: no seat is active")
	}
	for s := Seat(0); s < Seats; s++ {
		n := p.Pieces(s, King).Count()
		switch {
		case p.Active(s) && n != 1:
			return fmt.Errorf("C4N: %s is active with %d rajas, want 1", s.Name(), n)
		case !p.Active(s) && n != 0:
			return fmt.Errorf("C4N: %s is eliminated but its raja is on the board", s.Name())
		}
		if n := p.SeatPieces(s).Count(); n > 8 {
			return fmt.Errorf("C4N: %s has %d pieces, at most 8", s.Name(), n)
		}
	}
	if !p.Active(p.toMove) {
		return fmt.Errorf("C4N: %s is to move but eliminated", p.toMove.Name())
	}
	return nil
}

// C4N writes the position in C4N.
func (p *Position) C4N() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[chess.MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.toMove.String())
	b.WriteByte(' ')
	for s := Seat(0); s < Seats; s++ {
		if p.Active(s) {
			b.WriteString(s.String())
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteByte(' ')
	for s := Seat(0); s < Seats; s++ {
		if s > 0 {
			b.WriteByte('/')
		}
		n := 0
		for i, t := range poolTypes {
			for k := 0; k < int(p.pools[s][i]); k++ {
				b.WriteByte(typeLetters[t])
				n++
			}
		}
		if n == 0 {
			b.WriteByte('-')
		}
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.round)
	return b.String()
}

// String draws the board with the C4N line below it.
func (p *Position) String() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%d ", rank+1)
		for file := 0; file < 8; file++ {
			pc := p.board[chess.MakeSquare(file, rank)]
			b.WriteByte(' ')
			s := pc.String()
			if pc != NoPiece && !p.Active(pc.Seat()) {
				s = strings.ToLower(s) // frozen pieces in lower case
			}
			b.WriteString(s)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a  b  c  d  e  f  g  h\n")
	return b.String()
}
