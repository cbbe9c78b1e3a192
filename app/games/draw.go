package games

import (
	"azar/app/engine"
	"azar/variants/chess"
)

// The engine's answer to a draw offer (docs/app.md "Offer a draw",
// docs/rules/standard.md B3). It is judged from one full-strength search
// of the player's position, whatever the game's level.
const (
	// drawWorseCP: the engine accepts when its own score is this or worse.
	// A pawn and a half: one extra pawn often does not win, so the engine
	// gives up its chances only when clearly behind, and the first move's
	// advantage (+0.2 to +0.4) and the swing between two 300 ms searches
	// (tens of centipawns) are far from it. The analysis's win model
	// (practice/analysis.WinPercent) puts the engine at 36.5 % there.
	drawWorseCP = -150
	// drawLateMove, drawLevelCP, drawLatePieces: it also accepts a level
	// position late in a simplified game: from move 40 (where match
	// referees such as cutechess start adjudicating draws), the score
	// within ±0.20 (inside one search's noise), and each side's pieces
	// other than its king and pawns worth at most a rook and a bishop.
	drawLateMove   = 40
	drawLevelCP    = 20
	drawLatePieces = 500 + 330
	// drawOfferBudget is the search that judges an offer.
	drawOfferBudget = "movetime 300"
)

// acceptsDraw reports whether the engine accepts a draw in pos given its
// search's score from its own side. board says whether the board's
// material is all there is (standard chess): in the card games a card
// can still add or turn pieces, so a bare board is no dead draw there.
func acceptsDraw(pos *chess.Position, board bool, own engine.Score) bool {
	if own.Known && own.Mate > 0 {
		return false // the engine mates
	}
	if board && deadDraw(pos) {
		return true
	}
	if !own.Known {
		return false // no score to judge by
	}
	if own.Mate < 0 || own.CP <= drawWorseCP {
		return true // being mated, or clearly worse
	}
	return pos.FullMove() >= drawLateMove && -drawLevelCP <= own.CP && own.CP <= drawLevelCP &&
		pieceValue(pos, chess.White) <= drawLatePieces && pieceValue(pos, chess.Black) <= drawLatePieces
}

// pieceValue is side c's material other than its king and pawns.
func pieceValue(pos *chess.Position, c chess.Color) int {
	v := 0
	for t := chess.Knight; t <= chess.Queen; t++ {
		v += pos.Pieces(c, t).Count() * chess.PieceValue(t)
	}
	return v
}

// deadDraw reports a position in which neither side can force mate,
// though a mate can still be helped into being (so the rules play on,
// docs/rules/standard.md B2.3): no pawns, no rooks or queens, and each
// side at most one minor piece, or two knights against a bare king.
func deadDraw(pos *chess.Position) bool {
	if pos.Type(chess.Pawn)|pos.Type(chess.Rook)|pos.Type(chess.Queen) != 0 {
		return false
	}
	var minors [2]int
	for c := chess.White; c <= chess.Black; c++ {
		minors[c] = (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop)).Count()
	}
	if minors[chess.White] <= 1 && minors[chess.Black] <= 1 {
		return true
	}
	for c := chess.White; c <= chess.Black; c++ {
		if minors[c] == 2 && pos.Pieces(c, chess.Knight).Count() == 2 && minors[c.Other()] == 0 {
			return true
		}
	}
	return false
}
