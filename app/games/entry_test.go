package games

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// The table lists each game once, chess first (the default), and every
// entry starts a game through the one Create.
func TestEntries(t *testing.T) {
	want := []string{VariantChess, VariantLucky, VariantSpy, VariantMagic, VariantChaturanga4}
	if len(entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(entries), len(want))
	}
	for i, e := range entries {
		if e.name() != want[i] || entryFor(want[i]) != e {
			t.Errorf("entry %d is %q, want %q", i, e.name(), want[i])
		}
	}
	if entryFor("") != entries[0] || entryFor("xiangqi") != nil {
		t.Errorf("entryFor: the default or an unknown name")
	}
	if got := entryNames(); got != "chess, lucky, spy, magic or chaturanga4" {
		t.Errorf("entryNames() = %q", got)
	}
	f := newFixture(t, "")
	for _, name := range want {
		v, err := f.m.Create(Options{Variant: name, Mode: ModeEngine})
		if err != nil || v.Variant != name || v.Status != "playing" {
			t.Errorf("Create(%s): %q %q %v", name, v.Variant, v.Status, err)
		}
	}
	if _, err := f.m.Create(Options{Variant: "xiangqi"}); err == nil ||
		err.Error() != `unknown variant "xiangqi" (want chess, lucky, spy, magic or chaturanga4)` {
		t.Errorf("an unknown variant: %v", err)
	}
}

// The referee's files (the game, the manager, the view, the engine's
// turn, the analysis) never ask which game it is: no variant's name, no
// game's own type, no type switch. Only the entries and their table do
// (docs/adding-a-game.md, step 7).
func TestRefereeHasNoVariantBranches(t *testing.T) {
	forbidden := map[string]bool{}
	for _, name := range []string{"VariantChess", "VariantLucky", "VariantSpy", "VariantMagic", "VariantChaturanga4",
		"chessGame", "luckyGame", "spyGame", "magicGame", "c4Game", "cards", "cardGame", "chessEntry", "c4Entry",
		"cardEntry", "luckyEntry", "spyEntry", "magicEntry"} {
		forbidden[name] = true
	}
	for _, file := range []string{"game.go", "games.go", "view.go", "enginemove.go", "analysis.go", "draw.go", "pace.go"} {
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if forbidden[n.Name] {
					t.Errorf("%s: %s names a game", fs.Position(n.Pos()), n.Name)
				}
			case *ast.TypeAssertExpr:
				t.Errorf("%s: a type assertion asks which game it is", fs.Position(n.Pos()))
			case *ast.BasicLit:
				for _, e := range entries {
					if n.Kind == token.STRING && strings.Trim(n.Value, "\"`") == e.name() {
						t.Errorf("%s: %s names a game", fs.Position(n.Pos()), n.Value)
					}
				}
			}
			return true
		})
	}
}
