module azar

go 1.26

require github.com/sirupsen/logrus v1.10.2

require golang.org/x/sys v0.13.0 // indirect
