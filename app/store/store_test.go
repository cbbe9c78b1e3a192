package store

import (
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func sample(id string, status string, updated int64) Game {
	return Game{
		ID: id, Variant: "chess", Options: `{"mode":"engine"}`, StartFEN: "",
		Moves: []string{"e2e4", "e7e5", "g1f3"}, Status: status, Result: "*", PGN: "1. e4 e5 2. Nf3 *",
		Created: time.UnixMilli(1700000000000), Updated: time.UnixMilli(updated),
	}
}

func TestRoundTripAndReopen(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, b := sample("a1", Playing, 1700000001000), sample("b2", Finished, 1700000002000)
	b.Result, b.Reason, b.Moves = "1-0", "resign", nil
	for _, g := range []Game{a, b} {
		if err := s.Save(g); err != nil {
			t.Fatal(err)
		}
	}
	a.Moves = append(a.Moves, "b8c6")
	a.Updated = time.UnixMilli(1700000003000)
	if err := s.Save(a); err != nil { // an update, not a second row
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.Version(); err != nil || v != SchemaVersion {
		t.Fatalf("version %d %v, want %d", v, err, SchemaVersion)
	}
	got, err := s.Load("a1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, a) {
		t.Fatalf("loaded %+v\nwant   %+v", got, a)
	}
	if _, err := s.Load("nope"); err != ErrNotFound {
		t.Fatalf("err %v, want ErrNotFound", err)
	}
	playing, err := s.List(Playing, 0)
	if err != nil || len(playing) != 1 || playing[0].ID != "a1" {
		t.Fatalf("playing %+v %v", playing, err)
	}
	all, err := s.List("", 0)
	if err != nil || len(all) != 2 || all[0].ID != "a1" || all[1].ID != "b2" || all[1].Moves != nil {
		t.Fatalf("all %+v %v", all, err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE schema_version SET version = ?`, SchemaVersion+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(dir); err == nil {
		t.Fatal("a newer schema was opened")
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); err != nil {
		t.Fatal(err)
	}
}

// A file of schema version 1 (before the secret and analysis columns)
// is migrated with its games kept.
func TestMigrateFromVersion1(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`, `INSERT INTO schema_version (version) VALUES (1)`,
		migrations[0], `INSERT INTO games VALUES ('a1', 'chess', '{}', '', 'e2e4 e7e5', 'playing', '*', '', '1. e4 e5 *', 1, 2)`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Load("a1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Moves, []string{"e2e4", "e7e5"}) || g.Secret != "" || g.Analysis != "" {
		t.Fatalf("migrated game %+v", g)
	}
	g.Secret, g.Analysis = `{"seed":1}`, `{"x":1}`
	if err := s.Save(g); err != nil {
		t.Fatal(err)
	}
	if h, _ := s.Load("a1"); h.Secret != g.Secret || h.Analysis != g.Analysis {
		t.Fatalf("secret/analysis not kept: %+v", h)
	}
}
