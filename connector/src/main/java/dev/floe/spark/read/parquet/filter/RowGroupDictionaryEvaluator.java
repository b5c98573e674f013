package dev.floe.spark.read.parquet.filter;

import dev.floe.expr.BoundPredicate;
import dev.floe.expr.BoundPredicateVisitor;
import dev.floe.expr.BoundReference;
import dev.floe.expr.Expression;
import dev.floe.expr.Operation;
import dev.floe.expr.ValueComparators;
import dev.floe.spark.read.parquet.format.ColumnChunk;
import dev.floe.spark.read.parquet.format.ColumnChunkPages;
import dev.floe.spark.read.parquet.format.DictionaryPage;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.ParquetFile;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.format.RowGroup;
import dev.floe.spark.read.parquet.values.PageDictionary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Decides from the dictionaries of a row group's columns whether some rows might match {@code =}
 * and {@code in} predicates of the residual: when every data page of a column is dictionary
 * encoded, the dictionary holds every non-null value of the chunk, so a literal absent from it
 * cannot match (and neither can a null). Other predicates, columns with plain-encoded pages or
 * without encoding statistics, and values that do not convert safely (see {@link
 * RowGroupStatisticsEvaluator#floeValue}) might match.
 */
public final class RowGroupDictionaryEvaluator {
  private final Expression residual;
  private final FieldIdColumns columns;
  private final boolean hasEqualities;

  /**
   * @param residual bound to the read schema with {@code not} rewritten ({@code Binder.bind})
   * @throws IllegalArgumentException when {@code residual} is not bound or still holds a {@code
   *     not}
   */
  public RowGroupDictionaryEvaluator(Expression residual, FieldIdColumns columns) {
    this.residual =
        BoundPredicateVisitor.requireBoundWithoutNot(residual, "RowGroupDictionaryEvaluator");
    this.columns = columns;
    this.hasEqualities = hasEqualities(residual);
  }

  /** Whether the residual has a predicate dictionaries can decide, so they are worth reading. */
  public boolean usesDictionaries() {
    return hasEqualities;
  }

  /** Whether some rows might match, by the dictionaries of the row group in {@code file}. */
  public boolean rowsMightMatch(RowGroup rowGroup, ParquetFile dictionaries) {
    return BoundPredicateVisitor.visit(
        residual, predicate -> mightMatch(predicate, rowGroup, dictionaries));
  }

  private boolean mightMatch(
      BoundPredicate predicate, RowGroup rowGroup, ParquetFile dictionaries) {
    if (!isEquality(predicate)) {
      return RowGroupStatisticsEvaluator.ROWS_MIGHT_MATCH;
    }
    List<Object> entries = entries(predicate.reference(), rowGroup, dictionaries);
    if (entries == null) {
      return RowGroupStatisticsEvaluator.ROWS_MIGHT_MATCH;
    }
    Comparator<Object> order = ValueComparators.forType(predicate.reference().type());
    for (Object entry : entries) {
      for (Object value : predicate.values()) {
        if (order.compare(entry, value) == 0) {
          return RowGroupStatisticsEvaluator.ROWS_MIGHT_MATCH;
        }
      }
    }
    return RowGroupStatisticsEvaluator.ROWS_CANNOT_MATCH;
  }

  /**
   * Every dictionary entry of the column as Floe values, or null when they prove nothing. A
   * dictionary page that does not decode proves nothing here: the data pages report the damage when
   * they are read.
   */
  private List<Object> entries(BoundReference reference, RowGroup rowGroup, ParquetFile file) {
    ColumnChunk chunk = columns.chunk(rowGroup, reference.fieldId());
    if (chunk == null || !Boolean.TRUE.equals(chunk.dictionaryEncodedOnly())) {
      return null;
    }
    ParquetField.Primitive fileType = chunk.column().type();
    PhysicalType physical = fileType.physicalType();
    if (physical != PhysicalType.INT32
        && physical != PhysicalType.INT64
        && physical != PhysicalType.BINARY) {
      return null;
    }
    ColumnChunkPages pages = file.readDictionaryRegion(rowGroup, chunk);
    DictionaryPage page = pages == null ? null : pages.readDictionaryPage();
    if (page == null) {
      return null;
    }
    PageDictionary dictionary;
    try {
      dictionary = new PageDictionary(physical, 0, page.entryCount(), page.bytes());
    } catch (RuntimeException unreadable) {
      return null;
    }
    List<Object> entries = new ArrayList<>(dictionary.size());
    for (int id = 0; id < dictionary.size(); id++) {
      Object raw =
          switch (physical) {
            case INT32 -> dictionary.decodeToInt(id);
            case INT64 -> dictionary.decodeToLong(id);
            case BINARY -> dictionary.decodeToBinary(id);
            case BOOLEAN, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY ->
                throw new IllegalStateException("No dictionary pruning on " + physical);
          };
      Object value = RowGroupStatisticsEvaluator.floeValue(raw, fileType, reference.type());
      if (value == null) {
        return null;
      }
      entries.add(value);
    }
    return entries;
  }

  private static boolean isEquality(BoundPredicate predicate) {
    return predicate.isOnReference()
        && (predicate.operation() == Operation.EQ || predicate.operation() == Operation.IN);
  }

  private static boolean hasEqualities(Expression expression) {
    List<BoundPredicate> predicates = new ArrayList<>();
    BoundPredicateVisitor.forEachPredicate(expression, predicates::add);
    return predicates.stream().anyMatch(RowGroupDictionaryEvaluator::isEquality);
  }
}
