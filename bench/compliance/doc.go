// Package compliance is `azar compliance`: a scripted conformance check of
// an engine against docs/protocol.md, as `fastchess --compliance` is for
// UCI. It owns the steps (the handshake, the position forms, go with each
// limit, stop and ponderhit, malformed input answered by one error line
// with the state kept, and for every card variant the engine lists its
// position forms, actions, reveals and hands, and a short seeded game),
// the referee's view of each step (the full state, secrets included, from
// the variants packages and bench/match's refereed games) and the verdicts
// PASS or FAIL with the reason.
//
// It must not know any engine's internals: it only speaks the protocol to
// a process (or, in tests, to anything behind a pair of pipes), and it
// never sends a secret the spec does not give the engine (an opponent's
// spy card or hand, the order of the lucky pile).
package compliance
