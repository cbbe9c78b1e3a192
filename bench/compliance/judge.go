package compliance

import (
	"fmt"
	"strings"

	"azar/variants"
)

// stateJudge accepts the actions legal in st (the referee's full state,
// every secret known), trying each on a copy.
func stateJudge(st variants.State, err error) judge {
	return func(s string) error {
		if err != nil {
			return fmt.Errorf("checker: %v", err)
		}
		c := st.Clone()
		a, err := c.ParseAction(s)
		if err != nil {
			return err
		}
		return c.Apply(a)
	}
}

// tokens applies the space-separated actions to st, for the steps'
// positions (constants: an error is the checker's own bug).
func tokens(st interface{ ApplyTokens(...string) error }, actions string) error {
	return st.ApplyTokens(strings.Fields(actions)...)
}

// moves is the " moves ..." tail of a position, "" for none.
func moves(actions string) string {
	if actions == "" {
		return ""
	}
	return " moves " + actions
}
