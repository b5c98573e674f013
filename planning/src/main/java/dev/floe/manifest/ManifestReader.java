package dev.floe.manifest;

import dev.floe.FloeException;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.table.PartitionSpec;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Streams the entries of one manifest (an Avro file of {@code manifest_entry} records, format v1 to
 * v3), one record in memory at a time.
 *
 * <p>Entries of every status are returned, DELETED ones included; callers planning a scan skip
 * those ({@link ManifestEntry#isLive()}). Fields are found by their Iceberg field id; the reader
 * decodes only the fields Floe maps and lets Avro skip the rest.
 *
 * <p>Inheritance, from the manifest's entry in the manifest list:
 *
 * <ul>
 *   <li>a null {@code snapshot_id} is the manifest's {@code added_snapshot_id};
 *   <li>a null data or file sequence number of an ADDED entry is the manifest's sequence number. An
 *       EXISTING or DELETED entry must record its data sequence number (a CorruptTableException
 *       otherwise), unless the manifest's sequence number is 0: such a manifest predates v2 and all
 *       its sequence numbers default to 0. In a v1 table every sequence number is 0.
 *   <li>v3: a live data file with a null {@code first_row_id} gets the manifest's {@code
 *       first_row_id} plus the record counts of the earlier such files in the manifest.
 * </ul>
 *
 * <p>For example, manifest {@code m1.avro} with sequence number 7 added by snapshot 42 holds an
 * ADDED entry with null snapshot id and sequence numbers: it is read as snapshot 42, data and file
 * sequence number 7. An EXISTING entry in it with data sequence number 3 keeps 3.
 */
public final class ManifestReader {
  private ManifestReader() {}

  /**
   * Opens {@code manifest} and reads its header; the entries are read as the iterator advances. An
   * error in the middle of the file is thrown from {@code hasNext()} or {@code next()}, never
   * turned into a silent end.
   *
   * @param specsById the table's partition specs; the manifest's {@code partition_spec_id} picks
   *     the one its partition tuples follow
   * @param formatVersion the table's format version, 1 to 3
   * @throws dev.floe.CorruptTableException when the manifest breaks the spec (not Avro, truncated,
   *     a required field missing, a partition spec unknown to the table)
   * @throws dev.floe.FileReadException when the storage fails or the file does not exist
   */
  public static CloseableIterator<ManifestEntry> open(
      FileIO io, ManifestFile manifest, Map<Integer, PartitionSpec> specsById, int formatVersion) {
    return open(io, manifest, specsById, formatVersion, MetricsColumns.ALL);
  }

  /**
   * Like {@link #open(FileIO, ManifestFile, Map, int)}, decoding only the column metrics {@code
   * metrics} asks for: each entry's {@link ContentFile#metrics()} holds those and no others, and
   * the metrics maps nothing asks for are skipped unread.
   */
  public static CloseableIterator<ManifestEntry> open(
      FileIO io,
      ManifestFile manifest,
      Map<Integer, PartitionSpec> specsById,
      int formatVersion,
      MetricsColumns metrics) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(metrics, "metrics");
    Objects.requireNonNull(manifest, "manifest");
    Objects.requireNonNull(specsById, "specsById");
    if (formatVersion < 1 || formatVersion > 3) {
      throw new IllegalArgumentException(
          "Unsupported table format version " + formatVersion + ": Floe reads versions 1 to 3");
    }
    ReadContext context = ReadContext.manifest(manifest);
    PartitionSpec spec = specsById.get(manifest.partitionSpecId());
    if (spec == null) {
      throw context.corrupt(
          "it was written with partition spec "
              + manifest.partitionSpecId()
              + ", which the table metadata does not define (it defines "
              + new TreeSet<>(specsById.keySet())
              + "); the metadata and the manifest list disagree");
    }
    AvroContainerReader reader =
        AvroContainerReader.open(io.newInputFile(manifest.path()), manifest.length(), context);
    try {
      Schema written =
          AvroSchemas.canonical(
              IcebergFixedEncoding.choose(
                  io.newInputFile(manifest.path()), reader.fileSchema(), context));
      ManifestEntryDecoder decoder =
          ManifestEntryDecoder.create(written, spec, manifest, formatVersion, metrics, context);
      // shared instances: Avro resolves each pair of writer and reader schema once per thread
      reader.decodeAs(written, AvroSchemas.canonical(decoder.readerSchema()));
      return new EntryIterator(reader, decoder);
    } catch (RuntimeException failure) {
      try {
        reader.close();
      } catch (FloeException closeFailure) {
        failure.addSuppressed(closeFailure);
      }
      throw failure;
    }
  }

  /**
   * Reads one record ahead so that {@code hasNext()} is exact. A failure is remembered and thrown
   * again on every later call, so a caller cannot mistake a broken manifest for a shorter one.
   */
  private static final class EntryIterator implements CloseableIterator<ManifestEntry> {
    private final AvroContainerReader reader;
    private final ManifestEntryDecoder decoder;
    private GenericRecord reuse;
    private ManifestEntry pending;
    private long entriesRead;
    private boolean finished;
    private boolean closed;
    private RuntimeException failure;

    EntryIterator(AvroContainerReader reader, ManifestEntryDecoder decoder) {
      this.reader = reader;
      this.decoder = decoder;
    }

    @Override
    public boolean hasNext() {
      if (failure != null) {
        throw failure;
      }
      if (pending == null && !finished) {
        try {
          advance();
        } catch (RuntimeException readFailure) {
          failure = readFailure;
          finished = true;
          throw readFailure;
        }
      }
      return pending != null;
    }

    private void advance() {
      reuse = reader.next(reuse);
      if (reuse == null) {
        finished = true;
        closeReader();
        return;
      }
      pending = decoder.decode(reuse, entriesRead);
      entriesRead++;
    }

    @Override
    public ManifestEntry next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      ManifestEntry entry = pending;
      pending = null;
      return entry;
    }

    @Override
    public void close() {
      finished = true;
      pending = null;
      closeReader();
    }

    private void closeReader() {
      if (!closed) {
        closed = true;
        reader.close();
      }
    }
  }
}
