package datagen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"azar/eval/nnue/record"
	"azar/variants/chess"
)

// A Job is a run written to a file that it can be resumed from: the data
// file, only ever appended to in whole games, and beside it
// FILE.progress, replaced atomically (written aside, then renamed) after
// each game, which says how many games are done, how many bytes of the
// file they fill and with which settings. A kill at any moment leaves a
// progress file that matches a prefix of the data file; resuming cuts the
// file back to that prefix (a torn record or a half-written game) and
// plays on from the next game, so an interrupted and resumed job writes
// the same bytes as one uninterrupted run.
type Job struct {
	path     string
	cfg      Config
	progress Progress
	seen     map[uint64]struct{}
	// afterGame, when set (tests), is called after each progress update.
	afterGame func(Progress)
}

// Progress is what FILE.progress holds.
type Progress struct {
	Games     int    // games 0 … Games−1 are written
	Bytes     int64  // the data file's length after them
	Positions int64  // records or lines in those bytes
	Config    string // Config.Fingerprint of the job
}

// ProgressPath is the progress file of a data file.
func ProgressPath(path string) string { return path + ".progress" }

const progressMagic = "azar-datagen-progress 1"

func (p Progress) encode() []byte {
	return fmt.Appendf(nil, "%s\ngames %d\nbytes %d\npositions %d\nconfig %s\n", progressMagic, p.Games, p.Bytes, p.Positions, p.Config)
}

func parseProgress(b []byte) (Progress, error) {
	var p Progress
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 5 || lines[0] != progressMagic {
		return p, errors.New("not a datagen progress file")
	}
	fields := []struct {
		name string
		dst  *int64
	}{{"games", nil}, {"bytes", &p.Bytes}, {"positions", &p.Positions}}
	for i, f := range fields {
		v, ok := strings.CutPrefix(lines[i+1], f.name+" ")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || n < 0 {
			return p, fmt.Errorf("bad line %q", lines[i+1])
		}
		if f.dst == nil {
			p.Games = int(n)
		} else {
			*f.dst = n
		}
	}
	cfg, ok := strings.CutPrefix(lines[4], "config ")
	if !ok {
		return p, fmt.Errorf("bad line %q", lines[4])
	}
	p.Config = cfg
	return p, nil
}

// writeProgress replaces the progress file atomically: a reader (or a
// resume after a kill) sees the old one or the new one, never a mix.
func writeProgress(path string, p Progress) error {
	tmp := ProgressPath(path) + ".tmp"
	if err := os.WriteFile(tmp, p.encode(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, ProgressPath(path))
}

// OpenJob prepares path for cfg. Without resume the file is started
// afresh (an existing one is replaced). With resume, an existing job is
// continued: the settings must be the ones it was started with, the file
// is cut back to the bytes of its finished games, and, with cfg.Dedup,
// the keys of the positions in it are read back. Resuming where there is
// no file yet starts one; a data file with no progress file is refused
// (its games cannot be counted).
func OpenJob(path string, cfg Config, resume bool) (*Job, error) {
	j := &Job{path: path, cfg: cfg, progress: Progress{Config: cfg.Fingerprint()}}
	if cfg.Dedup {
		j.seen = map[uint64]struct{}{}
	}
	b, err := os.ReadFile(ProgressPath(path))
	switch {
	case !resume || errors.Is(err, os.ErrNotExist):
		if resume {
			if st, serr := os.Stat(path); serr == nil && st.Size() > 0 {
				return nil, fmt.Errorf("%s has data but no %s: cannot tell how many games it holds", path, ProgressPath(path))
			}
		}
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		if err := f.Close(); err != nil {
			return nil, err
		}
		return j, writeProgress(path, j.progress)
	case err != nil:
		return nil, err
	}
	p, err := parseProgress(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ProgressPath(path), err)
	}
	if p.Config != j.progress.Config {
		return nil, fmt.Errorf("%s was made with %q, not %q: resume it with the same flags", path, p.Config, j.progress.Config)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.Size() < p.Bytes {
		return nil, fmt.Errorf("%s has %d bytes, fewer than the %d its progress file counts", path, st.Size(), p.Bytes)
	}
	if st.Size() > p.Bytes {
		// A torn tail: records of a game whose progress was not yet
		// written, or part of one record.
		if err := os.Truncate(path, p.Bytes); err != nil {
			return nil, err
		}
	}
	j.progress = p
	if j.seen != nil {
		if err := readKeys(path, cfg.Format, j.seen); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return j, nil
}

// Progress is the job's progress so far.
func (j *Job) Progress() Progress { return j.progress }

// readKeys adds the key of every position in the file to seen.
func readKeys(path string, f Format, seen map[uint64]struct{}) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	br := bufio.NewReaderSize(file, 1<<20)
	add := func(fen string) error {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return err
		}
		seen[p.Hash()] = struct{}{}
		return nil
	}
	if f == Binary {
		rd := record.NewReader(br)
		for {
			r, err := rd.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := add(r.FEN()); err != nil {
				return err
			}
		}
	}
	sc := bufio.NewScanner(br)
	for sc.Scan() {
		fen, _, ok := strings.Cut(sc.Text(), " ; ")
		if !ok {
			return fmt.Errorf("bad line %q", sc.Text())
		}
		if err := add(fen); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Run plays the job's remaining games, up to cfg.Games, appending each
// finished game to the file and then recording the progress. It returns
// the positions this call wrote.
func (j *Job) Run(ctx context.Context) (int, error) {
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return 0, err
	}
	cfg := j.cfg
	cfg.FirstGame = j.progress.Games
	cw := &countingWriter{w: f}
	n, err := run(ctx, cfg, cw, j.seen, func(next, positions int) error {
		j.progress.Games = next
		j.progress.Bytes += cw.n
		j.progress.Positions += int64(positions)
		cw.n = 0
		if err := writeProgress(j.path, j.progress); err != nil {
			return err
		}
		if j.afterGame != nil {
			j.afterGame(j.progress)
		}
		return nil
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}
