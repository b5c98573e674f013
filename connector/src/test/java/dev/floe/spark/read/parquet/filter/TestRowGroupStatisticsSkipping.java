package dev.floe.spark.read.parquet.filter;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.Literal;
import dev.floe.expr.NamedReference;
import dev.floe.expr.Operation;
import dev.floe.expr.UnboundPredicate;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.parquet.ParquetFiles;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups whose statistics prove the residual cannot match are skipped; every matching row is
 * still read, and row positions stay those of the file.
 */
class TestRowGroupStatisticsSkipping {
  private static final int ROWS = 6000;
  private static final Schema TABLE =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "ratio", PrimitiveType.of(TypeId.FLOAT)),
              NestedField.optional(4, "empty", PrimitiveType.of(TypeId.INT))),
          Set.of());
  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              MetadataColumns.ROW_POSITION),
          Set.of());

  @TempDir Path directory;

  private Path write(boolean withIds) throws IOException {
    Types.MessageTypeBuilder builder = Types.buildMessage();
    MessageType schema =
        withIds
            ? builder
                .required(INT32)
                .id(1)
                .named("id")
                .optional(BINARY)
                .as(LogicalTypeAnnotation.stringType())
                .id(2)
                .named("name")
                .optional(FLOAT)
                .id(3)
                .named("ratio")
                .optional(INT32)
                .id(4)
                .named("empty")
                .named("table")
            : builder
                .required(INT32)
                .named("id")
                .optional(BINARY)
                .as(LogicalTypeAnnotation.stringType())
                .named("name")
                .optional(FLOAT)
                .named("ratio")
                .optional(INT32)
                .named("empty")
                .named("table");
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          factory
              .newGroup()
              .append("id", i)
              .append("name", String.format("n%05d", i))
              .append("ratio", i / 10f));
    }
    return ParquetFiles.write(
        directory.resolve(withIds ? "ids.parquet" : "names.parquet"),
        schema,
        rows,
        b -> b.withRowGroupSize(16 * 1024L).withPageRowCountLimit(500));
  }

  private static Expression bound(Operation operation, String column, Object value) {
    List<Literal> literals = value == null ? List.of() : List.of(Literal.of(value));
    return Binder.bind(
        TABLE, new UnboundPredicate(operation, new NamedReference(column), literals), true);
  }

  private static List<List<Object>> read(Path file, Expression residual, NameMapping mapping)
      throws IOException {
    return ParquetFiles.readRows(
        new FileReadRequest(
            file.toString(),
            FileFormat.PARQUET,
            0,
            Files.size(file),
            Files.size(file),
            PROJECTION,
            Map.of(),
            mapping,
            residual,
            1024));
  }

  /** Every row the filter selects was read, with its file position. */
  private static void assertKeepsMatches(List<List<Object>> rows, IntPredicate matches) {
    List<Integer> ids = new ArrayList<>();
    for (List<Object> row : rows) {
      assertThat(row.get(1)).as("position of id %s", row.get(0)).isEqualTo((long) (int) row.get(0));
      ids.add((Integer) row.get(0));
    }
    for (int i = 0; i < ROWS; i++) {
      if (matches.test(i)) {
        assertThat(ids).as("matching row %s read", i).contains(i);
      }
    }
  }

  @Test
  void skipsRowGroupsBelowARange() throws IOException {
    Path file = write(true);

    List<List<Object>> rows = read(file, bound(Operation.GT_EQ, "id", 5000), null);

    assertKeepsMatches(rows, i -> i >= 5000);
    assertThat(rows.size()).as("row groups of smaller ids skipped").isLessThan(ROWS / 2);
  }

  @Test
  void skipsRowGroupsByStringBoundsAndPrefixes() throws IOException {
    Path file = write(true);

    List<List<Object>> equal = read(file, bound(Operation.EQ, "name", "n00042"), null);
    List<List<Object>> beyond = read(file, bound(Operation.GT, "name", "o"), null);
    List<List<Object>> prefix = read(file, bound(Operation.STARTS_WITH, "name", "n059"), null);

    assertKeepsMatches(equal, i -> i == 42);
    assertThat(equal.size()).as("one row group holds n00042").isLessThan(ROWS / 2);
    assertThat(beyond).as("no name is above 'o'").isEmpty();
    assertKeepsMatches(prefix, i -> i >= 5900);
    assertThat(prefix.size()).as("prefix n059 is in the last row groups").isLessThan(ROWS / 2);
  }

  @Test
  void skipsByNullCounts() throws IOException {
    Path file = write(true);

    List<List<Object>> nameIsNull = read(file, bound(Operation.IS_NULL, "name", null), null);
    List<List<Object>> emptyNotNull = read(file, bound(Operation.NOT_NULL, "empty", null), null);
    List<List<Object>> emptyIsNull = read(file, bound(Operation.IS_NULL, "empty", null), null);

    assertThat(nameIsNull).as("no row group holds a null name").isEmpty();
    assertThat(emptyNotNull).as("every row group has only null 'empty'").isEmpty();
    assertThat(emptyIsNull).as("every row has a null 'empty'").hasSize(ROWS);
  }

  @Test
  void skipsRowGroupsWhoseDictionariesLackTheValue() throws IOException {
    Path file = writeDictionaryFile();

    List<List<Object>> absentString = read(file, bound(Operation.EQ, "name", "f"), null);
    List<List<Object>> absentInt = read(file, bound(Operation.EQ, "empty", 50), null);
    List<List<Object>> oneGroup = read(file, bound(Operation.EQ, "name", "x3"), null);
    List<List<Object>> orPresent =
        read(
            file,
            Expression.or(bound(Operation.EQ, "name", "f"), bound(Operation.EQ, "empty", 100)),
            null);

    assertThat(absentString)
        .as("'f' lies within every row group's bounds, in no dictionary")
        .isEmpty();
    assertThat(absentInt).as("50 lies within the bounds 0..100, in no dictionary").isEmpty();
    assertKeepsMatches(oneGroup, i -> i % 2 == 1 && i / 1000 == 3);
    assertThat(oneGroup.size()).as("only row groups holding x3").isLessThan(ROWS / 2);
    assertKeepsMatches(orPresent, i -> i % 2 == 1);
  }

  /** name is "even" or "x<i / 1000>", empty is 0 or 100: bounds overlap, dictionaries differ. */
  private Path writeDictionaryFile() throws IOException {
    MessageType schema =
        Types.buildMessage()
            .required(INT32)
            .id(1)
            .named("id")
            .optional(BINARY)
            .as(LogicalTypeAnnotation.stringType())
            .id(2)
            .named("name")
            .optional(INT32)
            .id(4)
            .named("empty")
            .named("table");
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          factory
              .newGroup()
              .append("id", i)
              .append("name", i % 2 == 0 ? "even" : "x" + (i / 1000))
              .append("empty", i % 2 == 0 ? 0 : 100));
    }
    return ParquetFiles.write(
        directory.resolve("dictionary.parquet"),
        schema,
        rows,
        b -> b.withRowGroupSize(4 * 1024L).withDictionaryEncoding(true));
  }

  @Test
  void neverSkipsOnFloatBounds() throws IOException {
    Path file = write(true);

    List<List<Object>> rows = read(file, bound(Operation.GT, "ratio", 1e9f), null);

    assertThat(rows).as("float bounds may hide NaN: nothing skipped").hasSize(ROWS);
  }

  @Test
  void usesTheNameMappingForFilesWithoutIds() throws IOException {
    Path file = write(false);
    NameMapping mapping =
        new NameMapping(List.of(new NameMapping.MappedField(1, List.of("id"), null)));

    List<List<Object>> mapped = read(file, bound(Operation.GT_EQ, "id", 5000), mapping);
    List<List<Object>> unmappedColumn = read(file, bound(Operation.EQ, "name", "n00001"), mapping);

    assertKeepsMatches(mapped, i -> i >= 5000);
    assertThat(mapped.size()).as("mapped column's statistics prune").isLessThan(ROWS / 2);
    assertThat(unmappedColumn).as("a column the mapping lacks is never pruned on").hasSize(ROWS);
  }
}
