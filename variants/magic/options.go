package magic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Mode selects whether reactions exist (rules §2 `mode`).
type Mode uint8

// Modes.
const (
	Classic  Mode = iota // no R-COMMIT or R-IMPACT windows (default)
	Advanced             // reactions in the opponent's turn
)

func (m Mode) String() string {
	if m == Advanced {
		return "advanced"
	}
	return "classic"
}

// Claims selects how repetition and the move-count rule end a game.
type Claims uint8

// Draw-claim modes.
const (
	// ClaimsAutomatic: threefold repetition and the 50-move rule end the
	// game at once (default).
	ClaimsAutomatic Claims = iota
	// ClaimsFIDE: they are claims of the player to move (`claim`); the
	// fivefold repetition and the 75-move rule are automatic.
	ClaimsFIDE
)

func (c Claims) String() string {
	if c == ClaimsFIDE {
		return "fide"
	}
	return "automatic"
}

// Options are the rule options of rules §2. The zero value is the default
// game: classic mode, ten cards each, automatic draws.
type Options struct {
	Mode Mode
	// HandSize is the number of cards dealt to each player, 1 to 10; 0
	// means the default, 10.
	HandSize   int
	DrawClaims Claims
}

// Hand is the effective hand size.
func (o Options) Hand() int {
	if o.HandSize == 0 {
		return 10
	}
	return o.HandSize
}

// Validate reports an option out of range.
func (o Options) Validate() error {
	if o.Mode > Advanced || o.DrawClaims > ClaimsFIDE {
		return errors.New("magic: option value out of range")
	}
	if o.HandSize < 0 || o.HandSize > 10 {
		return fmt.Errorf("magic: hand_size %d, want 1 to 10", o.HandSize)
	}
	return nil
}

// OptionNames lists the rule options by their rules names (a fresh slice
// each call).
func OptionNames() []string { return []string{"mode", "hand_size", "draw_claims"} }

// Set changes one option from its text form: mode (classic|advanced),
// hand_size (1-10), draw_claims (automatic|fide); the UCI names
// Magic_Mode, Magic_HandSize and Magic_DrawClaims are accepted too. The
// options are unchanged on error.
func (o *Options) Set(name, value string) error {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "magic_mode":
		n = "mode"
	case "magic_handsize":
		n = "hand_size"
	case "magic_drawclaims":
		n = "draw_claims"
	}
	v := strings.ToLower(strings.TrimSpace(value))
	switch n {
	case "mode":
		switch v {
		case "classic":
			o.Mode = Classic
		case "advanced":
			o.Mode = Advanced
		default:
			return fmt.Errorf("option mode: %q, want classic or advanced", value)
		}
	case "hand_size":
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 || k > 10 {
			return fmt.Errorf("option hand_size: %q, want 1 to 10", value)
		}
		o.HandSize = k
	case "draw_claims":
		switch v {
		case "automatic", "auto":
			o.DrawClaims = ClaimsAutomatic
		case "fide":
			o.DrawClaims = ClaimsFIDE
		default:
			return fmt.Errorf("option draw_claims: %q, want automatic or fide", value)
		}
	default:
		return fmt.Errorf("unknown magic option %q (mode, hand_size, draw_claims)", name)
	}
	return nil
}

// String lists the options as name=value pairs.
func (o Options) String() string {
	return fmt.Sprintf("mode=%s hand_size=%d draw_claims=%s", o.Mode, o.Hand(), o.DrawClaims)
}
