package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STRUCT;

import dev.floe.spark.read.parquet.format.RowGroupDecoder.RawRowGroup;
import dev.floe.spark.read.parquet.format.SchemaDecoder.SchemaElement;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a footer's Thrift {@code FileMetaData} into a {@link ParquetFooter}: the fields a reader
 * needs, every other one skipped. A field of an unexpected wire type, a schema whose children do
 * not add up, or a row group whose chunks do not match the schema's leaves is malformed. The schema
 * and the row groups have decoders of their own ({@link SchemaDecoder}, {@link RowGroupDecoder}).
 */
final class FooterDecoder {
  private final ThriftFieldReader reader;
  private final SchemaDecoder schema;
  private final RowGroupDecoder rowGroups;

  private FooterDecoder(ThriftCompactReader thrift) {
    this.reader = new ThriftFieldReader(thrift);
    this.schema = new SchemaDecoder(reader);
    this.rowGroups = new RowGroupDecoder(reader);
  }

  /** Decodes {@code data[offset .. end)}; throws {@link ThriftException} on malformed input. */
  static ParquetFooter decode(byte[] data, int offset, int end) {
    return new FooterDecoder(new ThriftCompactReader(data, offset, end)).fileMetaData();
  }

  private ParquetFooter fileMetaData() {
    List<SchemaElement> elements = new ArrayList<>();
    List<RawRowGroup> rawGroups = new ArrayList<>();
    List<Boolean> typeDefinedOrders = new ArrayList<>();
    long[] rowCount = {-1};
    String[] createdBy = {null};
    boolean[] sawSchema = {false};
    reader.struct(
        id -> {
          switch (id) {
            case 2 -> {
              int size = reader.list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                elements.add(schema.element());
              }
              sawSchema[0] = true;
            }
            case 3 -> rowCount[0] = reader.i64(id);
            case 4 -> {
              int size = reader.list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                rawGroups.add(rowGroups.rowGroup());
              }
            }
            case 6 -> createdBy[0] = reader.string(id);
            case 7 -> {
              int size = reader.list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                typeDefinedOrders.add(columnOrder());
              }
            }
            case 8 ->
                throw new ThriftException(
                    "its columns are encrypted, which Floe does not read (encryption_algorithm is"
                        + " set)");
            default -> {
              return false;
            }
          }
          return true;
        });
    if (!sawSchema[0] || elements.isEmpty()) {
      throw new ThriftException("the footer has no schema");
    }
    if (rowCount[0] < 0) {
      throw new ThriftException("the footer has no row count");
    }
    ParquetSchema fileSchema = new ParquetSchema(SchemaDecoder.tree(elements), typeDefinedOrders);
    List<RowGroup> groups = new ArrayList<>();
    for (int index = 0; index < rawGroups.size(); index++) {
      groups.add(rawGroups.get(index).resolve(index, fileSchema));
    }
    return new ParquetFooter(fileSchema, rowCount[0], groups, createdBy[0]);
  }

  /** Whether a column order is the type-defined order (the only one the format defines). */
  private boolean columnOrder() {
    boolean[] typeOrder = {false};
    reader.struct(
        id -> {
          if (id == 1) {
            typeOrder[0] = true;
          }
          return false;
        });
    return typeOrder[0];
  }
}
