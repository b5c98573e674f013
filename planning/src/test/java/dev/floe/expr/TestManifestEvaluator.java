package dev.floe.expr;

import static dev.floe.expr.MetricsFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.PartitionFieldSummary;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestManifestEvaluator {
  private static final PrimitiveType INT = type(TypeId.INT);
  private static final PrimitiveType LONG = type(TypeId.LONG);
  private static final PrimitiveType STRING = type(TypeId.STRING);
  private static final PrimitiveType FLOAT = type(TypeId.FLOAT);
  private static final PrimitiveType DOUBLE = type(TypeId.DOUBLE);
  private static final PrimitiveType UUID_TYPE = type(TypeId.UUID);

  private static final UUID LOW = UUID.fromString("00000000-0000-0000-0000-000000000001");
  private static final UUID MIDDLE = UUID.fromString("40000000-0000-0000-0000-000000000000");
  private static final UUID HIGH = UUID.fromString("80000000-0000-0000-0000-000000000000");
  private static final UUID TOP = UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff");

  private static final BoundReference ID = new BoundReference(1000, "id", INT, true);
  private static final BoundReference CATEGORY = new BoundReference(1001, "category", STRING, true);
  private static final BoundReference SCORE = new BoundReference(1002, "score", FLOAT, true);
  private static final BoundReference ALL_NULLS =
      new BoundReference(1003, "all_nulls", STRING, true);
  private static final BoundReference UUID_FIELD =
      new BoundReference(1004, "uuid", UUID_TYPE, true);
  private static final BoundReference PROMOTED = new BoundReference(1005, "promoted", LONG, true);
  private static final BoundReference NAN_ONLY = new BoundReference(1006, "nan_only", DOUBLE, true);
  private static final BoundReference NO_NAN_INFO =
      new BoundReference(1007, "no_nan_info", DOUBLE, true);
  private static final BoundReference UNSUMMARIZED =
      new BoundReference(1008, "unsummarized", INT, true);

  private static final PartitionSpec SPEC =
      new PartitionSpec(
          3,
          List.of(
              new PartitionField(1, 1000, "id", "identity"),
              new PartitionField(2, 1001, "category", "identity"),
              new PartitionField(3, 1002, "score", "identity"),
              new PartitionField(4, 1003, "all_nulls", "identity"),
              new PartitionField(5, 1004, "uuid", "identity"),
              new PartitionField(6, 1005, "promoted", "identity"),
              new PartitionField(7, 1006, "nan_only", "identity"),
              new PartitionField(8, 1007, "no_nan_info", "identity"),
              new PartitionField(9, 1008, "unsummarized", "identity")));

  /** Summaries for all fields but the last, as an older writer of a shorter spec left them. */
  private static final ManifestFile MANIFEST =
      manifest(
          "s3://bucket/t/metadata/m1.avro",
          summary(false, false, INT, 30, 79),
          summary(true, false, STRING, "b", "f"),
          summary(false, true, FLOAT, 1.0f, 2.0f),
          new PartitionFieldSummary(true, false, null, null),
          // a writer ordering uuids by unsigned bytes
          summary(false, false, UUID_TYPE, LOW, HIGH),
          // written while the partition source was an int: 4-byte bounds
          summary(false, false, INT, 30, 79),
          new PartitionFieldSummary(false, true, null, null),
          summary(false, null, DOUBLE, 1.0, 2.0));

  private static PartitionFieldSummary summary(
      boolean containsNull, Boolean containsNan, PrimitiveType type, Object lower, Object upper) {
    return new PartitionFieldSummary(
        containsNull,
        containsNan,
        SingleValueBinary.toBytes(type, lower),
        SingleValueBinary.toBytes(type, upper));
  }

  private static ManifestFile manifest(String path, PartitionFieldSummary... summaries) {
    return manifest(path, 3, Arrays.asList(summaries));
  }

  private static ManifestFile manifest(
      String path, int specId, List<PartitionFieldSummary> summaries) {
    return new ManifestFile(
        path,
        4096,
        specId,
        ManifestContent.DATA,
        1,
        1,
        42,
        ManifestFile.ManifestCounts.UNKNOWN,
        summaries,
        null,
        null);
  }

  private static boolean mightMatch(Expression partitionFilter) {
    return mightMatch(partitionFilter, MANIFEST);
  }

  private static boolean mightMatch(Expression partitionFilter, ManifestFile manifest) {
    return new ManifestEvaluator(SPEC, partitionFilter).rowsMightMatch(manifest);
  }

  private static Expression predicate(Operation operation, BoundReference field, Object value) {
    return BoundPredicate.literal(operation, field, value);
  }

  private static Expression unary(Operation operation, BoundReference field) {
    return BoundPredicate.unary(operation, field);
  }

  private static Expression set(Operation operation, BoundReference field, Object... values) {
    return new BoundPredicate(operation, field, List.of(values));
  }

  @Test
  void manifestWithoutSummariesMightMatch() {
    ManifestFile unsummarized = manifest("s3://t/metadata/m0.avro", 3, null);
    assertThat(mightMatch(predicate(Operation.EQ, ID, 5), unsummarized))
        .as("no partitions list: no evidence")
        .isTrue();
    assertThat(mightMatch(unary(Operation.IS_NULL, ID), unsummarized)).isTrue();
    assertThat(mightMatch(Expression.alwaysFalse(), unsummarized))
        .as("a false filter matches nothing anywhere")
        .isFalse();
  }

  @Test
  void fieldBeyondTheSummaryListMightMatch() {
    assertThat(mightMatch(predicate(Operation.EQ, UNSUMMARIZED, 5))).isTrue();
    assertThat(mightMatch(unary(Operation.IS_NULL, UNSUMMARIZED))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NULL, UNSUMMARIZED))).isTrue();
  }

  @Test
  void comparisonsAgainstBounds() {
    assertThat(mightMatch(predicate(Operation.LT, ID, 30))).as("below lower 30").isFalse();
    assertThat(mightMatch(predicate(Operation.LT, ID, 31))).isTrue();
    assertThat(mightMatch(predicate(Operation.LT_EQ, ID, 29))).isFalse();
    assertThat(mightMatch(predicate(Operation.LT_EQ, ID, 30))).isTrue();
    assertThat(mightMatch(predicate(Operation.GT, ID, 79))).as("above upper 79").isFalse();
    assertThat(mightMatch(predicate(Operation.GT, ID, 78))).isTrue();
    assertThat(mightMatch(predicate(Operation.GT_EQ, ID, 80))).isFalse();
    assertThat(mightMatch(predicate(Operation.GT_EQ, ID, 79))).isTrue();
    assertThat(mightMatch(predicate(Operation.EQ, ID, 29))).isFalse();
    assertThat(mightMatch(predicate(Operation.EQ, ID, 55))).isTrue();
    assertThat(mightMatch(predicate(Operation.EQ, ID, 80))).isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_EQ, ID, 55))).isTrue();
  }

  @Test
  void inAgainstBounds() {
    assertThat(mightMatch(set(Operation.IN, ID, 1, 2, 80))).isFalse();
    assertThat(mightMatch(set(Operation.IN, ID, 1, 50, 80))).isTrue();
    Object[] straddling =
        IntStream.concat(IntStream.range(-470, 30), IntStream.range(80, 580)).boxed().toArray();
    assertThat(mightMatch(set(Operation.IN, ID, straddling)))
        .as("1000 values around the bounds, none inside")
        .isFalse();
    List<Object> withOneInside = new ArrayList<>(List.of(straddling));
    withOneInside.add(79);
    assertThat(mightMatch(set(Operation.IN, ID, withOneInside.toArray()))).isTrue();
    assertThat(mightMatch(set(Operation.NOT_IN, ID, straddling))).isTrue();
  }

  @Test
  void nullCounts() {
    assertThat(mightMatch(unary(Operation.IS_NULL, ID))).as("contains_null false").isFalse();
    assertThat(mightMatch(unary(Operation.IS_NULL, CATEGORY))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NULL, CATEGORY))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NULL, ID))).isTrue();
  }

  @Test
  void fieldOfNullsMatchesOnlyIsNull() {
    assertThat(mightMatch(unary(Operation.IS_NULL, ALL_NULLS))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NULL, ALL_NULLS)))
        .as("contains_null and no bounds: every value is null")
        .isFalse();
    assertThat(mightMatch(predicate(Operation.EQ, ALL_NULLS, "a"))).isFalse();
    assertThat(mightMatch(predicate(Operation.LT, ALL_NULLS, "a"))).isFalse();
    assertThat(mightMatch(predicate(Operation.GT_EQ, ALL_NULLS, "a"))).isFalse();
    assertThat(mightMatch(set(Operation.IN, ALL_NULLS, "a", "b"))).isFalse();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, ALL_NULLS, "a"))).isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_EQ, ALL_NULLS, "a")))
        .as("SQL: null != 'a' is unknown")
        .isFalse();
    assertThat(mightMatch(set(Operation.NOT_IN, ALL_NULLS, "a", "b"))).isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_STARTS_WITH, ALL_NULLS, "a"))).isFalse();
  }

  @Test
  void floatingPointFieldWithNaN() {
    assertThat(mightMatch(unary(Operation.IS_NAN, SCORE))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NAN, SCORE))).isTrue();
    assertThat(mightMatch(predicate(Operation.LT, SCORE, 0.5f))).isFalse();
    assertThat(mightMatch(predicate(Operation.EQ, SCORE, 5.0f))).isFalse();
    assertThat(mightMatch(predicate(Operation.GT, SCORE, 5.0f))).as("NaN sorts above 5.0").isTrue();
    ManifestFile withoutNaN =
        manifest(
            "s3://t/metadata/m2.avro",
            summary(false, false, INT, 30, 79),
            summary(true, false, STRING, "b", "f"),
            summary(false, false, FLOAT, 1.0f, 2.0f));
    assertThat(mightMatch(predicate(Operation.GT, SCORE, 5.0f), withoutNaN)).isFalse();
    assertThat(mightMatch(unary(Operation.IS_NAN, SCORE), withoutNaN))
        .as("contains_nan false")
        .isFalse();
  }

  @Test
  void fieldOfNaNs() {
    assertThat(mightMatch(unary(Operation.IS_NAN, NAN_ONLY))).isTrue();
    assertThat(mightMatch(unary(Operation.NOT_NAN, NAN_ONLY)))
        .as("contains_nan, no null, no bounds: every value is NaN")
        .isFalse();
    assertThat(mightMatch(unary(Operation.IS_NULL, NAN_ONLY))).isFalse();
    assertThat(mightMatch(unary(Operation.NOT_NULL, NAN_ONLY))).isTrue();
    assertThat(mightMatch(predicate(Operation.LT, NAN_ONLY, 1.0))).isFalse();
    assertThat(mightMatch(predicate(Operation.EQ, NAN_ONLY, 1.0))).isFalse();
    assertThat(mightMatch(predicate(Operation.GT, NAN_ONLY, 1.0))).isTrue();
    assertThat(mightMatch(predicate(Operation.NOT_EQ, NAN_ONLY, 1.0))).isTrue();
  }

  @Test
  void unknownContainsNaN() {
    assertThat(mightMatch(unary(Operation.IS_NAN, NO_NAN_INFO))).as("unknown: might").isTrue();
    assertThat(mightMatch(predicate(Operation.GT, NO_NAN_INFO, 5.0))).isTrue();
    assertThat(mightMatch(predicate(Operation.LT, NO_NAN_INFO, 0.5))).isFalse();
    ManifestFile allNullUnknownNaN =
        manifest(
            "s3://t/metadata/m3.avro",
            summary(false, false, INT, 30, 79),
            summary(true, false, STRING, "b", "f"),
            new PartitionFieldSummary(true, null, null, null));
    assertThat(mightMatch(unary(Operation.NOT_NULL, SCORE), allNullUnknownNaN))
        .as("no bounds, contains_nan unknown: the values may be NaN")
        .isTrue();
    assertThat(mightMatch(predicate(Operation.NOT_EQ, SCORE, 1.0f), allNullUnknownNaN)).isTrue();
    assertThat(mightMatch(predicate(Operation.EQ, SCORE, 1.0f), allNullUnknownNaN)).isFalse();
  }

  @Test
  void startsWith() {
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "c"))).isTrue();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "b"))).isTrue();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "f"))).isTrue();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "a"))).isFalse();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "g"))).isFalse();
    assertThat(mightMatch(predicate(Operation.STARTS_WITH, CATEGORY, "fa")))
        .as("every value is at most f")
        .isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_STARTS_WITH, CATEGORY, "c"))).isTrue();
    ManifestFile prefixed =
        manifest(
            "s3://t/metadata/m4.avro",
            summary(false, false, INT, 30, 79),
            summary(true, false, STRING, "pre-a", "pre-z"));
    assertThat(mightMatch(predicate(Operation.NOT_STARTS_WITH, CATEGORY, "pre"), prefixed))
        .as("the non-null values start with pre and nulls do not match")
        .isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_STARTS_WITH, CATEGORY, "pre-"), prefixed))
        .isFalse();
    assertThat(mightMatch(predicate(Operation.NOT_STARTS_WITH, CATEGORY, "pre-a"), prefixed))
        .isTrue();
  }

  @Test
  void uuidBoundsInEitherOrder() {
    assertThat(mightMatch(predicate(Operation.EQ, UUID_FIELD, MIDDLE)))
        .as("inside [low, high] as unsigned bytes")
        .isTrue();
    assertThat(mightMatch(set(Operation.IN, UUID_FIELD, MIDDLE, TOP))).isTrue();
    assertThat(mightMatch(predicate(Operation.EQ, UUID_FIELD, TOP))).isFalse();
    assertThat(mightMatch(predicate(Operation.GT, UUID_FIELD, TOP)))
        .as("order comparisons on uuids never prune")
        .isTrue();
  }

  @Test
  void boundsWrittenBeforePromotionAreWidened() {
    assertThat(mightMatch(predicate(Operation.EQ, PROMOTED, 50L))).isTrue();
    assertThat(mightMatch(predicate(Operation.EQ, PROMOTED, 80L))).isFalse();
    assertThat(mightMatch(predicate(Operation.LT, PROMOTED, 30L))).isFalse();
  }

  @Test
  void connectives() {
    Expression below = predicate(Operation.LT, ID, 5);
    Expression inside = predicate(Operation.EQ, ID, 50);
    assertThat(mightMatch(Expression.and(inside, below))).isFalse();
    assertThat(mightMatch(Expression.or(below, inside))).isTrue();
    assertThat(mightMatch(Expression.alwaysTrue())).isTrue();
  }

  @Test
  void transformTermsNeverPrune() {
    BoundTransform identity = new BoundTransform(ID, Transform.parse("identity"));
    assertThat(mightMatch(BoundPredicate.literal(Operation.LT, identity, 5))).isTrue();
  }

  @Test
  void malformedSummaryBoundIsCorruptTable() {
    ManifestFile corrupt =
        manifest(
            "s3://bucket/t/metadata/corrupt.avro",
            new PartitionFieldSummary(false, false, ByteBuffer.wrap(new byte[3]), null));
    assertThatThrownBy(() -> mightMatch(predicate(Operation.EQ, ID, 5), corrupt))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("lower bound of partition field id (id 1000, int)")
        .hasMessageContaining("s3://bucket/t/metadata/corrupt.avro")
        .hasMessageContaining("3 bytes");
  }

  @Test
  void rejectsManifestOfAnotherSpec() {
    ManifestFile other = manifest("s3://t/metadata/spec0.avro", 0, List.of());
    ManifestEvaluator evaluator = new ManifestEvaluator(SPEC, predicate(Operation.EQ, ID, 5));
    assertThatThrownBy(() -> evaluator.rowsMightMatch(other))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s3://t/metadata/spec0.avro written with partition spec 0")
        .hasMessageContaining("evaluator for spec 3");
  }

  @Test
  void rejectsFieldsOutsideTheSpec() {
    BoundReference sourceColumn = new BoundReference(1, "id", INT, true);
    Expression filter =
        Expression.or(predicate(Operation.EQ, ID, 5), predicate(Operation.EQ, sourceColumn, 5));
    assertThatThrownBy(() -> new ManifestEvaluator(SPEC, filter))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("for partition spec 3")
        .hasMessageContaining("references field id (id 1), which is not a field of the spec");
  }

  @Test
  void rejectsUnboundFilters() {
    assertThatThrownBy(() -> new ManifestEvaluator(SPEC, Expression.equal("id", 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot build a ManifestEvaluator")
        .hasMessageContaining("Binder.bind");
  }
}
