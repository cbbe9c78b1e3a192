package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"azar/variants/chess"
)

const scholarMateIn1 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHintMateInOne(t *testing.T) {
	code, out, errs := azar(t, "", "hint", "-fen", scholarMateIn1, "-depth", "3")
	if code != 0 || !strings.HasPrefix(out, "best Qxf7# (h5f7), score +M1, depth ") || !strings.Contains(out, "\nline 4. Qxf7#\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, errs = azar(t, "", "hint", "-fen", scholarMateIn1, "-nodes", "5000", "-json")
	var h struct {
		UCI, SAN string
		Score    map[string]int
		PV       []string `json:"pv"`
		PVSAN    []string `json:"pv_san"`
	}
	if err := json.Unmarshal([]byte(out), &h); code != 0 || err != nil || h.UCI != "h5f7" || h.SAN != "Qxf7#" ||
		h.Score["mate"] != 1 || len(h.PV) != 1 || h.PVSAN[0] != "Qxf7#" {
		t.Errorf("exit %d, stderr %q, JSON %v: %+v", code, errs, err, h)
	}
}

// TestHintFromPGN: -pgn takes the position after the game's last move
// (here 3...Nf6, which allows the mate).
func TestHintFromPGN(t *testing.T) {
	pgn := writeFile(t, "g.pgn", "[White \"x\"]\n\n1. d4 *\n\n[White \"y\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 *\n")
	code, out, errs := azar(t, "", "hint", "-pgn", pgn, "-game", "2", "-nodes", "20000")
	if code != 0 || !strings.HasPrefix(out, "best Qxf7# (h5f7), score +M1") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, _ = azar(t, "", "hint", "-pgn", pgn, "-nodes", "2000")
	if code != 0 || !strings.Contains(out, "line 1... ") {
		t.Errorf("game 1 (Black to move after 1.d4): exit %d\n%s", code, out)
	}
}

func TestPracticeBadArguments(t *testing.T) {
	pgn := writeFile(t, "g.pgn", "1. e4 *\n")
	lucky := writeFile(t, "l.pgn", "[Variant \"lucky\"]\n\n1. g1f3 {+0.63/3 0.014s} 1... d7d6 2. draw {move2:P+P} *\n")
	mated := writeFile(t, "m.pgn", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")
	for _, args := range [][]string{
		{"hint", "-fen", scholarMateIn1, "-pgn", pgn},
		{"hint", "-fen", "not a fen"},
		{"hint", "-pgn", lucky},
		{"hint", "-pgn", mated, "-depth", "2"},
		{"hint", "-pgn", pgn, "-game", "2"},
		{"hint", "-movetime", "0"},
		{"hint", "-depth", "-1"},
		{"hint", "-threads", "0", "-depth", "2"},
		{"hint", "extra"},
		{"analyze"},
		{"analyze", pgn, pgn},
		{"analyze", filepath.Join(t.TempDir(), "missing.pgn")},
		{"analyze", lucky, "-nodes", "1000"},
		{"analyze", writeFile(t, "empty.pgn", "[White \"x\"]\n\n*\n"), "-nodes", "1000"},
	} {
		code, out, errs := azar(t, "", args...)
		if code != 2 || errs == "" || out != "" {
			t.Errorf("azar %v: exit %d, stdout %q, stderr %q; want 2, nothing, an error", args, code, out, errs)
		}
	}
	_, _, errs := azar(t, "", "analyze", lucky, "-nodes", "1000")
	if !strings.Contains(errs, `variant "lucky"`) || !strings.Contains(errs, "standard chess only") {
		t.Errorf("lucky PGN: %q", errs)
	}
}

func TestAnalyzeCommand(t *testing.T) {
	dir := t.TempDir()
	pgn := writeFile(t, "g.pgn", "[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Qg5 3. Nxg5 *\n")
	svg, out := filepath.Join(dir, "g.svg"), filepath.Join(dir, "out.pgn")
	code, stdout, errs := azar(t, "", "analyze", pgn, "-nodes", "20000", "-json", "-svg", svg, "-pgn-out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var r struct {
		Moves []struct {
			Ply   int
			SAN   string
			Label *string
			Acc   float64 `json:"accuracy"`
		}
		Black struct{ Blunders int }
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || len(r.Moves) != 5 {
		t.Fatalf("JSON %v:\n%s", err, stdout)
	}
	if q := r.Moves[3]; q.SAN != "Qg5" || q.Label == nil || *q.Label != "blunder" || r.Black.Blunders != 1 {
		t.Errorf("2...Qg5: %+v, black blunders %d", q, r.Black.Blunders)
	}
	if n := r.Moves[4]; n.Acc != 100 || n.Label != nil {
		t.Errorf("3.Nxg5: %+v", n)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(data), `<svg xmlns="http://www.w3.org/2000/svg"`) ||
		strings.Count(string(data), `class="blunder"`) != 1 {
		t.Errorf("SVG %v:\n%s", err, data)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := chess.ReadPGN(f)
	if err != nil || len(games) != 1 || len(games[0].Comments) != 5 || !strings.Contains(games[0].Comments[3], "?? blunder") ||
		games[0].Tag("Annotator") == "" {
		t.Errorf("annotated PGN %v: %+v", err, games)
	}
	code, stdout, _ = azar(t, "", "analyze", pgn, "-nodes", "20000")
	if code != 0 || !strings.Contains(stdout, "2... Qg5??") || !strings.Contains(stdout, "Black b: accuracy ") ||
		!strings.Contains(stdout, "blunders 1") {
		t.Errorf("table: exit %d\n%s", code, stdout)
	}
}
