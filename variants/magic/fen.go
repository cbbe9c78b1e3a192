package magic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// Encode writes the public state in the FEN extension of
// docs/rules/magic.md §15:
//
//	<board> <side> <castling> <ep> <fifty> <move> hands=<n>,<n>
//	discard=<cards> effects=<effects> pool=<white>/<black> [phase=<phase>]
//	[pending=<token>@<window>] [impact=std|card] [card=1] [moved=1]
//	[only=1] [irrev=1] [replace=<colour>:<move>[:<fifty>:<irrev>]]
//
// The hands are not written (the cards in them are secret); EncodeHands
// adds the ones this state knows.
func (s *State) Encode() string { return s.encode(false) }

// EncodeHands is Encode with the hands this state knows (white=... and
// black=...): the referee's full state, or a seat's view with its own hand.
func (s *State) EncodeHands() string { return s.encode(true) }

func colourLetter(c chess.Color) byte { return "wb"[c] }

func (s *State) encode(hands bool) string {
	var b strings.Builder
	f := strings.Fields(s.pos.FEN())
	side := "w"
	if s.m.side == chess.Black {
		side = "b"
	}
	fmt.Fprintf(&b, "%s %s %s %s %d %d", f[0], side, f[2], s.m.ep.sq, s.m.rule50, s.m.turn/2+1)
	fmt.Fprintf(&b, " hands=%d,%d", s.m.handN[0], s.m.handN[1])
	if hands {
		for c := chess.White; c <= chess.Black; c++ {
			if s.m.known[c] {
				fmt.Fprintf(&b, " %s=%s", c, s.m.hand[c])
			}
		}
	}
	b.WriteString(" discard=" + s.m.discard.String())
	b.WriteString(" effects=")
	if s.m.nEff == 0 {
		b.WriteByte('-')
	}
	for i := 0; i < int(s.m.nEff); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.effectText(&s.eff[i]))
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
	if s.m.ph != PhStart {
		b.WriteString(" phase=" + s.m.ph.String())
	}
	if s.m.pendOn {
		fmt.Fprintf(&b, " pending=%s@%s", FormatAction(s.m.pend.act), strings.ToLower(windowOf(s.m.pend.act).String()))
	}
	switch s.m.impact {
	case 1:
		b.WriteString(" impact=std")
	case 2:
		b.WriteString(" impact=card")
	}
	for _, fl := range []struct {
		on   bool
		name string
	}{{s.m.cardUsed, "card"}, {s.m.moved, "moved"}, {s.m.moveOnly, "only"}, {s.m.irrev, "irrev"}} {
		if fl.on {
			b.WriteString(" " + fl.name + "=1")
		}
	}
	if s.m.ph == PhReplace {
		fmt.Fprintf(&b, " replace=%c:%s", colourLetter(s.m.replacer), s.m.undone)
		if s.m.replMS {
			fmt.Fprintf(&b, ":%d:%d", s.m.replR50, b2u(s.m.replIrr))
		}
	}
	return b.String()
}

// effectText is <code><owner>#<counter>[@<anchor>]: AM34w#3@e6,
// AM07b#2@a7+b7, AM10w#1@q, AM37b#2@d, AM36w#2@a1 (the block's corner).
func (s *State) effectText(x *Effect) string {
	t := fmt.Sprintf("%s%c#%d", x.Card.Code(), colourLetter(x.Owner), x.Counter)
	switch x.Kind {
	case EffShield, EffWings, EffParalysis:
		var parts []string
		for b := s.squaresOf(x.Pieces); b != 0; {
			parts = append(parts, b.PopLSB().String())
		}
		t += "@" + strings.Join(parts, "+")
	case EffWall, EffMine, EffSanctuary:
		t += "@" + x.Zone.LSB().String()
	case EffFog:
		t += "@" + string(rune('a'+x.Zone.LSB().File()))
	case EffArmour, EffBlizzard:
		if x.Zone == queenSide {
			t += "@q"
		} else {
			t += "@k"
		}
	}
	return t
}

var fenKeys = []string{"hands", "white", "black", "discard", "effects", "pool", "phase", "pending",
	"impact", "card", "moved", "only", "irrev", "replace"}

// ParseState reads a state in the FEN extension (Encode or EncodeHands),
// or "startpos" (a deal is not implied: both hands unknown, ten cards
// each unless hands= says otherwise). The six chess fields come first
// (the last two may be omitted), then key=value fields in any order. A
// hand not given is unknown: its cards are among the unaccounted ones.
// Every card must be in one place at most; the rest is the stock (both
// hands known) or the unaccounted cards. A state read from text has no
// standard move to rewind.
func ParseState(str string, opts Options) (*State, error) {
	s, err := parseState(str, opts)
	if err != nil {
		return nil, fmt.Errorf("magic state %q: %w", str, err)
	}
	return s, nil
}

func parseState(str string, opts Options) (*State, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	fields := strings.Fields(str)
	if len(fields) > 0 && fields[0] == "startpos" {
		fields = append(strings.Fields(chess.StartFEN), fields[1:]...)
	}
	fen, kv, err := variants.SplitFENFields(fields, fenKeys)
	if err != nil {
		return nil, err
	}
	side := chess.White
	switch fen[1] {
	case "w":
	case "b":
		side = chess.Black
	default:
		return nil, fmt.Errorf("side %q", fen[1])
	}
	pos, err := chess.ParseFENLoose(fen[0] + " w " + fen[2] + " -")
	if err != nil {
		return nil, err
	}
	for c := chess.White; c <= chess.Black; c++ {
		if n := pos.Pieces(c, chess.King).Count(); n != 1 {
			return nil, fmt.Errorf("%s has %d kings, want 1", c, n)
		}
	}
	if pos.Type(chess.Pawn)&lastRanks != 0 {
		return nil, errors.New("pawn on the first or last rank")
	}
	s := &State{opts: opts, pos: pos}
	m := &s.m
	m.side = side
	m.ep = noEP
	s.initIDs()
	if len(fen) >= 5 {
		n, err := strconv.Atoi(fen[4])
		if err != nil || n < 0 || n > 10000 {
			return nil, fmt.Errorf("fifty-move count %q", fen[4])
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
	m.turn = uint32(2*(full-1)) + uint32(side)
	if fen[3] != "-" {
		sq, ok := chess.ParseSquare(fen[3])
		if !ok || (sq.Rank() != 2 && sq.Rank() != 5) {
			return nil, fmt.Errorf("en-passant square %q", fen[3])
		}
		pawnSq, mover := sq+8, chess.White
		if sq.Rank() == 5 {
			pawnSq, mover = sq-8, chess.Black
		}
		if pos.At(pawnSq) != chess.MakePiece(mover, chess.Pawn) || pos.At(sq) != chess.NoPiece {
			return nil, fmt.Errorf("en passant %s: no pawn has just passed it", sq)
		}
		m.ep = epRight{sq: sq, pawn: m.ids[pawnSq], by: mover.Other()}
	}

	// Hands and cards.
	m.handN = [2]uint8{10, 10}
	if v, ok := kv["hands"]; ok {
		a, b, found := strings.Cut(v, ",")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !found || err1 != nil || err2 != nil || x < 0 || x > 10 || y < 0 || y > 10 {
			return nil, fmt.Errorf("hands=%q: want two counts 0 to 10", v)
		}
		m.handN = [2]uint8{uint8(x), uint8(y)}
	}
	var used CardSet
	take := func(set CardSet, what string) error {
		if used&set != 0 {
			return fmt.Errorf("%s: card %s is already elsewhere", what, (used & set).Cards()[0])
		}
		used |= set
		return nil
	}
	for c := chess.White; c <= chess.Black; c++ {
		v, ok := kv[c.String()]
		if !ok {
			continue
		}
		h, err := ParseCardSet(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c, err)
		}
		if h.Count() != int(m.handN[c]) {
			return nil, fmt.Errorf("%s holds %d cards, hands= says %d", c, h.Count(), m.handN[c])
		}
		if err := take(h, c.String()); err != nil {
			return nil, err
		}
		m.hand[c], m.known[c] = h, true
	}
	if v, ok := kv["discard"]; ok {
		d, err := ParseCardSet(v)
		if err != nil {
			return nil, fmt.Errorf("discard: %w", err)
		}
		if err := take(d, "discard"); err != nil {
			return nil, err
		}
		m.discard = d
	}
	if v, ok := kv["effects"]; ok && v != "-" {
		for _, item := range strings.Split(v, ",") {
			x, err := s.parseEffect(item)
			if err != nil {
				return nil, fmt.Errorf("effects: %w", err)
			}
			if m.nEff >= maxEffects {
				return nil, errors.New("effects: too many")
			}
			if err := take(1<<x.Card, "effects"); err != nil {
				return nil, err
			}
			s.addEffect(x)
		}
	}
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
				pc, ok := chess.PieceFromLetter(p[i])
				if !ok || pc.Type() == chess.King || int(pc.Color()) != c {
					return nil, fmt.Errorf("pool: %q", p[i])
				}
				m.pool[c][pc.Type()]++
			}
		}
	}

	// The turn in progress.
	m.ph = PhStart
	if v, ok := kv["phase"]; ok {
		found := false
		for p := PhStart; p <= PhMS; p++ {
			if p.String() == v {
				m.ph, found = p, true
			}
		}
		if !found {
			return nil, fmt.Errorf("phase=%q", v)
		}
	}
	flag := func(name string) (bool, error) {
		v, ok := kv[name]
		if !ok {
			return false, nil
		}
		if v != "1" {
			return false, fmt.Errorf("%s=%q: want 1", name, v)
		}
		return true, nil
	}
	for _, f := range []struct {
		name string
		dst  *bool
	}{{"card", &m.cardUsed}, {"moved", &m.moved}, {"only", &m.moveOnly}, {"irrev", &m.irrev}} {
		if *f.dst, err = flag(f.name); err != nil {
			return nil, err
		}
	}
	if v, ok := kv["impact"]; ok {
		switch v {
		case "std":
			m.impact = 1
		case "card":
			m.impact = 2
		default:
			return nil, fmt.Errorf("impact=%q", v)
		}
	}
	if (m.impact != 0) != (m.ph == PhRImpact) {
		return nil, errors.New("impact= goes with phase=rimpact")
	}
	if v, ok := kv["pending"]; ok {
		if m.ph != PhRCommit {
			return nil, errors.New("pending= only with phase=rcommit")
		}
		tok, win, _ := strings.Cut(v, "@")
		t, err := decode(tok)
		if err != nil || !t.card {
			return nil, fmt.Errorf("pending=%q: not a card token", v)
		}
		w, ok := map[string]Window{"main": Main, "pre": Pre, "end": End}[win]
		if !ok || !cardOf(t.act).Info().Windows.Has(w) {
			return nil, fmt.Errorf("pending=%q: window", v)
		}
		if err := take(1<<cardOf(t.act), "pending"); err != nil {
			return nil, err
		}
		m.pend = commitment{act: t.act | variants.Action(w)<<38, who: side}
		m.pendOn = true
	} else if m.ph == PhRCommit {
		return nil, errors.New("phase=rcommit needs pending=")
	}
	if v, ok := kv["replace"]; ok {
		if m.ph != PhReplace {
			return nil, errors.New("replace= only with phase=replace")
		}
		parts := strings.Split(v, ":")
		if len(parts) != 2 && len(parts) != 4 || len(parts[0]) != 1 {
			return nil, fmt.Errorf("replace=%q", v)
		}
		switch parts[0] {
		case "w":
			m.replacer = chess.White
		case "b":
			m.replacer = chess.Black
		default:
			return nil, fmt.Errorf("replace=%q", v)
		}
		from, to, err := decodeMove(parts[1][:min(4, len(parts[1]))])
		if err != nil {
			return nil, fmt.Errorf("replace=%q: %v", v, err)
		}
		m.undone = chess.NewMove(from, to)
		if len(parts[1]) == 5 {
			pt := letterType(parts[1][4])
			if pt < chess.Knight || pt > chess.Queen {
				return nil, fmt.Errorf("replace=%q: promotion", v)
			}
			m.undone = chess.NewPromotion(from, to, pt)
		} else if len(parts[1]) != 4 {
			return nil, fmt.Errorf("replace=%q", v)
		}
		if len(parts) == 4 {
			n, err1 := strconv.Atoi(parts[2])
			if err1 != nil || n < 0 || n > 10000 || (parts[3] != "0" && parts[3] != "1") {
				return nil, fmt.Errorf("replace=%q", v)
			}
			m.replMS, m.replR50, m.replIrr = true, uint16(n), parts[3] == "1"
		}
		if m.replMS == (m.replacer == side) {
			return nil, errors.New("replace=: a rewound mover is the active player unless after a mate save")
		}
	} else if m.ph == PhReplace {
		return nil, errors.New("phase=replace needs replace=")
	}

	// Where the remaining cards are.
	rest := allCards &^ used
	if m.known[0] && m.known[1] {
		m.stock = rest
	} else {
		m.unknown = rest
		need := 0
		for c := 0; c < 2; c++ {
			if !m.known[c] {
				need += int(m.handN[c])
			}
		}
		if rest.Count() < need {
			return nil, fmt.Errorf("%d unaccounted cards for %d unknown hand cards", rest.Count(), need)
		}
	}
	if m.ph == PhMS && m.handN[side] == 0 {
		return nil, errors.New("phase=ms with an empty hand")
	}
	s.init()
	e := s.env()
	if s.kingAttacked(side.Other(), e, false) && m.ph == PhStart {
		return nil, fmt.Errorf("the %s king is in check but %s is to move", side.Other(), side)
	}
	if m.ph == PhStart {
		s.startTurn()
	}
	if !m.over && len(s.Legal(nil)) == 0 {
		return nil, errors.New("nobody can act in this state")
	}
	return s, nil
}

// parseEffect reads one effects= item.
func (s *State) parseEffect(item string) (Effect, error) {
	var x Effect
	head, anchor, hasAnchor := strings.Cut(item, "@")
	if len(head) < 7 || head[5] != '#' {
		return x, fmt.Errorf("%q: want <code><w|b>#<counter>[@anchor]", item)
	}
	c, ok := ParseCode(head[:4])
	if !ok {
		return x, fmt.Errorf("%q: card", item)
	}
	switch head[4] {
	case 'w':
		x.Owner = chess.White
	case 'b':
		x.Owner = chess.Black
	default:
		return x, fmt.Errorf("%q: owner", item)
	}
	n, err := strconv.Atoi(head[6:])
	if err != nil || n < 1 || n > 9 {
		return x, fmt.Errorf("%q: counter", item)
	}
	x.Card, x.Counter, x.Kind = c, int8(n), c.Info().Effect
	if x.Kind == EffNone {
		return x, fmt.Errorf("%q: %s makes no effect", item, c)
	}
	p := s.pos
	needAnchor := true
	switch x.Kind {
	case EffShield, EffWings, EffParalysis:
		if !hasAnchor {
			break
		}
		for _, part := range strings.Split(anchor, "+") {
			sq, ok := chess.ParseSquare(part)
			if !ok {
				return x, fmt.Errorf("%q: square %q", item, part)
			}
			pc := p.At(sq)
			owner := x.Owner
			if x.Kind == EffParalysis {
				owner = x.Owner.Other()
			}
			if pc == chess.NoPiece || pc.Color() != owner || pc.Type() == chess.King ||
				(x.Kind == EffWings && pc.Type() != chess.Bishop && pc.Type() != chess.Rook && pc.Type() != chess.Queen) ||
				(x.Kind != EffShield && len(strings.Split(anchor, "+")) != 1) ||
				(c == am07 && pc.Type() != chess.Pawn) {
				return x, fmt.Errorf("%q: no fitting piece on %s", item, part)
			}
			if x.Pieces&(1<<s.m.ids[sq]) != 0 {
				return x, fmt.Errorf("%q: %s twice", item, part)
			}
			x.Pieces |= 1 << s.m.ids[sq]
		}
	case EffWall, EffMine, EffSanctuary:
		sq, ok := chess.ParseSquare(anchor)
		if !ok {
			return x, fmt.Errorf("%q: square", item)
		}
		switch x.Kind {
		case EffWall:
			if p.At(sq) != chess.NoPiece {
				return x, fmt.Errorf("%q: a wall on a piece", item)
			}
			x.Zone = sq.Bit()
		case EffMine:
			if !half(x.Owner).Has(sq) {
				return x, fmt.Errorf("%q: a mine outside its owner's half", item)
			}
			x.Zone = sq.Bit()
		default:
			if sq.File() == 7 || sq.Rank() == 7 || blockBB(sq)&^half(x.Owner) != 0 {
				return x, fmt.Errorf("%q: block", item)
			}
			x.Zone = blockBB(sq)
		}
	case EffFog:
		if len(anchor) != 1 || anchor[0] < 'a' || anchor[0] > 'h' {
			return x, fmt.Errorf("%q: file", item)
		}
		x.Zone = fileBB(int(anchor[0] - 'a'))
	case EffArmour, EffBlizzard:
		switch anchor {
		case "q":
			x.Zone = queenSide
		case "k":
			x.Zone = kingSide
		default:
			return x, fmt.Errorf("%q: flank", item)
		}
	default:
		needAnchor = false
	}
	if hasAnchor != needAnchor || (needAnchor && x.Zone == 0 && x.Pieces == 0) {
		return x, fmt.Errorf("%q: anchor", item)
	}
	for i := 0; i < int(s.m.nEff); i++ {
		if y := s.eff[i]; (x.Kind == EffWall || x.Kind == EffMine) && y.Kind == x.Kind && y.Zone == x.Zone {
			return x, fmt.Errorf("%q: two on one square", item)
		}
	}
	return x, nil
}
