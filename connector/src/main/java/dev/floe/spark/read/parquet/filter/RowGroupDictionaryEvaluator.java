package dev.floe.spark.read.parquet.filter;

import dev.floe.expr.And;
import dev.floe.expr.BoundPredicate;
import dev.floe.expr.BoundReference;
import dev.floe.expr.Expression;
import dev.floe.expr.Operation;
import dev.floe.expr.Or;
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

  public RowGroupDictionaryEvaluator(Expression residual, FieldIdColumns columns) {
    this.residual = residual;
    this.columns = columns;
    this.hasEqualities = hasEqualities(residual);
  }

  /** Whether the residual has a predicate dictionaries can decide, so they are worth reading. */
  public boolean usesDictionaries() {
    return hasEqualities;
  }

  /** Whether some rows might match, by the dictionaries of the row group in {@code file}. */
  public boolean rowsMightMatch(RowGroup rowGroup, ParquetFile dictionaries) {
    return mightMatch(residual, rowGroup, dictionaries);
  }

  private boolean mightMatch(Expression expression, RowGroup rowGroup, ParquetFile dictionaries) {
    if (expression instanceof And and) {
      return mightMatch(and.left(), rowGroup, dictionaries)
          && mightMatch(and.right(), rowGroup, dictionaries);
    }
    if (expression instanceof Or or) {
      return mightMatch(or.left(), rowGroup, dictionaries)
          || mightMatch(or.right(), rowGroup, dictionaries);
    }
    if (expression instanceof Expression.Constant constant) {
      return constant == Expression.Constant.TRUE;
    }
    if (expression instanceof BoundPredicate predicate && isEquality(predicate)) {
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
    return RowGroupStatisticsEvaluator.ROWS_MIGHT_MATCH;
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
    if (expression instanceof And and) {
      return hasEqualities(and.left()) || hasEqualities(and.right());
    }
    if (expression instanceof Or or) {
      return hasEqualities(or.left()) || hasEqualities(or.right());
    }
    return expression instanceof BoundPredicate predicate && isEquality(predicate);
  }
}
