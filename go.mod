module azar

go 1.26
