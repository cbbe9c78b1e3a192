package variants

// KeyStream is the fixed pseudo-random sequence (splitmix64) the variants
// draw their hash keys from at start-up: the same keys on every run, so a
// key printed in a log or a test means the same position everywhere.
type KeyStream struct{ x uint64 }

// NewKeyStream starts a sequence at seed.
func NewKeyStream(seed uint64) *KeyStream { return &KeyStream{x: seed} }

// Next returns the next key.
func (s *KeyStream) Next() uint64 {
	s.x += 0x9E3779B97F4A7C15
	z := s.x
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
