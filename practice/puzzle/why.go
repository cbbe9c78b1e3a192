package puzzle

import "fmt"

// Why is a wrong move's reason as data: a code and the words it needs,
// so that a page can write it in its own language with its own piece
// letters (the app's Spanish page writes "Esa no: no es mate: Rf6 no da
// jaque …"). English writes it as Step.Reason has it.
type Why struct {
	// Code is one of the Why* constants.
	Code string `json:"code"`
	// SAN is the move judged (English letters); Reply the defence that
	// refutes it.
	SAN   string `json:"san,omitempty"`
	Reply string `json:"reply,omitempty"`
	// Defender is the defending side, "white" or "black".
	Defender string `json:"defender,omitempty"`
	// Left is the mate in moves the move had to force (WhyNoForcedMate),
	// and After the mate there is no longer after the reply.
	Left  int `json:"left,omitempty"`
	After int `json:"after,omitempty"`
	// Status is why the puzzle is over (WhyOver): "solved" or the
	// position's status (checkmate, stalemate, insufficient material, ...).
	Status string `json:"status,omitempty"`
	// You and Solution are a tactic's scores after the best line for
	// the move and for the solution: pawns ("+1.5", "-0.3"), or "mate"
	// and "-mate" for a forced mate for and against the solver.
	You      string `json:"you,omitempty"`
	Solution string `json:"solution,omitempty"`
}

// The reasons a move is wrong.
const (
	WhyOver         = "over"           // moves after the end
	WhyIllegal      = "illegal"        // not a legal move
	WhyStalemate    = "stalemate"      // it stalemates the defender
	WhyNoMate       = "no-mate"        // it does not force mate (no refutation to show)
	WhyNoCheck      = "no-check"       // the last move of the mate gives no check
	WhyKingEscapes  = "king-escapes"   // the last move's check: the king steps out
	WhyAnswered     = "answered"       // the last move's check: another answer
	WhyKingOut      = "king-out"       // an earlier move lets the king out
	WhyNoForcedMate = "no-forced-mate" // an earlier move: a defence holds
	WhyNotWinning   = "not-winning"    // a tactic: the move does not win
	WhyWinsLess     = "wins-less"      // a tactic: it wins, but less than the solution
	mateScore       = "mate"           // You, Solution: a forced mate for the solver
	matedScore      = "-mate"          // and against
)

// English is the reason in English.
func (w Why) English() string {
	switch w.Code {
	case WhyOver:
		if w.Status == "solved" {
			return "the puzzle is over: it is solved"
		}
		return "the puzzle is over: " + w.Status
	case WhyIllegal:
		return "illegal move"
	case WhyStalemate:
		return fmt.Sprintf("stalemate: after %s %s has no legal move and is not in check", w.SAN, w.Defender)
	case WhyNoMate:
		return "does not force mate"
	case WhyNoCheck:
		return fmt.Sprintf("not mate: %s gives no check (%s answers %s)", w.SAN, w.Defender, w.Reply)
	case WhyKingEscapes:
		return fmt.Sprintf("not mate: the king escapes with %s", w.Reply)
	case WhyAnswered:
		return fmt.Sprintf("not mate: %s answers %s", w.Defender, w.Reply)
	case WhyKingOut:
		return fmt.Sprintf("allows the king to escape: after %s there is no mate in %d", w.Reply, w.After)
	case WhyNoForcedMate:
		return fmt.Sprintf("does not force mate in %d: after %s there is no mate in %d", w.Left, w.Reply, w.After)
	case WhyNotWinning, WhyWinsLess:
		what := "not winning"
		if w.Code == WhyWinsLess {
			what = "wins less"
		}
		line := w.SAN
		if w.Reply != "" {
			line += " " + w.Reply
		}
		return fmt.Sprintf("%s: after %s the best line leaves you at %s, the solution at %s",
			what, line, englishScore(w.You), englishScore(w.Solution))
	}
	return w.Code
}

// score is a search score as Why carries it.
func score(s int) string {
	if s >= MateCap {
		return mateScore
	}
	if s <= -MateCap {
		return matedScore
	}
	return pawns(s)
}

// englishScore writes a Why score as Eval does.
func englishScore(s string) string {
	switch s {
	case mateScore:
		return Eval(MateCap)
	case matedScore:
		return Eval(-MateCap)
	}
	return s
}
