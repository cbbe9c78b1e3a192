//go:build !unix

package store

import "os"

// lockFile locks nothing where there is no flock (Windows and the
// others): there two servers on one directory are not refused (docs/app.md).
func lockFile(*os.File) error { return nil }
