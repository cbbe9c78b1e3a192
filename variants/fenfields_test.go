package variants

import (
	"strings"
	"testing"
)

func TestSplitFENFields(t *testing.T) {
	keys := []string{"pile", "hold"}
	fen, kv, err := SplitFENFields(strings.Fields("8/8/8/8/8/8/8/K6k w - - 0 1 pile=ab hold=-,-"), keys)
	if err != nil || len(fen) != 6 || kv["pile"] != "ab" || kv["hold"] != "-,-" {
		t.Fatalf("got %v %v %v", fen, kv, err)
	}
	for _, bad := range []string{
		"8/8/8/8/8/8/8/K6k w - - pile=a 0",      // a chess field after a key
		"8/8/8/8/8/8/8/K6k w - - deck=a",        // unknown key
		"8/8/8/8/8/8/8/K6k w - - pile=a pile=b", // repeated key
		"8/8/8/8/8/8/8/K6k w -",                 // three chess fields
	} {
		if _, _, err := SplitFENFields(strings.Fields(bad), keys); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
