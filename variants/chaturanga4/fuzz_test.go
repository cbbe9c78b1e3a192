package chaturanga4

import "testing"

func FuzzParseC4N(f *testing.F) {
	f.Add(StartC4N)
	f.Add("7bK/8/8/8/yE7/8/8/rB6rK b r--b EEN/-/BN/- 12 7")
	f.Add("1gP6/8/8/8/8/8/8/rK6gK g rg-- -/BN/-/- 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseC4N(s)
		if err != nil {
			return
		}
		// What parses writes back in canonical form and reads the same.
		q, err := ParseC4N(p.C4N())
		if err != nil || q.C4N() != p.C4N() || q.Hash() != p.Hash() {
			t.Fatalf("%q: rewritten %q does not read back: %v", s, p.C4N(), err)
		}
		var l MoveList
		p.Generate(&l)
		for _, m := range l.Slice() {
			before := p.C4N()
			p.Make(m)
			p.Status()
			p.Unmake()
			if p.C4N() != before {
				t.Fatalf("%q: %s did not undo", s, m)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"g2f2", "h2f3", "0000", "b7b8n", "b8b8e", "e2", "zz99"} {
		f.Add(StartC4N, s)
	}
	f.Add("1gP6/8/8/8/8/8/8/rK6gK g rg-- -/BN/-/- 0 1", "b8b8n")
	f.Fuzz(func(t *testing.T, c4n, tok string) {
		p, err := ParseC4N(c4n)
		if err != nil {
			return
		}
		before := p.C4N()
		m, err := p.ParseMove(tok)
		if p.C4N() != before {
			t.Fatalf("ParseMove changed the position")
		}
		if err == nil && (!p.IsLegal(m) || m.String() != tok && m.String() != lower(tok)) {
			t.Fatalf("%q read as %s", tok, m)
		}
	})
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
