package match

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

// LoadOpenings reads an opening file. format is "epd", "pgn", "c4n", or
// "" to choose by the file's extension (.pgn is PGN, .c4n is C4N, anything
// else EPD).
func LoadOpenings(path, format string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if format == "" {
		format = "epd"
		switch ext := filepath.Ext(path); {
		case strings.EqualFold(ext, ".pgn"):
			format = "pgn"
		case strings.EqualFold(ext, ".c4n"):
			format = "c4n"
		}
	}
	var ops []Opening
	switch strings.ToLower(format) {
	case "epd":
		ops, err = ReadEPD(f)
	case "pgn":
		ops, err = ReadPGNOpenings(f)
	case "c4n":
		ops, err = ReadC4NOpenings(f)
	default:
		return nil, fmt.Errorf("openings %s: unknown format %q (want epd, pgn or c4n)", path, format)
	}
	if err != nil {
		return nil, fmt.Errorf("openings %s: %w", path, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("openings %s: no openings in the file", path)
	}
	return ops, nil
}

// ReadC4NOpenings reads four-player chaturanga openings: one position per
// line in C4N (docs/rules/chaturanga4.md), checked as it is read; blank
// lines and lines starting with # are skipped. An opening is named by its
// line number.
func ReadC4NOpenings(r io.Reader) ([]Opening, error) {
	var ops []Opening
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		text := strings.Join(strings.Fields(sc.Text()), " ")
		if text == "" || text[0] == '#' {
			continue
		}
		if _, err := chaturanga4.ParseC4N(text); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		ops = append(ops, Opening{ID: "c4n " + strconv.Itoa(n), FEN: text})
	}
	return ops, sc.Err()
}

// ReadEPD reads one position per line in EPD (four FEN fields followed by
// operations such as `id "Ruy Lopez"; hmvc 0; fmvn 4;`) or in full FEN.
// The id operation names the opening; hmvc and fmvn set the clocks. Blank
// lines and lines starting with # are skipped. Positions are not validated
// here: the variant does that when the match starts.
func ReadEPD(r io.Reader) ([]Opening, error) {
	var ops []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		o, err := parseEPDLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		ops = append(ops, o)
	}
	return ops, sc.Err()
}

func parseEPDLine(text string) (Opening, error) {
	fields := strings.Fields(text)
	if len(fields) < 4 {
		return Opening{}, fmt.Errorf("want at least 4 FEN fields in %q", text)
	}
	half, full := "0", "1"
	rest := fields[4:]
	// Full FEN: two numeric clock fields follow.
	if len(rest) >= 2 && isUint(rest[0]) && isUint(strings.TrimSuffix(rest[1], ";")) {
		half, full = rest[0], strings.TrimSuffix(rest[1], ";")
		rest = rest[2:]
	}
	o := Opening{}
	for _, op := range splitEPDOps(strings.Join(rest, " ")) {
		code, operand, _ := strings.Cut(op, " ")
		operand = strings.Trim(strings.TrimSpace(operand), `"`)
		switch code {
		case "id":
			o.ID = operand
		case "hmvc":
			if isUint(operand) {
				half = operand
			}
		case "fmvn":
			if isUint(operand) {
				full = operand
			}
		}
	}
	o.FEN = strings.Join(append(fields[:4:4], half, full), " ")
	return o, nil
}

// splitEPDOps splits EPD operations on semicolons outside quotes.
func splitEPDOps(s string) []string {
	var ops []string
	var b strings.Builder
	quoted := false
	for _, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
			b.WriteRune(c)
		case c == ';' && !quoted:
			if op := strings.TrimSpace(b.String()); op != "" {
				ops = append(ops, op)
			}
			b.Reset()
		default:
			b.WriteRune(c)
		}
	}
	if op := strings.TrimSpace(b.String()); op != "" {
		ops = append(ops, op)
	}
	return ops
}

func isUint(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

// ReadPGNOpenings reads standard chess games in PGN; each game is an
// opening: its FEN tag (if any) and its main line, converted to UCI moves.
// The Opening tag, else the Event tag, names it.
func ReadPGNOpenings(r io.Reader) ([]Opening, error) {
	games, err := chess.ReadPGN(r)
	if err != nil {
		return nil, err
	}
	ops := make([]Opening, 0, len(games))
	for _, g := range games {
		o := Opening{ID: g.Tag("Opening"), FEN: g.FEN}
		if o.ID == "" {
			o.ID = g.Tag("Event")
		}
		for _, m := range g.Moves {
			o.Moves = append(o.Moves, m.String())
		}
		ops = append(ops, o)
	}
	return ops, nil
}

// OrderOpenings returns the openings in playing order: starting from the
// start-th (1-based; 0 or 1 is the first) and, if random, shuffled with
// seed.
func OrderOpenings(ops []Opening, start int, random bool, seed uint64) []Opening {
	out := make([]Opening, 0, len(ops))
	if len(ops) == 0 {
		return out
	}
	k := 0
	if start > 1 {
		k = (start - 1) % len(ops)
	}
	out = append(out, ops[k:]...)
	out = append(out, ops[:k]...)
	if random {
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e))
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out
}
