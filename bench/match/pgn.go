package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// pgnWidth is the longest movetext line WritePGN writes (PGN export format
// asks for at most 79 characters).
const pgnWidth = 79

// WritePGN writes one game in PGN export format: the Seven Tag Roster
// (Event, Site, Date, Round, one tag per seat, Result), then the game's own
// tags (SetUp and FEN for a non-standard start, Variant), TimeControl (or
// one <Seat>TimeControl per seat when they differ), Termination, PlyCount
// and Opening; then the moves in the game's notation (SAN for chess), each
// engine move followed by a {score/depth time} comment and book moves by
// {book}, and the reason the game ended as a final comment.
func WritePGN(w io.Writer, rec *GameRecord, cfg *Config) error {
	seats := cfg.Variant.Seats()
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	tag("Event", cfg.Event)
	tag("Site", cfg.Site)
	tag("Date", rec.Start.Format("2006.01.02"))
	tag("Round", strconv.Itoa(rec.Number))
	for s, e := range rec.Engines {
		tag(seats[s].Name, cfg.Engines[e].Name)
	}
	tag("Result", rec.Result.PGN())
	for _, t := range rec.Tags {
		tag(t.Name, t.Value)
	}
	if cfg.Variant.Name() != "chess" && !hasTag(rec.Tags, "Variant") {
		tag("Variant", cfg.Variant.Name())
	}
	tcs := make([]string, len(rec.Engines))
	same := true
	for s, e := range rec.Engines {
		tcs[s] = cfg.Engines[e].Limits.PGN()
		same = same && tcs[s] == tcs[0]
	}
	if same {
		tag("TimeControl", tcs[0])
	} else {
		for s := range rec.Engines {
			tag(seats[s].Name+"TimeControl", tcs[s])
		}
	}
	tag("Termination", rec.Result.End.Termination())
	tag("PlyCount", strconv.Itoa(plies(rec.Actions)))
	if rec.Opening.ID != "" {
		tag("Opening", rec.Opening.ID)
	}
	b.WriteByte('\n')
	_, rounds := cfg.Variant.(interface{ roundNumbered() })
	b.WriteString(wrap(movetext(rec, rounds), pgnWidth))
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func hasTag(tags []Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// movetext lists the actions with move numbers: "N." before the first
// seat's move, "N..." before another seat's move that starts the text or
// follows a comment. With rounds (a variant whose actions name their seat,
// chaturanga4) it is "N." before the first action of each round and
// nothing else. A seat's elimination is a comment where it happened.
func movetext(rec *GameRecord, rounds bool) string {
	var toks []string
	afterComment := true
	lastNumber := -1
	elim := rec.Eliminated
	eliminations := func(played int) {
		for ; len(elim) > 0 && elim[0].After <= played; elim = elim[1:] {
			toks = append(toks, comment(elim[0].Text))
			afterComment = true
		}
	}
	for i, a := range rec.Actions {
		eliminations(i)
		if a.Secret {
			continue
		}
		switch {
		case rounds:
			if a.Number != lastNumber {
				toks = append(toks, strconv.Itoa(a.Number)+".")
			}
		case a.Cont && a.Number == lastNumber:
		case a.Seat == 0 && a.Number != lastNumber:
			toks = append(toks, strconv.Itoa(a.Number)+".")
		case afterComment || a.Number != lastNumber:
			toks = append(toks, strconv.Itoa(a.Number)+"...")
		}
		lastNumber = a.Number
		toks = append(toks, a.Text)
		afterComment = true
		switch {
		case a.Book:
			toks = append(toks, "{book}")
		case a.Score.Valid:
			toks = append(toks, fmt.Sprintf("{%s/%d %ss}", a.Score, a.Depth, seconds3(a.Time)))
		case a.Time >= 500*time.Microsecond: // a built-in player's instant answer gets none
			toks = append(toks, fmt.Sprintf("{%ss}", seconds3(a.Time)))
		default:
			afterComment = false
		}
	}
	eliminations(len(rec.Actions))
	if rec.Result.Text != "" {
		toks = append(toks, comment(rec.Result.Text))
	}
	toks = append(toks, rec.Result.PGN())
	return strings.Join(toks, " ")
}

// comment writes text as a PGN comment ("}" would end it: written ")").
func comment(text string) string {
	return "{" + strings.ReplaceAll(text, "}", ")") + "}"
}

// plies counts the actions on the board (secret ones left out).
func plies(actions []Action) int {
	n := 0
	for _, a := range actions {
		if !a.Secret {
			n++
		}
	}
	return n
}

// seconds3 writes seconds with at most three decimals: 0.8, 0.052, 12.
func seconds3(d time.Duration) string {
	return strconv.FormatFloat(float64(int64(d.Seconds()*1000+0.5))/1000, 'f', -1, 64)
}

// wrap breaks s at spaces into lines of at most width characters (a single
// longer word stays whole).
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(s) {
		switch {
		case n == 0:
		case n+1+len(word) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}
