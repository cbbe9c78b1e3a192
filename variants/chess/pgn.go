package chess

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PGN support: one reader and one writer for standard-chess games, shared
// by the match runner's openings, the book builder, the analyser and the
// app. Only the main line is kept: variations and NAGs are read over, and a
// comment is kept when it follows a move of the main line.

// Tag is one PGN tag pair.
type Tag struct{ Name, Value string }

// Game is one standard-chess game of a PGN file.
type Game struct {
	Tags []Tag
	// FEN is the start position when it is not the standard one (the FEN
	// tag); empty for the standard start.
	FEN   string
	Moves []Move
	// Comments[i], when Comments is not empty, is the comment after
	// Moves[i] ("" for none); a reader fills it only if some move has one.
	Comments []string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
}

// Tag returns the value of the named tag, or "".
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the named tag, replacing its value if present.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Start returns a new position at the game's start.
func (g *Game) Start() (*Position, error) {
	if g.FEN == "" {
		return NewPosition(), nil
	}
	return ParseFEN(g.FEN)
}

// End returns the position after the game's last move.
func (g *Game) End() (*Position, error) {
	p, err := g.Start()
	if err != nil {
		return nil, err
	}
	for _, m := range g.Moves {
		p.Make(m)
	}
	return p, nil
}

// ReadPGN reads every game of a PGN file. A game whose FEN or moves do not
// parse is an error naming the game (1-based) and the move.
func ReadPGN(r io.Reader) ([]Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var games []Game
	var tags []Tag
	var moves strings.Builder
	inMoves := false
	flush := func() error {
		if !inMoves && len(tags) == 0 {
			return nil
		}
		g, err := parseGame(tags, moves.String())
		if err != nil {
			return fmt.Errorf("game %d: %w", len(games)+1, err)
		}
		games = append(games, g)
		tags = nil
		moves.Reset()
		inMoves = false
		return nil
	}
	for _, ln := range strings.Split(string(data), "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case strings.HasPrefix(ln, "%"):
			continue
		case strings.HasPrefix(ln, "[") && !inComment(moves.String()):
			if inMoves {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			if name, value, ok := parseTag(ln); ok {
				tags = append(tags, Tag{name, value})
			}
		case ln == "":
			continue
		default:
			inMoves = true
			moves.WriteString(ln)
			moves.WriteByte('\n')
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return games, nil
}

// inComment reports whether movetext ends inside an open {comment}, so a
// comment line starting with "[" is not taken for a tag.
func inComment(s string) bool {
	open := strings.LastIndexByte(s, '{')
	return open >= 0 && strings.IndexByte(s[open:], '}') < 0
}

func parseTag(ln string) (name, value string, ok bool) {
	ln = strings.TrimSuffix(strings.TrimPrefix(ln, "["), "]")
	name, value, ok = strings.Cut(ln, " ")
	if !ok || name == "" {
		return "", "", false
	}
	value = strings.TrimSpace(value)
	if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
		value = value[1 : len(value)-1]
	}
	value = strings.ReplaceAll(strings.ReplaceAll(value, `\"`, `"`), `\\`, `\`)
	return name, value, true
}

func parseGame(tags []Tag, movetext string) (Game, error) {
	g := Game{Tags: tags, Result: "*"}
	g.FEN = g.Tag("FEN")
	if r := g.Tag("Result"); validResult(r) {
		g.Result = r
	}
	pos, err := g.Start()
	if err != nil {
		return g, err
	}
	var comments []string
	hasComment := false
	for _, tok := range pgnTokens(movetext) {
		switch tok.kind {
		case tokResult:
			g.Result = tok.text
		case tokComment:
			if n := len(g.Moves); n > 0 {
				if comments[n-1] != "" {
					comments[n-1] += " "
				}
				comments[n-1] += tok.text
				hasComment = true
			}
		case tokMove:
			m, err := pos.ParseSAN(tok.text)
			if err != nil {
				return g, fmt.Errorf("ply %d: %w", len(g.Moves)+1, err)
			}
			g.Moves = append(g.Moves, m)
			comments = append(comments, "")
			pos.Make(m)
		}
	}
	if hasComment {
		g.Comments = comments
	}
	return g, nil
}

func validResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

type tokKind uint8

const (
	tokMove tokKind = iota
	tokComment
	tokResult
)

type pgnToken struct {
	kind tokKind
	text string
}

// pgnTokens splits a movetext into the main line's moves, the comments at
// its level and the termination marker. Move numbers, NAGs, ";" comments
// and variations are dropped.
func pgnTokens(s string) []pgnToken {
	var toks []pgnToken
	depth := 0 // variation nesting
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				j = len(s) - i
			}
			if depth == 0 {
				text := strings.Join(strings.Fields(s[i+1:i+j]), " ")
				toks = append(toks, pgnToken{tokComment, text})
			}
			i += j + 1
			continue
		case c == ';':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return toks
			}
			i += j + 1
			continue
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '}':
			// A stray closing brace (no comment open) is skipped.
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\t\r{}();", rune(s[j])) {
				j++
			}
			tok := s[i:j]
			i = j
			if depth > 0 || tok[0] == '$' {
				continue
			}
			if validResult(tok) {
				toks = append(toks, pgnToken{tokResult, tok})
				continue
			}
			// Move numbers: "12." "12..." or glued to the move "12.e4".
			tok = strings.TrimLeft(tok, "0123456789")
			tok = strings.TrimLeft(tok, ".")
			if tok != "" {
				toks = append(toks, pgnToken{tokMove, tok})
			}
			continue
		}
		i++
	}
	return toks
}

// pgnWidth is the longest movetext line WritePGN writes (the export format
// asks for at most 79 characters).
const pgnWidth = 79

// sevenTags is the Seven Tag Roster, written first and in this order, with
// the export format's values for an unknown field.
var sevenTags = [...]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// WritePGN writes g in PGN export format: the Seven Tag Roster (the Result
// tag from g.Result), SetUp and FEN for a non-standard start, the other
// tags in their order, then the movetext in SAN with move numbers, the
// comments and the termination marker, wrapped at 79 characters.
func WritePGN(w io.Writer, g *Game) error {
	pos, err := g.Start()
	if err != nil {
		return err
	}
	result := g.Result
	if !validResult(result) {
		result = "*"
	}
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	written := map[string]bool{"SetUp": true, "FEN": true}
	for _, t := range sevenTags {
		v := g.Tag(t.Name)
		switch {
		case t.Name == "Result":
			v = result
		case v == "":
			v = t.Value
		}
		tag(t.Name, v)
		written[t.Name] = true
	}
	if g.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.FEN)
	}
	for _, t := range g.Tags {
		if !written[t.Name] {
			tag(t.Name, t.Value)
			written[t.Name] = true
		}
	}
	b.WriteByte('\n')
	var toks []string
	afterComment := true
	for i, m := range g.Moves {
		switch {
		case pos.Side() == White:
			toks = append(toks, strconv.Itoa(pos.FullMove())+".")
		case afterComment:
			toks = append(toks, strconv.Itoa(pos.FullMove())+"...")
		}
		if !pos.IsLegal(m) {
			return fmt.Errorf("ply %d: move %s is illegal in %s", i+1, m, pos.FEN())
		}
		toks = append(toks, pos.SAN(m))
		pos.Make(m)
		afterComment = false
		if i < len(g.Comments) && g.Comments[i] != "" {
			toks = append(toks, "{"+strings.ReplaceAll(g.Comments[i], "}", ")")+"}")
			afterComment = true
		}
	}
	toks = append(toks, result)
	b.WriteString(wrapWords(toks, pgnWidth))
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// wrapWords joins words with spaces into lines of at most width characters
// (a longer word stays whole).
func wrapWords(words []string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range words {
		for _, part := range strings.Fields(word) {
			switch {
			case n == 0:
			case n+1+len(part) > width:
				b.WriteByte('\n')
				n = 0
			default:
				b.WriteByte(' ')
				n++
			}
			b.WriteString(part)
			n += len(part)
		}
	}
	return b.String()
}
