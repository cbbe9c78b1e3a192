//go:build !linux

package eval

func threadCPU() int64 { return -1 }
