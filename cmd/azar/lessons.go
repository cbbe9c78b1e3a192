package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"azar/practice/lessons"
)

// runLessons is `azar lessons [-lang es|en] [-json]`: the twelve lessons
// of "learn chess" (docs/lessons.md), one row each, or all their content
// as JSON (what the app serves).
func runLessons(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("lessons", flag.ContinueOnError)
	lang := fs.String("lang", "en", "language of the titles: es or en")
	asJSON := fs.Bool("json", false, "write every lesson with its steps and tasks as JSON")
	bare, err := parseFlags(fs, "azar lessons [-lang es|en] [-json]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *lang != "es" && *lang != "en" {
		return fmt.Errorf("-lang %q: want es or en", *lang)
	}
	all := lessons.All()
	if *asJSON {
		data, err := json.MarshalIndent(struct {
			Groups  []lessons.GroupInfo `json:"groups"`
			Lessons []lessons.Lesson    `json:"lessons"`
		}{lessons.Groups(), all}, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", data)
		return err
	}
	var b strings.Builder
	for _, g := range lessons.Groups() {
		fmt.Fprintf(&b, "%s\n", g.Title.In(*lang))
		for _, l := range all {
			if l.Group != g.ID {
				continue
			}
			tasks := 0
			for _, s := range l.Steps {
				if s.Task != nil {
					tasks++
				}
			}
			fmt.Fprintf(&b, "  %2d  %-18s  %-42s  %d steps, %d tasks\n", l.Number, l.ID, l.Title.In(*lang), len(l.Steps), tasks)
		}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}
