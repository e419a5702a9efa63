//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalStopsSolveAndSavesTheWork: a real SIGINT or SIGTERM sent to the
// process while solve iterates stops it with exit 130 after saving its
// checkpoint. The signal is sent once the run has saved its first
// checkpoint (so the signals are being caught: the loop is running), and
// only once: after it the process would end at the next.
func TestSignalStopsSolveAndSavesTheWork(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			ckpt := filepath.Join(t.TempDir(), "leduc.ckpt")
			io, _, errOut := TestStreams("", false, false)
			done := make(chan int, 1)
			go func() {
				done <- Run(&Factory{IO: io}, []string{"solve", "--game", "leduc", "--algo", "es-mccfr", "--iterations", "1000000000",
					"--every", "1000", "--checkpoint", ckpt})
			}()
			deadline := time.Now().Add(20 * time.Second)
			for {
				if _, err := os.Stat(ckpt); err == nil {
					break
				}
				select {
				case code := <-done:
					t.Fatalf("the run ended (exit %d) before it was signalled: %s", code, errOut)
				default:
				}
				if time.Now().After(deadline) {
					t.Fatal("no checkpoint after 20 s")
				}
				time.Sleep(5 * time.Millisecond)
			}
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			var code int
			select {
			case code = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("the run did not stop within 20 s of the signal")
			}
			msg := errOut.String()
			if code != ExitInterrupted || !strings.Contains(msg, "stopping at the end of this iteration to save the work") ||
				!strings.Contains(msg, "checkpoint: "+ckpt+"\n") {
				t.Fatalf("exit %d: %s", code, msg)
			}
		})
	}
}
