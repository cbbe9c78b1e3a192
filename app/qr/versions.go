package qr

// version is what level M asks of one version: its error correction
// codewords per block, its blocks (data codewords each, the shorter
// blocks first) and its alignment patterns' centres (ISO/IEC 18004
// tables 9 and E.1).
type version struct {
	ecc     int
	blocks  []int
	centres []int
}

// versions are 1 to 10 at level M (index 0 is version 1).
var versions = [...]version{
	{10, []int{16}, nil},
	{16, []int{28}, []int{6, 18}},
	{26, []int{44}, []int{6, 22}},
	{18, []int{32, 32}, []int{6, 26}},
	{24, []int{43, 43}, []int{6, 30}},
	{16, []int{27, 27, 27, 27}, []int{6, 34}},
	{18, []int{31, 31, 31, 31}, []int{6, 22, 38}},
	{22, []int{38, 38, 39, 39}, []int{6, 24, 42}},
	{22, []int{36, 36, 36, 37, 37}, []int{6, 26, 46}},
	{26, []int{43, 43, 43, 43, 44}, []int{6, 28, 50}},
}

// MaxVersion is the largest version drawn.
const MaxVersion = len(versions)

func (v version) dataCodewords() int {
	n := 0
	for _, b := range v.blocks {
		n += b
	}
	return n
}

// countBits is the length of byte mode's character count: 8 bits up
// to version 9, 16 from version 10.
func countBits(ver int) int {
	if ver <= 9 {
		return 8
	}
	return 16
}

// capacity is how many bytes a version holds in byte mode.
func capacity(ver int) int {
	return (versions[ver-1].dataCodewords()*8 - 4 - countBits(ver)) / 8
}
