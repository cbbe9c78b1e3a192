package games

// rivalName is how a card game's texts name the other side for a seat:
// Azar against the engine, "your friend" between two people on their own
// devices (mode online), in English and Spanish, lower case inside a
// sentence (text.Capital starts one).
func rivalName(online bool) Texts {
	if online {
		return Texts{En: "your friend", Es: "tu amigo"}
	}
	return Texts{En: "Azar", Es: "Azar"}
}
