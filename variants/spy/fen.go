package spy

import (
	"fmt"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// StartFEN is the starting position in the FEN extension (no card).
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RBN/RBN --/-- -"

// Encode writes the public state in the FEN extension (docs/spy.md): the
// six FEN fields with bicolour (~) and original-queen (*) marks, then the
// queens' components, the flags and the piece identities. No card that is
// still secret is written.
func (s *State) Encode() string { return s.encode(false, false) }

// EncodeFor writes the public state plus seat's own card when this state
// knows it: what a referee sends to that seat's engine.
func (s *State) EncodeFor(seat variants.Player) string {
	return s.encode(seat == 0, seat == 1)
}

// EncodeFull writes the public state plus every card this state knows
// (the referee's record of a game; never send it to an engine).
func (s *State) EncodeFull() string { return s.encode(true, true) }

func (s *State) encode(white, black bool) string {
	p := s.pos
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			sq := chess.MakeSquare(file, rank)
			pc := p.At(sq)
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
			if s.bicolour.Has(sq) {
				b.WriteByte('~')
			}
			if c := pc.Color(); pc.Type() == chess.Queen && s.qsq[c] == sq && p.Pieces(c, chess.Queen).Many() {
				b.WriteByte('*')
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if p.Side() == chess.Black {
		side = "b"
	}
	ep := chess.NoSquare
	if s.epLegal() {
		ep = s.ep
	}
	fmt.Fprintf(&b, " %s %s %s %d %d ", side, p.CastleRights(), ep, p.Rule50(), s.ply/2+1)
	// queens
	for c := range 2 {
		if c == 1 {
			b.WriteByte('/')
		}
		if s.qsq[c] == chess.NoSquare {
			b.WriteByte('-')
		} else {
			b.WriteString(s.qcomp[c].String())
		}
	}
	b.WriteByte(' ')
	// flags
	for c := range 2 {
		if c == 1 {
			b.WriteByte('/')
		}
		if s.centre[c] {
			b.WriteByte('c')
		} else {
			b.WriteByte('-')
		}
		if s.revealed[c] {
			b.WriteByte('X')
			if s.card[c] != NoCard {
				b.WriteByte('=')
				b.WriteString(s.card[c].String())
			}
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteByte(' ')
	b.WriteString(s.encodeOrigins())
	var cards []string
	for c, want := range [2]bool{white, black} {
		if want && s.card[c] != NoCard && !s.revealed[c] {
			cards = append(cards, "wb"[c:c+1]+"="+s.card[c].String())
		}
	}
	if len(cards) > 0 {
		b.WriteByte(' ')
		b.WriteString(strings.Join(cards, ","))
	}
	return b.String()
}

// encodeOrigins lists the original pieces that are not where the default
// rule of ParseState would put them: `start:now` for one that moved,
// `start:-` for one that is gone while a piece of its kind stands on its
// start square.
func (s *State) encodeOrigins() string {
	var items []string
	for c := chess.White; c <= chess.Black; c++ {
		for r := KR; r < NumRoles; r++ {
			start := r.Start(c)
			now := s.RoleSquare(c, r)
			switch {
			case now == start:
			case now != chess.NoSquare:
				items = append(items, start.String()+":"+now.String())
			case s.roleAt[start] == 0 && s.matches(start, c, r):
				items = append(items, start.String()+":-")
			}
		}
	}
	if len(items) == 0 {
		return "-"
	}
	return strings.Join(items, ",")
}

// matches reports whether sq holds an ordinary piece that can be c's
// original piece of role r: colour c, the role's type, not bicolour.
func (s *State) matches(sq chess.Square, c chess.Color, r Role) bool {
	return s.pos.At(sq) == chess.MakePiece(c, r.Type()) && !s.bicolour.Has(sq)
}

// ParseState reads a position in the FEN extension of docs/spy.md:
//
//	<board> <side> <castling> <ep> <halfmove> <fullmove> [<queens> [<flags> [<origins>]]] [<cards>]
//
// A plain FEN (four or six fields) is accepted with defaults for the spy
// fields. Every inconsistency is an error naming it, and nothing is
// returned then.
func ParseState(fen string, opts Options) (*State, error) {
	s, err := parseState(fen, opts)
	if err != nil {
		return nil, fmt.Errorf("invalid spy FEN %q: %w", fen, err)
	}
	return s, nil
}

func parseState(fen string, opts Options) (*State, error) {
	fields := strings.Fields(fen)
	var cardField string
	if n := len(fields); n > 0 && (strings.HasPrefix(fields[n-1], "w=") || strings.HasPrefix(fields[n-1], "b=")) {
		cardField, fields = fields[n-1], fields[:n-1]
	}
	if len(fields) < 4 || len(fields) > 9 {
		return nil, fmt.Errorf("want 4 to 9 fields before the cards, got %d", len(fields))
	}
	// Board marks.
	board, bicolour, starred, err := stripMarks(fields[0])
	if err != nil {
		return nil, err
	}
	std := append([]string{board}, fields[1:min(len(fields), 6)]...)
	pos, err := chess.ParseFENLoose(strings.Join(std, " "))
	if err != nil {
		return nil, err
	}
	s := &State{opts: opts, pos: pos, ep: chess.NoSquare, bicolour: bicolour}
	s.hist = make([]record, 0, histCap)
	if fields[3] != "-" {
		s.ep, _ = chess.ParseSquare(fields[3]) // checked by the board parser
	}
	s.ply = pos.Ply()
	if err := s.checkBoard(starred); err != nil {
		return nil, err
	}
	// Queens.
	if len(fields) >= 7 {
		if err := s.parseQueens(fields[6], starred); err != nil {
			return nil, err
		}
	} else if err := s.defaultQueens(starred); err != nil {
		return nil, err
	}
	// Flags.
	if len(fields) >= 8 {
		if err := s.parseFlags(fields[7]); err != nil {
			return nil, err
		}
	} else {
		for c := chess.White; c <= chess.Black; c++ {
			s.revealed[c] = s.bicolour&pos.ColorBB(c) != 0 || s.qsq[c] != chess.NoSquare && s.qcomp[c] != CompAll
			s.centre[c] = s.revealed[c] || pos.ColorBB(c)&beyondCentre[c] != 0
		}
	}
	// Identities.
	if len(fields) >= 9 {
		if err := s.parseOrigins(fields[8]); err != nil {
			return nil, err
		}
	} else {
		s.inferOrigins()
	}
	if cardField != "" {
		if err := s.parseCards(cardField); err != nil {
			return nil, err
		}
	}
	if err := s.checkConsistency(); err != nil {
		return nil, err
	}
	s.key = s.computeKey()
	return s, nil
}

// stripMarks removes the ~ and * marks from a board field and returns the
// plain board with the marked squares.
func stripMarks(board string) (string, chess.Bitboard, chess.Bitboard, error) {
	var plain strings.Builder
	var bi, star chess.Bitboard
	rank, file := 7, 0
	last := chess.NoSquare
	for i := 0; i < len(board); i++ {
		c := board[i]
		switch {
		case c == '/':
			rank, file, last = rank-1, 0, chess.NoSquare
		case c >= '1' && c <= '8':
			file += int(c - '0')
			last = chess.NoSquare
		case c == '~' || c == '*':
			if last == chess.NoSquare {
				return "", 0, 0, fmt.Errorf("board: %q must follow a piece letter", c)
			}
			m := &bi
			if c == '*' {
				m = &star
			}
			if m.Has(last) {
				return "", 0, 0, fmt.Errorf("board: %q repeated on %s", c, last)
			}
			*m |= last.Bit()
			continue
		default:
			if rank < 0 || rank > 7 || file > 7 {
				return "", 0, 0, fmt.Errorf("board: too many squares")
			}
			last = chess.MakeSquare(file, rank)
			file++
		}
		plain.WriteByte(c)
	}
	return plain.String(), bi, star, nil
}

// checkBoard checks what spy chess requires of the board itself.
func (s *State) checkBoard(starred chess.Bitboard) error {
	p := s.pos
	for c := chess.White; c <= chess.Black; c++ {
		n := p.Pieces(c, chess.King).Count()
		if n > 1 || n == 0 && !s.opts.KingCapture {
			return fmt.Errorf("%s has %d kings, want 1", c, n)
		}
	}
	if b := p.Type(chess.Pawn) & (chess.Rank1 | chess.Rank8); b != 0 {
		return fmt.Errorf("pawn on %s (pawns cannot stand on rank 1 or 8)", b.LSB())
	}
	if b := s.bicolour & (p.Type(chess.King) | p.Type(chess.Queen)); b != 0 {
		return fmt.Errorf("~ on %s: kings and queens are never spies", b.LSB())
	}
	if b := starred &^ p.Type(chess.Queen); b != 0 {
		return fmt.Errorf("* on %s: only a queen can be the original queen", b.LSB())
	}
	for c := chess.White; c <= chess.Black; c++ {
		if (s.bicolour & p.ColorBB(c)).Many() {
			return fmt.Errorf("%s owns two bicolour pieces; a player reveals once", c)
		}
		if (starred & p.ColorBB(c)).Many() {
			return fmt.Errorf("two %s queens marked * (original)", c)
		}
	}
	// Castling rooks must be the player's own original rooks.
	cr := p.CastleRights()
	for _, x := range []struct {
		right chess.CastleRights
		sq    chess.Square
	}{{chess.WhiteKingSide, chess.H1}, {chess.WhiteQueenSide, chess.A1}, {chess.BlackKingSide, chess.H8}, {chess.BlackQueenSide, chess.A8}} {
		if cr&x.right != 0 && s.bicolour.Has(x.sq) {
			return fmt.Errorf("castling right %s with a gained (bicolour) rook on %s", x.right, x.sq)
		}
	}
	return nil
}

func (s *State) defaultQueens(starred chess.Bitboard) error {
	for c := chess.White; c <= chess.Black; c++ {
		qs := s.pos.Pieces(c, chess.Queen)
		s.qsq[c] = chess.NoSquare
		switch {
		case qs&starred != 0:
			s.qsq[c], s.qcomp[c] = (qs & starred).LSB(), CompAll
		case qs.Count() == 1:
			s.qsq[c], s.qcomp[c] = qs.LSB(), CompAll
		case qs.Many():
			return fmt.Errorf("%s has several queens: mark the original with * or give the queens field", c)
		}
	}
	return nil
}

func (s *State) parseQueens(f string, starred chess.Bitboard) error {
	parts := strings.Split(f, "/")
	if len(parts) != 2 {
		return fmt.Errorf("queens field %q: want <white>/<black> such as RBN/RB", f)
	}
	for c := chess.White; c <= chess.Black; c++ {
		qs := s.pos.Pieces(c, chess.Queen)
		s.qsq[c], s.qcomp[c] = chess.NoSquare, 0
		if parts[c] == "-" {
			if qs&starred != 0 {
				return fmt.Errorf("queens field %q: %s queen on %s marked * but %s has no original queen", f, c, (qs & starred).LSB(), c)
			}
			continue
		}
		var comp Comp
		for _, l := range parts[c] {
			i := strings.IndexRune("RBN", l)
			if i < 0 || comp&(1<<i) != 0 {
				return fmt.Errorf("queens field %q: %q is not a set of R, B, N", f, parts[c])
			}
			comp |= 1 << i
		}
		if comp != CompAll && comp != CompR|CompB && comp != CompR|CompN && comp != CompB|CompN {
			return fmt.Errorf("queens field %q: %s's original queen keeps at least two of R, B, N", f, c)
		}
		switch {
		case qs&starred != 0:
			s.qsq[c] = (qs & starred).LSB()
		case qs.Count() == 1:
			s.qsq[c] = qs.LSB()
		case qs == 0:
			return fmt.Errorf("queens field %q: %s has no queen on the board; write - for a captured original queen", f, c)
		default:
			return fmt.Errorf("queens field %q: %s has several queens; mark the original with *", f, c)
		}
		s.qcomp[c] = comp
	}
	return nil
}

// parseFlags reads <white>/<black>, each `c` or `-` (centre crossed) then
// `X` or `-` (revealed), X optionally followed by =<card>.
func (s *State) parseFlags(f string) error {
	parts := strings.Split(f, "/")
	if len(parts) != 2 {
		return fmt.Errorf("flags field %q: want <white>/<black> such as cX/c-", f)
	}
	for c := chess.White; c <= chess.Black; c++ {
		x := parts[c]
		if len(x) < 2 || (x[0] != 'c' && x[0] != '-') || (x[1] != 'X' && x[1] != '-') {
			return fmt.Errorf("flags field %q: %q must be c or -, then X or -", f, x)
		}
		s.centre[c] = x[0] == 'c'
		s.revealed[c] = x[1] == 'X'
		if rest := x[2:]; rest != "" {
			if x[1] != 'X' || !strings.HasPrefix(rest, "=") {
				return fmt.Errorf("flags field %q: only X (revealed) may be followed by =<card>", f)
			}
			card, err := ParseCard(rest[1:])
			if err != nil {
				return fmt.Errorf("flags field %q: %v", f, err)
			}
			if _, ok := card.Role(); !ok {
				return fmt.Errorf("flags field %q: %s cannot have been revealed", f, card)
			}
			s.card[c] = card
		}
	}
	return nil
}

// parseOrigins reads the identity field: `-`, or a comma-separated list
// of start:now (now a square or -). An unlisted original piece is on its
// start square if an ordinary piece of its colour and type stands there
// that no listed item claims, and gone otherwise.
func (s *State) parseOrigins(f string) error {
	var listed [2][NumRoles]bool
	var claimed chess.Bitboard
	if f != "-" {
		for _, item := range strings.Split(f, ",") {
			a, b, ok := strings.Cut(item, ":")
			start, ok1 := chess.ParseSquare(a)
			if !ok || !ok1 {
				return fmt.Errorf("origins field: item %q: want <start square>:<square or ->", item)
			}
			c, r, ok := roleOfStart(start)
			if !ok {
				return fmt.Errorf("origins field: item %q: %s is not the start square of a rook, knight, bishop or pawn", item, start)
			}
			if listed[c][r] {
				return fmt.Errorf("origins field: %s listed twice", start)
			}
			listed[c][r] = true
			if b == "-" {
				continue
			}
			now, ok := chess.ParseSquare(b)
			if !ok {
				return fmt.Errorf("origins field: item %q: bad square %q", item, b)
			}
			if !s.matches(now, c, r) {
				return fmt.Errorf("origins field: item %q: %s holds no ordinary %s piece of role %s", item, now, c, r)
			}
			if claimed.Has(now) {
				return fmt.Errorf("origins field: %s claimed twice", now)
			}
			claimed |= now.Bit()
			s.roleAt[now] = makeRoleID(c, r)
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		for r := KR; r < NumRoles; r++ {
			if st := r.Start(c); !listed[c][r] && !claimed.Has(st) && s.matches(st, c, r) {
				s.roleAt[st] = makeRoleID(c, r)
				claimed |= st.Bit()
			}
		}
	}
	return nil
}

// inferOrigins guesses identities when the FEN has no origins field:
// pieces on start squares first, then each remaining original piece is
// matched to an unclaimed ordinary piece of its colour and type: a pawn on
// the nearest file, a bishop on its squares' colour, others in square
// order. What is left is taken as gone.
func (s *State) inferOrigins() {
	var claimed chess.Bitboard
	var placed [2][NumRoles]bool
	for c := chess.White; c <= chess.Black; c++ {
		for r := KR; r < NumRoles; r++ {
			if st := r.Start(c); s.matches(st, c, r) {
				s.roleAt[st] = makeRoleID(c, r)
				claimed |= st.Bit()
				placed[c][r] = true
			}
		}
	}
	const dark chess.Bitboard = 0xAA55AA55AA55AA55
	for c := chess.White; c <= chess.Black; c++ {
		// Pawns by increasing file distance, so that a pawn on its own
		// file is never taken by a neighbour's role.
		for d := 0; d < 8; d++ {
			for r := Pa; r <= Ph; r++ {
				if placed[c][r] {
					continue
				}
				for b := s.pos.Pieces(c, chess.Pawn) &^ claimed &^ s.bicolour; b != 0; {
					sq := b.PopLSB()
					if max(sq.File()-roleFiles[r], roleFiles[r]-sq.File()) == d {
						s.roleAt[sq] = makeRoleID(c, r)
						claimed |= sq.Bit()
						placed[c][r] = true
						break
					}
				}
			}
		}
		for r := KR; r <= QN; r++ {
			if placed[c][r] {
				continue
			}
			cands := s.pos.Pieces(c, r.Type()) &^ claimed &^ s.bicolour
			if r.Type() == chess.Bishop {
				if dark.Has(r.Start(c)) {
					cands &= dark
				} else {
					cands &^= dark
				}
			}
			if cands != 0 {
				sq := cands.LSB()
				s.roleAt[sq] = makeRoleID(c, r)
				claimed |= sq.Bit()
			}
		}
	}
}

// parseCards reads the private field: w=<card> and/or b=<card>, comma
// separated.
func (s *State) parseCards(f string) error {
	var seen [2]bool
	for _, item := range strings.Split(f, ",") {
		side, tok, ok := strings.Cut(item, "=")
		c := chess.White
		switch {
		case !ok:
			return fmt.Errorf("cards field %q: want w=<card> and/or b=<card>", f)
		case side == "b":
			c = chess.Black
		case side != "w":
			return fmt.Errorf("cards field %q: side %q, want w or b", f, side)
		}
		if seen[c] {
			return fmt.Errorf("cards field %q: %s given twice", f, c)
		}
		seen[c] = true
		card, err := ParseCard(tok)
		if err != nil {
			return fmt.Errorf("cards field %q: %v", f, err)
		}
		if card == Wild {
			return fmt.Errorf("cards field %q: a wildcard carries its holder's choice (wild:KN)", f)
		}
		if s.revealed[c] && s.card[c] != NoCard && s.card[c] != card {
			return fmt.Errorf("cards field %q: %s revealed %s", f, c, s.card[c])
		}
		if s.revealed[c] {
			if _, ok := card.Role(); !ok {
				return fmt.Errorf("cards field %q: %s revealed, so it cannot hold %s", f, c, card)
			}
		}
		s.card[c] = card
	}
	return nil
}

// checkConsistency checks the spy fields against each other and the board.
func (s *State) checkConsistency() error {
	p := s.pos
	for c := chess.White; c <= chess.Black; c++ {
		bi := s.bicolour & p.ColorBB(c)
		if bi != 0 && !s.revealed[c] {
			return fmt.Errorf("%s owns a bicolour piece on %s but has not revealed", c, bi.LSB())
		}
		if s.revealed[c] && !s.centre[c] {
			return fmt.Errorf("%s revealed without having crossed the centre", c)
		}
		if s.qsq[c] != chess.NoSquare && s.qcomp[c] != CompAll && !s.revealed[c] {
			return fmt.Errorf("%s's original queen lost a component but %s has not revealed", c, c)
		}
		lost := CompAll &^ s.qcomp[c]
		if !s.revealed[c] || s.qsq[c] == chess.NoSquare {
			continue
		}
		if bi != 0 && compOf(p.At(bi.LSB()).Type()) != lost {
			return fmt.Errorf("%s gained a %c on %s but its queen moves as %s", c, p.At(bi.LSB()).Type().Letter(), bi.LSB(), s.qcomp[c])
		}
		if r, ok := s.card[c].Role(); ok && compOf(r.Type()) != lost {
			return fmt.Errorf("%s revealed %s but its queen moves as %s", c, s.card[c], s.qcomp[c])
		}
	}
	// Castling rooks must be the original rooks of their corner.
	cr := p.CastleRights()
	for _, x := range []struct {
		right chess.CastleRights
		c     chess.Color
		r     Role
	}{{chess.WhiteKingSide, chess.White, KR}, {chess.WhiteQueenSide, chess.White, QR}, {chess.BlackKingSide, chess.Black, KR}, {chess.BlackQueenSide, chess.Black, QR}} {
		if cr&x.right != 0 && s.roleAt[x.r.Start(x.c)] != makeRoleID(x.c, x.r) {
			return fmt.Errorf("castling right %s but the rook on %s is not %s's original %s", x.right, x.r.Start(x.c), x.c, x.r)
		}
	}
	if !s.opts.KingCapture {
		them := p.Side().Other()
		if s.inCheck(them) {
			return fmt.Errorf("the side not to move (%s) is in check", them)
		}
	}
	return nil
}
