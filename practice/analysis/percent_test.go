package analysis

import (
	"encoding/json"
	"math"
	"testing"
)

// TestPercentJSONRoundTrip: a percentage survives JSON, null (no move)
// coming back as NaN rather than 0 % (a stored analysis read again).
func TestPercentJSONRoundTrip(t *testing.T) {
	for _, p := range []Percent{87.25, 0, Percent(math.NaN())} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var q Percent
		if err := json.Unmarshal(b, &q); err != nil {
			t.Fatal(err)
		}
		if q != p && !(math.IsNaN(float64(p)) && math.IsNaN(float64(q))) {
			t.Errorf("%v → %s → %v", p, b, q)
		}
	}
	var q Percent
	if err := json.Unmarshal([]byte(`"x"`), &q); err == nil {
		t.Error("a string read as a percentage")
	}
}
