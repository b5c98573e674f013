package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Property-style checks of every transform's projections, with a fixed seed: for random values
 * {@code v} and random predicates, a predicate holding on {@code v} implies its inclusive
 * projection holds on {@code transform(v)}, and a strict projection holding on {@code transform(v)}
 * implies the predicate holds on {@code v}. Temporal transforms are also checked against the
 * one-too-large values Iceberg 0.10 wrote before 1970.
 */
class TestProjectionSoundness {
  private static final int PREDICATES = 400;
  private static final int VALUES = 150;
  private static final long MICROS_PER_HOUR = 3_600_000_000L;
  private static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;
  private static final List<UUID> UUIDS =
      List.of(
          UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"),
          UUID.fromString("00000000-0000-0000-0000-000000000001"),
          UUID.fromString("80000000-0000-0000-0000-000000000000"),
          UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff"));
  private static final String[] CODE_POINTS = {"a", "b", "\uD83D\uDE00", "\u00E9"};

  private final Random random = new Random(20260101L);

  @Test
  void bucketProjectionsAreSound() {
    Transform bucket = new BucketTransform(4);
    for (TypeId typeId :
        new TypeId[] {
          TypeId.INT,
          TypeId.LONG,
          TypeId.DECIMAL,
          TypeId.DATE,
          TypeId.TIME,
          TypeId.TIMESTAMP,
          TypeId.TIMESTAMPTZ_NS,
          TypeId.STRING,
          TypeId.UUID,
          TypeId.FIXED,
          TypeId.BINARY
        }) {
      checkSoundness(bucket, TestBucketTransform.type(typeId), false);
    }
  }

  @Test
  void truncateProjectionsAreSound() {
    for (int width : new int[] {1, 3, 10}) {
      for (TypeId typeId :
          new TypeId[] {TypeId.INT, TypeId.LONG, TypeId.DECIMAL, TypeId.STRING, TypeId.BINARY}) {
        checkSoundness(new TruncateTransform(width), TestBucketTransform.type(typeId), false);
      }
    }
  }

  @Test
  void temporalProjectionsAreSoundIncludingValuesWrittenOneTooLargeBefore1970() {
    for (TemporalTransform transform : TemporalTransform.values()) {
      for (TypeId typeId :
          new TypeId[] {
            TypeId.DATE,
            TypeId.TIMESTAMP,
            TypeId.TIMESTAMPTZ,
            TypeId.TIMESTAMP_NS,
            TypeId.TIMESTAMPTZ_NS
          }) {
        PrimitiveType type = PrimitiveType.of(typeId);
        if (transform.canTransform(type)) {
          boolean buggyWriters = !(transform == TemporalTransform.DAY && typeId == TypeId.DATE);
          checkSoundness(transform, type, buggyWriters);
        }
      }
    }
  }

  @Test
  void identityProjectionsAreSound() {
    for (TypeId typeId :
        new TypeId[] {TypeId.INT, TypeId.LONG, TypeId.STRING, TypeId.TIMESTAMP, TypeId.BINARY}) {
      checkSoundness(IdentityTransform.INSTANCE, PrimitiveType.of(typeId), false);
    }
  }

  private void checkSoundness(Transform transform, PrimitiveType sourceType, boolean buggyWriters) {
    BoundReference source = new BoundReference(1, "x", sourceType, true);
    BoundReference partition =
        new BoundReference(1000, "p", transform.resultType(sourceType), true);
    List<String> failures = new ArrayList<>();
    int inclusiveChecks = 0;
    int strictChecks = 0;
    for (int round = 0; round < PREDICATES; round++) {
      BoundPredicate predicate = randomPredicate(transform, source);
      Expression inclusive = transform.projectInclusive(partition, predicate);
      Expression strict = transform.projectStrict(partition, predicate);
      for (int index = 0; index < VALUES; index++) {
        Object value = index == 0 ? null : randomValue(sourceType);
        Object partitionValue = transform.apply(sourceType, value);
        List<Object> written = new ArrayList<>();
        written.add(partitionValue);
        if (buggyWriters && partitionValue != null && (Integer) partitionValue < 0) {
          written.add((Integer) partitionValue + 1);
        }
        boolean matches = predicate.test(value);
        for (Object stored : written) {
          if (matches) {
            inclusiveChecks++;
            if (!holds(inclusive, stored)) {
              failures.add(
                  describe(predicate, value, stored) + ": inclusive " + inclusive + " fails");
            }
          }
          if (holds(strict, stored)) {
            strictChecks++;
            if (!matches) {
              failures.add(describe(predicate, value, stored) + ": strict " + strict + " holds");
            }
          }
        }
      }
    }
    assertThat(failures).as("unsound projections of %s on %s", transform, sourceType).isEmpty();
    assertThat(inclusiveChecks)
        .as("%s on %s: some values matched their predicates", transform, sourceType)
        .isPositive();
    assertThat(strictChecks)
        .as("%s on %s: some strict projections held", transform, sourceType)
        .isPositive();
  }

  private static String describe(BoundPredicate predicate, Object value, Object stored) {
    return predicate + " with x = " + value + ", p = " + stored;
  }

  private static boolean holds(Expression projection, Object partitionValue) {
    if (projection instanceof Expression.Constant constant) {
      return constant == Expression.Constant.TRUE;
    }
    return ((BoundPredicate) projection).test(partitionValue);
  }

  private BoundPredicate randomPredicate(Transform transform, BoundReference source) {
    PrimitiveType type = source.type();
    // now and then a predicate on the transform itself, as a partition field's own predicate
    boolean onTransform = transform != IdentityTransform.INSTANCE && random.nextInt(8) == 0;
    BoundTerm term = onTransform ? new BoundTransform(source, transform) : source;
    List<Operation> operations = new ArrayList<>();
    for (Operation operation : Operation.values()) {
      boolean startsWith =
          operation == Operation.STARTS_WITH || operation == Operation.NOT_STARTS_WITH;
      boolean nan = operation == Operation.IS_NAN || operation == Operation.NOT_NAN;
      if (!nan && (!startsWith || term.type().typeId() == TypeId.STRING)) {
        operations.add(operation);
      }
    }
    Operation operation = operations.get(random.nextInt(operations.size()));
    return switch (operation.arity()) {
      case UNARY -> BoundPredicate.unary(operation, term);
      case LITERAL -> BoundPredicate.literal(operation, term, literal(term, transform, type));
      case SET -> {
        List<Object> values = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int index = 0; index < count; index++) {
          values.add(literal(term, transform, type));
        }
        yield new BoundPredicate(operation, term, values);
      }
    };
  }

  private Object literal(BoundTerm term, Transform transform, PrimitiveType sourceType) {
    Object value = randomValue(sourceType);
    return term instanceof BoundTransform ? transform.apply(sourceType, value) : value;
  }

  private Object randomValue(PrimitiveType type) {
    return switch (type.typeId()) {
      case INT -> random.nextInt(9) == 0 ? random.nextInt() / 2 : random.nextInt(121) - 60;
      case LONG -> random.nextInt(9) == 0 ? random.nextLong() / 2 : (long) random.nextInt(121) - 60;
      case DECIMAL -> BigDecimal.valueOf(random.nextInt(4001) - 2000, type.scale());
      case DATE ->
          random.nextInt(9) == 0 ? random.nextInt(200_001) - 100_000 : random.nextInt(1601) - 800;
      case TIME -> (long) random.nextInt(86_400) * 1_000_000L;
      case TIMESTAMP, TIMESTAMPTZ -> randomMicros();
      case TIMESTAMP_NS, TIMESTAMPTZ_NS -> randomMicros() * 1000 + random.nextInt(3) - 1;
      case STRING -> {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(6);
        for (int index = 0; index < length; index++) {
          text.append(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
        }
        yield text.toString();
      }
      case UUID -> UUIDS.get(random.nextInt(UUIDS.size()));
      case FIXED -> randomBytes(type.length());
      case BINARY -> randomBytes(random.nextInt(5));
      default -> throw new IllegalArgumentException("No values for " + type);
    };
  }

  /** Times around 1970 and unit boundaries, where rounding mistakes show. */
  private long randomMicros() {
    long days = random.nextInt(2001) - 1000;
    long hours = random.nextInt(24);
    long offset =
        switch (random.nextInt(4)) {
          case 0 -> 0;
          case 1 -> -1;
          case 2 -> 1;
          default -> (long) (random.nextDouble() * MICROS_PER_HOUR);
        };
    return days * MICROS_PER_DAY + hours * MICROS_PER_HOUR + offset;
  }

  private ByteBuffer randomBytes(int length) {
    byte[] bytes = new byte[length];
    byte[] choices = {0, 1, (byte) 0x80, (byte) 0xff};
    for (int index = 0; index < length; index++) {
      bytes[index] = choices[random.nextInt(choices.length)];
    }
    return ByteBuffer.wrap(bytes);
  }
}
