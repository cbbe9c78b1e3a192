package analysis

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"azar/variants/chess"
)

const hungQueen = "[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Qg5 3. Nxg5 Nc6 *"

func TestReportJSON(t *testing.T) {
	r := analyse(t, hungQueen)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Moves        []map[string]json.RawMessage `json:"moves"`
		White, Black map[string]json.RawMessage
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Moves) != 6 {
		t.Fatalf("%d moves in %s", len(doc.Moves), data)
	}
	for i, m := range doc.Moves {
		for _, k := range []string{"ply", "san", "uci", "eval_before", "eval_after", "best", "win_before", "win_after", "accuracy", "label"} {
			if _, ok := m[k]; !ok {
				t.Errorf("move %d lacks %q: %v", i+1, k, m)
			}
		}
	}
	for _, s := range []map[string]json.RawMessage{doc.White, doc.Black} {
		for _, k := range []string{"accuracy", "inaccuracies", "mistakes", "blunders"} {
			if _, ok := s[k]; !ok {
				t.Errorf("side lacks %q: %v", k, s)
			}
		}
	}
	q := doc.Moves[3]
	if string(q["label"]) != `"blunder"` || string(q["san"]) != `"Qg5"` || string(q["uci"]) != `"d8g5"` {
		t.Errorf("2...Qg5 in JSON: %v", q)
	}
	if string(doc.Moves[4]["accuracy"]) != "100" || string(doc.Moves[4]["label"]) != "null" {
		t.Errorf("3.Nxg5 in JSON: %v", doc.Moves[4])
	}
	var ev map[string]int
	if err := json.Unmarshal(q["eval_after"], &ev); err != nil || len(ev) != 1 || ev["cp"] > -500 {
		t.Errorf("eval_after %s", q["eval_after"])
	}
	if string(doc.Black["blunders"]) != "1" || string(doc.Black["name"]) != `"b"` {
		t.Errorf("black %v", doc.Black)
	}
}

// svgDoc is what the test reads of the graph.
type svgDoc struct {
	XMLName  xml.Name `xml:"svg"`
	Width    string   `xml:"width,attr"`
	Height   string   `xml:"height,attr"`
	ViewBox  string   `xml:"viewBox,attr"`
	Polyline []struct {
		Class  string `xml:"class,attr"`
		Points string `xml:"points,attr"`
	} `xml:"polyline"`
	Lines []struct {
		Class string `xml:"class,attr"`
	} `xml:"line"`
	Circles []struct {
		Class string `xml:"class,attr"`
		Ply   int    `xml:"data-ply,attr"`
		Title string `xml:"title"`
	} `xml:"circle"`
	Texts []string `xml:"text"`
}

func TestSVG(t *testing.T) {
	for _, pgn := range []string{hungQueen, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", "1. e4 *"} {
		r := analyse(t, pgn)
		var b bytes.Buffer
		if err := WriteSVG(&b, &r); err != nil {
			t.Fatal(err)
		}
		var doc svgDoc
		dec := xml.NewDecoder(&b)
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: %v", pgn, err)
		}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if cd, ok := tok.(xml.CharData); err != nil || !ok || strings.TrimSpace(string(cd)) != "" {
				t.Errorf("content after </svg>: %v %v", tok, err)
				break
			}
		}
		if doc.XMLName.Space != "http://www.w3.org/2000/svg" || doc.Width == "" || doc.Height == "" || doc.ViewBox == "" {
			t.Errorf("not a standalone SVG: %+v", doc)
		}
		if len(doc.Polyline) != 1 || doc.Polyline[0].Class != "win" {
			t.Fatalf("polylines %+v", doc.Polyline)
		}
		if pts := strings.Fields(doc.Polyline[0].Points); len(pts) != len(r.Moves) {
			t.Errorf("%d points for %d plies", len(pts), len(r.Moves))
		}
		hasFifty := false
		for _, l := range doc.Lines {
			hasFifty = hasFifty || l.Class == "fifty"
		}
		texts := strings.Join(doc.Texts, "|")
		if !hasFifty || !strings.Contains(texts, "ply") || !strings.Contains(texts, "White win %") {
			t.Errorf("axes: 50 %% line %v, texts %q", hasFifty, texts)
		}
		var want []int
		for _, m := range r.Moves {
			if m.Label != NoLabel {
				want = append(want, m.Ply)
			}
		}
		if len(doc.Circles) != len(want) {
			t.Fatalf("%d markers, %d labelled moves", len(doc.Circles), len(want))
		}
		for i, c := range doc.Circles {
			m := r.Moves[want[i]-1]
			if c.Ply != m.Ply || c.Class != m.Label.String() || !strings.Contains(c.Title, m.SAN) {
				t.Errorf("marker %+v for ply %d %s %s", c, m.Ply, m.SAN, m.Label)
			}
		}
	}
	if err := WriteSVG(io.Discard, &Report{}); err == nil {
		t.Error("empty report: no error")
	}
}

func TestAnnotatedPGN(t *testing.T) {
	g := readPGN(t, hungQueen)
	r := analyse(t, hungQueen)
	a, err := Annotate(g, &r)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := chess.WritePGN(&b, &a); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	back, err := chess.ReadPGN(strings.NewReader(text))
	if err != nil || len(back) != 1 {
		t.Fatalf("annotated PGN does not read back: %v\n%s", err, text)
	}
	h := back[0]
	if len(h.Moves) != len(g.Moves) || len(h.Comments) != len(g.Moves) || h.Tag("White") != "w" {
		t.Fatalf("read back %+v", h)
	}
	for i, c := range h.Comments {
		m := r.Moves[i]
		if !strings.HasPrefix(c, m.EvalAfter.String()+"/") {
			t.Errorf("ply %d comment %q, want the eval %s first", i+1, c, m.EvalAfter)
		}
		if (m.Label == Blunder) != strings.Contains(c, "?? blunder; best "+m.BestSAN) {
			t.Errorf("ply %d (%s) comment %q", i+1, m.Label, c)
		}
	}
	if h.Tag("Annotator") != "azar analyze (nodes 20000)" || h.Tag("BlackAccuracy") == "" || h.Tag("WhiteAccuracy") == "" {
		t.Errorf("tags %v", h.Tags)
	}
	if g.Comments != nil {
		t.Errorf("Annotate changed the game it was given: %v", g.Comments)
	}
	if _, err := Annotate(readPGN(t, "1. e4 *"), &r); err == nil {
		t.Error("a report of another game: no error")
	}
}
