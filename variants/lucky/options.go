package lucky

import (
	"errors"
	"fmt"
	"strings"
)

// Edition selects what happens when an action card cannot be fulfilled at
// all (rules §3 `edition`).
type Edition uint8

// Editions of the printed rules.
const (
	// SecondEdition: the drawer makes a normal move instead (default).
	SecondEdition Edition = iota
	// FirstEdition: the drawer loses the turn.
	FirstEdition
)

func (e Edition) String() string {
	if e == FirstEdition {
		return "first"
	}
	return "second"
}

// Claims selects how repetition and the move-count rule end a game
// (rules §3 `draw_claims`).
type Claims uint8

// Draw-claim modes.
const (
	// ClaimsAutomatic: threefold repetition and the 50-move rule end the
	// game as soon as they occur (default).
	ClaimsAutomatic Claims = iota
	// ClaimsFIDE: they must be claimed by the player to move (action
	// `claim`); fivefold repetition and the 75-move rule are automatic.
	ClaimsFIDE
)

func (c Claims) String() string {
	if c == ClaimsFIDE {
		return "fide"
	}
	return "automatic"
}

// Options are the rule options of rules §3. The zero value is the default
// game: second edition, free choice between drawing and moving, no king
// capture, every temporal card, permanent temporal effects, no instruction
// cards in the deck, automatic draws.
type Options struct {
	Edition       Edition // edition
	MandatoryCard bool    // mandatory_card ("Carta Obligatoria")
	KingCapture   bool    // king_capture (needs MandatoryCard)
	// ExcludeTemporal is the set of temporal cards left out of the deck
	// (temporal_cards): bit i stands for the i-th temporal card in table
	// order (super:Q, super:R, super:B, superknights, untouchable,
	// freeze:N, freeze:B, freeze:R, noretreat, leadking). Zero keeps all.
	ExcludeTemporal uint16
	ThreeTurns      bool   // temporal_three_turns
	RulesCards      bool   // rules_cards_in_deck
	DrawClaims      Claims // draw_claims
}

// Validate reports an inconsistent combination of options.
func (o Options) Validate() error {
	if o.KingCapture && !o.MandatoryCard {
		return errors.New("king_capture needs mandatory_card")
	}
	if o.Edition > FirstEdition || o.DrawClaims > ClaimsFIDE || o.ExcludeTemporal >= 1<<10 {
		return errors.New("option value out of range")
	}
	return nil
}

// OptionNames lists the rule options by their rules-document names, in the
// order of rules §3 (a fresh slice each call). Set also accepts the UCI
// names of docs/lucky.md (Lucky_Edition, ...).
func OptionNames() []string {
	return []string{"edition", "mandatory_card", "king_capture", "temporal_cards",
		"temporal_three_turns", "rules_cards_in_deck", "draw_claims"}
}

var uciOptionNames = map[string]string{
	"lucky_edition":            "edition",
	"lucky_mandatorycard":      "mandatory_card",
	"lucky_kingcapture":        "king_capture",
	"lucky_temporalcards":      "temporal_cards",
	"lucky_temporalthreeturns": "temporal_three_turns",
	"lucky_rulescardsindeck":   "rules_cards_in_deck",
	"lucky_drawclaims":         "draw_claims",
}

// Set changes one option from its text form: name is a rules name
// ("edition") or a UCI name ("Lucky_Edition"), case-insensitive; booleans
// accept on/off, true/false, 1/0; temporal_cards accepts all, none, or a
// list of temporal card ids separated by commas or spaces. The options are
// left unchanged on error.
func (o *Options) Set(name, value string) error {
	n := strings.ToLower(strings.TrimSpace(name))
	if r, ok := uciOptionNames[n]; ok {
		n = r
	}
	v := strings.ToLower(strings.TrimSpace(value))
	boolVal := func() (bool, error) {
		switch v {
		case "on", "true", "1", "yes":
			return true, nil
		case "off", "false", "0", "no":
			return false, nil
		}
		return false, fmt.Errorf("option %s: %q is not on or off", name, value)
	}
	var err error
	switch n {
	case "edition":
		switch v {
		case "second", "2":
			o.Edition = SecondEdition
		case "first", "1":
			o.Edition = FirstEdition
		default:
			return fmt.Errorf("option edition: %q, want second or first", value)
		}
	case "mandatory_card":
		o.MandatoryCard, err = boolVal()
	case "king_capture":
		o.KingCapture, err = boolVal()
	case "temporal_three_turns":
		o.ThreeTurns, err = boolVal()
	case "rules_cards_in_deck":
		o.RulesCards, err = boolVal()
	case "draw_claims":
		switch v {
		case "automatic", "auto":
			o.DrawClaims = ClaimsAutomatic
		case "fide":
			o.DrawClaims = ClaimsFIDE
		default:
			return fmt.Errorf("option draw_claims: %q, want automatic or fide", value)
		}
	case "temporal_cards":
		m, e := ParseTemporalCards(value)
		if e != nil {
			return e
		}
		o.ExcludeTemporal = m
	default:
		return fmt.Errorf("unknown option %q", name)
	}
	return err
}

// ParseTemporalCards reads the temporal_cards option (all, none, or a list
// of temporal ids) and returns the ExcludeTemporal mask.
func ParseTemporalCards(value string) (uint16, error) {
	v := strings.TrimSpace(value)
	switch strings.ToLower(v) {
	case "all", "":
		return 0, nil
	case "none":
		return 1<<10 - 1, nil
	}
	keep := uint16(0)
	for _, id := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, ok := KindByID(id)
		if !ok || !k.IsTemporal() {
			return 0, fmt.Errorf("option temporal_cards: %q is not a temporal card id", id)
		}
		keep |= 1 << (k - firstTemporal)
	}
	return (1<<10 - 1) &^ keep, nil
}

// TemporalCards is the temporal_cards option's text: all, none or the ids
// kept.
func (o Options) TemporalCards() string {
	switch o.ExcludeTemporal & (1<<10 - 1) {
	case 0:
		return "all"
	case 1<<10 - 1:
		return "none"
	}
	var ids []string
	for i := Kind(0); i < numTemporal; i++ {
		if o.ExcludeTemporal&(1<<i) == 0 {
			ids = append(ids, cards[firstTemporal+i].ID)
		}
	}
	return strings.Join(ids, ",")
}

// String lists the options as name=value pairs.
func (o Options) String() string {
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	return fmt.Sprintf("edition=%s mandatory_card=%s king_capture=%s temporal_cards=%s temporal_three_turns=%s rules_cards_in_deck=%s draw_claims=%s",
		o.Edition, onOff(o.MandatoryCard), onOff(o.KingCapture), o.TemporalCards(),
		onOff(o.ThreeTurns), onOff(o.RulesCards), o.DrawClaims)
}
