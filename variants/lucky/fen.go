package lucky

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// Encode writes the public state in the FEN extension of docs/lucky.md:
//
//	<board> <side> <castling> <ep> <halfmove> <fullmove> pile=<cards>
//	discard=<cards> hold=<held>,<held> pool=<white>/<black> turn=<phase>
//	[used=<icons>] [moved=<squares>] [epnext=<squares>] [irrev=1]
func (s *State) Encode() string {
	var b strings.Builder
	f := strings.Fields(s.pos.FEN())
	b.WriteString(f[0])
	b.WriteByte(' ')
	b.WriteString(f[1])
	b.WriteByte(' ')
	b.WriteString(f[2])
	b.WriteByte(' ')
	b.WriteString(squareList(liveEP(s.pos, s.m.ep, s.m.side)))
	fmt.Fprintf(&b, " %d %d", s.m.rule50, s.m.turn/2+1)
	b.WriteString(" pile=")
	writeDeck(&b, &s.m.pile)
	b.WriteString(" discard=")
	writeDeck(&b, &s.m.discard)
	b.WriteString(" hold=")
	for c := 0; c < 2; c++ {
		if c == 1 {
			b.WriteByte(',')
		}
		h := s.m.held[c]
		if h == NoKind {
			b.WriteByte('-')
			continue
		}
		b.WriteString(cards[h].ID)
		if s.opts.ThreeTurns {
			fmt.Fprintf(&b, "#%d", s.m.counter[c])
		}
	}
	b.WriteString(" pool=")
	for c := chess.White; c <= chess.Black; c++ {
		if c == chess.Black {
			b.WriteByte('/')
		}
		n := 0
		for t := chess.Pawn; t <= chess.Queen; t++ {
			for i := 0; i < int(s.m.pool[c][t]); i++ {
				b.WriteByte(chess.MakePiece(c, t).Letter())
				n++
			}
		}
		if n == 0 {
			b.WriteByte('-')
		}
	}
	b.WriteString(" turn=")
	switch s.m.phase {
	case PhaseStart:
		b.WriteString("start")
	case PhaseChance:
		b.WriteString("draw")
	case PhaseMove:
		b.WriteString("move")
	case PhaseKnight:
		b.WriteString("knight")
	default:
		b.WriteString(cards[s.m.card].ID)
	}
	if s.m.used != 0 {
		b.WriteString(" used=")
		card := &cards[s.m.card]
		for i := uint8(0); i < card.NIcons; i++ {
			if s.m.used&(1<<i) != 0 {
				b.WriteByte(card.Icons[i].Letter())
			}
		}
	}
	if s.m.moved != 0 {
		b.WriteString(" moved=")
		first := true
		for m := s.m.moved; m != 0; {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(m.PopLSB().String())
		}
	}
	if next := liveEP(s.pos, s.m.epNext, s.m.side.Other()); next[0] != chess.NoSquare {
		b.WriteString(" epnext=")
		b.WriteString(squareList(next))
	}
	if s.m.irrev {
		b.WriteString(" irrev=1")
	}
	return b.String()
}

// squareList writes up to two squares in ascending order, or "-".
func squareList(sq [2]chess.Square) string {
	a, b := sq[0], sq[1]
	if a > b {
		a, b = b, a
	}
	switch {
	case a == chess.NoSquare:
		return "-"
	case b == chess.NoSquare:
		return a.String()
	}
	return a.String() + "," + b.String()
}

func writeDeck(b *strings.Builder, d *Deck) {
	n := 0
	for k, c := range d {
		if c == 0 {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString(cards[k].ID)
		if c > 1 {
			b.WriteByte('*')
			b.WriteString(strconv.Itoa(int(c)))
		}
	}
	if n == 0 {
		b.WriteByte('-')
	}
}

func parseDeck(v string) (Deck, error) {
	var d Deck
	if v == "-" {
		return d, nil
	}
	for _, item := range strings.Split(v, ",") {
		id, count := item, 1
		if i := strings.IndexByte(item, '*'); i >= 0 {
			n, err := strconv.Atoi(item[i+1:])
			if err != nil || n < 1 || n > 56 {
				return d, fmt.Errorf("card count in %q", item)
			}
			id, count = item[:i], n
		}
		k, ok := KindByID(id)
		if !ok {
			return d, fmt.Errorf("unknown card %q", id)
		}
		if int(d[k])+count > 56 {
			return d, fmt.Errorf("too many %s", id)
		}
		d[k] += uint8(count)
	}
	return d, nil
}

func parseSquares(v string) ([2]chess.Square, error) {
	out := [2]chess.Square{chess.NoSquare, chess.NoSquare}
	if v == "-" {
		return out, nil
	}
	parts := strings.Split(v, ",")
	if len(parts) > 2 {
		return out, errors.New("more than two en-passant squares")
	}
	for i, p := range parts {
		sq, ok := chess.ParseSquare(p)
		if !ok {
			return out, fmt.Errorf("bad square %q", p)
		}
		if i == 1 && sq == out[0] {
			return out, fmt.Errorf("square %s repeated", p)
		}
		out[i] = sq
	}
	return out, nil
}

var lfenKeys = []string{"pile", "discard", "hold", "pool", "turn", "used", "moved", "epnext", "irrev"}

// ParseState reads a state in the FEN extension of docs/lucky.md (or
// "startpos"). The six chess fields come first (the last two may be
// omitted); then key=value fields in any order. Omitted keys take their
// defaults: discard empty, nothing held, empty pools, turn=start, and the
// draw pile holding every card of the deck not accounted for elsewhere.
// The card counts must add up to the deck of opts; the position must be
// one the rules can reach (one king each, no pawn on the first or last
// rank, nobody left in check who may not be).
func ParseState(str string, opts Options) (*State, error) {
	s, err := parseState(str, opts)
	if err != nil {
		return nil, fmt.Errorf("lucky state %q: %w", str, err)
	}
	return s, nil
}

func parseState(str string, opts Options) (*State, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	fields := strings.Fields(str)
	if len(fields) == 1 && fields[0] == "startpos" {
		return New(opts), nil
	}
	fen, kv, err := variants.SplitFENFields(fields, lfenKeys)
	if err != nil {
		return nil, err
	}
	pos, err := chess.ParseFENLoose(fen[0] + " " + fen[1] + " " + fen[2] + " -")
	if err != nil {
		return nil, err
	}
	s := &State{opts: opts, pos: pos}
	s.deck = opts.Composition()
	s.deckN = s.deck.Total()
	m := &s.m
	m.side = pos.Side()
	m.card = NoKind
	m.held = [2]Kind{NoKind, NoKind}
	m.ep = [2]chess.Square{chess.NoSquare, chess.NoSquare}
	m.epNext = m.ep

	for c := chess.White; c <= chess.Black; c++ {
		if n := pos.Pieces(c, chess.King).Count(); n != 1 {
			return nil, fmt.Errorf("%s has %d kings, want 1", c, n)
		}
	}
	if pos.Type(chess.Pawn)&lastRank != 0 {
		return nil, errors.New("pawn on the first or last rank")
	}
	if len(fen) >= 5 {
		n, err := strconv.Atoi(fen[4])
		if err != nil || n < 0 || n > 10000 {
			return nil, fmt.Errorf("halfmove clock %q", fen[4])
		}
		m.rule50 = uint16(n)
	}
	full := 1
	if len(fen) == 6 {
		n, err := strconv.Atoi(fen[5])
		if err != nil || n < 1 || n > 100000 {
			return nil, fmt.Errorf("move number %q", fen[5])
		}
		full = n
	}
	m.turn = uint32(2*(full-1)) + uint32(m.side)

	// Card in progress and phase.
	switch v := kv["turn"]; v {
	case "", "start":
		m.phase = PhaseStart
	case "draw":
		m.phase = PhaseChance
	case "move":
		m.phase = PhaseMove
	case "knight":
		m.phase = PhaseKnight
	default:
		k, ok := KindByID(v)
		if !ok {
			return nil, fmt.Errorf("turn=%q: not a phase or card", v)
		}
		m.card = k
		switch cards[k].Family {
		case FamMove1, FamMove2, FamMove3, FamChoose1, FamChoose2:
			m.phase = PhaseSequence
		case FamEnemy2:
			m.phase = PhaseEnemy
		case FamRelocate:
			m.phase = PhaseRelocate
		case FamRemove, FamBomb, FamBombCruel:
			m.phase = PhaseRemove
		case FamBombFierce, FamBombCrazy:
			m.phase = PhaseBombAll
		case FamRecover:
			m.phase = PhaseRecover
		case FamPawnsBack, FamPawnsForward:
			m.phase = PhaseWave
		default:
			return nil, fmt.Errorf("turn=%s: that card is never in progress", v)
		}
	}
	if v, ok := kv["turn"]; ok && v == "" {
		return nil, errors.New("turn= is empty")
	}
	if m.phase != PhaseStart && m.phase != PhaseKnight && m.turn < 2 {
		return nil, errors.New("no card can be drawn on a player's first turn")
	}

	// Temporal cards held.
	if v, ok := kv["hold"]; ok {
		parts := strings.Split(v, ",")
		if len(parts) != 2 {
			return nil, fmt.Errorf("hold=%q: want <white>,<black>", v)
		}
		for c, p := range parts {
			if p == "-" {
				continue
			}
			id, cnt := p, ""
			if i := strings.IndexByte(p, '#'); i >= 0 {
				id, cnt = p[:i], p[i+1:]
			}
			k, ok := KindByID(id)
			if !ok || !k.IsTemporal() {
				return nil, fmt.Errorf("hold: %q is not a temporal card", id)
			}
			m.held[c] = k
			switch {
			case !opts.ThreeTurns && cnt != "":
				return nil, fmt.Errorf("hold: counter %q without the three-turn option", p)
			case opts.ThreeTurns && cnt == "":
				m.counter[c] = 3
			case opts.ThreeTurns:
				n, err := strconv.Atoi(cnt)
				if err != nil || n < 1 || n > 3 {
					return nil, fmt.Errorf("hold: counter in %q, want 1 to 3", p)
				}
				m.counter[c] = uint8(n)
			}
		}
		if m.held[0] != NoKind && m.held[0] == m.held[1] {
			return nil, errors.New("hold: both players hold the same card")
		}
	}

	if m.phase == PhaseKnight && !(m.held[m.side] != NoKind && cards[m.held[m.side]].Family == FamSuperknights) {
		return nil, errors.New("turn=knight without superknights")
	}

	// Piles: every card of the deck is in exactly one place.
	var used Deck
	for _, k := range m.held {
		if k != NoKind {
			used[k]++
		}
	}
	if m.card != NoKind {
		used[m.card]++
	}
	if v, ok := kv["discard"]; ok {
		if m.discard, err = parseDeck(v); err != nil {
			return nil, fmt.Errorf("discard: %w", err)
		}
	}
	pileGiven := false
	if v, ok := kv["pile"]; ok {
		pileGiven = true
		if m.pile, err = parseDeck(v); err != nil {
			return nil, fmt.Errorf("pile: %w", err)
		}
	}
	for k := range s.deck {
		other := int(used[k]) + int(m.discard[k])
		if !pileGiven {
			if other > int(s.deck[k]) {
				return nil, fmt.Errorf("more %s cards than the deck holds (%d)", cards[k].ID, s.deck[k])
			}
			m.pile[k] = s.deck[k] - uint8(other)
		} else if other+int(m.pile[k]) != int(s.deck[k]) {
			return nil, fmt.Errorf("%d %s cards accounted for, the deck holds %d", other+int(m.pile[k]), cards[k].ID, s.deck[k])
		}
	}
	m.pileN = uint8(m.pile.Total())
	m.discN = uint8(m.discard.Total())

	// Captured pools.
	if v, ok := kv["pool"]; ok {
		parts := strings.Split(v, "/")
		if len(parts) != 2 {
			return nil, fmt.Errorf("pool=%q: want <white>/<black>", v)
		}
		for c, p := range parts {
			if p == "-" {
				continue
			}
			if len(p) > 15 {
				return nil, fmt.Errorf("pool %q too long", p)
			}
			for i := 0; i < len(p); i++ {
				t := typeOfLetter(p[i])
				if t == chess.NoPieceType || t == chess.King {
					return nil, fmt.Errorf("pool: %q is not a pawn, knight, bishop, rook or queen", p[i])
				}
				m.pool[c][t]++
			}
		}
	}

	// En passant.
	if len(fen) >= 4 {
		if m.ep, err = parseSquares(fen[3]); err != nil {
			return nil, fmt.Errorf("en passant: %w", err)
		}
		for _, t := range m.ep {
			if t != chess.NoSquare && !epConsistent(pos, t, m.side.Other()) {
				return nil, fmt.Errorf("en passant %s: no %s pawn just passed it", t, m.side.Other())
			}
		}
	}
	if v, ok := kv["epnext"]; ok {
		if m.phase == PhaseStart || m.phase == PhaseChance {
			return nil, errors.New("epnext only in the middle of a turn")
		}
		if m.epNext, err = parseSquares(v); err != nil {
			return nil, fmt.Errorf("epnext: %w", err)
		}
		for _, t := range m.epNext {
			if t != chess.NoSquare && !epConsistent(pos, t, m.side) {
				return nil, fmt.Errorf("epnext %s: no %s pawn just passed it", t, m.side)
			}
		}
	}
	m.ep = liveEP(pos, m.ep, m.side)
	m.epNext = liveEP(pos, m.epNext, m.side.Other())
	if v, ok := kv["irrev"]; ok {
		if v != "1" || m.phase == PhaseStart {
			return nil, errors.New("irrev=1 only in the middle of a turn")
		}
		m.irrev = true
	}

	// Progress of the card in progress.
	if v, ok := kv["used"]; ok {
		if m.phase != PhaseSequence {
			return nil, errors.New("used= only with a movement card in progress")
		}
		card := &cards[m.card]
		for i := 0; i < len(v); i++ {
			t := typeOfLetter(v[i])
			found := false
			for j := uint8(0); j < card.NIcons && !found; j++ {
				if m.used&(1<<j) == 0 && card.Icons[j] == t {
					m.used |= 1 << j
					found = true
				}
			}
			if !found {
				return nil, fmt.Errorf("used=%s does not fit %s", v, card.ID)
			}
		}
		if len(v) == 0 || len(v) >= int(card.Quota) {
			return nil, fmt.Errorf("used=%s: the card would be finished", v)
		}
	}
	if v, ok := kv["moved"]; ok {
		if m.phase != PhaseSequence && m.phase != PhaseEnemy {
			return nil, errors.New("moved= only with a movement card in progress")
		}
		owner := m.side
		if m.phase == PhaseEnemy {
			owner = owner.Other()
		}
		for _, p := range strings.Split(v, ",") {
			sq, ok := chess.ParseSquare(p)
			if !ok || m.moved.Has(sq) {
				return nil, fmt.Errorf("moved: bad or repeated square %q", p)
			}
			if pc := pos.At(sq); pc == chess.NoPiece || pc.Color() != owner {
				return nil, fmt.Errorf("moved: no %s piece on %s", owner, p)
			}
			m.moved |= sq.Bit()
		}
	}
	n := 0
	for u := m.used; u != 0; u &= u - 1 {
		n++
	}
	switch {
	case m.phase == PhaseSequence && (m.moved.Count() < n || (n == 0) != (m.moved == 0) || m.moved.Count() > n+1):
		return nil, errors.New("moved= does not match used=")
	case m.phase == PhaseEnemy && m.moved.Count() > 1:
		return nil, errors.New("enemy2 has made its two moves")
	}

	s.init()
	// Nobody stands in check who may not.
	if !opts.KingCapture {
		if s.kingAttacked(m.side.Other()) {
			return nil, fmt.Errorf("the %s king is in check but %s is to act", m.side.Other(), m.side)
		}
		if m.phase != PhaseStart && s.kingAttacked(m.side) {
			return nil, fmt.Errorf("%s is in check in the middle of a turn", m.side)
		}
	}
	if m.phase == PhaseChance && (s.kingAttacked(m.side) || m.pileN+m.discN == 0) {
		return nil, errors.New("turn=draw: drawing is not possible here")
	}
	if m.phase == PhaseStart {
		s.beginTurnEval()
	}
	if !m.over && len(s.Legal(nil)) == 0 {
		return nil, errors.New("the card in progress has nothing left to do")
	}
	return s, nil
}

// epConsistent: target t lies just behind a pawn of colour c that has
// made a double step (the pawn in place, t empty; the pawn's origin may
// have been occupied since, in the middle of a turn).
func epConsistent(p *chess.Position, t chess.Square, c chess.Color) bool {
	want := 2 // rank 3: White's pawn passed it
	if c == chess.Black {
		want = 5
	}
	if t.Rank() != want {
		return false
	}
	pawnSq := t + 8
	if c == chess.Black {
		pawnSq = t - 8
	}
	return p.At(pawnSq) == chess.MakePiece(c, chess.Pawn) && p.At(t) == chess.NoPiece
}
