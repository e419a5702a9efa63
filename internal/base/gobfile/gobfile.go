// Package gobfile is the frame of pokerlab's checkpoint files: a magic
// line naming the format and its version, the gob encoding of the state,
// and the CRC-32 (IEEE, big-endian) of the gob bytes. Floats travel as
// their exact bits, so a state read back continues bit for bit; the
// checksum refuses a truncated or damaged file rather than misreading it.
// Cost: one pass over the bytes each way, the whole file in memory.
package gobfile

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Write writes magic, the gob encoding of v and its checksum to w.
func Write(w io.Writer, magic string, v any) error {
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(v); err != nil {
		return fmt.Errorf("encoding checkpoint: %w", err)
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc32.ChecksumIEEE(body.Bytes()))
	for _, part := range [][]byte{[]byte(magic), body.Bytes(), sum[:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}

// Read decodes into v what Write wrote with the same magic; kind names the
// format in the error of a file that is not one ("a pokerlab cfr
// checkpoint").
func Read(r io.Reader, magic, kind string, v any) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(data, []byte(magic)) {
		return fmt.Errorf("not %s (bad header)", kind)
	}
	data = data[len(magic):]
	if len(data) < 4 {
		return errors.New("checkpoint is truncated")
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return errors.New("checkpoint is damaged or truncated (checksum mismatch)")
	}
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(v); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}
