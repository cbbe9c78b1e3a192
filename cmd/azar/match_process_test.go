package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestMatchEveryVariantWithAzarAsProcess: azar match referees every
// variant between engine programs run as processes — here the azar binary
// itself, as an outside engine would be run (docs/match.md): each game
// ends by the rules, with no illegal action, crash or time loss.
func TestMatchEveryVariantWithAzarAsProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the azar binary and plays ten games")
	}
	bin := filepath.Join(t.TempDir(), "azar")
	if out, err := exec.Command("go", "build", "-o", bin, "azar/cmd/azar").CombinedOutput(); err != nil {
		t.Fatalf("building azar: %v\n%s", err, out)
	}
	eng := "cmd=" + bin
	games := regexp.MustCompile(`(?m)^Games: (\d+)`)
	for _, c := range []struct {
		variant string
		engines int
		games   string
	}{{"spy", 2, "2"}, {"lucky", 2, "2"}, {"magic", 2, "2"}, {"chaturanga4", 4, "1"}} {
		args := []string{"match", "-variant", c.variant, "-games", c.games, "-seed", "3", "-each", "nodes=300"}
		for range c.engines {
			args = append(args, "-engine", eng)
		}
		code, out, errs := azar(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", c.variant, code, out, errs)
		}
		if c.engines == 2 {
			if m := games.FindStringSubmatch(out); m == nil || m[1] != c.games {
				t.Errorf("%s: no 'Games: %s' line\n%s", c.variant, c.games, out)
			}
		}
		for _, bad := range []string{"illegal", "crash", "forfeit", "time loss", "loses on time"} {
			if regexp.MustCompile(`(?i)` + bad).MatchString(out) {
				t.Errorf("%s: %q in the report\n%s", c.variant, bad, out)
			}
		}
	}
}
