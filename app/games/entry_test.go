package games

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
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

// A View is built for a viewer: each seat of a magic game sees its own
// hand and only the other's count, a viewer with no seat (one device, a
// spectator) no hand at all, and only the seat it acts for gets legal
// actions. The View the device gets is the player's.
func TestViewForEachSeat(t *testing.T) {
	f, v, white, black := newMagicAsWhite(t, 5)
	g, err := f.m.lookup(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	hand := func(v View) []string {
		var ids []string
		for _, c := range v.Magic.Hand {
			ids = append(ids, c.ID)
		}
		return ids
	}
	for _, c := range []struct {
		w     viewer
		hand  []string
		legal bool
	}{
		{viewer{seat: "w", acts: "w"}, white, true},
		{viewer{seat: "b", acts: "b"}, black, false}, // not Black's turn
		{viewer{}, nil, false},
	} {
		v := g.viewFor(c.w)
		if !slices.Equal(hand(v), c.hand) || v.Magic.Cards["w"] != 10 || v.Magic.Cards["b"] != 10 || (len(v.Legal) > 0) != c.legal {
			t.Errorf("%+v: hand %v (want %v), cards %v, %d legal", c.w, hand(v), c.hand, v.Magic.Cards, len(v.Legal))
		}
		other := black
		if c.w.seat == "b" {
			other = white
		}
		if leakedCards := leaked(t, v, toSet(other)); c.w.seat != "" && len(leakedCards) > 0 {
			t.Errorf("%+v: the other hand's %v in the view", c.w, leakedCards)
		}
	}
	if d := g.view(); !slices.Equal(hand(d), white) || len(d.Legal) == 0 {
		t.Errorf("the device's view: hand %v, %d legal", hand(d), len(d.Legal))
	}
}

func toSet(ids []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}
