package variants

import (
	"fmt"
	"strings"
)

// SplitFENFields splits a variant's FEN extension as lucky and magic write
// it: the chess FEN's fields first, then key=value fields, each key one of
// keys and given at most once. It checks only that shape (the chess fields
// are 4 to 6); the game reads the values.
func SplitFENFields(fields, keys []string) (fen []string, kv map[string]string, err error) {
	kv = map[string]string{}
	for _, f := range fields {
		i := strings.IndexByte(f, '=')
		if i < 0 {
			if len(kv) > 0 {
				return nil, nil, fmt.Errorf("chess field %q after key=value fields", f)
			}
			fen = append(fen, f)
			continue
		}
		key := f[:i]
		known := false
		for _, k := range keys {
			known = known || k == key
		}
		if !known {
			return nil, nil, fmt.Errorf("unknown key %q", key)
		}
		if _, dup := kv[key]; dup {
			return nil, nil, fmt.Errorf("key %q repeated", key)
		}
		kv[key] = f[i+1:]
	}
	if len(fen) < 4 || len(fen) > 6 {
		return nil, nil, fmt.Errorf("want 4 to 6 chess fields, got %d", len(fen))
	}
	return fen, kv, nil
}
