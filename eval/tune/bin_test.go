package tune

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	nnrecord "azar/eval/nnue/record"
	"azar/variants/chess"
)

// binData packs positions (FEN, search score from the side to move's
// view, result from White's) as the data job writes them.
func binData(t *testing.T, rows []struct {
	fen    string
	score  int
	result uint8
}) []byte {
	t.Helper()
	var b bytes.Buffer
	buf := make([]byte, nnrecord.Size)
	for _, r := range rows {
		p, err := chess.ParseFEN(r.fen)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := nnrecord.FromPosition(p, r.score, r.result)
		if err != nil {
			t.Fatal(err)
		}
		rec.Encode(buf)
		b.Write(buf)
	}
	return b.Bytes()
}

// TestBinTargets: records load with their result and their score from
// White's view, and -lambda mixes them at K; a cut record is counted
// unreadable and ends the data.
func TestBinTargets(t *testing.T) {
	rows := []struct {
		fen    string
		score  int
		result uint8
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", -100, nnrecord.WhiteWins}, // Black to move: White's +100
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 400, nnrecord.Draw},
	}
	data := binData(t, rows)
	ds, st, err := load(bytes.NewReader(data), FormatBin, false, 1, 0)
	if err != nil || st.kept != 2 || st.bad != 0 {
		t.Fatalf("load: %+v %v", st, err)
	}
	if got := ds.mixLabels(0.5, 1); got != 2 {
		t.Fatalf("mixed %d targets, want 2", got)
	}
	want := []float64{
		0.5*1 + 0.5/(1+math.Pow(10, -100.0/400)), // 0.820032
		0.5*0.5 + 0.5/(1+math.Pow(10, -400.0/400)),
	}
	for i, r := range ds.shards[0].recs {
		if math.Abs(r.result-want[i]) > 1e-9 {
			t.Errorf("record %d: target %v, want %v", i, r.result, want[i])
		}
	}
	cut, st, err := load(bytes.NewReader(data[:len(data)-5]), FormatBin, false, 1, 0)
	if err != nil || cut.n != 1 || st.bad != 1 || !strings.Contains(st.firstBad, "unexpected EOF") {
		t.Errorf("a cut record: %d kept, %+v, %v", cut.n, st, err)
	}
	text, _, err := load(strings.NewReader(rows[1].fen+" ; 1/2-1/2\n"), FormatText, false, 1, 0)
	if err != nil || text.mixLabels(0.5, 1) != 0 || text.shards[0].recs[0].result != 0.5 {
		t.Errorf("text data has no scores to mix: %v", err)
	}
}

func TestRunBin(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "job.bin")
	var rows []struct {
		fen    string
		score  int
		result uint8
	}
	for i, fen := range []string{
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
	} {
		rows = append(rows, struct {
			fen    string
			score  int
			result uint8
		}{fen, 50 * i, uint8(i % 3)})
	}
	if err := os.WriteFile(data, binData(t, rows), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := Run([]string{"-data", data, "-format", "bin", "-lambda", "0.25", "-epochs", "2", "-quiet=false"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "4 positions kept") || !strings.Contains(log.String(), "targets: 0.25 × result + 0.75 × sigmoid(K × score) for 4 positions") {
		t.Errorf("log:\n%s", log.String())
	}
	// The same file held out: its loss is the training loss, line by line.
	log.Reset()
	if err := Run([]string{"-data", data, "-valid", data, "-format", "bin", "-lambda", "0.25", "-epochs", "2", "-report", "1", "-quiet=false"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	lossLines := regexp.MustCompile(`loss ([0-9.]+)  validation ([0-9.]+)`).FindAllStringSubmatch(log.String(), -1)
	if len(lossLines) != 3 || !strings.Contains(log.String(), "validation: 4 lines, 4 positions kept") {
		t.Errorf("want 2 epochs and the final line with a validation loss; log:\n%s", log.String())
	}
	for _, m := range lossLines {
		if m[1] != m[2] {
			t.Errorf("validation on the training data: %s, training %s", m[2], m[1])
		}
	}
	for _, bad := range [][]string{{"-format", "csv"}, {"-format", "bin", "-lambda", "1.5"}, {"-format", "bin", "-valid", filepath.Join(dir, "none.bin")}} {
		if err := Run(append([]string{"-data", data}, bad...), &log); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
