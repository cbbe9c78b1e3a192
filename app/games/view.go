package games

import "time"

// View is what a player's browser gets of a game: everything it may see
// and nothing else (see the package comment). The board is described by
// its size and a square → piece map so that the page draws any board.
type View struct {
	ID       string            `json:"id"`
	Version  uint64            `json:"version"` // grows with every change: a page keeps the newest view it got
	Variant  string            `json:"variant"`
	Mode     string            `json:"mode"`
	Human    string            `json:"human,omitempty"` // the player's colour against the engine
	Level    int               `json:"level"`
	Files    int               `json:"files"`
	Ranks    int               `json:"ranks"`
	Pieces   map[string]string `json:"pieces"` // "e4": "wP" (colour letter, piece letter)
	FEN      string            `json:"fen"`
	Turn     string            `json:"turn"`  // "w" or "b"
	Legal    []string          `json:"legal"` // the moves the player may make now, UCI
	Moves    []MoveView        `json:"moves"`
	LastMove string            `json:"lastMove,omitempty"`
	Check    string            `json:"check,omitempty"` // the square of a king in check
	Status   string            `json:"status"`          // "playing" or a Reason
	Result   string            `json:"result"`
	Thinking bool              `json:"thinking"`
	Eval     *Eval             `json:"eval,omitempty"`
	Error    string            `json:"engineError,omitempty"`
	DrawNote string            `json:"drawOffer,omitempty"`
	CanUndo  bool              `json:"canUndo"`
	// Clock is the clocks of a game with a time control.
	Clock *ClockView `json:"clock,omitempty"`
	// Rules are a card game's rule options (rules names).
	Rules map[string]string `json:"rules,omitempty"`
	// Lucky, Spy and Magic are the card variants' parts: what the player may
	// see, nothing more.
	Lucky *LuckyView `json:"lucky,omitempty"`
	Spy   *SpyView   `json:"spy,omitempty"`
	Magic *MagicView `json:"magic,omitempty"`
	// C4 is four-player chaturanga's part: the seats, their pools, the
	// frozen pieces, the ranking at the end.
	C4 *C4View `json:"c4,omitempty"`
	// Analysis is the post-game analysis once made; Analyzing its
	// progress while it runs; AnalysisError why it failed.
	Analysis      *Analysis `json:"analysis,omitempty"`
	Analyzing     *Progress `json:"analyzing,omitempty"`
	AnalysisError string    `json:"analysisError,omitempty"`
	// Review marks a view of a past position (review.go), nil for the
	// live one.
	Review *Review `json:"review,omitempty"`
	// Seat is the viewer's seat ("" on one device, which acts for every
	// seat a person plays); Seats who holds each seat (seats.go).
	Seat  string     `json:"seat"`
	Seats []SeatView `json:"seats"`
	// Waiting: an online game whose invited players have not all come;
	// it starts when they have.
	Waiting bool `json:"waiting,omitempty"`
	// DrawOffer and UndoRequest are the seat whose draw offer or undo
	// request waits for the other's answer (online).
	DrawOffer   string `json:"drawOfferBy,omitempty"`
	UndoRequest string `json:"undoRequestBy,omitempty"`
	// Rematch is the game made again after this one (seats_rematch.go).
	Rematch *RematchView `json:"rematch,omitempty"`
}

// MoveView is one move of the game in both notations.
type MoveView struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Side is who played it ("w", "b"), in the card games, where a turn
	// may hold several actions.
	Side string `json:"side,omitempty"`
}

// view builds the game's View for the player at the device. g.mu is held.
func (g *Game) view() View { return g.viewAs("") }

// viewAs builds the game's View for the actor (Seated). g.mu is held.
func (g *Game) viewAs(actor string) View { return g.viewFor(g.viewerOf(actor)) }

// deviceViewer is the player at the device: against the engine, the
// player's seat, whose secrets it sees and for which it acts; on one
// device, no seat's secrets, and the actions of the seat to act.
func (g *gameState) deviceViewer() viewer {
	var w viewer
	if g.opts.Mode == ModeEngine {
		w.seat = g.opts.Human
	}
	if !g.over() {
		w.acts = g.playerSeat()
	}
	return w
}

// viewFor builds the game's View for the viewer w. g.mu is held.
func (g *Game) viewFor(w viewer) View {
	v := View{
		ID: g.id, Version: g.seq, Variant: g.opts.Variant, Mode: g.opts.Mode, Human: g.opts.Human, Level: g.opts.Level,
		Files: 8, Ranks: 8, Pieces: map[string]string{}, Legal: []string{}, Moves: []MoveView{},
		Thinking: g.thinking, Eval: g.eval, Error: g.engineErr, DrawNote: g.drawNote, Rules: g.opts.Rules,
		Analysis: g.analysisFor(w), Analyzing: g.analyzing, AnalysisError: g.analysisErr,
	}
	v.Result, v.Status = g.result()
	if v.Status == "" {
		v.Status = "playing"
	}
	g.play.view(&v, w)
	v.CanUndo = g.undoTo() >= 0
	v.Clock = g.clockView(time.Now())
	// The seats: the viewer's seat is the one whose secrets it sees.
	v.Seat, v.Seats = w.seat, g.seatViews(w.seat)
	v.Waiting = g.waiting() && !g.over()
	v.DrawOffer, v.UndoRequest = g.drawOffer, g.undoRequest
	v.Rematch = g.rematchView(w.seat)
	if g.opts.Mode == ModeOnline && w.seat != "" {
		// Online the viewer plays its own seat: the page turns the board
		// for it as it does for the player against the engine, and its
		// undo is of its own last move.
		v.Human = w.seat
		// Once the game is over nothing is taken back between people
		// (against the engine a mated player may still take back).
		v.CanUndo = v.CanUndo && !g.over() && g.undoRequest == "" && g.undoFor(w.seat) >= 0
		if w.acts == "" {
			// A game that lists every seat's moves alike (chaturanga4)
			// lists them only to the seat to act.
			v.Legal = []string{}
		}
	}
	return v
}

// undoTo is how many moves stay after an undo, -1 when there is none.
func (g *gameState) undoTo() int {
	if g.end.reason != "" || g.play.refuses(requestUndo) != nil {
		return -1
	}
	return g.play.takeBack(g.opts)
}

// isSquareMove reports whether tok is a move from a square to a square
// (e2e4, e7e8q).
func isSquareMove(tok string) bool {
	if len(tok) != 4 && len(tok) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if tok[i] < 'a' || tok[i] > 'h' || tok[i+1] < '1' || tok[i+1] > '8' {
			return false
		}
	}
	return true
}
