// Package store keeps the app's games in one SQLite file (modernc.org/sqlite,
// pure Go). It owns the schema and its versions; it does not know the
// rules of any game: a game is a record of text fields, its moves a list
// of action tokens as the protocol writes them.
package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// FileName is the database's name inside the data directory.
const FileName = "azar.db"

// LockName is the lock file inside the data directory: the open store
// holds an exclusive lock on it, so that a second server on the same
// directory is refused instead of overwriting the first one's games.
const LockName = "azar.lock"

// ErrNotFound is returned for an id the store does not hold.
var ErrNotFound = errors.New("store: no such game")

// ErrLocked is returned by Open when another store (another azar serve)
// has the data directory open.
var ErrLocked = errors.New("store: the data directory is in use by another azar")

// Status values of a stored game.
const (
	Playing  = "playing"
	Finished = "finished"
)

// Game is one stored game.
type Game struct {
	ID       string
	Variant  string
	Options  string   // JSON the games package writes and reads
	StartFEN string   // "" for the variant's standard start
	Moves    []string // action tokens from the start, in order
	Status   string   // Playing or Finished
	Result   string   // "1-0", "0-1", "1/2-1/2" or "*"
	Reason   string   // how it ended ("" while playing)
	PGN      string
	// Secret is what the referee hides from every player (the deck's
	// seed and order, the spy cards dealt), JSON the games package
	// writes and reads; it never leaves the server.
	Secret string
	// Analysis is the post-game analysis, JSON the games package writes
	// ("" until one has been made).
	Analysis string
	// Version is the View's version of the game's last stored change, so
	// that a page's version still names the position after a restart.
	Version uint64
	// Seats are the seats people hold or are invited to (seats.go); the
	// engine's seats have none.
	Seats   []Seat
	Created time.Time
	Updated time.Time
}

// migrations[i] takes the schema from version i to i+1. A new version is
// appended, never an old one edited: a user's file may be at any version.
var migrations = []string{
	`CREATE TABLE games (
		id         TEXT PRIMARY KEY,
		variant    TEXT NOT NULL,
		options    TEXT NOT NULL,
		start_fen  TEXT NOT NULL,
		moves      TEXT NOT NULL,
		status     TEXT NOT NULL,
		result     TEXT NOT NULL,
		reason     TEXT NOT NULL,
		pgn        TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	);
	CREATE INDEX games_status ON games(status, updated_at);`,
	`ALTER TABLE games ADD COLUMN secret TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN analysis TEXT NOT NULL DEFAULT '';`,
	`ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE seats (
		game_id    TEXT NOT NULL,
		seat       TEXT NOT NULL,
		token_hash TEXT NOT NULL,
		invite     TEXT NOT NULL,
		PRIMARY KEY (game_id, seat)
	);
	CREATE INDEX seats_token ON seats(token_hash);`,
}

// SchemaVersion is the version this build writes.
var SchemaVersion = len(migrations)

// Store is an open database and the lock on its directory.
type Store struct {
	db   *sql.DB
	lock *os.File
}

// Open opens (creating it if needed) dir/azar.db and brings its schema to
// SchemaVersion. A file written by a newer build is refused, not touched;
// a directory another store holds open is refused with ErrLocked before
// the database is opened.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, LockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := lockFile(lock); err != nil {
		lock.Close()
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("%w (%s is locked; stop the other server or give another -data)", ErrLocked, lock.Name())
		}
		return nil, fmt.Errorf("store: locking %s: %w", lock.Name(), err)
	}
	path := filepath.Join(dir, FileName)
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)")
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	// One connection: SQLite serialises writers anyway, and one
	// connection never meets SQLITE_BUSY from itself.
	db.SetMaxOpenConns(1)
	s := &Store{db: db, lock: lock}
	if err := s.migrate(); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return s, nil
}

func (s *Store) migrate() error {
	if _, err := s.db.Exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	err := s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := s.db.Exec(`INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	if v > SchemaVersion {
		return fmt.Errorf("schema version %d is newer than this azar's %d", v, SchemaVersion)
	}
	for ; v < SchemaVersion; v++ {
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating to version %d: %w", v+1, err)
		}
		if _, err := tx.Exec(`UPDATE schema_version SET version = ?`, v+1); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Version is the schema version of the open file.
func (s *Store) Version() (int, error) {
	var v int
	err := s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// Close closes the database, then lets the directory go.
func (s *Store) Close() error {
	err := s.db.Close()
	if lerr := s.lock.Close(); err == nil {
		err = lerr
	}
	return err
}

// Save writes g and its seats, replacing the stored game with its id, in
// one transaction: a game is never stored without its seats.
func (s *Store) Save(g Game) error {
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("store: saving game %s: %w", g.ID, err)
	}
	if err := saveIn(tx, g); err != nil {
		tx.Rollback()
		return fmt.Errorf("store: saving game %s: %w", g.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: saving game %s: %w", g.ID, err)
	}
	return nil
}

func saveIn(tx *sql.Tx, g Game) error {
	_, err := tx.Exec(`INSERT INTO games (id, variant, options, start_fen, moves, status, result, reason, pgn, secret, analysis, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET variant=excluded.variant, options=excluded.options, start_fen=excluded.start_fen,
			moves=excluded.moves, status=excluded.status, result=excluded.result, reason=excluded.reason,
			pgn=excluded.pgn, secret=excluded.secret, analysis=excluded.analysis, version=excluded.version,
			updated_at=excluded.updated_at`,
		g.ID, g.Variant, g.Options, g.StartFEN, strings.Join(g.Moves, " "), g.Status, g.Result, g.Reason, g.PGN,
		g.Secret, g.Analysis, int64(g.Version), g.Created.UnixMilli(), g.Updated.UnixMilli())
	if err != nil {
		return err
	}
	return saveSeats(tx, g.ID, g.Seats)
}

const columns = `id, variant, options, start_fen, moves, status, result, reason, pgn, secret, analysis, version, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var moves string
	var created, updated, version int64
	if err := row.Scan(&g.ID, &g.Variant, &g.Options, &g.StartFEN, &moves, &g.Status, &g.Result, &g.Reason, &g.PGN, &g.Secret, &g.Analysis, &version, &created, &updated); err != nil {
		return Game{}, err
	}
	g.Version = uint64(version)
	if moves != "" {
		g.Moves = strings.Fields(moves)
	}
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	return g, nil
}

// Load returns the game with id, or ErrNotFound.
func (s *Store) Load(id string) (Game, error) {
	g, err := scan(s.db.QueryRow(`SELECT `+columns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: loading game %s: %w", id, err)
	}
	if g.Seats, err = s.seatsOf(id); err != nil {
		return Game{}, fmt.Errorf("store: loading game %s: %w", id, err)
	}
	return g, nil
}

// List returns the games with the status (every game for ""), the most
// recently changed first, at most limit of them (all for limit <= 0).
func (s *Store) List(status string, limit int) ([]Game, error) {
	q := `SELECT ` + columns + ` FROM games`
	var args []any
	if status != "" {
		q += ` WHERE status = ?`
		args = append(args, status)
	}
	q += ` ORDER BY updated_at DESC, id`
	if limit > 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := s.db.Query(q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: listing games: %w", err)
	}
	defer rows.Close()
	var gs []Game
	for rows.Next() {
		g, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: listing games: %w", err)
		}
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing games: %w", err)
	}
	rows.Close() // one connection: the seats' query needs it
	for i := range gs {
		if gs[i].Seats, err = s.seatsOf(gs[i].ID); err != nil {
			return nil, fmt.Errorf("store: listing games: %w", err)
		}
	}
	return gs, nil
}
