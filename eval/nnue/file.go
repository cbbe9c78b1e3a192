package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// The network file (docs/nnue.md), all little-endian:
//
//	offset size
//	0      4    magic "AZNN"
//	4      4    format version (1)
//	8      4    inputs (768)
//	12     4    hidden N (1 ... MaxHidden)
//	16     4    activation (1 = SCReLU)
//	20     4    QA (255)
//	24     4    QB (64)
//	28     4    scale (400)
//	32          int16 feature weights [768][N], feature-major
//	            int16 feature bias [N]
//	            int16 output weights [2N], side to move's half first
//	            int32 output bias
//	            uint32 CRC-32 (IEEE) of every byte before it
//
// A file is accepted only if every field has the value this code
// evaluates with and its length is exact.
const (
	fileMagic        = "AZNN"
	fileVersion      = 1
	headerSize       = 32
	activationSCReLU = 1
)

var errSizes = errors.New("nnue: weight slices do not match the hidden size")

func errHidden(h int) error {
	return fmt.Errorf("nnue: hidden size %d outside 1..%d", h, MaxHidden)
}

// FileSize is the exact size of a network file with hidden size h.
func FileSize(h int) int { return headerSize + 2*(Inputs*h+3*h) + 8 }

// MarshalBinary encodes the network in the file format.
func (n *Network) MarshalBinary() ([]byte, error) {
	h := n.hidden
	b := make([]byte, 0, FileSize(h))
	b = append(b, fileMagic...)
	for _, v := range []uint32{fileVersion, Inputs, uint32(h), activationSCReLU, QA, QB, Scale} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	for _, s := range [][]int16{n.featureWeights, n.featureBias, n.outputWeights} {
		for _, v := range s {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(n.outputBias))
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// Parse decodes a network file. Every malformed input is an error, never a
// panic.
func Parse(b []byte) (*Network, error) {
	if len(b) < headerSize {
		return nil, fmt.Errorf("nnue: file of %d bytes is shorter than the %d-byte header", len(b), headerSize)
	}
	if string(b[:4]) != fileMagic {
		return nil, errors.New("nnue: not an Azar network file (bad magic)")
	}
	u := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	if v := u(4); v != fileVersion {
		return nil, fmt.Errorf("nnue: format version %d, want %d", v, fileVersion)
	}
	if v := u(8); v != Inputs {
		return nil, fmt.Errorf("nnue: %d inputs, want %d", v, Inputs)
	}
	if v := u(12); v < 1 || v > MaxHidden {
		return nil, errHidden(int(int32(v)))
	}
	h := int(u(12))
	if v := u(16); v != activationSCReLU {
		return nil, fmt.Errorf("nnue: activation %d, want %d (SCReLU)", v, activationSCReLU)
	}
	if qa, qb, sc := u(20), u(24), u(28); qa != QA || qb != QB || sc != Scale {
		return nil, fmt.Errorf("nnue: quantisation QA=%d QB=%d scale=%d, want %d %d %d", qa, qb, sc, QA, QB, Scale)
	}
	if len(b) != FileSize(h) {
		return nil, fmt.Errorf("nnue: %d bytes, want %d for hidden size %d", len(b), FileSize(h), h)
	}
	body := b[:len(b)-4]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(b[len(b)-4:]); got != want {
		return nil, fmt.Errorf("nnue: checksum %08x, want %08x (file damaged)", got, want)
	}
	off := headerSize
	read16 := func(n int) []int16 {
		s := make([]int16, n)
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(b[off:]))
			off += 2
		}
		return s
	}
	n := &Network{hidden: h}
	n.featureWeights = read16(Inputs * h)
	n.featureBias = read16(h)
	n.outputWeights = read16(2 * h)
	n.outputBias = int32(u(off))
	n.setVector()
	return n, nil
}

// maxFileSize is the largest network file there can be: FileSize(MaxHidden).
const maxFileSize = headerSize + 2*(Inputs*MaxHidden+3*MaxHidden) + 8

// Load reads and parses a network file, refusing oversized files before
// reading them.
func Load(path string) (*Network, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > maxFileSize {
		return nil, fmt.Errorf("nnue: %s is larger than any network file (%d bytes)", path, maxFileSize)
	}
	return Parse(b)
}

// Save writes the network file.
func (n *Network) Save(path string) error {
	b, _ := n.MarshalBinary()
	return os.WriteFile(path, b, 0o644)
}
