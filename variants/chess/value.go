package chess

// pieceValue is the one table of nominal piece values in centipawns
// (docs/rules/standard.md A7: 1/3/3/5/9 as guidance, the bishop a little
// above the knight). Move ordering, static exchange, the card variants'
// material terms and the referee's material count read it; the chess
// evaluation has its own tuned material (eval/weights.go), and the
// puzzle measure its own textbook 1/3/3/5/9 (practice/puzzle: retuning
// must never change which puzzles are valid). The king has no nominal
// value: it is never traded; the users that rank it give it their own
// (static exchange: seeKingValue).
var pieceValue = [7]int{NoPieceType: 0, Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 900, King: 0}

// PieceValue is the nominal value of a piece type in centipawns (0 for
// the king and for NoPieceType).
func PieceValue(t PieceType) int { return pieceValue[t] }
