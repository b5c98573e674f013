package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.iceberg.shaded.org.apache.parquet.schema.GroupType;
import org.apache.iceberg.shaded.org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.iceberg.shaded.org.apache.parquet.schema.MessageType;
import org.apache.iceberg.shaded.org.apache.parquet.schema.PrimitiveType;
import org.apache.iceberg.shaded.org.apache.parquet.schema.Type;
import org.apache.iceberg.shaded.org.apache.parquet.schema.Types;

/**
 * The Iceberg schema a corpus file is imported with, as {@code add_files} derives it: Iceberg's
 * {@link ParquetSchemaUtil#convert} of the file's schema. Where Iceberg has no type for a column,
 * the column gets the one a user would declare, and {@link #notes} says so:
 *
 * <ul>
 *   <li>{@code INT(64, false)} (UINT_64): Iceberg refuses it ("Cannot use uint64"); declared {@code
 *       decimal(20, 0)}, the narrowest Iceberg type that holds every unsigned 64-bit value.
 *   <li>{@code FLOAT16}: Iceberg converts it to {@code fixed[2]}, the raw bytes; declared {@code
 *       float}, which holds every half-precision value exactly.
 * </ul>
 *
 * Where Iceberg cannot convert the schema at all, the file's expectation declares one.
 *
 * @param tableSchema the schema of the table Floe reads
 * @param icebergConversion Iceberg's own conversion of the file's schema, when it has one
 * @param notes why {@code tableSchema} differs from Iceberg's conversion, one line a column
 */
record CorpusSchema(Schema tableSchema, Optional<Schema> icebergConversion, List<String> notes) {
  CorpusSchema {
    notes = List.copyOf(notes);
  }

  /** The schema of a file whose expectation declares none: Iceberg's, with a user's types. */
  static CorpusSchema converted(CorpusFile file, CorpusFooter footer) {
    MessageType parquet =
        footer
            .schema()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "Iceberg's Parquet cannot read the schema of "
                            + file
                            + " ("
                            + footer.schemaProblem()
                            + "): declare the schema a user would choose in CorpusExpectations"));
    List<String> notes = new ArrayList<>();
    MessageType declarable = new MessageType(parquet.getName(), declarable(parquet, "", notes));
    Schema tableSchema;
    try {
      tableSchema = ParquetSchemaUtil.convert(declarable);
    } catch (RuntimeException e) {
      throw new AssertionError(
          "Iceberg cannot convert the schema of "
              + file
              + " ("
              + e
              + "): declare the schema a user would choose in CorpusExpectations",
          e);
    }
    return new CorpusSchema(tableSchema, icebergConversion(parquet), notes);
  }

  /** A schema the file's expectation declares, because Iceberg cannot derive one. */
  static CorpusSchema declared(CorpusFooter footer, Schema schema, String why) {
    List<String> notes = new ArrayList<>();
    notes.add(why);
    Optional<Schema> conversion = footer.schema().flatMap(CorpusSchema::icebergConversion);
    if (footer.schema().isEmpty()) {
      notes.add("Iceberg's Parquet cannot read the footer: " + footer.schemaProblem());
    }
    return new CorpusSchema(schema, conversion, notes);
  }

  private static Optional<Schema> icebergConversion(MessageType parquet) {
    try {
      return Optional.of(ParquetSchemaUtil.convert(parquet));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static List<Type> declarable(GroupType group, String path, List<String> notes) {
    List<Type> fields = new ArrayList<>();
    for (Type field : group.getFields()) {
      String fieldPath = path.isEmpty() ? field.getName() : path + "." + field.getName();
      if (field.isPrimitive()) {
        fields.add(declarable(field.asPrimitiveType(), fieldPath, notes));
      } else {
        fields.add(
            field.asGroupType().withNewFields(declarable(field.asGroupType(), fieldPath, notes)));
      }
    }
    return fields;
  }

  private static Type declarable(PrimitiveType primitive, String path, List<String> notes) {
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer
        && !integer.isSigned()
        && integer.getBitWidth() == 64) {
      notes.add(
          "Iceberg has no unsigned 64-bit type: "
              + path
              + " (UINT_64) is declared decimal(20, 0), which holds every value");
      // Only the conversion sees this stand-in; the file keeps its INT64.
      return withId(
          Types.primitive(
                  PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, primitive.getRepetition())
              .length(9)
              .as(LogicalTypeAnnotation.decimalType(0, 20)),
          primitive);
    }
    if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      notes.add(
          "Iceberg has no 16-bit float (it converts FLOAT16 to fixed[2], the raw bytes): "
              + path
              + " is declared float, which holds every half-precision value exactly");
      return withId(
          Types.primitive(PrimitiveType.PrimitiveTypeName.FLOAT, primitive.getRepetition()),
          primitive);
    }
    return primitive;
  }

  private static Type withId(
      Types.PrimitiveBuilder<PrimitiveType> builder, PrimitiveType original) {
    if (original.getId() != null) {
      builder.id(original.getId().intValue());
    }
    return builder.named(original.getName());
  }
}
