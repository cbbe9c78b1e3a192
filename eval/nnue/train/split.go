package train

import (
	"errors"
	"math/rand/v2"
)

// SplitByGame holds out about fraction of data for validation, whole
// games at a time, so that no game has positions on both sides: the
// positions of one game are alike, and a validation set that shares
// games with the training set measures memory rather than judgement.
//
// The records carry no game number, but datagen writes each game's
// positions together and in the order they were played, so a position
// whose ply (fullmove and side) does not exceed its predecessor's starts
// a new game. Two games can run together when the second starts later
// than the first ended (a short game); then they go to the same side,
// which still splits no game. Which games are held out depends only on
// seed.
func SplitByGame(data []Sample, fraction float64, seed uint64) (trainSet, val []Sample, err error) {
	if !(fraction > 0 && fraction < 1) {
		return nil, nil, errors.New("validation fraction outside (0, 1)")
	}
	r := rand.New(rand.NewPCG(seed, 0x56414C))
	hold := false
	for i := range data {
		if i == 0 || data[i].ply <= data[i-1].ply {
			hold = r.Float64() < fraction
		}
		if hold {
			val = append(val, data[i])
		} else {
			trainSet = append(trainSet, data[i])
		}
	}
	if len(trainSet) == 0 || len(val) == 0 {
		return nil, nil, errors.New("too few games to hold some out for validation")
	}
	return trainSet, val, nil
}
