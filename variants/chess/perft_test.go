package chess

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestPerftStandardPositions(t *testing.T) {
	cases := []struct {
		fen   string
		depth int
		want  uint64
	}{
		{StartFEN, 5, 4865609},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
		{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		h := p.Hash()
		if got := p.Perft(c.depth); got != c.want {
			t.Errorf("%s d%d: got %d want %d", c.fen, c.depth, got, c.want)
		}
		if p.Hash() != h {
			t.Errorf("hash changed")
		}
	}
}

// perftCase is one line of testdata/perft.epd: a FEN and the leaf counts
// for depths 1, 2, ... (counts[d-1] is the count at depth d).
type perftCase struct {
	line   int
	fen    string
	counts []uint64
}

const perftSuitePath = "testdata/perft.epd"

// parsePerftLine reads "<FEN> ;D1 20 ;D2 400". Depths must be consecutive
// from 1 so that a typo cannot silently drop a check.
func parsePerftLine(s string) (fen string, counts []uint64, err error) {
	parts := strings.Split(s, ";")
	fen = strings.TrimSpace(parts[0])
	for i, f := range parts[1:] {
		fs := strings.Fields(f)
		if len(fs) != 2 || !strings.HasPrefix(fs[0], "D") {
			return "", nil, fmt.Errorf("field %q: want \"D<depth> <count>\"", f)
		}
		d, err1 := strconv.Atoi(fs[0][1:])
		n, err2 := strconv.ParseUint(fs[1], 10, 64)
		if err1 != nil || err2 != nil {
			return "", nil, fmt.Errorf("field %q: bad number", f)
		}
		if d != i+1 {
			return "", nil, fmt.Errorf("field %q: depth %d out of order, want D%d", f, d, i+1)
		}
		counts = append(counts, n)
	}
	if len(counts) == 0 {
		return "", nil, fmt.Errorf("no ;D<n> counts")
	}
	return fen, counts, nil
}

// loadPerftSuite reads testdata/perft.epd; it fails (does not skip) when
// the file is missing or malformed, since the suite is the move
// generator's main known-answer check.
func loadPerftSuite(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open(perftSuitePath)
	if err != nil {
		t.Fatalf("perft suite: %v", err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fen, counts, err := parsePerftLine(s)
		if err != nil {
			t.Fatalf("%s:%d: %v", perftSuitePath, n, err)
		}
		out = append(out, perftCase{n, fen, counts})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 120 {
		t.Fatalf("%s has %d positions, want at least 120", perftSuitePath, len(out))
	}
	return out
}

// suitePositions parses every suite FEN (a fresh Position each call).
func suitePositions(t testing.TB) []*Position {
	t.Helper()
	var ps []*Position
	for _, c := range loadPerftSuite(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s:%d: %v", perftSuitePath, c.line, err)
		}
		ps = append(ps, p)
	}
	return ps
}

func TestParsePerftLine(t *testing.T) {
	fen, counts, err := parsePerftLine(StartFEN + " ;D1 20 ;D2 400 ;D3 8902")
	if err != nil || fen != StartFEN || len(counts) != 3 || counts[2] != 8902 {
		t.Fatalf("got %q %v %v", fen, counts, err)
	}
	for _, bad := range []string{
		StartFEN,                      // no counts
		StartFEN + " ;D1 20 ;D3 8902", // gap
		StartFEN + " ;D1 twenty",
		StartFEN + " ;X1 20",
	} {
		if _, _, err := parsePerftLine(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// TestPerftSuiteKnownAnswers pins the suite itself to published counts, so
// that a wrong line in the data file (e.g. a mislabelled Kiwipete) cannot
// make the generator test pass against bad numbers.
func TestPerftSuiteKnownAnswers(t *testing.T) {
	known := map[string][]uint64{
		StartFEN:    {20, 400, 8902, 197281, 4865609},
		kiwipeteFEN: {48, 2039, 97862, 4085603},
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1":                                {14, 191, 2812, 43238, 674624, 11030083},
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1":         {6, 264, 9467, 422333},
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8":                {44, 1486, 62379, 2103487},
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10": {46, 2079, 89890, 3894594},
	}
	found := map[string]bool{}
	for _, c := range loadPerftSuite(t) {
		want, ok := known[c.fen]
		if !ok {
			continue
		}
		found[c.fen] = true
		for d, n := range c.counts {
			if d < len(want) && n != want[d] {
				t.Errorf("%s:%d %s D%d = %d, published %d", perftSuitePath, c.line, c.fen, d+1, n, want[d])
			}
		}
	}
	for fen := range known {
		if !found[fen] {
			t.Errorf("%s lacks %s", perftSuitePath, fen)
		}
	}
}

// shortPerftLimit is the largest count checked under -short.
const shortPerftLimit = 1_000_000

// TestPerftSuite checks every count of testdata/perft.epd with bulk
// counting, the deep-leaf-making PerftFull up to depth 3, and that perft
// leaves the position (FEN and key) as it found it.
func TestPerftSuite(t *testing.T) {
	cases := loadPerftSuite(t)
	var nodes uint64
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s:%d: %v", perftSuitePath, c.line, err)
			continue
		}
		fen, h := p.FEN(), p.Hash()
		for i, want := range c.counts {
			d := i + 1
			if testing.Short() && want > shortPerftLimit {
				continue
			}
			if got := p.Perft(d); got != want {
				t.Errorf("%s:%d %s: Perft(%d) = %d, want %d", perftSuitePath, c.line, c.fen, d, got, want)
			}
			nodes += want
			if d <= 3 {
				if got := p.PerftFull(d); got != want {
					t.Errorf("%s:%d %s: PerftFull(%d) = %d, want %d", perftSuitePath, c.line, c.fen, d, got, want)
				}
			}
			if p.FEN() != fen || p.Hash() != h || p.HistoryLen() != 0 {
				t.Fatalf("%s: position changed by perft %d: %s key %016x (was %016x)", c.fen, d, p.FEN(), p.Hash(), h)
			}
		}
	}
	t.Logf("%d positions, %d nodes", len(cases), nodes)
}

// TestDivideSumsToPerft checks Divide against Perft and against the legal
// move list.
func TestDivideSumsToPerft(t *testing.T) {
	for _, c := range loadPerftSuite(t)[:20] {
		p, _ := ParseFEN(c.fen)
		d := min(len(c.counts), 3)
		div := p.Divide(d)
		var l MoveList
		p.GenerateLegal(&l)
		if len(div) != l.N {
			t.Errorf("%s: Divide has %d entries, %d legal moves", c.fen, len(div), l.N)
		}
		var sum uint64
		for _, e := range div {
			sum += e.Nodes
		}
		if sum != c.counts[d-1] {
			t.Errorf("%s: Divide(%d) sums to %d, want %d", c.fen, d, sum, c.counts[d-1])
		}
	}
}

// checkConsistent verifies that p's incremental key equals the key of the
// same position set up from scratch from its FEN.
func checkConsistent(t *testing.T, p *Position, what string) bool {
	t.Helper()
	q, err := ParseFEN(p.FEN())
	if err != nil {
		t.Errorf("%s: FEN() %q does not parse back: %v", what, p.FEN(), err)
		return false
	}
	if q.Hash() != p.Hash() {
		t.Errorf("%s: incremental key %016x, from scratch %016x (%s)", what, p.Hash(), q.Hash(), p.FEN())
		return false
	}
	if q.FEN() != p.FEN() {
		t.Errorf("%s: FEN round trip %q -> %q", what, p.FEN(), q.FEN())
		return false
	}
	return true
}

// TestMakeUnmakeRestores plays every legal move of every suite position and
// of each of their children (two plies): after Make the key equals a
// from-scratch recomputation, after Unmake FEN, key and history are exactly
// as before.
func TestMakeUnmakeRestores(t *testing.T) {
	checked := 0
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var l MoveList
		p.GenerateLegal(&l)
		fen, h, n := p.FEN(), p.Hash(), p.HistoryLen()
		for _, m := range l.Slice() {
			p.Make(m)
			checked++
			ok := checkConsistent(t, p, fmt.Sprintf("%s after %s", fen, m))
			if p.HistoryLen() != n+1 || p.LastMove() != m {
				t.Errorf("%s after %s: history %d last %s", fen, m, p.HistoryLen(), p.LastMove())
			}
			if ok && depth > 1 {
				walk(p, depth-1)
			}
			p.Unmake()
			if p.FEN() != fen || p.Hash() != h || p.HistoryLen() != n {
				t.Fatalf("%s: Unmake of %s left %s key %016x, want key %016x", fen, m, p.FEN(), p.Hash(), h)
			}
		}
	}
	depth := 2
	if testing.Short() {
		depth = 1
	}
	for _, p := range suitePositions(t) {
		walk(p, depth)
	}
	t.Logf("%d moves made and unmade", checked)
}

func moveSet(ms []Move) map[Move]bool {
	s := make(map[Move]bool, len(ms))
	for _, m := range ms {
		s[m] = true
	}
	return s
}

func sortedMoves(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

// isNoisy is the GenMode contract: captures, en passant, queen promotions.
func isNoisy(p *Position, m Move) bool {
	return p.At(m.To()) != NoPiece || m.Kind() == KindEnPassant ||
		(m.Kind() == KindPromotion && m.Promotion() == Queen)
}

// checkGenModes checks in p that Noisy and Quiet partition All, that each
// move is in the right half, that no move is listed twice, and that
// CountLegal agrees with the list.
func checkGenModes(t *testing.T, p *Position) {
	t.Helper()
	var all, noisy, quiet MoveList
	p.Generate(&all, GenAll)
	p.Generate(&noisy, GenNoisy)
	p.Generate(&quiet, GenQuiet)
	as := moveSet(all.Slice())
	if len(as) != all.N {
		t.Errorf("%s: GenAll lists a move twice: %v", p.FEN(), sortedMoves(all.Slice()))
	}
	if n := p.CountLegal(); n != all.N {
		t.Errorf("%s: CountLegal %d, GenerateLegal %d", p.FEN(), n, all.N)
	}
	if noisy.N+quiet.N != all.N {
		t.Errorf("%s: noisy %d + quiet %d != all %d\nnoisy %v\nquiet %v\nall %v", p.FEN(), noisy.N, quiet.N, all.N,
			sortedMoves(noisy.Slice()), sortedMoves(quiet.Slice()), sortedMoves(all.Slice()))
	}
	qs := moveSet(quiet.Slice())
	for _, m := range noisy.Slice() {
		if !as[m] {
			t.Errorf("%s: noisy move %s not in GenAll", p.FEN(), m)
		}
		if qs[m] {
			t.Errorf("%s: %s is both noisy and quiet", p.FEN(), m)
		}
		if !isNoisy(p, m) {
			t.Errorf("%s: quiet move %s generated as noisy", p.FEN(), m)
		}
	}
	for _, m := range quiet.Slice() {
		if !as[m] {
			t.Errorf("%s: quiet move %s not in GenAll", p.FEN(), m)
		}
		if isNoisy(p, m) {
			t.Errorf("%s: noisy move %s generated as quiet", p.FEN(), m)
		}
	}
}

// TestGenModesPartition runs checkGenModes on every suite position and on
// every position one ply below it.
func TestGenModesPartition(t *testing.T) {
	for _, p := range suitePositions(t) {
		checkGenModes(t, p)
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			p.Make(m)
			checkGenModes(t, p)
			p.Unmake()
		}
	}
}

// TestMovesAreLegal cross-checks the fast generator against the rules'
// definition: a move is legal when, after it, the mover's king is not
// attacked. Every generated move must pass, and no move outside the list
// that a piece could physically make may pass.
func TestMovesAreLegal(t *testing.T) {
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateLegal(&l)
		us := p.Side()
		for _, m := range l.Slice() {
			p.Make(m)
			if p.Attacked(p.KingSquare(us), us.Other()) {
				t.Errorf("%s: %s leaves the king attacked", p.FEN(), m)
			}
			p.Unmake()
		}
		// The general (pseudo-legal + filter) generator must agree.
		var g MoveList
		p.generateGeneral(&g, GenAll)
		if a, b := sortedMoves(l.Slice()), sortedMoves(g.Slice()); strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("%s: fast %v\ngeneral %v", p.FEN(), a, b)
		}
	}
}
