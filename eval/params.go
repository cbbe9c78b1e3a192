package eval

// Params is the list of evaluation weights. It is generic so that one
// declaration describes both the weights themselves (Params[Score], see
// Weights) and the trace of how often a position used each of them
// (Params[[2]int32], see Trace): the tuner walks the two in step.
//
// Every field is a T or an array (of arrays) of T; the tuner relies on
// that to flatten the struct. Fields tagged `eval:"safety"` are the king
// danger weights, which enter the score non-linearly (see kingSafety);
// all others are plain linear terms. Ranks are relative to the side
// owning the pawn (0 = its first rank), squares are as seen by White
// (Black's are mirrored).
type Params[T any] struct {
	// Material by piece type: pawn, knight, bishop, rook, queen.
	Material [5]T
	// PST is the piece-square table by piece type (pawn ... king) and
	// square, a1 = 0, from White's side.
	PST [6][64]T
	// BishopPair is the bonus for two or more bishops.
	BishopPair T

	// Mobility by the number of squares a piece attacks that are neither
	// occupied by its own side nor attacked by enemy pawns.
	KnightMobility [9]T
	BishopMobility [14]T
	RookMobility   [15]T
	QueenMobility  [28]T

	// Outposts: a knight or bishop on the 4th-6th rank, defended by a
	// pawn, on a square no enemy pawn can ever attack.
	KnightOutpost T
	BishopOutpost T
	// Rooks on a file without pawns, or without own pawns.
	RookOpenFile     T
	RookSemiOpenFile T

	// Pawn structure, per pawn.
	PawnDoubled   T    // an own pawn stands in front of it
	PawnIsolated  T    // no own pawn on an adjacent file
	PawnBackward  T    // behind its neighbours and its stop square held by an enemy pawn
	PawnPhalanx   [8]T // an own pawn beside it, by rank
	PawnSupported [8]T // per own pawn defending it, by rank

	// Passed pawns by rank; the extras depend on the pieces too.
	PassedPawn      [8]T
	PassedFreePath  [8]T // nothing stands between it and the promotion square
	PassedSafePush  [8]T // its stop square is empty and not attacked by the enemy
	PassedOwnKing   [8]T // per square of distance from the own king to its stop square
	PassedEnemyKing [8]T // per square of distance from the enemy king to its stop square

	// Threats: enemy pieces attacked by our pawns (victim knight ... queen),
	// by our minor pieces and by our rooks (victim pawn ... queen; counted
	// when the victim is worth more than a minor resp. is a queen, or when
	// it is not defended).
	ThreatByPawn  [4]T
	ThreatByMinor [5]T
	ThreatByRook  [5]T

	// Threats found once both sides' attack maps are known (issue 32's
	// list from Stockfish 11 and Ethereal): enemy knights, bishops, rooks
	// and queens we attack that nothing of theirs defends (Hanging), that
	// our king attacks undefended (ThreatByKing), and that a safe push of
	// one of our pawns would attack (ThreatByPawnPush).
	Hanging          T
	ThreatByKing     T
	ThreatByPawnPush T

	// Minor pieces: a knight or bishop with a pawn straight in front of it
	// (sheltered from frontal attack, the pawn defended from behind), and
	// per bishop, the own pawns on squares of its colour (they block it).
	MinorBehindPawn T
	BishopPawns     T

	// Space: per central square (files c-f, the own 2nd-4th ranks) not
	// attacked by an enemy pawn nor holding an own pawn, one more when it
	// lies behind an own pawn and no enemy piece attacks it.
	Space T

	// KingPawnFileProximity by the file distance from the king to the
	// nearest file with a pawn of either colour (an endgame king far from
	// every pawn does nothing); only when there are pawns.
	KingPawnFileProximity [8]T

	// King shelter: for the king's file and its two neighbours, the nearest
	// own pawn in front (PawnShield) and the nearest enemy pawn in front
	// (PawnStorm), by distance in ranks (0 = no such pawn).
	PawnShield [8]T
	PawnStorm  [8]T

	// King danger, summed per attacked king and scored for the attacker as
	// x²/720 in the middlegame and x/20 in the endgame, x the sum clamped
	// to [0, DangerCap]; only when at least two pieces (one, if the
	// attacker has a queen) attack the king zone.
	KingAttackers   [4]T `eval:"safety"` // per knight, bishop, rook, queen attacking the zone
	KingZoneAttacks T    `eval:"safety"` // per attack on a zone square
	KingWeakSquares T    `eval:"safety"` // per attacked zone square defended by no pawn, minor or rook
	KingSafeChecks  [4]T `eval:"safety"` // per safe checking square of a knight, bishop, rook, queen
	KingNoQueen     T    `eval:"safety"` // the attacker has no queen
	KingDangerBias  T    `eval:"safety"` // constant

	// Mop-up, when the other side has a bare king: the bare king's
	// distance from the centre, and the closeness (7 - distance) of the
	// kings.
	MopUpCorner T
	MopUpKings  T

	// Tempo is the bonus for the side to move.
	Tempo T
}

// Weights are the evaluation's weights (weights.go holds the values in
// use).
type Weights = Params[Score]

// Trace records how a position used each weight: [0] for White's
// features, [1] for Black's. For a linear weight the evaluation adds
// w·(t[0] - t[1]) before tapering.
type Trace struct {
	Coef Params[[2]int32]
	// Phase is the game phase, 24 (opening) ... 0 (pawn endgame).
	Phase int
	// Scale is the endgame scale factor in 64ths, applied to the endgame
	// score when it favours White ([0]) or Black ([1]).
	Scale [2]int
	// Eval is what Evaluate returned, from the side to move's view.
	Eval int
}

// CurrentWeights returns a copy of the weights the evaluation uses.
func CurrentWeights() Weights { return weights }
