package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Limits is how long an engine may think: any combination of a clock
// (Time plus Inc per move), a fixed time per move, a node count and a
// depth. At least one must be set.
type Limits struct {
	Time     time.Duration // base time on the clock (tc=M or tc=M+I); 0: no clock
	Inc      time.Duration // increment added after each move (tc=M+I)
	MoveTime time.Duration // fixed time per move (st=S)
	Nodes    int64         // nodes per move (nodes=N)
	Depth    int           // depth per move (depth=D)
	// Margin is how much longer than its time an engine may take before
	// it loses on time (timemargin=MS).
	Margin time.Duration
}

// IsZero reports whether no limit is set (the margin does not count).
func (l Limits) IsZero() bool {
	return l.Time == 0 && l.MoveTime == 0 && l.Nodes == 0 && l.Depth == 0
}

// HasClock reports whether the engine plays on a clock.
func (l Limits) HasClock() bool { return l.Time > 0 }

// ParseTC reads a time control: "M" (M seconds for the game) or "M+I" (M
// seconds plus I seconds per move). M may also be written "m:ss".
// Fractions are allowed: "10+0.1", "0:30+0.25".
func ParseTC(s string) (base, inc time.Duration, err error) {
	bad := func() (time.Duration, time.Duration, error) {
		return 0, 0, fmt.Errorf("time control %q: want M or M+I in seconds, e.g. 10+0.1 or 1:30+1", s)
	}
	main, incText, hasInc := strings.Cut(s, "+")
	if strings.Contains(main, "/") {
		return 0, 0, fmt.Errorf("time control %q: moves per period (N/M) is not supported; use M+I", s)
	}
	minutes := 0.0
	if m, sec, ok := strings.Cut(main, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v < 0 || v != math.Trunc(v) {
			return bad()
		}
		minutes, main = v, sec
	}
	secs, err := strconv.ParseFloat(main, 64)
	if err != nil || secs < 0 || math.IsInf(secs, 0) || math.IsNaN(secs) {
		return bad()
	}
	secs += 60 * minutes
	if !(secs > 0) {
		return 0, 0, fmt.Errorf("time control %q: the base time must be positive", s)
	}
	base = seconds(secs)
	if hasInc {
		v, err := strconv.ParseFloat(incText, 64)
		if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return bad()
		}
		inc = seconds(v)
	}
	return base, inc, nil
}

// parseSeconds reads a positive number of seconds.
func parseSeconds(key, s string) (time.Duration, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s=%s: want a positive number of seconds", key, s)
	}
	return seconds(v), nil
}

func seconds(v float64) time.Duration { return time.Duration(math.Round(v * float64(time.Second))) }

// formatSeconds writes d in seconds with no trailing zeros: 10, 0.1, 1.5.
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// PGN returns the PGN TimeControl value: "M+I" or "M" in seconds for a
// clock, "-" otherwise (fixed time, nodes or depth per move are not
// expressible in the tag).
func (l Limits) PGN() string {
	if !l.HasClock() {
		return "-"
	}
	if l.Inc > 0 {
		return formatSeconds(l.Time) + "+" + formatSeconds(l.Inc)
	}
	return formatSeconds(l.Time)
}

// String writes the limits in the command-line syntax: "tc=10+0.1
// depth=8".
func (l Limits) String() string {
	var parts []string
	if l.HasClock() {
		parts = append(parts, "tc="+l.PGN())
	}
	if l.MoveTime > 0 {
		parts = append(parts, "st="+formatSeconds(l.MoveTime))
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(l.Nodes, 10))
	}
	if l.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(l.Depth))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

// ms writes a duration in whole milliseconds, as UCI wants it (never
// negative).
func ms(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return strconv.FormatInt(d.Milliseconds(), 10)
}
