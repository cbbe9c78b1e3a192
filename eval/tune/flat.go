package tune

import (
	"fmt"
	"reflect"
	"unsafe"

	"azar/eval"
)

// The tuner sees eval.Params as one flat vector: every field of Params is
// a T or an array of T, so Params[Score] is laid out exactly like
// [numWeights]Score and the trace Params[[2]int32] like
// [numWeights][2]int32. init checks that with reflect.
var numWeights = int(unsafe.Sizeof(eval.Weights{}) / unsafe.Sizeof(eval.Score(0)))

// weightInfo describes one flat index.
type weightInfo struct {
	name   string // field name with indexes, e.g. "PST[1][27]"
	field  string // field name
	safety bool   // a king-danger weight (non-linear)
}

var infos []weightInfo

func init() {
	pt := reflect.TypeFor[eval.Weights]()
	for i := 0; i < pt.NumField(); i++ {
		f := pt.Field(i)
		safety := f.Tag.Get("eval") == "safety"
		var walk func(t reflect.Type, name string)
		walk = func(t reflect.Type, name string) {
			switch {
			case t == reflect.TypeFor[eval.Score]():
				infos = append(infos, weightInfo{name, f.Name, safety})
			case t.Kind() == reflect.Array:
				for j := 0; j < t.Len(); j++ {
					walk(t.Elem(), fmt.Sprintf("%s[%d]", name, j))
				}
			default:
				panic("tune: eval.Params field " + f.Name + " is not a Score or an array of Scores")
			}
		}
		walk(f.Type, f.Name)
	}
	if len(infos) != numWeights {
		panic(fmt.Sprintf("tune: eval.Params flattens to %d weights, size says %d", len(infos), numWeights))
	}
	if unsafe.Sizeof(eval.Params[[2]int32]{}) != uintptr(numWeights)*8 {
		panic("tune: the trace does not flatten like the weights")
	}
}

// flatWeights views w as a flat slice (aliasing w).
func flatWeights(w *eval.Weights) []eval.Score {
	return unsafe.Slice((*eval.Score)(unsafe.Pointer(w)), numWeights)
}

// flatTrace views the trace's coefficients as a flat slice (aliasing t).
func flatTrace(t *eval.Trace) [][2]int32 {
	return unsafe.Slice((*[2]int32)(unsafe.Pointer(&t.Coef)), numWeights)
}
