package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLessonsList(t *testing.T) {
	code, out, errs := azar(t, "", "lessons", "-lang", "es")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 16 || lines[0] != "Cómo se mueven las piezas" ||
		!strings.Contains(out, "   7  rook-mate           Rey y torre contra rey") || !strings.Contains(out, "  12  pawn-structure") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, _ = azar(t, "", "lessons")
	if code != 0 || !strings.Contains(out, "Pins and skewers") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
	code, out, errs = azar(t, "", "lessons", "-json")
	var doc struct {
		Groups  []struct{ ID string }
		Lessons []struct {
			ID    string
			Steps []struct {
				FEN  string
				Task *struct{ Kind string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || len(doc.Groups) != 4 || len(doc.Lessons) != 12 ||
		doc.Lessons[6].ID != "rook-mate" || doc.Lessons[6].Steps[2].Task.Kind != "play" {
		t.Errorf("exit %d, stderr %q, JSON %v", code, errs, err)
	}
	for _, args := range [][]string{{"lessons", "-lang", "fr"}, {"lessons", "extra"}} {
		if code, _, errs := azar(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
