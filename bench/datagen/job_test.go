package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"azar/eval/nnue/record"
	"azar/search"
	"azar/variants/chess"
)

func jobConfig(games int) Config {
	return Config{Games: games, Nodes: 300, RandomPlies: 4, Seed: 11, Workers: 2, Format: Binary,
		Adjudicate: DefaultAdjudication(), PerGame: 5, Dedup: true}
}

func runJob(t *testing.T, path string, cfg Config, resume bool, after func(*Job, context.CancelFunc, Progress)) Progress {
	t.Helper()
	j, err := OpenJob(path, cfg, resume)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if after != nil {
		j.afterGame = func(p Progress) { after(j, cancel, p) }
	}
	if _, err := j.Run(ctx); err != nil {
		t.Fatal(err)
	}
	return j.Progress()
}

func TestJobResumeEqualsUninterruptedRun(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	p := runJob(t, whole, jobConfig(6), false, nil)
	want, _ := os.ReadFile(whole)
	if p.Games != 6 || p.Bytes != int64(len(want)) || p.Positions*record.Size != p.Bytes || p.Positions == 0 {
		t.Fatalf("progress %+v for %d bytes", p, len(want))
	}

	// Interrupted after two games (the games in flight are dropped),
	// then torn as a kill in the middle of a write would leave it: a
	// record of the next game and part of another.
	part := filepath.Join(dir, "part.bin")
	p = runJob(t, part, jobConfig(6), false, func(_ *Job, cancel context.CancelFunc, p Progress) {
		if p.Games == 2 {
			cancel()
		}
	})
	// Games that finished before the cancellation reached the writer
	// may still be written, each whole.
	if p.Games < 2 || p.Games >= 6 {
		t.Fatalf("job interrupted after game 2 stopped at %d games", p.Games)
	}
	f, _ := os.OpenFile(part, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(want[p.Bytes : p.Bytes+record.Size+13])
	f.Close()

	// Resumed with more workers (the output does not depend on them).
	cfg := jobConfig(6)
	cfg.Workers = 3
	p = runJob(t, part, cfg, true, nil)
	got, _ := os.ReadFile(part)
	if !bytes.Equal(got, want) || p.Games != 6 || p.Bytes != int64(len(want)) {
		t.Fatalf("resumed job: %d bytes at %+v, want the uninterrupted %d bytes", len(got), p, len(want))
	}

	// A finished job resumed for more games extends it.
	more := filepath.Join(dir, "more.bin")
	runJob(t, more, jobConfig(8), false, nil)
	wantMore, _ := os.ReadFile(more)
	runJob(t, part, jobConfig(8), true, nil)
	if got, _ := os.ReadFile(part); !bytes.Equal(got, wantMore) {
		t.Error("6 games resumed to 8 differ from 8 games in one run")
	}
}

func TestJobResumeRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.bin")
	runJob(t, path, jobConfig(1), false, nil)
	other := jobConfig(1)
	other.Seed++
	if _, err := OpenJob(path, other, true); err == nil {
		t.Error("resumed with another seed")
	}
	if err := os.Truncate(path, 5); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenJob(path, jobConfig(1), true); err == nil {
		t.Error("resumed a file shorter than its progress")
	}
	os.Remove(ProgressPath(path))
	if _, err := OpenJob(path, jobConfig(1), true); err == nil {
		t.Error("resumed a data file without its progress file")
	}
	os.WriteFile(ProgressPath(path), []byte("games 1\n"), 0o644)
	if _, err := OpenJob(path, jobConfig(1), true); err == nil {
		t.Error("accepted a malformed progress file")
	}
	// Resuming where nothing exists starts the job.
	fresh := filepath.Join(dir, "new.bin")
	if p := runJob(t, fresh, jobConfig(1), true, nil); p.Games != 1 {
		t.Errorf("fresh resumed job: %+v", p)
	}
}

func TestTextJobResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := jobConfig(4)
	cfg.Format = Text
	whole := filepath.Join(dir, "whole.txt")
	runJob(t, whole, cfg, false, nil)
	want, _ := os.ReadFile(whole)
	part := filepath.Join(dir, "part.txt")
	p := runJob(t, part, cfg, false, func(_ *Job, cancel context.CancelFunc, p Progress) {
		if p.Games == 1 {
			cancel()
		}
	})
	f, _ := os.OpenFile(part, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(want[p.Bytes : p.Bytes+20]) // half a line
	f.Close()
	runJob(t, part, cfg, true, nil)
	if got, _ := os.ReadFile(part); !bytes.Equal(got, want) {
		t.Errorf("resumed text job differs:\n%s\nwant\n%s", got, want)
	}
}

// TestDedup: with no random plies every game is the same game, so a
// deduplicated run writes the first game's positions only.
func TestDedup(t *testing.T) {
	cfg := Config{Games: 3, Nodes: 200, Seed: 1, Workers: 2, Format: Binary, Adjudicate: DefaultAdjudication()}
	var all bytes.Buffer
	n, err := Run(context.Background(), cfg, &all)
	if err != nil || n == 0 || n%3 != 0 {
		t.Fatalf("%d positions from three identical games, %v", n, err)
	}
	cfg.Dedup = true
	var dedup bytes.Buffer
	m, _ := Run(context.Background(), cfg, &dedup)
	if m == 0 || m > n/3 || !bytes.Equal(dedup.Bytes(), all.Bytes()[:m*record.Size]) {
		t.Errorf("deduplicated: %d positions, want at most the first game's %d", m, n/3)
	}
	keys := map[uint64]bool{}
	for _, r := range readRecords(t, dedup.Bytes()) {
		p, _ := chess.ParseFEN(r.FEN())
		if keys[p.Hash()] {
			t.Errorf("%s written twice", r.FEN())
		}
		keys[p.Hash()] = true
	}

	// A resumed job rebuilds the keys from its file: the games after the
	// first add nothing either.
	path := filepath.Join(t.TempDir(), "d.bin")
	runJob(t, path, Config{Games: 1, Nodes: 200, Seed: 1, Workers: 1, Format: Binary, Adjudicate: DefaultAdjudication(), Dedup: true}, false, nil)
	cfg.Games = 3
	p := runJob(t, path, cfg, true, nil)
	if got, _ := os.ReadFile(path); p.Games != 3 || !bytes.Equal(got, dedup.Bytes()) {
		t.Errorf("resumed deduplicated job: %d games, %d bytes, want %d", p.Games, len(got), dedup.Len())
	}
}

// TestPerGameCap: a capped game keeps at most K of the positions the
// uncapped game keeps, in the game's order, with the same labels.
func TestPerGameCap(t *testing.T) {
	cfg := Config{Games: 1, Nodes: 300, RandomPlies: 4, Seed: 5, Workers: 1, Format: Binary, Adjudicate: DefaultAdjudication()}
	var all bytes.Buffer
	Run(context.Background(), cfg, &all)
	full := readRecords(t, all.Bytes())
	cfg.PerGame = 4
	var capped bytes.Buffer
	Run(context.Background(), cfg, &capped)
	kept := readRecords(t, capped.Bytes())
	if len(full) <= 4 || len(kept) != 4 {
		t.Fatalf("%d positions capped to %d, want 4", len(full), len(kept))
	}
	i := 0
	for _, k := range kept {
		for i < len(full) && full[i] != k {
			i++
		}
		if i == len(full) {
			t.Fatalf("%s (score %d) is not one of the game's positions in order", k.FEN(), k.Score)
		}
	}
}

// TestLabelNodes: each label is a fresh search of the position with the
// label budget, from the side to move's view, stored from White's.
func TestLabelNodes(t *testing.T) {
	cfg := Config{Games: 1, Nodes: 200, RandomPlies: 4, Seed: 9, Workers: 1, Format: Binary,
		Adjudicate: DefaultAdjudication(), PerGame: 3, LabelNodes: 2000}
	var buf bytes.Buffer
	if _, err := Run(context.Background(), cfg, &buf); err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, buf.Bytes())
	if len(recs) == 0 {
		t.Fatal("no records")
	}
	e := newEngine()
	for _, r := range recs {
		p, _ := chess.ParseFEN(r.FEN())
		e.NewGame()
		res := e.Search(context.Background(), p, search.Limits{Nodes: 2000}, nil)
		want := res.Score
		if p.Side() == chess.Black {
			want = -want
		}
		if int(r.Score) != want {
			t.Errorf("%s: label %d, a 2000-node search says %d (White's view)", r.FEN(), r.Score, want)
		}
	}
}
