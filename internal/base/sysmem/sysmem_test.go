package sysmem

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// On Linux, Total agrees with MemTotal of /proc/meminfo (given in kB).
func TestTotalIsMemTotal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("sysinfo(2) is Linux's")
	}
	got, ok := Total()
	if !ok {
		t.Fatal("Total unknown on Linux")
	}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			if got != kb*1024 {
				t.Errorf("Total() = %d, /proc/meminfo MemTotal = %d kB = %d", got, kb, kb*1024)
			}
			return
		}
	}
	t.Fatal("no MemTotal in /proc/meminfo")
}
