package server

import "strings"

// A refusal's code: the stable name of what was refused, sent as
// "code" beside "error" so that the page can say it in its own
// language (its strings "err-CODE") and fall back to the server's
// English words for a refusal it has no text for. The codes cover the
// refusals the page shows: a bad or finished start position, an illegal
// move, a move out of turn or after the end, a move on an old view, an
// undo with nothing to undo, a repeated draw offer, a limit reached, a
// seat taken or not one's own, a game waiting for its players.
//
// The referee (app/games) words its refusals for people; the codes are
// read from those words here, by the beginnings and phrases the
// referee's messages keep, so that app/games needs no second vocabulary.
// TestErrorCodes makes each refusal through the API and checks its
// code, so a reworded message that no longer matches fails there.

// errorCodes is matched in order: the first whose phrase the message
// contains gives the code.
var errorCodes = []struct{ phrase, code string }{
	{"the game is already over", "fen-over"},
	{"a magic game starts from the standard position", "fen-magic"},
	{"a spy start holds no cards", "fen-spy"},
	{"start position: ", "bad-fen"},
	{"the game has moved on since", "moved-on"},
	{"the game is over", "game-over"},
	{"it is the engine's turn", "not-your-turn"},
	{"'s turn", "not-your-turn"},
	{"'s decision", "not-your-turn"},
	{"choose your wildcard's spy first", "choose-spy"},
	{"the referee turns the cards", "referee-cards"},
	{"illegal move", "illegal"},
	{"illegal action", "illegal"},
	{") is illegal", "illegal"},
	{"there is no move of yours to take back", "nothing-to-undo"},
	{"have no undo", "no-undo"},
	{"has no undo", "no-undo"},
	{"the engine declined your offer", "offer-declined"},
	{"the game changed while the engine thought", "changed"},
	{"it is not your turn", "not-your-turn"},
	{"that seat is taken", "seat-taken"},
	{"that invitation is not for this game", "invite-wrong"},
	{"seat's token", "no-seat"},
	{"seat token is missing or wrong", "no-seat"},
	{"the game starts when every seat is taken", "waiting"},
	{"no hints in a game between people", "no-hints"},
	{"the other player has asked to take back a move", "undo-asked"},
	{"there is no draw offer of the other player's", "no-offer"},
	{"there is no undo request of the other player's", "no-undo-request"},
	{"the game is not over yet", "not-over"},
	{"the game has no moves to analyse", "no-moves"},
	{"the analysis is for standard chess", "chess-only"},
}

// errorCode is the code of a refusal with status and msg, "" for one
// the page has no words for.
func errorCode(status int, msg string) string {
	if status == 429 {
		return "too-many"
	}
	for _, c := range errorCodes {
		if strings.Contains(msg, c.phrase) {
			return c.code
		}
	}
	return ""
}
