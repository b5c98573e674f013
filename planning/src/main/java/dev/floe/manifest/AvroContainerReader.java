package dev.floe.manifest;

import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.io.InputFile;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.avro.InvalidAvroMagicException;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * An Avro container file of the table's metadata, streamed front to back. Every failure names the
 * file and the snapshot (through its {@link ReadContext}): storage failures become {@link
 * FileReadException}, anything wrong with the bytes a {@link dev.floe.CorruptTableException}.
 *
 * <p>Avro treats an end of file in the middle of a block as the end of the data, so a truncated
 * manifest would silently lose its last entries. This reader checks, when Avro reports the end,
 * that the last complete block ends exactly where the file ends.
 */
final class AvroContainerReader implements AutoCloseable {
  private final ReadContext context;
  private final InputFileSeekableInput input;
  private final long expectedLength;
  private final GenericDatumReader<GenericRecord> datumReader;
  private final DataFileReader<GenericRecord> fileReader;

  private AvroContainerReader(
      ReadContext context,
      InputFileSeekableInput input,
      long expectedLength,
      GenericDatumReader<GenericRecord> datumReader,
      DataFileReader<GenericRecord> fileReader) {
    this.context = context;
    this.input = input;
    this.expectedLength = expectedLength;
    this.datumReader = datumReader;
    this.fileReader = fileReader;
  }

  /** Opens the file and reads its header (schema and metadata); no record is read yet. */
  static AvroContainerReader open(InputFile file, ReadContext context) {
    return open(file, -1, context);
  }

  /**
   * Like {@link #open(InputFile, ReadContext)}, for a file whose length the metadata records (a
   * manifest's {@code manifest_length}): the end of the data is checked against it, and the storage
   * is asked for the file's length (a round trip on an object store) only when they differ.
   */
  static AvroContainerReader open(InputFile file, long expectedLength, ReadContext context) {
    InputFileSeekableInput input = new InputFileSeekableInput(file);
    GenericDatumReader<GenericRecord> datumReader = new Utf8DatumReader(input::length);
    try {
      String oversized = input.oversizedHeaderLength();
      if (oversized != null) {
        throw context.corrupt(oversized + "; the file is damaged");
      }
      DataFileReader<GenericRecord> fileReader = new DataFileReader<>(input, datumReader);
      String endless = zeroSizeArray(fileReader.getSchema(), new HashSet<>());
      if (endless != null) {
        throw context.corrupt(
            "its Avro schema has an array of "
                + endless
                + ", whose elements take no bytes: a damaged count would make reading it endless");
      }
      return new AvroContainerReader(context, input, expectedLength, datumReader, fileReader);
    } catch (IOException | RuntimeException failure) {
      RuntimeException translated = translate(failure, input, context);
      try {
        input.close();
      } catch (IOException closeFailure) {
        translated.addSuppressed(closeFailure);
      }
      throw translated;
    }
  }

  /**
   * The element type of the first array in {@code schema} whose elements encode in zero bytes, or
   * null. Avro skips the items of such an array one by one however many its block count claims, so
   * a damaged count never ends; no Iceberg metadata file has one.
   */
  private static String zeroSizeArray(Schema schema, Set<Schema> visited) {
    if (!visited.add(schema)) {
      return null;
    }
    return switch (schema.getType()) {
      case ARRAY ->
          takesNoBytes(schema.getElementType(), new HashSet<>())
              ? schema.getElementType().toString()
              : zeroSizeArray(schema.getElementType(), visited);
      case MAP -> zeroSizeArray(schema.getValueType(), visited);
      case RECORD -> {
        for (Schema.Field field : schema.getFields()) {
          String found = zeroSizeArray(field.schema(), visited);
          if (found != null) {
            yield found;
          }
        }
        yield null;
      }
      case UNION -> {
        for (Schema branch : schema.getTypes()) {
          String found = zeroSizeArray(branch, visited);
          if (found != null) {
            yield found;
          }
        }
        yield null;
      }
      case ENUM, FIXED, STRING, BYTES, INT, LONG, FLOAT, DOUBLE, BOOLEAN, NULL -> null;
    };
  }

  /** Whether a value of {@code schema} encodes in zero bytes: null, empty fixed, such records. */
  private static boolean takesNoBytes(Schema schema, Set<Schema> visiting) {
    return switch (schema.getType()) {
      case NULL -> true;
      case FIXED -> schema.getFixedSize() == 0;
      case RECORD ->
          visiting.add(schema)
              && schema.getFields().stream()
                  .allMatch(field -> takesNoBytes(field.schema(), visiting));
      case ARRAY, MAP, UNION, ENUM, STRING, BYTES, INT, LONG, FLOAT, DOUBLE, BOOLEAN -> false;
    };
  }

  /** The schema the file was written with. */
  Schema fileSchema() {
    return fileReader.getSchema();
  }

  /** A key-value property of the file's header as a string, or null when absent. */
  String metadata(String key) {
    return fileReader.getMetaString(key);
  }

  /**
   * Decodes the records from now on into {@code readerSchema}, which must be a projection of {@link
   * #fileSchema()} (same field names); Avro then skips the writer's fields that it drops.
   */
  void project(Schema readerSchema) {
    datumReader.setExpected(readerSchema);
  }

  /**
   * Decodes the records from now on as written with {@code writerSchema} instead of the schema the
   * file declares, for writers whose encoding departs from their declaration; then {@link #project}
   * into a projection of {@code writerSchema}.
   */
  void decodeAs(Schema writerSchema, Schema readerSchema) {
    datumReader.setSchema(writerSchema);
    datumReader.setExpected(readerSchema);
  }

  /**
   * The next record, decoded into {@code reuse} when possible, or null at the end of a complete
   * file. Byte arrays and strings of {@code reuse} are overwritten: copy what must outlive it.
   */
  GenericRecord next(GenericRecord reuse) {
    boolean more;
    try {
      more = fileReader.hasNext();
    } catch (RuntimeException failure) {
      throw translate(failure, input, context);
    }
    if (!more) {
      checkComplete();
      return null;
    }
    try {
      return fileReader.next(reuse);
    } catch (IOException | RuntimeException failure) {
      throw translate(failure, input, context);
    }
  }

  private void checkComplete() {
    long end = fileReader.previousSync();
    if (end == expectedLength) {
      return;
    }
    long length;
    try {
      length = input.length();
    } catch (FileReadException failure) {
      throw context.readFailure(failure.getMessage(), failure);
    }
    if (end != length) {
      throw context.corrupt(
          "truncated at byte "
              + length
              + ": its last complete Avro block ends at byte "
              + end
              + "; the file was cut short or not written completely, restore it from a backup"
              + " or remove the snapshot that references it");
    }
  }

  /** The file's length in bytes. */
  long length() {
    try {
      return input.length();
    } catch (FileReadException failure) {
      throw context.readFailure(failure.getMessage(), failure);
    }
  }

  @Override
  public void close() {
    try {
      fileReader.close();
    } catch (IOException failure) {
      throw context.readFailure("closing the file failed: " + failure.getMessage(), failure);
    }
  }

  private static RuntimeException translate(
      Exception failure, InputFileSeekableInput input, ReadContext context) {
    if (failure instanceof FileReadException readFailure) {
      return context.readFailure(readFailure.getMessage(), readFailure);
    }
    if (failure instanceof FloeException floeException) {
      return floeException;
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof StorageReadException storageFailure) {
        return context.readFailure(
            "reading at byte " + storageFailure.position + " failed: " + innermostMessage(cause),
            failure);
      }
      if (cause instanceof FileReadException readFailure) {
        return context.readFailure(readFailure.getMessage(), failure);
      }
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InvalidAvroMagicException) {
        return context.corrupt("not an Avro file: it does not start with the Avro magic", failure);
      }
      if (cause instanceof EOFException && input.position() == 0) {
        return context.corrupt("the file is empty", failure);
      }
      if (cause instanceof EOFException) {
        long length = input.knownLength();
        return context.corrupt(
            "unexpected end of data at byte "
                + input.position()
                + (length < 0 ? "" : " of " + length)
                + "; the file is truncated or damaged",
            failure);
      }
    }
    return context.corrupt("the Avro data is damaged: " + innermostMessage(failure), failure);
  }

  private static String innermostMessage(Throwable failure) {
    String message = failure.getClass().getSimpleName();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null) {
        message = cause.getMessage();
      }
    }
    return message;
  }

  /**
   * Decodes every string as a {@link Utf8}, reusing the previous record's: Floe reads strings only
   * through {@code toString()}, and Avro's own choice of string class looks up a cache with a new
   * key object for every string of every record. Each record is decoded through an {@link
   * ItemBoundedDecoder}, so that a damaged array count fails instead of skipping without end.
   */
  private static final class Utf8DatumReader extends GenericDatumReader<GenericRecord> {
    private final ItemBoundedDecoder bounded;

    Utf8DatumReader(LongSupplier fileLength) {
      this.bounded = new ItemBoundedDecoder(fileLength);
    }

    @Override
    public GenericRecord read(GenericRecord reuse, Decoder in) throws IOException {
      return super.read(reuse, bounded.wrap(in));
    }

    @Override
    protected Object readString(Object old, Schema expected, Decoder in) throws IOException {
      return in.readString(old instanceof Utf8 utf8 ? utf8 : null);
    }
  }

  /** A storage failure under Avro, marked so that it is not mistaken for bad bytes. */
  private static final class StorageReadException extends IOException {
    private static final long serialVersionUID = 1L;
    private final long position;

    StorageReadException(long position, IOException cause) {
      super(cause.getMessage(), cause);
      this.position = position;
    }
  }

  /**
   * Avro's random-access input over an {@link InputFile}, read as one sequential stream: Avro only
   * reads forward, so a seek backwards (which it never asks for here) reopens the stream.
   */
  private static final class InputFileSeekableInput implements SeekableInput {
    private final InputFile file;
    private InputStream stream;
    private long position;
    private long length = -1;

    InputFileSeekableInput(InputFile file) {
      this.file = file;
    }

    @Override
    public void seek(long target) throws IOException {
      if (stream == null || target < position) {
        closeStream();
        stream = file.newStream();
        position = 0;
      }
      try {
        stream.skipNBytes(target - position);
      } catch (EOFException endOfFile) {
        throw endOfFile;
      } catch (IOException failure) {
        throw new StorageReadException(position, failure);
      }
      position = target;
    }

    @Override
    public long tell() {
      return position;
    }

    long position() {
      return position;
    }

    /** Opens the stream at the file's start and checks its header: {@link AvroHeaderCheck}. */
    String oversizedHeaderLength() throws IOException {
      closeStream();
      stream = new BufferedInputStream(file.newStream());
      position = 0;
      try {
        String oversized = AvroHeaderCheck.oversizedLength(stream, this::length);
        stream.mark(0); // drops the mark, so the rest of the file is not kept in the buffer
        return oversized;
      } catch (IOException failure) {
        throw new StorageReadException(position, failure);
      }
    }

    @Override
    public long length() {
      if (length < 0) {
        length = file.length();
      }
      return length;
    }

    /** The length if it was already asked for, else -1: for messages, without another call. */
    long knownLength() {
      return length;
    }

    @Override
    public int read(byte[] buffer, int offset, int count) throws IOException {
      if (stream == null) {
        stream = file.newStream();
      }
      int read;
      try {
        read = stream.read(buffer, offset, count);
      } catch (IOException failure) {
        throw new StorageReadException(position, failure);
      }
      if (read > 0) {
        position += read;
      }
      return read;
    }

    @Override
    public void close() throws IOException {
      closeStream();
    }

    private void closeStream() throws IOException {
      if (stream != null) {
        InputStream open = stream;
        stream = null;
        open.close();
      }
    }
  }
}
