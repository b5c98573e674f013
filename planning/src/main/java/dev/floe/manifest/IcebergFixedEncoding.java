package dev.floe.manifest;

import dev.floe.FloeException;
import dev.floe.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * How a manifest's {@code fixed[L]} partition values were really encoded.
 *
 * <p>The manifest's schema declares an Avro {@code fixed} of L bytes, and some writers (older
 * Iceberg, PyIceberg) write exactly that. Apache Iceberg's Java writer since about 1.8 writes these
 * values as Avro {@code bytes} instead (a length, then the bytes), and its reader expects that.
 * Decoded with the wrong one, every later field of an entry is misaligned. Nothing in the file says
 * which it is, so {@link #choose} decodes the first block both ways and keeps the encoding that
 * decodes it exactly, to its last byte; if both or neither do, the manifest is refused rather than
 * guessed. Fixed types with a logical type (decimal, uuid) are always written as declared.
 */
final class IcebergFixedEncoding {
  /** Marks a {@code bytes} schema that stands for a declared {@code fixed} of this size. */
  private static final String DECLARED_FIXED_SIZE = "floe.declared-fixed-size";

  private static final int DATA_FILE_FIELD_ID = 2;
  private static final int PARTITION_FIELD_ID = 102;

  private IcebergFixedEncoding() {}

  /**
   * The schema the entries of {@code file} were written with: its declared schema, or the Iceberg
   * Java variant with the partition struct's plain fixed fields as bytes.
   */
  static Schema choose(InputFile file, Schema declared, ReadContext context) {
    Schema icebergJava = asIcebergJavaWrites(declared);
    if (icebergJava == declared) {
      return declared;
    }
    try (DataFileStream<Object> stream =
        new DataFileStream<>(file.newStream(), new GenericDatumReader<>())) {
      if (!stream.hasNext()) {
        return declared;
      }
      long records = stream.getBlockCount();
      ByteBuffer block = stream.nextBlock();
      boolean declaredFits = decodesExactly(declared, block, records);
      boolean icebergJavaFits = decodesExactly(icebergJava, block, records);
      if (declaredFits != icebergJavaFits) {
        return declaredFits ? declared : icebergJava;
      }
      throw context.corrupt(
          (declaredFits ? "both" : "neither")
              + " encodings of its fixed partition values (as declared, or as Iceberg Java writes"
              + " them) decode its first block exactly, so Floe cannot tell its partition values");
    } catch (IOException | RuntimeException failure) {
      if (failure instanceof FloeException floeException) {
        throw floeException;
      }
      throw context.corrupt("cannot read its first block: " + failure, failure);
    }
  }

  private static boolean decodesExactly(Schema writer, ByteBuffer block, long records) {
    byte[] bytes = new byte[block.remaining()];
    block.duplicate().get(bytes);
    BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, null);
    GenericDatumReader<Object> reader = new GenericDatumReader<>(writer);
    try {
      for (long record = 0; record < records; record++) {
        reader.read(null, decoder);
      }
      return decoder.isEnd();
    } catch (IOException | RuntimeException misaligned) {
      return false;
    }
  }

  /**
   * {@code manifestEntry} with the partition struct's plain fixed fields as bytes, as Iceberg Java
   * writes them; {@code manifestEntry} itself when it has none.
   */
  static Schema asIcebergJavaWrites(Schema manifestEntry) {
    Schema.Field dataFile = AvroRecordLayout.findField(manifestEntry, DATA_FILE_FIELD_ID);
    if (dataFile == null || dataFile.schema().getType() != Schema.Type.RECORD) {
      return manifestEntry;
    }
    Schema.Field partition = AvroRecordLayout.findField(dataFile.schema(), PARTITION_FIELD_ID);
    if (partition == null
        || partition.schema().getType() != Schema.Type.RECORD
        || !hasPlainFixed(partition.schema())) {
      return manifestEntry;
    }
    Schema partitionAsWritten = replaceFields(partition.schema(), IcebergFixedEncoding::asBytes);
    Schema dataFileAsWritten =
        replaceField(dataFile.schema(), partition.name(), partitionAsWritten);
    return replaceField(manifestEntry, dataFile.name(), dataFileAsWritten);
  }

  /** The declared fixed size of a schema {@link #asIcebergJavaWrites} turned into bytes, else 0. */
  static int declaredFixedSize(Schema schema) {
    Object size = schema.getObjectProp(DECLARED_FIXED_SIZE);
    return size instanceof Integer declared ? declared : 0;
  }

  private static boolean hasPlainFixed(Schema partitionRecord) {
    for (Schema.Field field : partitionRecord.getFields()) {
      if (asBytes(field.schema()) != field.schema()) {
        return true;
      }
    }
    return false;
  }

  /** A plain fixed (or an optional one) as marked bytes; any other schema unchanged. */
  private static Schema asBytes(Schema schema) {
    if (schema.getType() == Schema.Type.FIXED
        && schema.getLogicalType() == null
        && schema.getProp("logicalType") == null) {
      Schema bytes = Schema.create(Schema.Type.BYTES);
      bytes.addProp(DECLARED_FIXED_SIZE, schema.getFixedSize());
      return bytes;
    }
    if (schema.getType() == Schema.Type.UNION) {
      List<Schema> branches = new ArrayList<>();
      boolean changed = false;
      for (Schema branch : schema.getTypes()) {
        Schema replaced = asBytes(branch);
        changed |= replaced != branch;
        branches.add(replaced);
      }
      return changed ? Schema.createUnion(branches) : schema;
    }
    return schema;
  }

  private static Schema replaceFields(Schema record, UnaryOperator<Schema> change) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      fields.add(new Schema.Field(field, change.apply(field.schema())));
    }
    return copyRecord(record, fields);
  }

  private static Schema replaceField(Schema record, String name, Schema replacement) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      fields.add(new Schema.Field(field, field.name().equals(name) ? replacement : field.schema()));
    }
    return copyRecord(record, fields);
  }

  private static Schema copyRecord(Schema record, List<Schema.Field> fields) {
    Schema copy =
        Schema.createRecord(
            record.getName(), record.getDoc(), record.getNamespace(), record.isError(), fields);
    record.getObjectProps().forEach(copy::addProp);
    return copy;
  }
}
