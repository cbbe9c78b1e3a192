package compliance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// option is one `option` line of the uci answer.
type option struct {
	name, typ, def string
	min, max       int
	vars           []string
}

// parseOption reads an `option name <id> type <t> [default <x>] [min <n>]
// [max <n>] [var <v>]...` line and checks it is well formed: a known type,
// a default of that type (within min..max for a spin, one of the vars for
// a combo), no parameter the type does not take.
func parseOption(l string) (option, error) {
	f := strings.Fields(l)
	if len(f) < 5 || f[0] != "option" || f[1] != "name" {
		return option{}, fmt.Errorf("%q: want 'option name <id> type <t> ...'", l)
	}
	ti := slices.Index(f, "type")
	if ti < 3 || ti+1 >= len(f) {
		return option{}, fmt.Errorf("%q: want a name, then 'type <t>'", l)
	}
	o := option{name: strings.Join(f[2:ti], " "), typ: f[ti+1]}
	// Each parameter's value runs to the next keyword.
	params := map[string][]string{}
	var vars []string
	for i := ti + 2; i < len(f); {
		key := f[i]
		if !slices.Contains([]string{"default", "min", "max", "var"}, key) {
			return option{}, fmt.Errorf("%q: unknown word %q", l, key)
		}
		j := i + 1
		for j < len(f) && !slices.Contains([]string{"default", "min", "max", "var"}, f[j]) {
			j++
		}
		v := strings.Join(f[i+1:j], " ")
		if key == "var" {
			vars = append(vars, v)
		} else if _, dup := params[key]; dup {
			return option{}, fmt.Errorf("%q: %s given twice", l, key)
		} else {
			params[key] = f[i+1 : j]
		}
		i = j
	}
	o.vars = vars
	def, hasDef := params["default"]
	o.def = strings.Join(def, " ")
	allowed := map[string][]string{
		"check": {"default"}, "spin": {"default", "min", "max"}, "combo": {"default", "var"},
		"button": {}, "string": {"default"},
	}
	want, ok := allowed[o.typ]
	if !ok {
		return option{}, fmt.Errorf("%q: unknown type %q (check, spin, combo, button, string)", l, o.typ)
	}
	for key := range params {
		if !slices.Contains(want, key) {
			return option{}, fmt.Errorf("%q: a %s option takes no %s", l, o.typ, key)
		}
	}
	if len(vars) > 0 && o.typ != "combo" {
		return option{}, fmt.Errorf("%q: a %s option takes no var", l, o.typ)
	}
	if o.typ != "button" && !hasDef {
		return option{}, fmt.Errorf("%q: no default", l)
	}
	switch o.typ {
	case "check":
		if o.def != "true" && o.def != "false" {
			return option{}, fmt.Errorf("%q: default %q, want true or false", l, o.def)
		}
	case "spin":
		var err error
		n := map[string]*int{"min": &o.min, "max": &o.max}
		for key, dst := range n {
			if len(params[key]) != 1 {
				return option{}, fmt.Errorf("%q: want one %s value", l, key)
			}
			if *dst, err = strconv.Atoi(params[key][0]); err != nil {
				return option{}, fmt.Errorf("%q: %s %q is not an integer", l, key, params[key][0])
			}
		}
		d, err := strconv.Atoi(o.def)
		if err != nil || d < o.min || d > o.max {
			return option{}, fmt.Errorf("%q: default %q, want an integer in %d..%d", l, o.def, o.min, o.max)
		}
	case "combo":
		if len(vars) == 0 || !slices.Contains(vars, o.def) {
			return option{}, fmt.Errorf("%q: default %q is not one of the vars", l, o.def)
		}
	}
	return o, nil
}

// badValue is a setoption the engine must refuse, made from one of its own
// spin or check options (Hash first: every engine has it): a value of the
// wrong type. ok is false when the engine has neither.
func (k *checker) badValue() (cmd string, ok bool) {
	names := make([]string, 0, len(k.options))
	for n := range k.options {
		names = append(names, n)
	}
	slices.Sort(names)
	if _, ok := k.options["hash"]; ok {
		names = append([]string{"hash"}, names...)
	}
	for _, n := range names {
		switch o := k.options[n]; o.typ {
		case "spin":
			return "setoption name " + o.name + " value lots", true
		case "check":
			return "setoption name " + o.name + " value perhaps", true
		}
	}
	return "", false
}
