package text

import "testing"

func TestCapital(t *testing.T) {
	for in, want := range map[string]string{
		"":                  "",
		"el caballo":        "El caballo",
		"último movimiento": "Último movimiento",
		"él juega":          "Él juega",
		"ñandú":             "Ñandú",
		"Already":           "Already",
		"1 move":            "1 move",
		"\xffbroken":        "\xffbroken", // not UTF-8: left as it is
		"queen's knight":    "Queen's knight",
	} {
		if got := Capital(in); got != want {
			t.Errorf("Capital(%q) = %q, want %q", in, got, want)
		}
	}
}
