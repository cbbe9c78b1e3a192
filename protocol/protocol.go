package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sirupsen/logrus"

	"azar/eval/nnue"
	"azar/search"
	"azar/search/hidden"
	"azar/variants/chess"
)

// Engine identity, as `uci` prints it.
const (
	Name    = "Azar"
	Version = "0.1"
	Author  = "the Azar developers"
)

// Limits of the spin options unless overridden with WithMaxHashMB or
// WithMaxThreads.
const (
	DefaultMaxHashMB  = 16384
	DefaultMaxThreads = 256
	MaxMultiPV        = 256
	MaxMoveOverheadMS = 5000
)

// maxLineBytes bounds one input line; a longer line is answered with an
// error and discarded.
const maxLineBytes = 1 << 20

// Protocol is one UCI session: a command loop over an input stream and an
// output stream, and the engine it drives.
type Protocol struct {
	in      *bufio.Reader
	out     *output
	log     *logrus.Logger
	openLog func(path string) (io.WriteCloser, error)

	engine  *search.Engine
	sopts   search.Options
	options []*uciOption
	pos     *chess.Position

	ponder     bool
	debugMode  bool
	logPath    string
	logFile    io.WriteCloser
	maxHashMB  int
	maxThreads int

	// games is the variant registry (registry.go), cur the entry of the
	// current UCI_Variant; spy and lucky are their entries, whose settings
	// the shared options pass on.
	games    []game
	cur      game
	spy      *spyGame
	lucky    *luckyGame
	c4       *chaturangaGame
	strength strength   // Level / UCI_LimitStrength / UCI_Elo (level.go)
	book     bookState  // OwnBook and BookFile (book.go)
	nn       netSession // UseNNUE / EvalFile (nnue.go)

	job    *job        // the running or last search / perft, or nil
	broken atomic.Bool // the engine panicked; rebuild it before the next command
}

// An Option configures a Protocol at creation.
type Option func(*Protocol)

// WithLogger sends diagnostics to l instead of a logger writing warnings
// and errors to stderr.
func WithLogger(l *logrus.Logger) Option { return func(p *Protocol) { p.log = l } }

// WithMaxHashMB caps the Hash option (tests keep it small).
func WithMaxHashMB(n int) Option {
	return func(p *Protocol) { p.maxHashMB = max(1, n) }
}

// WithMaxThreads caps the Threads option.
func WithMaxThreads(n int) Option {
	return func(p *Protocol) { p.maxThreads = max(1, n) }
}

// WithLogOpener replaces how the Debug Log File option opens its file
// (tests and fuzzing use it to keep away from the file system).
func WithLogOpener(open func(path string) (io.WriteCloser, error)) Option {
	return func(p *Protocol) { p.openLog = open }
}

// New returns a session reading commands from in and writing answers to
// out, with a fresh engine in its default settings and the start position.
func New(in io.Reader, out io.Writer, opts ...Option) *Protocol {
	p := &Protocol{
		in:         bufio.NewReaderSize(in, 64<<10),
		out:        &output{w: bufio.NewWriter(out)},
		sopts:      search.DefaultOptions(),
		pos:        chess.NewPosition(),
		maxHashMB:  DefaultMaxHashMB,
		maxThreads: DefaultMaxThreads,
		strength:   newStrength(),
		nn:         netSession{load: nnue.Load},
		openLog: func(path string) (io.WriteCloser, error) {
			return os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		},
	}
	for _, o := range opts {
		o(p)
	}
	if p.log == nil {
		p.log = logrus.New()
		p.log.SetOutput(os.Stderr)
		p.log.SetLevel(logrus.WarnLevel)
	}
	p.out.log = p.log
	p.sopts.HashMB = min(p.sopts.HashMB, p.maxHashMB)
	p.sopts.Threads = min(p.sopts.Threads, p.maxThreads)
	p.engine = search.New(p.sopts)
	p.games = p.newRegistry()
	p.cur = p.games[0]
	p.spy.hopts = hidden.DefaultOptions()
	p.spy.syncOptions()
	p.spy.reset()
	p.options = p.buildOptions()
	return p
}

// Run reads and executes commands until `quit` or the end of the input,
// then stops any search (its bestmove is still printed) and returns. It
// returns an error only when reading the input fails for another reason
// than its end.
func (p *Protocol) Run() error {
	defer p.Close()
	for {
		line, tooLong, err := p.readLine()
		if tooLong {
			p.out.traceIn("<line too long>")
			p.errorf("line longer than %d bytes ignored", maxLineBytes)
		} else if err == nil || (errors.Is(err, io.EOF) && line != "") {
			if !p.Handle(line) {
				return nil
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				p.log.Debug("end of input")
				return nil
			}
			return fmt.Errorf("reading commands: %w", err)
		}
	}
}

// readLine returns the next line without its line ending. A line longer
// than maxLineBytes is consumed and reported as tooLong.
func (p *Protocol) readLine() (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := p.in.ReadSlice('\n')
		if !tooLong {
			buf = append(buf, chunk...)
			if len(buf) > maxLineBytes {
				tooLong, buf = true, nil
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return "", true, err
		}
		return strings.TrimRight(string(buf), "\r\n"), false, err
	}
}

// Close stops a running search or perft (a search still prints its
// bestmove) and closes the debug log. Run calls it on the way out; a caller
// driving the session through Handle calls it when done.
func (p *Protocol) Close() {
	p.stopJob()
	p.out.setTrace(nil)
	if p.logFile != nil {
		_ = p.logFile.Close()
		p.logFile = nil
	}
}

// Handle executes one command line as Run does and reports whether the
// session goes on (false after `quit`). `go` returns at once, the search
// running in the background; `stop` returns once its bestmove is written.
// Handle must not be called concurrently with itself or with Run.
func (p *Protocol) Handle(line string) (goOn bool) {
	p.out.traceIn(line)
	defer func() {
		if r := recover(); r != nil {
			p.log.WithField("stack", string(debug.Stack())).Errorf("panic handling %q: %v", line, r)
			p.errorf("internal error handling the command: %v", r)
			goOn = true
		}
	}()
	if p.broken.Load() && !p.busy() {
		p.log.Warn("rebuilding the engine after a panic")
		for _, g := range p.games {
			g.dropEngine()
		}
		p.broken.Store(false)
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "uci":
		p.cmdUCI()
	case "debug":
		p.cmdDebug(args)
	case "isready":
		p.out.send("readyok")
	case "setoption":
		p.cmdSetOption(args)
	case "register":
		// Azar needs no registration; accepted and ignored.
	case "ucinewgame":
		if p.busy() {
			p.errorf("ucinewgame while searching (send stop first)")
			return true
		}
		p.strength.newGame()
		for _, g := range p.games {
			g.newGame()
		}
	case "position":
		p.cmdPosition(args)
	case "go":
		p.cmdGo(args)
	case "stop":
		p.stopJob()
	case "ponderhit":
		if p.busy() {
			p.job.ponderHit()
		}
	case "quit":
		p.stopJob()
		return false
	case "d":
		if lines := p.cur.display(); len(lines) > 0 {
			p.out.send(lines...)
		}
	case "eval":
		p.cur.eval()
	default:
		p.errorf("unknown command %s", quote(cmd))
	}
	return true
}

// errorf writes the one error line a rejected command gets.
func (p *Protocol) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	msg = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, msg)
	p.log.Info("rejected input: ", msg)
	p.out.send("info string error " + msg)
}

// quote shows user input in an error message as the variant packages do
// with %q (Go's strconv.Quote): "word", with quotes, backslashes, control
// characters and invalid UTF-8 escaped, so that every error line of every
// variant follows one rule (docs/protocol.md, General rules).
func quote(s string) string {
	const maxShown = 80
	if len(s) > maxShown {
		s = s[:maxShown] + "..."
	}
	return strconv.Quote(s)
}

func (p *Protocol) cmdUCI() {
	lines := []string{"id name " + Name + " " + Version, "id author " + Author}
	for _, o := range p.options {
		lines = append(lines, o.uciLine())
	}
	lines = append(lines, "uciok")
	p.out.send(lines...)
}

func (p *Protocol) cmdDebug(args []string) {
	switch {
	case len(args) == 0:
		p.debugMode = !p.debugMode
	case args[0] == "on":
		p.debugMode = true
	case args[0] == "off":
		p.debugMode = false
	default:
		p.errorf("debug: want on or off, got %s", quote(args[0]))
	}
}

func (p *Protocol) cmdPosition(args []string) {
	if err := p.cur.position(args); err != nil {
		p.errorf("position: %v", err)
	}
}

// parsePosition builds the position a `position` command describes, on a
// fresh board; any fault rejects the whole command.
func parsePosition(args []string) (*chess.Position, error) {
	fen, rest, err := splitPosition(args, "want 'startpos' or 'fen <FEN>', then optionally 'moves ...'", "moves")
	if err != nil {
		return nil, err
	}
	var pos *chess.Position
	if fen == nil {
		pos = chess.NewPosition()
	} else {
		if len(fen) > 6 {
			return nil, fmt.Errorf("FEN has %d fields, want 4 to 6", len(fen))
		}
		if pos, err = chess.ParseFEN(strings.Join(fen, " ")); err != nil {
			return nil, err
		}
	}
	moves, err := movesAfter(rest, "'moves'")
	if err != nil {
		return nil, err
	}
	for k, s := range moves {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d %s is illegal or malformed in %s", k+1, quote(s), pos.FEN())
		}
		pos.Make(m)
	}
	return pos, nil
}

// legalMoves lists the legal moves of pos.
func legalMoves(pos *chess.Position) []chess.Move {
	var l chess.MoveList
	pos.GenerateLegal(&l)
	return append([]chess.Move(nil), l.Slice()...)
}
