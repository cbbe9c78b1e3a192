package store

import (
	"database/sql"
	"fmt"
	"strings"
)

// Seat is one seat of a game that a person holds or is invited to. The
// store keeps the token's hash only: whoever reads the file cannot act
// for a seat. The invitation code is kept as it is until it is used, so
// that its game's creator can be shown it again.
type Seat struct {
	Seat      string // the seat's letter ("w", "b"; r, g, y, b), "" for a device that acts for every seat
	TokenHash string // hex SHA-256 of the seat's token, "" while the seat is open
	Invite    string // the invitation code while the seat is open, "" once taken
}

// MaxOwned bounds the tokens of one Owned call (the SQLite parameters of
// one query).
const MaxOwned = 200

// Owned is a stored game and the seat a token holds in it.
type Owned struct {
	Game Game
	Seat string
}

// saveSeats replaces the seats of game id inside tx.
func saveSeats(tx *sql.Tx, id string, seats []Seat) error {
	if _, err := tx.Exec(`DELETE FROM seats WHERE game_id = ?`, id); err != nil {
		return err
	}
	for _, s := range seats {
		if _, err := tx.Exec(`INSERT INTO seats (game_id, seat, token_hash, invite) VALUES (?, ?, ?, ?)`,
			id, s.Seat, s.TokenHash, s.Invite); err != nil {
			return err
		}
	}
	return nil
}

// seatsOf returns the seats of game id in seat order, nil when it has none.
func (s *Store) seatsOf(id string) ([]Seat, error) {
	rows, err := s.db.Query(`SELECT seat, token_hash, invite FROM seats WHERE game_id = ? ORDER BY seat`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var seats []Seat
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Seat, &st.TokenHash, &st.Invite); err != nil {
			return nil, err
		}
		seats = append(seats, st)
	}
	return seats, rows.Err()
}

// Owned returns the games whose seats the token hashes hold, the most
// recently changed first: a device's games, and no one else's. At most
// MaxOwned hashes.
func (s *Store) Owned(hashes []string) ([]Owned, error) {
	if len(hashes) == 0 {
		return nil, nil
	}
	if len(hashes) > MaxOwned {
		return nil, fmt.Errorf("store: at most %d tokens at once, not %d", MaxOwned, len(hashes))
	}
	args := make([]any, len(hashes))
	for i, h := range hashes {
		args[i] = h
	}
	q := `SELECT seats.seat, ` + prefixed("games.", columns) + ` FROM seats JOIN games ON games.id = seats.game_id
		WHERE seats.token_hash != '' AND seats.token_hash IN (?` + strings.Repeat(", ?", len(hashes)-1) + `)
		ORDER BY games.updated_at DESC, games.id`
	rows, err := s.db.Query(q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: listing games by seat: %w", err)
	}
	defer rows.Close()
	var out []Owned
	for rows.Next() {
		var o Owned
		g, err := scan(seatScanner{rows, &o.Seat})
		if err != nil {
			return nil, fmt.Errorf("store: listing games by seat: %w", err)
		}
		o.Game = g
		out = append(out, o)
	}
	return out, rows.Err()
}

// seatScanner reads the seat column before a game's columns.
type seatScanner struct {
	rows *sql.Rows
	seat *string
}

func (s seatScanner) Scan(dest ...any) error { return s.rows.Scan(append([]any{s.seat}, dest...)...) }

// prefixed qualifies each of a comma-separated column list with p.
func prefixed(p, cols string) string {
	fs := strings.Split(cols, ", ")
	for i := range fs {
		fs[i] = p + fs[i]
	}
	return strings.Join(fs, ", ")
}
