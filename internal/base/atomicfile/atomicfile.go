// Package atomicfile writes files so that a reader never sees half of one:
// the content goes to a temporary file in the same directory, is synced, and
// is renamed over the destination (mode 0644); on any failure the temporary
// file is removed and the destination is left as it was.
//
// Check and CheckDir test, before a long computation starts, that its output
// can be written there, so that a run does not fail at its very end. Every
// error names the path as the caller gave it, never the temporary file.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Write creates or replaces path with what write produces.
func Write(path string, write func(w io.Writer) error) (err error) {
	if err := Check(path); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, bareError(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == tmp.Name() {
			return fmt.Errorf("writing %s: %w", path, pe.Err)
		}
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, bareError(err))
	}
	// CreateTemp makes the file 0600; an output file is for others to read
	// too, like one made by os.Create (before the umask).
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, bareError(err))
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, bareError(err))
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, bareError(err))
	}
	return nil
}

// bareError strips the file name from a *fs.PathError (it would name the
// temporary file) and from a *os.LinkError.
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// Check reports whether Write(path, …) can succeed as far as the file
// system tells in advance: path is not empty and not a directory, and its
// directory exists and accepts new files (tested by creating and removing a
// temporary file there).
func Check(path string) error {
	if path == "" {
		return errors.New("no file name given")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory; give the name of a file", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if errors.Is(err, syscall.ENOTDIR) {
		// A file on the way: name the first one.
		for d := dir; d != filepath.Dir(d); d = filepath.Dir(d) {
			if fst, ferr := os.Stat(d); ferr == nil && !fst.IsDir() {
				return fmt.Errorf("%s: %s is a file, not a directory", path, d)
			}
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: the directory %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %w", path, bareError(err))
	case !st.IsDir():
		return fmt.Errorf("%s: %s is a file, not a directory", path, dir)
	}
	return probe(path, dir)
}

// CheckDir reports whether files can be written into dir: it is not empty,
// and it is a directory that accepts new files or it does not exist yet
// and its nearest existing ancestor is such a directory (the caller creates
// it with os.MkdirAll).
func CheckDir(dir string) error {
	if dir == "" {
		return errors.New("no directory given")
	}
	for d := filepath.Clean(dir); ; {
		st, err := os.Stat(d)
		switch {
		case err == nil && !st.IsDir():
			if d == filepath.Clean(dir) {
				return fmt.Errorf("%s is a file, not a directory", dir)
			}
			return fmt.Errorf("%s: %s is a file, not a directory", dir, d)
		case err == nil:
			return probe(dir, d)
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			// ENOTDIR: a file on the way; the loop reaches and names it.
			return fmt.Errorf("%s: %w", dir, bareError(err))
		}
		parent := filepath.Dir(d)
		if parent == d {
			return fmt.Errorf("%s: no existing directory on its path", dir)
		}
		d = parent
	}
}

// probe creates and removes a temporary file in dir.
func probe(path, dir string) error {
	f, err := os.CreateTemp(dir, ".pokerlab-probe-*")
	if err != nil {
		return fmt.Errorf("%s: cannot create files in %s: %w", path, dir, bareError(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
