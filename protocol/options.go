package protocol

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"azar/search"
)

type optionKind uint8

const (
	spinOption optionKind = iota
	checkOption
	comboOption
	stringOption
)

// uciOption is one `option` the engine announces and accepts.
type uciOption struct {
	name     string
	kind     optionKind
	def      string // as announced
	min, max int    // spin
	vars     []string
	// set applies a value already checked against kind, range and vars.
	set func(p *Protocol, v string) error
}

func (o *uciOption) uciLine() string {
	var b strings.Builder
	b.WriteString("option name " + o.name + " type ")
	switch o.kind {
	case spinOption:
		fmt.Fprintf(&b, "spin default %s min %d max %d", o.def, o.min, o.max)
	case checkOption:
		b.WriteString("check default " + o.def)
	case comboOption:
		b.WriteString("combo default " + o.def)
		for _, v := range o.vars {
			b.WriteString(" var " + v)
		}
	case stringOption:
		def := o.def
		if def == "" {
			def = "<empty>"
		}
		b.WriteString("string default " + def)
	}
	return b.String()
}

// featureFields lists the search.Features switches, in field order, as
// check options named like the fields (NullMove, LMR, ...). Reflection
// keeps the list in step with the search package.
func featureFields() []reflect.StructField {
	t := reflect.TypeOf(search.Features{})
	var out []reflect.StructField
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && f.Type.Kind() == reflect.Bool {
			out = append(out, f)
		}
	}
	return out
}

func (p *Protocol) buildOptions() []*uciOption {
	d := p.sopts
	opts := []*uciOption{
		{name: "Hash", kind: spinOption, def: strconv.Itoa(d.HashMB), min: 1, max: p.maxHashMB,
			set: func(p *Protocol, v string) error {
				p.sopts.HashMB, _ = strconv.Atoi(v)
				p.engine.SetOptions(p.sopts)
				p.spy.syncOptions()
				return nil
			}},
		{name: "Threads", kind: spinOption, def: strconv.Itoa(d.Threads), min: 1, max: p.maxThreads,
			set: func(p *Protocol, v string) error {
				p.sopts.Threads, _ = strconv.Atoi(v)
				p.engine.SetOptions(p.sopts)
				return nil
			}},
		{name: "MultiPV", kind: spinOption, def: strconv.Itoa(d.MultiPV), min: 1, max: MaxMultiPV,
			set: func(p *Protocol, v string) error {
				p.sopts.MultiPV, _ = strconv.Atoi(v)
				p.engine.SetOptions(p.sopts)
				return nil
			}},
		{name: "Ponder", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error {
				p.ponder = strings.EqualFold(v, "true")
				return nil
			}},
		{name: "Move Overhead", kind: spinOption, def: strconv.Itoa(int(d.MoveOverhead / time.Millisecond)), min: 0, max: MaxMoveOverheadMS,
			set: func(p *Protocol, v string) error {
				ms, _ := strconv.Atoi(v)
				p.sopts.MoveOverhead = time.Duration(ms) * time.Millisecond
				p.engine.SetOptions(p.sopts)
				p.spy.syncOptions()
				return nil
			}},
		{name: "UCI_Variant", kind: comboOption, def: p.games[0].name(), vars: p.variantNames(),
			set: func(p *Protocol, v string) error {
				if g := p.gameNamed(v); g != p.cur {
					g.enter()
					p.cur = g
				}
				return nil
			}},
		{name: "Debug Log File", kind: stringOption, def: "",
			set: func(p *Protocol, v string) error { return p.setDebugLog(v) }},
	}
	opts = append(opts, p.levelOptions()...)
	for _, g := range p.games {
		opts = append(opts, g.options()...)
	}
	return opts
}

// featureOptions are the chess search's feature switches (search.Features)
// as check options named like the fields.
func (p *Protocol) featureOptions() []*uciOption {
	var opts []*uciOption
	for _, f := range featureFields() {
		def := reflect.ValueOf(p.sopts.Features).FieldByIndex(f.Index).Bool()
		opts = append(opts, &uciOption{name: f.Name, kind: checkOption, def: strconv.FormatBool(def),
			set: func(p *Protocol, v string) error {
				reflect.ValueOf(&p.sopts.Features).Elem().FieldByIndex(f.Index).SetBool(strings.EqualFold(v, "true"))
				p.engine.SetOptions(p.sopts)
				return nil
			}})
	}
	return opts
}

// cmdSetOption is `setoption name <id> [value <x>]`. The name may hold
// spaces and is matched without regard to case; the value is everything
// after the `value` token.
func (p *Protocol) cmdSetOption(args []string) {
	if len(args) < 2 || args[0] != "name" {
		p.errorf("setoption: want 'setoption name <id> [value <x>]'")
		return
	}
	vi := len(args)
	for i := 1; i < len(args); i++ {
		if args[i] == "value" {
			vi = i
			break
		}
	}
	name := strings.Join(args[1:vi], " ")
	hasValue := vi < len(args)
	value := ""
	if hasValue {
		value = strings.Join(args[vi+1:], " ")
	}
	var opt *uciOption
	for _, o := range p.options {
		if strings.EqualFold(o.name, name) {
			opt = o
			break
		}
	}
	if opt == nil {
		p.errorf("unknown option %s", quote(name))
		return
	}
	if p.busy() {
		p.errorf("setoption %s while searching (send stop first)", opt.name)
		return
	}
	v, err := opt.check(value, hasValue)
	if err == nil {
		err = opt.set(p, v)
	}
	if err != nil {
		p.errorf("option %s: %v", opt.name, err)
	}
}

// check validates a value for the option and returns it in canonical form.
func (o *uciOption) check(v string, hasValue bool) (string, error) {
	if !hasValue && o.kind != stringOption {
		return "", errors.New("missing 'value <x>'")
	}
	switch o.kind {
	case spinOption:
		n, err := strconv.Atoi(v)
		if err != nil || n < o.min || n > o.max {
			return "", fmt.Errorf("%s is not an integer from %d to %d", quote(v), o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case checkOption:
		switch {
		case strings.EqualFold(v, "true"):
			return "true", nil
		case strings.EqualFold(v, "false"):
			return "false", nil
		}
		return "", fmt.Errorf("%s is not true or false", quote(v))
	case comboOption:
		for _, x := range o.vars {
			if strings.EqualFold(x, v) {
				return x, nil
			}
		}
		return "", fmt.Errorf("%s is not one of %s", quote(v), strings.Join(o.vars, ", "))
	}
	if v == "<empty>" {
		v = ""
	}
	return v, nil
}

// setDebugLog opens (or, with "", closes) the debug log: every input and
// output line, time-stamped, appended to the file.
func (p *Protocol) setDebugLog(path string) error {
	if path == p.logPath && (path == "" || p.logFile != nil) {
		return nil
	}
	var f io.WriteCloser
	if path != "" {
		var err error
		if f, err = p.openLog(path); err != nil {
			return fmt.Errorf("cannot open the log file: %v", err)
		}
	}
	var trace *logrus.Logger
	if f != nil {
		trace = logrus.New()
		trace.SetOutput(f)
		trace.SetLevel(logrus.DebugLevel)
		trace.SetFormatter(&logrus.TextFormatter{FullTimestamp: true, TimestampFormat: "15:04:05.000", DisableColors: true})
	}
	p.out.setTrace(trace)
	if p.logFile != nil {
		_ = p.logFile.Close()
	}
	p.logFile, p.logPath = f, path
	return nil
}
