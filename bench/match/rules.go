package match

import (
	"fmt"
	"slices"
	"strings"
)

// ruleOptions maps each variant's rule options, by the rules-document
// names `-rules` takes, to the UCI options that tell an engine the same
// rules (docs/protocol.md). The referee and the engines must play by the
// same rules, so `-rules` sets both.
var ruleOptions = map[string]map[string]string{
	"lucky": {
		"edition":              "Lucky_Edition",
		"mandatory_card":       "Lucky_MandatoryCard",
		"king_capture":         "Lucky_KingCapture",
		"temporal_cards":       "Lucky_TemporalCards",
		"temporal_three_turns": "Lucky_TemporalThreeTurns",
		"rules_cards_in_deck":  "Lucky_RulesCardsInDeck",
		"draw_claims":          "Lucky_DrawClaims",
	},
	"spy": {
		"king_capture": "SpyKingCapture",
		"draw_claims":  "SpyDrawClaims",
	},
	"chaturanga4": {
		"extended_insufficient": "C4_ExtendedInsufficient",
	},
	"magic": {
		"mode":        "Magic_Mode",
		"hand_size":   "Magic_HandSize",
		"draw_claims": "Magic_DrawClaims",
	},
}

// applyRules sets the rule options named in pairs (NAME=VALUE) on the
// referee's variant and adds the matching UCI options to every engine. An
// engine that already sets one of those options to another value is an
// error: its games would follow other rules than the referee's.
func applyRules(c *Config, pairs []string) error {
	if len(pairs) == 0 {
		return nil
	}
	name := "chess"
	if c.Variant != nil {
		name = c.Variant.Name()
	}
	table, ok := ruleOptions[name]
	if !ok {
		return fmt.Errorf("-rules: the variant %s has no rule options (-variant lucky, spy, chaturanga4 or magic first)", name)
	}
	// set applies one option to a copy of the rules; canonical is the
	// value to send for an option once all are set; commit stores the
	// copy in the config.
	var (
		set       func(k, v string) error
		canonical func(k, v string) string
		commit    func() error
	)
	switch v := c.Variant.(type) {
	case Lucky:
		r := v.Rules
		set = r.Set
		canonical = func(k, _ string) string {
			// Options.String writes every option as name=value, the
			// booleans as on/off.
			for _, f := range strings.Fields(r.String()) {
				if n, val, _ := strings.Cut(f, "="); n == k {
					return uciBool(val)
				}
			}
			return ""
		}
		commit = func() error {
			if err := r.Validate(); err != nil {
				return err
			}
			c.Variant = Lucky{Rules: r}
			return nil
		}
	case Spy:
		r := v.Rules
		set = r.Set
		canonical = func(_, val string) string { return uciBool(strings.ToLower(val)) }
		commit = func() error { c.Variant = Spy{Rules: r}; return nil }
	case Chaturanga4:
		r := v.Rules
		set = r.Set
		canonical = func(_, val string) string { return uciBool(strings.ToLower(val)) }
		commit = func() error { c.Variant = Chaturanga4{Rules: r}; return nil }
	case Magic:
		r := v.Rules
		set = r.Set
		canonical = func(k, _ string) string {
			// Options.String writes every option as name=value in the
			// values the UCI options take (classic, 10, automatic).
			for _, f := range strings.Fields(r.String()) {
				if n, val, _ := strings.Cut(f, "="); n == k {
					return val
				}
			}
			return ""
		}
		commit = func() error {
			if err := r.Validate(); err != nil {
				return err
			}
			c.Variant = Magic{Rules: r}
			return nil
		}
	default:
		return fmt.Errorf("-rules: the variant %s has no rule options", name)
	}
	type given struct{ name, value string }
	var seen []given
	for _, p := range pairs {
		k, val, err := splitPair(p)
		if err != nil {
			return fmt.Errorf("-rules %w", err)
		}
		k = strings.ToLower(k)
		if _, ok := table[k]; !ok {
			names := make([]string, 0, len(table))
			for n := range table {
				names = append(names, n)
			}
			slices.Sort(names)
			return fmt.Errorf("-rules: unknown %s rule option %q (known: %s)", name, k, strings.Join(names, ", "))
		}
		if err := set(k, val); err != nil {
			return fmt.Errorf("-rules: %w", err)
		}
		seen = append(seen, given{k, val})
	}
	if err := commit(); err != nil {
		return fmt.Errorf("-rules: %w", err)
	}
	var send []Option
	for _, g := range seen {
		o := Option{Name: table[g.name], Value: canonical(g.name, g.value)}
		if j := slices.IndexFunc(send, func(x Option) bool { return x.Name == o.Name }); j >= 0 {
			send[j] = o // the last setting of an option wins, as in the rules
		} else {
			send = append(send, o)
		}
	}
	for i := range c.Engines {
		e := &c.Engines[i]
		for _, o := range send {
			j := slices.IndexFunc(e.Options, func(x Option) bool { return strings.EqualFold(x.Name, o.Name) })
			switch {
			case j < 0:
				e.Options = append(e.Options, o)
			case !strings.EqualFold(e.Options[j].Value, o.Value):
				who := e.Name
				if who == "" {
					who = fmt.Sprint(i + 1)
				}
				return fmt.Errorf("-rules: engine %s sets %s=%s, the rules say %s", who, o.Name, e.Options[j].Value, o.Value)
			}
		}
	}
	return nil
}

// uciBool writes the boolean spellings the rule options accept (on, off,
// yes, no, 1, 0) as UCI check values; other values pass unchanged.
func uciBool(v string) string {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "on", "yes", "1", "true":
		return "true"
	case "off", "no", "0", "false":
		return "false"
	}
	return v
}
