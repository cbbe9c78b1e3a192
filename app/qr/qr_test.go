package qr

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
)

// reference is one matrix of testdata/reference.txt.
type reference struct {
	text    []byte
	version int
	mask    int
	auto    bool
	rows    []string
}

func readReference(t *testing.T) []reference {
	t.Helper()
	f, err := os.Open("testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var refs []reference
	var cur *reference
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "text "):
			b, err := hex.DecodeString(line[5:])
			if err != nil {
				t.Fatal(err)
			}
			refs = append(refs, reference{text: b})
			cur = &refs[len(refs)-1]
		case strings.HasPrefix(line, "version "):
			fmt.Sscanf(line, "version %d", &cur.version)
		case strings.HasPrefix(line, "mask "):
			var how string
			fmt.Sscanf(line, "mask %d %s", &cur.mask, &how)
			cur.auto = how == "auto"
		case line != "":
			cur.rows = append(cur.rows, line)
		}
	}
	if len(refs) < 10 {
		t.Fatalf("only %d reference matrices", len(refs))
	}
	return refs
}

func rows(c *Code) []string {
	var out []string
	for r := 0; r < c.Size(); r++ {
		var b strings.Builder
		for col := 0; col < c.Size(); col++ {
			b.WriteByte("01"[btoi(c.Dark(r, col))])
		}
		out = append(out, b.String())
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMatchesPythonQRCode draws every reference text with the same
// mask and compares the modules bit for bit; where the reference is
// python's own choice, our choice of mask must be the same.
func TestMatchesPythonQRCode(t *testing.T) {
	versionsSeen := map[int]bool{}
	for _, ref := range readReference(t) {
		mask := ref.mask
		if ref.auto {
			mask = -1
		}
		c, err := encode(ref.text, mask)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%.20q mask %d", ref.text, ref.mask)
		if c.Version != ref.version {
			t.Errorf("%s: version %d, python %d", name, c.Version, ref.version)
			continue
		}
		if c.Mask != ref.mask {
			t.Errorf("%s: we chose mask %d, python %d", name, c.Mask, ref.mask)
		}
		got := rows(c)
		for r := range ref.rows {
			if got[r] != ref.rows[r] {
				t.Errorf("%s: row %d\n got %s\nwant %s", name, r, got[r], ref.rows[r])
				break
			}
		}
		versionsSeen[c.Version] = true
	}
	// Versions with and without version information, with the 8 and
	// the 16 bit count, one block and several of two lengths.
	for _, v := range []int{1, 5, 7, 8, 10} {
		if !versionsSeen[v] {
			t.Errorf("no reference of version %d", v)
		}
	}
}

// TestReedSolomon is ISO/IEC 18004's example (annex I, "01234567" at
// 1-M): its 16 data codewords give these 10 error correction codewords.
func TestReedSolomon(t *testing.T) {
	data := []byte{0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11}
	want := []byte{0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55}
	if got := newGF().ecc(data, 10); !bytes.Equal(got, want) {
		t.Errorf("ecc % X, want % X", got, want)
	}
}

// TestFormatAndVersionBits are the standard's tables: level M with
// mask 0 is 101010000010010 and version 7's information 000111110010010100.
func TestFormatAndVersionBits(t *testing.T) {
	if got := formatBits(0); got != 0b101010000010010 {
		t.Errorf("format M/0 %015b", got)
	}
	if got := formatBits(5); got != 0b100000011001110 {
		t.Errorf("format M/5 %015b", got)
	}
	if got := bch(7, 0x1F25, 12); got != 0b000111110010010100 {
		t.Errorf("version 7 %018b", got)
	}
	if got := bch(10, 0x1F25, 12); got != 0b001010010011010011 {
		t.Errorf("version 10 %018b", got)
	}
}

func TestCapacity(t *testing.T) {
	want := []int{14, 26, 42, 62, 84, 106, 122, 152, 180, 213}
	for v := 1; v <= MaxVersion; v++ {
		if capacity(v) != want[v-1] {
			t.Errorf("version %d holds %d bytes, want %d", v, capacity(v), want[v-1])
		}
	}
	if c, err := Encode(bytes.Repeat([]byte("a"), 213)); err != nil || c.Version != 10 {
		t.Errorf("213 bytes: %v %v", c, err)
	}
	if _, err := Encode(bytes.Repeat([]byte("a"), 214)); err == nil {
		t.Error("214 bytes were drawn")
	}
}

// TestSVG: one path whose runs cover exactly the dark modules, inside
// the quiet zone.
func TestSVG(t *testing.T) {
	c, err := Encode([]byte("hello"))
	if err != nil {
		t.Fatal(err)
	}
	svg := string(c.SVG())
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"`) || strings.Count(svg, "<path") != 1 {
		t.Fatalf("svg: %.200s", svg)
	}
	d := svg[strings.Index(svg, ` d="`)+4:]
	d = d[:strings.Index(d, `"`)]
	painted := map[[2]int]bool{}
	for _, run := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
		var x, y, w, w2 int
		if _, err := fmt.Sscanf(run, "M%d %dh%dv1h-%d", &x, &y, &w, &w2); err != nil || w != w2 {
			t.Fatalf("run %q: %v", run, err)
		}
		for i := 0; i < w; i++ {
			painted[[2]int{y - Quiet, x - Quiet + i}] = true
		}
	}
	for r := -Quiet; r < c.Size()+Quiet; r++ {
		for col := -Quiet; col < c.Size()+Quiet; col++ {
			in := r >= 0 && col >= 0 && r < c.Size() && col < c.Size()
			if painted[[2]int{r, col}] != (in && c.Dark(r, col)) {
				t.Fatalf("module %d,%d painted %v", r, col, painted[[2]int{r, col}])
			}
		}
	}
}
