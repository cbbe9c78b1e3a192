package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"

	"azar/bench"
	"azar/search"
)

func main() {
	d, _ := strconv.Atoi(os.Args[1])
	var w io.Writer = io.Discard
	if len(os.Args) > 2 {
		f, _ := os.Create(os.Args[2])
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	r, _ := bench.Run(d, search.DefaultOptions(), w)
	fmt.Printf("%d nodes %d nps %v\n", r.Nodes, r.NPS(), r.Elapsed)
}
