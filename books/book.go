package books

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"

	"azar/variants/chess"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// MaxBookBytes bounds the books Load and Read accept: 1 GiB is 67 million
// entries, far beyond any published book; a bigger file is refused rather
// than read into memory.
const MaxBookBytes = 1 << 30

// Entry is one book record: a position's key, one move from it, the move's
// weight and the learn field (unused by PolyGlot's builder; kept as read).
type Entry struct {
	Key    uint64
	Move   uint16
	Weight uint16
	Learn  uint32
}

// Book is a Polyglot book held in memory, entries sorted by key.
type Book struct {
	entries []Entry
}

// Parse reads a book from its bytes: whole 16-byte entries, big-endian,
// sorted by key (a book out of order could not be searched and is refused).
func Parse(data []byte) (*Book, error) {
	if len(data)%EntrySize != 0 {
		return nil, fmt.Errorf("book size %d bytes is not a multiple of %d", len(data), EntrySize)
	}
	es := make([]Entry, len(data)/EntrySize)
	for i := range es {
		b := data[i*EntrySize:]
		es[i] = Entry{
			Key:    binary.BigEndian.Uint64(b),
			Move:   binary.BigEndian.Uint16(b[8:]),
			Weight: binary.BigEndian.Uint16(b[10:]),
			Learn:  binary.BigEndian.Uint32(b[12:]),
		}
		if i > 0 && es[i].Key < es[i-1].Key {
			return nil, fmt.Errorf("book entry %d (key %016x) is out of order: keys must not decrease", i+1, es[i].Key)
		}
	}
	return &Book{entries: es}, nil
}

// Read reads a whole book from r.
func Read(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBookBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxBookBytes {
		return nil, fmt.Errorf("book larger than %d bytes", MaxBookBytes)
	}
	return Parse(data)
}

// Load reads the book file at path, which must be a regular file (a device
// or a pipe could block or never end).
func Load(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	b, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Len is the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Entries returns the entries in file order (not to be modified).
func (b *Book) Entries() []Entry { return b.entries }

// Lookup returns the entries of key, in file order (not to be modified).
func (b *Book) Lookup(key uint64) []Entry {
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= key })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return b.entries[i:j]
}

// Choice is a book move legal in the position probed, with its weight.
type Choice struct {
	Move   chess.Move
	Weight uint16
}

// Choices returns the book's legal moves for p in file order. Entries whose
// move is not legal in p (a key collision or a corrupt book) are left out.
func (b *Book) Choices(p *chess.Position) []Choice {
	es := b.Lookup(Key(p))
	if len(es) == 0 {
		return nil
	}
	var l chess.MoveList
	p.GenerateLegal(&l)
	var out []Choice
	for _, e := range es {
		if m, ok := decodeIn(l.Slice(), e.Move); ok {
			out = append(out, Choice{m, e.Weight})
		}
	}
	return out
}

// Pick chooses a move among choices with probability weight/total, as
// PolyGlot's random book play does; moves of weight 0 are never chosen,
// and with no positive weight there is no choice. r is the caller's
// source, so that a seeded one repeats its picks.
func Pick(choices []Choice, r *rand.Rand) (chess.Move, bool) {
	var total uint64
	for _, c := range choices {
		total += uint64(c.Weight)
	}
	if total == 0 {
		return chess.NoMove, false
	}
	x := r.Uint64N(total)
	for _, c := range choices {
		if x < uint64(c.Weight) {
			return c.Move, true
		}
		x -= uint64(c.Weight)
	}
	return chess.NoMove, false // not reached: x < total
}

// Write writes entries as a Polyglot book, in the order given.
func Write(w io.Writer, entries []Entry) error {
	buf := make([]byte, 0, 64<<10)
	for _, e := range entries {
		buf = binary.BigEndian.AppendUint64(buf, e.Key)
		buf = binary.BigEndian.AppendUint16(buf, e.Move)
		buf = binary.BigEndian.AppendUint16(buf, e.Weight)
		buf = binary.BigEndian.AppendUint32(buf, e.Learn)
		if len(buf) >= cap(buf)-EntrySize {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}
