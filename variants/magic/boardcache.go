package magic

import (
	"unsafe"

	"azar/internal/prefetch"
	"azar/variants/chess"
)

// TurnCache remembers, board by board, what the worlds of one search ask
// again and again: whether each side has a legal standard move at a
// turn's start on a board with no effect in play (turnHasLegal), and a
// value per colour that the evaluation keeps there (Value, SetValue:
// eval.EvaluateMagicWith's chess part, which is the board's alone). Both
// live in one 16-byte slot under the board's Zobrist key (Position.Hash),
// so a leaf's evaluation reads the cache line its turn start has just
// read, and boardMove asks for that line as soon as the move is on the
// board (prefetch). Before, the turn start and the evaluation probed a
// cache each, two cache misses at most nodes (a seventh of the search's
// time, docs/magic.md "Fourth pass"). The answers are exact but for a
// 64-bit collision of the key. The states that share a cache
// (ShareTurnCache: a view and the worlds dealt from it) and its
// evaluator must be used by one goroutine at a time.
type TurnCache struct {
	slots [boardSlots]boardSlot
}

// boardSlots is the cache's size: 64 K slots, 1 MiB.
const boardSlots = 1 << 16

// boardSlot is one board's answers. tag is the key with its low bits, the
// slot's index (the same for every key in the slot), replaced by the
// flags: which answers are there, and the turn verdicts.
type boardSlot struct {
	tag uint64
	val [2]int32
}

// boardFlags are the tag's bits that the index spares.
const boardFlags = boardSlots - 1

// The flags: a turn verdict for the colour is there, and it is "a legal
// standard move exists"; a value for the colour is there.
var (
	turnSet   = [2]uint64{1, 2}
	turnLegal = [2]uint64{4, 8}
	valueSet  = [2]uint64{16, 32}
)

// NewTurnCache returns an empty cache.
func NewTurnCache() *TurnCache { return new(TurnCache) }

// ShareTurnCache makes s (and the states cloned from it later: views,
// worlds) read and fill c; nil stops it. The states that share a cache
// must be used by one goroutine at a time.
func (s *State) ShareTurnCache(c *TurnCache) { s.turns = c }

func (c *TurnCache) slot(key uint64) *boardSlot { return &c.slots[key&boardFlags] }

// mark sets key's slot sl's flags f, and clears those of drop: another
// board's answers leave the slot first.
func (c *TurnCache) mark(sl *boardSlot, key, drop, f uint64) {
	if sl.tag&^boardFlags != key&^boardFlags {
		sl.tag = key &^ boardFlags
	}
	sl.tag = sl.tag&^drop | f
}

// setVerdict stores whether col has a legal standard move on the board
// of Zobrist key key.
func (c *TurnCache) setVerdict(sl *boardSlot, key uint64, col chess.Color, legal bool) {
	f := turnSet[col]
	if legal {
		f |= turnLegal[col]
	}
	c.mark(sl, key, turnLegal[col], f)
}

// Value returns the value stored for the board of Zobrist key key and
// colour col, if there is one.
func (c *TurnCache) Value(key uint64, col chess.Color) (int, bool) {
	sl := c.slot(key)
	if sl.tag&^boardFlags == key&^boardFlags && sl.tag&valueSet[col] != 0 {
		return int(sl.val[col]), true
	}
	return 0, false
}

// SetValue stores v for the board of Zobrist key key and colour col.
func (c *TurnCache) SetValue(key uint64, col chess.Color, v int) {
	sl := c.slot(key)
	c.mark(sl, key, 0, valueSet[col])
	sl.val[col] = int32(v)
}

// prefetch asks for the line of key's slot, so that the turn start and
// the evaluation that follow a move find it in the processor's cache.
func (c *TurnCache) prefetch(key uint64) { prefetch.Line(unsafe.Pointer(&c.slots[key&boardFlags])) }
