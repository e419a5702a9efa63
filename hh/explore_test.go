package hh

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func TestExplore(t *testing.T) {
	dir := os.Getenv("FXDIR")
	if dir == "" {
		t.Skip()
	}
	var files []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	msgs := map[string]int{}
	ok, bad := 0, 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		hands, rej, err := ReadAny(f, data)
		ok += len(hands)
		bad += len(rej)
		if err != nil {
			fmt.Printf("FILE %v\n", err)
			continue
		}
		for _, e := range rej {
			s := e.Error()
			if os.Getenv("V") != "" {
				fmt.Println(s)
			}
			if i := strings.Index(s, ": "); i >= 0 {
				s = s[i+2:]
			}
			if i := strings.Index(s, ": "); i >= 0 && strings.Contains(s[:i], "hand #") {
				s = s[i+2:]
			}
			msgs[firstWords(s)]++
		}
	}
	fmt.Println("ok", ok, "rejected", bad)
	type kv struct {
		k string
		v int
	}
	var l []kv
	for k, v := range msgs {
		l = append(l, kv{k, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	for _, x := range l {
		fmt.Println(x.v, x.k)
	}
}

func firstWords(s string) string {
	if len(s) > 90 {
		s = s[:90]
	}
	return s
}
