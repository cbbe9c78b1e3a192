// Package protocol is Azar's UCI front end: it reads commands line by line,
// validates them, drives the search engine and writes the answers. The
// authoritative description of what it accepts and prints is
// docs/protocol.md; this package implements that document.
//
// Rules the implementation keeps everywhere:
//
//   - Every line the engine writes goes through one mutex-protected writer
//     and is flushed at once, so that the search goroutine's info lines and
//     the command loop's answers never interleave within a line.
//   - Input the engine cannot accept gets exactly one
//     "info string error ..." line and leaves the engine's state as it was.
//   - A search always ends with exactly one bestmove line, and the move is
//     legal (or 0000 when there is no legal move). A go with faults gets
//     its error line and still searches with what was valid (depth 1
//     when nothing is), so that a GUI is never left waiting.
//   - Diagnostics go to a logrus logger (stderr by default) and, when the
//     "Debug Log File" option is set, to that file; never to the protocol
//     output.
package protocol
