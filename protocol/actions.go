package protocol

import (
	"errors"
	"fmt"
	"slices"

	"azar/variants"
	"azar/variants/chess"
)

// What `position`, `go` and `eval` share between standard chess and the
// variants, whose positions are a variants.State and whose moves are
// action tokens.

// splitPosition reads the start of a `position` command: startpos (fen
// nil) or `fen` and the FEN's fields up to the first word of ends; rest is
// what follows. usage is the error for a command without arguments.
func splitPosition(args []string, usage string, ends ...string) (fen, rest []string, err error) {
	if len(args) == 0 {
		return nil, nil, errors.New(usage)
	}
	switch args[0] {
	case "startpos":
		return nil, args[1:], nil
	case "fen":
		i := 1
		for i < len(args) && !slices.Contains(ends, args[i]) {
			i++
		}
		if i == 1 {
			return nil, nil, errors.New("'fen' without a FEN")
		}
		return args[1:i], args[i:], nil
	}
	return nil, nil, fmt.Errorf("want 'startpos' or 'fen', got %s", quote(args[0]))
}

// movesAfter reads the end of a `position` command: nothing, or `moves`
// and the moves; want names what may stand there in the error.
func movesAfter(rest []string, want string) ([]string, error) {
	if len(rest) == 0 {
		return nil, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("unexpected %s (want %s)", quote(rest[0]), want)
	}
	return rest[1:], nil
}

// parseGoActions reads the arguments of `go` in a variant: searchmoves
// are action tokens that parse reads, and none is accepted unless
// choosing (false where the engine answers without a search: a pending
// reveal or wildcard choice). Faults are dropped and listed in problems,
// as parseGoArgs does.
func parseGoActions(args []string, parse func(string) (variants.Action, error), choosing bool) (goCommand, []variants.Action, []string) {
	var only []variants.Action
	g, problems := parseGoArgs(args, func(tok string) error {
		a, err := parse(tok)
		if err != nil || !choosing {
			return fmt.Errorf("searchmoves: %s is illegal or malformed here", quote(tok))
		}
		only = append(only, a)
		return nil
	})
	return g, only, problems
}

// searchable keeps the legal actions that searchmoves (only) allows; all
// of them when it names none.
func searchable(legal, only []variants.Action) []variants.Action {
	if len(only) > 0 {
		legal = slices.DeleteFunc(legal, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	return legal
}

// checkedAction is what a variant search plays when it found a: a itself
// if ok (a legal choice), else fallback. An illegal choice is an engine
// bug, logged with what names the search and where gives the position.
func (p *Protocol) checkedAction(st variants.State, a variants.Action, ok bool, fallback variants.Action, what string, where func() string) variants.Action {
	if ok {
		return a
	}
	p.log.Errorf("%s returned %s, not a legal choice in %s; playing %s", what, st.FormatAction(a), where(), st.FormatAction(fallback))
	return fallback
}

// sendEval writes the `eval` line: score is for side, the player to move
// (who says so in the line's words), and is turned for White.
func (p *Protocol) sendEval(score int, side chess.Color, who string) {
	white := score
	if side == chess.Black {
		white = -score
	}
	p.out.send(fmt.Sprintf("Eval: %d cp (%s), %d cp (White)", score, who, white))
}
