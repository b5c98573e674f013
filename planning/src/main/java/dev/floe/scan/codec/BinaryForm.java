package dev.floe.scan.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The byte arrays the codecs of this package write and read, on {@link DataOutputStream} and {@link
 * DataInputStream}. Each codec says in its own words what failed to decode; writing to memory
 * cannot fail.
 */
final class BinaryForm {
  private BinaryForm() {}

  interface Writer {
    void write(DataOutputStream out) throws IOException;
  }

  interface Reader<T> {
    T read(DataInputStream in) throws IOException;
  }

  static byte[] write(Writer writer) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      writer.write(out);
    } catch (IOException impossible) {
      throw new UncheckedIOException("Cannot write to memory", impossible);
    }
    return bytes.toByteArray();
  }

  /**
   * What {@code reader} reads from {@code bytes}.
   *
   * @throws IOException when the bytes end early or {@code reader} finds them wrong
   */
  static <T> T read(byte[] bytes, Reader<T> reader) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      return reader.read(in);
    }
  }
}
