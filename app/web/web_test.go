package web

import (
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// importRE finds a module's static imports: `import ... from "x"` and
// `import "x"`, at the start of a line.
var importRE = regexp.MustCompile(`(?m)^import\s+(?:[^"';]*?\s+from\s+)?"([^"]+)";`)

// modules is every .js file of the embedded tree, by its path under static/.
func modules(t *testing.T) []string {
	t.Helper()
	var out []string
	err := fs.WalkDir(Assets, "static", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".js") {
			out = append(out, strings.TrimPrefix(p, "static/"))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestModulesResolve follows the imports from app.js, the page's one
// script: every import is a relative path to a file of the embedded
// tree (a missing or misnamed module, or one go:embed leaves out, would
// stop the page), and every module is reached (none left behind).
func TestModulesResolve(t *testing.T) {
	page, err := fs.ReadFile(Assets, "static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	scripts := regexp.MustCompile(`<script[^>]*>`).FindAllString(string(page), -1)
	if want := `<script type="module" src="/static/app.js">`; !slices.Equal(scripts, []string{want}) {
		t.Fatalf("the page's scripts are %q, want only %q", scripts, want)
	}
	reached := map[string]bool{}
	var visit func(p, from string)
	visit = func(p, from string) {
		if reached[p] {
			return
		}
		src, err := fs.ReadFile(Assets, "static/"+p)
		if err != nil {
			t.Errorf("%s imports %s: not in the embedded tree", from, p)
			return
		}
		reached[p] = true
		for _, m := range importRE.FindAllStringSubmatch(string(src), -1) {
			spec := m[1]
			if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
				t.Errorf("%s imports %q: not a relative path (no bundler resolves bare names)", p, spec)
				continue
			}
			visit(path.Join(path.Dir(p), spec), p)
		}
	}
	visit("app.js", "index.html")
	if len(reached) < 10 {
		t.Fatalf("only %d modules reached from app.js: %v", len(reached), reached)
	}
	for _, m := range modules(t) {
		if !reached[m] {
			t.Errorf("%s is embedded but no module imports it", m)
		}
	}
}

// TestImportRE pins the import pattern on the forms the page uses.
func TestImportRE(t *testing.T) {
	src := "import { a, b } from \"./a.js\";\nimport * as t from \"../t.js\";\nimport \"./side.js\";\n// import x from \"./no.js\";\nconst s = 'import';\n"
	var got []string
	for _, m := range importRE.FindAllStringSubmatch(src, -1) {
		got = append(got, m[1])
	}
	if want := []string{"./a.js", "../t.js", "./side.js"}; !slices.Equal(got, want) {
		t.Fatalf("imports %q, want %q", got, want)
	}
}

// TestScriptsServedAsJavaScript serves the tree as app/server does
// (http.FileServerFS) and checks each module's Content-Type: a browser
// refuses a module script of any other type (and the server sends
// X-Content-Type-Options: nosniff).
func TestScriptsServedAsJavaScript(t *testing.T) {
	static, err := fs.Sub(Assets, "static")
	if err != nil {
		t.Fatal(err)
	}
	h := http.FileServerFS(static)
	for _, m := range modules(t) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+m, nil))
		ct, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
		if rec.Code != 200 || (ct != "text/javascript" && ct != "application/javascript") {
			t.Errorf("%s: %d %q, want 200 and a JavaScript type", m, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
}
