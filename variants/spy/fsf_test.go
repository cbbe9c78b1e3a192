package spy

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/variants/chess"
)

// The original queen's movement is cross-checked with Fairy-Stockfish:
// its amazon (A) is our original queen before any reveal, and a small
// custom variant adds the archbishop (H, bishop + knight) and chancellor
// (C, rook + knight) for queens that lost a component. The counts are
// stored in testdata/fsf_perft.txt (with the commands in its header), so
// the test needs no binary; TestFairyStockfishLive runs the binary when it
// is installed.

const fsfPath = "/usr/games/fairy-stockfish"

const spycheckINI = "[spycheck:chess]\namazon = a\narchbishop = h\nchancellor = c\n"

type fsfCase struct {
	variant, fen string
	counts       []uint64
}

func readFSFCases(t *testing.T) (header []string, cases []fsfCase) {
	data, err := os.ReadFile("testdata/fsf_perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			header = append(header, line)
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			t.Fatalf("bad testdata line %q", line)
		}
		c := fsfCase{variant: strings.TrimSpace(parts[0]), fen: strings.TrimSpace(parts[1])}
		for _, f := range strings.Fields(parts[2]) {
			n, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				t.Fatalf("bad count in %q", line)
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	return header, cases
}

// fsfToSpy converts a Fairy-Stockfish FEN (A, H, C original queens; Q
// ordinary) to the spy FEN extension with neutral cards for the players
// who have not revealed.
func fsfToSpy(fen string) string {
	f := strings.Fields(fen)
	var comp [2]string
	var many [2]bool
	for c, letters := range [2]string{"AHCQ", "ahcq"} {
		comp[c] = "-"
		n := 0
		for _, r := range f[0] {
			switch i := strings.IndexRune(letters, r); i {
			case 0:
				comp[c] = "RBN"
			case 1:
				comp[c] = "BN"
			case 2:
				comp[c] = "RN"
			}
			if strings.ContainsRune(letters, r) {
				n++
			}
		}
		many[c] = n > 1
	}
	var b strings.Builder
	for _, r := range f[0] {
		switch r {
		case 'A', 'H', 'C':
			b.WriteString("Q")
			if many[0] {
				b.WriteString("*")
			}
		case 'a', 'h', 'c':
			b.WriteString("q")
			if many[1] {
				b.WriteString("*")
			}
		default:
			b.WriteRune(r)
		}
	}
	f[0] = b.String()
	var flags, cards []string
	for c := range 2 {
		if comp[c] == "BN" || comp[c] == "RN" {
			flags = append(flags, "cX")
		} else {
			flags = append(flags, "c-")
			cards = append(cards, "wb"[c:c+1]+"=neutral")
		}
	}
	out := strings.Join(f, " ") + " " + comp[0] + "/" + comp[1] + " " + strings.Join(flags, "/")
	if len(cards) > 0 {
		out += " " + strings.Join(cards, ",")
	}
	return out
}

// spyToFSF writes a state for Fairy-Stockfish's spycheck variant.
func spyToFSF(s *State) string {
	fen := strings.Fields(s.pos.FEN())
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			sq := chess.MakeSquare(file, rank)
			pc := s.pos.At(sq)
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			l := pc.Letter()
			if c := pc.Color(); pc.Type() == chess.Queen && s.qsq[c] == sq {
				l = map[Comp]byte{CompAll: 'A', CompB | CompN: 'H', CompR | CompN: 'C', CompR | CompB: 'Q'}[s.qcomp[c]]
				if c == chess.Black {
					l += 'a' - 'A'
				}
			}
			b.WriteByte(l)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	fen[0] = b.String()
	fen[3] = "-"
	if s.epLegal() {
		fen[3] = s.ep.String()
	}
	return strings.Join(fen, " ")
}

func TestFairyStockfishPerft(t *testing.T) {
	_, cases := readFSFCases(t)
	if len(cases) < 12 {
		t.Fatalf("only %d positions", len(cases))
	}
	for _, c := range cases {
		spyFEN := fsfToSpy(c.fen)
		s, err := ParseState(spyFEN, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for d, want := range c.counts {
			if got := s.Perft(d + 1); got != want {
				t.Errorf("%s (%s) perft %d = %d, Fairy-Stockfish %s says %d", spyFEN, c.fen, d+1, got, c.variant, want)
			}
		}
	}
}

// fsfEngine is a running Fairy-Stockfish.
type fsfEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startFSF(t *testing.T, variant string) *fsfEngine {
	t.Helper()
	cmd := exec.Command(fsfPath)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &fsfEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(e.in, "quit")
		e.in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	fmt.Fprintln(in, "uci")
	if variant == "spycheck" {
		ini := filepath.Join(t.TempDir(), "spycheck.ini")
		if err := os.WriteFile(ini, []byte(spycheckINI), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(in, "setoption name VariantPath value %s\n", ini)
	}
	fmt.Fprintf(in, "setoption name UCI_Variant value %s\n", variant)
	return e
}

func (e *fsfEngine) perft(t *testing.T, fen string, depth int) uint64 {
	t.Helper()
	fmt.Fprintf(e.in, "position fen %s\ngo perft %d\n", fen, depth)
	for e.out.Scan() {
		if rest, ok := strings.CutPrefix(e.out.Text(), "Nodes searched: "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("fairy-stockfish stopped: %v", e.out.Err())
	return 0
}

func haveFSF(t *testing.T) {
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skip("fairy-stockfish not installed")
	}
}

// TestFairyStockfishRegenerate rewrites testdata/fsf_perft.txt's counts
// from the binary (SPY_FSF_REGEN=1).
func TestFairyStockfishRegenerate(t *testing.T) {
	if os.Getenv("SPY_FSF_REGEN") == "" {
		t.Skip("set SPY_FSF_REGEN=1 to regenerate testdata/fsf_perft.txt")
	}
	haveFSF(t)
	header, cases := readFSFCases(t)
	lines := header
	for _, c := range cases {
		e := startFSF(t, c.variant)
		var counts []string
		for d := 1; d <= 3; d++ {
			counts = append(counts, strconv.FormatUint(e.perft(t, c.fen, d), 10))
		}
		lines = append(lines, c.variant+" ; "+c.fen+" ; "+strings.Join(counts, " "))
	}
	if err := os.WriteFile("testdata/fsf_perft.txt", []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFairyStockfishLive compares perft with the binary on the stored
// positions and on positions from seeded random games (reveals included:
// players who have not revealed get neutral cards before the count).
func TestFairyStockfishLive(t *testing.T) {
	haveFSF(t)
	if testing.Short() {
		t.Skip("short")
	}
	e := startFSF(t, "spycheck")
	_, cases := readFSFCases(t)
	for _, c := range cases {
		if got, want := e.perft(t, c.fen, 2), c.counts[1]; got != want {
			t.Errorf("%s: binary says %d, testdata %d", c.fen, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	checked, revealed := 0, 0
	for game := 0; checked < 40 && game < 400; game++ {
		s := randomDealt(rng, Options{})
		plies := 10 + rng.IntN(60)
		for range plies {
			if !randomStep(s, rng, 0.5) {
				break
			}
		}
		if over, _, _ := s.Result(); over {
			continue
		}
		for c := range s.card {
			if !s.revealed[c] {
				s.card[c] = Neutral
			}
		}
		s.stat.valid = false
		fen := spyToFSF(s)
		for d := 1; d <= 2; d++ {
			if got, want := s.Perft(d), e.perft(t, fen, d); got != want {
				t.Errorf("%s (FSF %s) perft %d = %d, Fairy-Stockfish %d", s.EncodeFull(), fen, d, got, want)
			}
		}
		checked++
		if s.revealed[0] || s.revealed[1] {
			revealed++
		}
	}
	t.Logf("%d random positions, %d after a reveal", checked, revealed)
	if revealed == 0 {
		t.Error("no position after a reveal")
	}
}
