package puzzle

import (
	"fmt"
	"time"
)

// EpochDate is the date of the set's first puzzle. The puzzle of a date
// is the set's entry at (days since EpochDate) modulo the set's size, so
// every player gets the same one and any run of len(set) consecutive days
// shows each puzzle once.
const EpochDate = "2026-01-01"

// epochUnix is EpochDate at midnight UTC in Unix seconds.
const epochUnix = 1767225600

// DateLayout is how dates are written: YYYY-MM-DD.
const DateLayout = "2006-01-02"

// ParseDate reads a YYYY-MM-DD date as a calendar day (UTC).
func ParseDate(s string) (time.Time, error) {
	t, err := time.ParseInLocation(DateLayout, s, time.UTC)
	if err != nil {
		return time.Time{}, fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	return t, nil
}

// Index is the position in a set of size n of the puzzle for the calendar
// day of t (its year, month and day, whatever its zone).
func Index(t time.Time, n int) int {
	if n <= 0 {
		return 0
	}
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	// Both are midnights UTC, so the difference is a whole number of days
	// (and it does not overflow a Duration for far dates).
	d := (day.Unix() - epochUnix) / 86400
	return int(((d % int64(n)) + int64(n)) % int64(n))
}

// ForDate returns the puzzle of the calendar day of t from set.
func ForDate(set []Puzzle, t time.Time) (Puzzle, error) {
	if len(set) == 0 {
		return Puzzle{}, fmt.Errorf("the puzzle set is empty")
	}
	return set[Index(t, len(set))], nil
}
