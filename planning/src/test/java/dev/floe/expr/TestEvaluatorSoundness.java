package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The inclusive guarantee checked on random columns: whenever some value satisfies a predicate
 * ({@link BoundPredicate#test}), the metrics and the manifest summary of those values must say the
 * rows might match. Counts of pruned cases keep the check from passing by never pruning.
 */
class TestEvaluatorSoundness {
  private static final int COLUMN_ID = 1;
  private static final int PARTITION_FIELD_ID = 1000;
  private static final PartitionSpec SPEC =
      new PartitionSpec(
          0, List.of(new PartitionField(COLUMN_ID, PARTITION_FIELD_ID, "c", "identity")));

  private static final Map<TypeId, List<Object>> DOMAINS =
      Map.of(
          TypeId.INT,
          List.of(-3, -1, 0, 1, 2, 3, 7),
          TypeId.DOUBLE,
          List.of(-1.5, -0.0, 0.0, 1.0, 2.5, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
          TypeId.STRING,
          List.of(
              "", "a", "ab", "abc", "abd", "b", "ba", "\uFFFF", "\uD83D\uDE00", "a\uD83D\uDE00"),
          TypeId.UUID,
          List.of(
              UUID.fromString("00000000-0000-0000-0000-000000000001"),
              UUID.fromString("40000000-0000-0000-0000-000000000000"),
              UUID.fromString("80000000-0000-0000-0000-000000000000"),
              UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff")));

  private static final Comparator<Object> UNSIGNED_UUIDS =
      Comparator.comparing(
              (Object value) -> ((UUID) value).getMostSignificantBits(), Long::compareUnsigned)
          .thenComparing(value -> ((UUID) value).getLeastSignificantBits(), Long::compareUnsigned);

  private final Random random = new Random(20260101L);

  @Test
  void neitherEvaluatorPrunesAColumnWithAMatchingValue() {
    int metricsPruned = 0;
    int manifestsPruned = 0;
    int matching = 0;
    for (int round = 0; round < 20_000; round++) {
      TypeId typeId = List.of(TypeId.INT, TypeId.DOUBLE, TypeId.STRING, TypeId.UUID).get(round % 4);
      PrimitiveType type = PrimitiveType.of(typeId);
      List<Object> values = randomValues(typeId);
      BoundPredicate predicate = randomPredicate(new BoundReference(COLUMN_ID, "c", type, true));
      boolean anyMatches = values.stream().anyMatch(predicate::test);
      matching += anyMatches ? 1 : 0;

      DataFile file =
          MetricsFixtures.dataFile("s3://t/random.parquet", values.size(), metrics(type, values));
      boolean metricsSay = new InclusiveMetricsEvaluator(predicate).rowsMightMatch(file);
      if (anyMatches) {
        assertThat(metricsSay)
            .as(
                "metrics of %s (%s) pruned %s, which a value satisfies",
                values, file.metrics(), predicate)
            .isTrue();
      }
      metricsPruned += metricsSay ? 0 : 1;

      BoundPredicate onPartition =
          new BoundPredicate(
              predicate.operation(),
              new BoundReference(PARTITION_FIELD_ID, "c", type, true),
              predicate.values());
      ManifestFile manifest = manifest(type, values);
      boolean summarySays = new ManifestEvaluator(SPEC, onPartition).rowsMightMatch(manifest);
      if (anyMatches) {
        assertThat(summarySays)
            .as("summary of %s pruned %s, which a value satisfies", values, onPartition)
            .isTrue();
      }
      manifestsPruned += summarySays ? 0 : 1;
    }
    assertThat(matching).as("both outcomes occur").isBetween(2_000, 18_000);
    assertThat(metricsPruned).as("metrics prune often enough to be tested").isGreaterThan(3_000);
    assertThat(manifestsPruned).as("summaries prune often enough").isGreaterThan(3_000);
  }

  @Test
  void theStrictEvaluatorProvesOnlyWhatEveryValueSatisfies() {
    int proven = 0;
    for (int round = 0; round < 20_000; round++) {
      TypeId typeId = List.of(TypeId.INT, TypeId.DOUBLE, TypeId.STRING, TypeId.UUID).get(round % 4);
      PrimitiveType type = PrimitiveType.of(typeId);
      List<Object> values = randomValues(typeId);
      BoundPredicate predicate = randomPredicate(new BoundReference(COLUMN_ID, "c", type, true));
      DataFile file =
          MetricsFixtures.dataFile("s3://t/random.parquet", values.size(), metrics(type, values));
      Expression filter =
          round % 3 == 0
              ? Expression.or(predicate, randomPredicate(predicate.reference()))
              : predicate;
      boolean mustMatch = new StrictMetricsEvaluator(filter).rowsMustMatch(file);
      if (mustMatch) {
        assertThat(values.stream().allMatch(value -> satisfies(filter, value)))
            .as("metrics of %s (%s) proved %s for every value", values, file.metrics(), filter)
            .isTrue();
        assertThat(typeId)
            .as("only exact bounds prove anything, not those of %s", typeId)
            .isEqualTo(TypeId.INT);
      }
      proven += mustMatch ? 1 : 0;
    }
    assertThat(proven)
        .as("the strict evaluator proves often enough to be tested")
        .isGreaterThan(500);
  }

  private static boolean satisfies(Expression filter, Object value) {
    if (filter instanceof BoundPredicate predicate) {
      return predicate.test(value);
    }
    Or or = (Or) filter;
    return satisfies(or.left(), value) || satisfies(or.right(), value);
  }

  private List<Object> randomValues(TypeId typeId) {
    List<Object> domain = DOMAINS.get(typeId);
    int count = 1 + random.nextInt(5);
    List<Object> values = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      int pick = random.nextInt(domain.size() + 2);
      if (pick == domain.size()) {
        values.add(null);
      } else if (pick == domain.size() + 1 && typeId == TypeId.DOUBLE) {
        values.add(Double.NaN);
      } else {
        values.add(domain.get(Math.min(pick, domain.size() - 1)));
      }
    }
    return values;
  }

  private BoundPredicate randomPredicate(BoundReference reference) {
    TypeId typeId = reference.type().typeId();
    List<Object> domain = DOMAINS.get(typeId);
    while (true) {
      Operation operation = Operation.values()[random.nextInt(Operation.values().length)];
      boolean nanTest = operation == Operation.IS_NAN || operation == Operation.NOT_NAN;
      boolean prefixTest =
          operation == Operation.STARTS_WITH || operation == Operation.NOT_STARTS_WITH;
      if ((nanTest && typeId != TypeId.DOUBLE) || (prefixTest && typeId != TypeId.STRING)) {
        continue;
      }
      return switch (operation.arity()) {
        case UNARY -> BoundPredicate.unary(operation, reference);
        case LITERAL ->
            BoundPredicate.literal(operation, reference, domain.get(random.nextInt(domain.size())));
        case SET -> {
          List<Object> set = new ArrayList<>();
          int size = 1 + random.nextInt(3);
          for (int index = 0; index < size; index++) {
            set.add(domain.get(random.nextInt(domain.size())));
          }
          yield new BoundPredicate(operation, reference, set);
        }
      };
    }
  }

  /** Exact counts and bounds, some randomly missing, string lower bounds randomly truncated. */
  private ColumnMetrics metrics(PrimitiveType type, List<Object> values) {
    long nulls = values.stream().filter(value -> value == null).count();
    long nans = values.stream().filter(TestEvaluatorSoundness::isNaN).count();
    List<Object> ordered = orderedValues(values);
    Map<Integer, Long> valueCounts = new HashMap<>();
    Map<Integer, Long> nullCounts = new HashMap<>();
    Map<Integer, Long> nanCounts = new HashMap<>();
    Map<Integer, ByteBuffer> lowerBounds = new HashMap<>();
    Map<Integer, ByteBuffer> upperBounds = new HashMap<>();
    putSometimes(valueCounts, (long) values.size());
    putSometimes(nullCounts, nulls);
    if (type.typeId() == TypeId.DOUBLE) {
      putSometimes(nanCounts, nans);
    }
    if (!ordered.isEmpty()) {
      Comparator<Object> order = writerOrder(type);
      Object lower = lowest(order, ordered);
      if (lower instanceof String text && !text.isEmpty() && random.nextBoolean()) {
        // a truncated lower bound is a prefix of the smallest value
        lower = text.substring(0, text.offsetByCodePoints(0, 1));
      }
      putSometimes(lowerBounds, SingleValueBinary.toBytes(type, lower));
      putSometimes(upperBounds, SingleValueBinary.toBytes(type, highest(order, ordered)));
    }
    return new ColumnMetrics(
        Map.of(), valueCounts, nullCounts, nanCounts, lowerBounds, upperBounds);
  }

  private ManifestFile manifest(PrimitiveType type, List<Object> values) {
    List<Object> ordered = orderedValues(values);
    boolean containsNull = values.contains(null);
    Boolean containsNan =
        type.typeId() == TypeId.DOUBLE && random.nextInt(4) > 0
            ? values.stream().anyMatch(TestEvaluatorSoundness::isNaN)
            : null;
    Comparator<Object> order = writerOrder(type);
    ByteBuffer lower =
        ordered.isEmpty() ? null : SingleValueBinary.toBytes(type, lowest(order, ordered));
    ByteBuffer upper =
        ordered.isEmpty() ? null : SingleValueBinary.toBytes(type, highest(order, ordered));
    return new ManifestFile(
        "s3://t/metadata/random-m0.avro",
        4096,
        0,
        ManifestContent.DATA,
        1,
        1,
        1,
        ManifestFile.ManifestCounts.UNKNOWN,
        List.of(new PartitionFieldSummary(containsNull, containsNan, lower, upper)),
        null,
        null);
  }

  private static Object lowest(Comparator<Object> order, List<Object> ordered) {
    return ordered.stream().min(order).orElseThrow();
  }

  private static Object highest(Comparator<Object> order, List<Object> ordered) {
    return ordered.stream().max(order).orElseThrow();
  }

  /** Writers of uuid bounds disagree on the order; pick one at random per file. */
  private Comparator<Object> writerOrder(PrimitiveType type) {
    if (type.typeId() == TypeId.UUID && random.nextBoolean()) {
      return UNSIGNED_UUIDS;
    }
    return ValueComparators.forType(type);
  }

  private static List<Object> orderedValues(List<Object> values) {
    return values.stream().filter(value -> value != null && !isNaN(value)).toList();
  }

  private <V> void putSometimes(Map<Integer, V> map, V value) {
    if (random.nextInt(5) > 0) {
      map.put(COLUMN_ID, value);
    }
  }

  private static boolean isNaN(Object value) {
    return value instanceof Double number && number.isNaN();
  }
}
