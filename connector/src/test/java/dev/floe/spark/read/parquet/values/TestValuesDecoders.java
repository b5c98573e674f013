package dev.floe.spark.read.parquet.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.format.Repetition;
import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.api.Binary;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Floe's decoders against bytes encoded by parquet-java's writers (or by the spec's layout where
 * parquet-java 1.13 has no writer), including the edges the file tests do not reach.
 */
class TestValuesDecoders {
  private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

  /** Collects decoded values as Java objects. */
  private static final class Collected implements ValueSink {
    final List<Object> values = new ArrayList<>();

    @Override
    public void putBoolean(int row, boolean value) {
      values.add(value);
    }

    @Override
    public void putInt(int row, int value) {
      values.add(value);
    }

    @Override
    public void putLong(int row, long value) {
      values.add(value);
    }

    @Override
    public void putFloat(int row, float value) {
      values.add(value);
    }

    @Override
    public void putDouble(int row, double value) {
      values.add(value);
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      values.add(new String(bytes, offset, length, StandardCharsets.ISO_8859_1));
    }
  }

  @Test
  void runLengthBitPackedHybridRoundTripsEveryWidth() throws IOException {
    Random random = new Random(42);
    for (int width = 1; width <= 32; width++) {
      RunLengthBitPackingHybridEncoder encoder =
          new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, HEAP);
      int[] expected = new int[1000];
      long bound = width == 32 ? Integer.MAX_VALUE : (1L << width);
      for (int index = 0; index < expected.length; index++) {
        // runs of repeats (RLE) alternate with noise (bit-packed)
        expected[index] = index % 100 < 40 ? 1 : (int) (random.nextLong() & (bound - 1));
        encoder.writeInt(expected[index]);
      }
      byte[] bytes = bytesOf(encoder.toBytes());

      int[] decoded = new int[expected.length];
      new RunLengthBitPackedDecoder(bytes, 0, bytes.length, width).read(decoded, 0, 700);
      RunLengthBitPackedDecoder tail = new RunLengthBitPackedDecoder(bytes, 0, bytes.length, width);
      int[] skip = new int[700];
      tail.read(skip, 0, 700);
      for (int index = 700; index < expected.length; index++) {
        decoded[index] = tail.next();
      }

      assertThat(decoded).as("bit width %s", width).isEqualTo(expected);
    }
  }

  /**
   * A bit-packed run of five groups, whole and with its last group cut short by 1 to all of its
   * bytes: the decoder reads the groups with 8-byte loads while enough bytes follow and byte by
   * byte near the end, where the missing bytes read as zero. Packed here bit by bit, least
   * significant first, as the format defines.
   */
  @Test
  void bitPackedRunsDecodeWholeAndCutShortAtEveryWidth() {
    Random random = new Random(7);
    for (int width = 1; width <= 32; width++) {
      int[] values = new int[40];
      long bound = width == 32 ? 1L << 32 : 1L << width;
      for (int index = 0; index < values.length; index++) {
        values[index] = (int) (random.nextLong() & (bound - 1));
      }
      byte[] packed = new byte[1 + 5 * width];
      packed[0] = (byte) ((5 << 1) | 1);
      for (int bit = 0; bit < values.length * width; bit++) {
        if ((values[bit / width] >>> (bit % width) & 1) != 0) {
          packed[1 + bit / 8] |= (byte) (1 << (bit % 8));
        }
      }
      for (int cut = 0; cut <= width; cut++) {
        int end = packed.length - cut;
        int[] decoded = new int[values.length];
        new RunLengthBitPackedDecoder(packed, 0, end, width).read(decoded, 0, values.length);
        int[] expected = values.clone();
        for (int index = 0; index < values.length; index++) {
          long keptBits = Math.max(0, Math.min(width, (end - 1) * 8L - (long) index * width));
          expected[index] =
              keptBits == 32 ? values[index] : (int) (values[index] & ((1L << keptBits) - 1));
        }
        assertThat(decoded).as("bit width %s, last %s bytes cut", width, cut).isEqualTo(expected);
      }
    }
  }

  @Test
  void deltaBinaryPackedLongsIncludingExtremes() throws IOException {
    DeltaBinaryPackingValuesWriterForLong writer =
        new DeltaBinaryPackingValuesWriterForLong(128, 4, 64, 1 << 20, HEAP);
    List<Object> expected = new ArrayList<>();
    long[] values = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MAX_VALUE, Long.MIN_VALUE};
    for (int index = 0; index < 1000; index++) {
      long value = index < values.length ? values[index] : index * 31L - (index % 7) * 1_000_000L;
      writer.writeLong(value);
      expected.add(value);
    }
    byte[] bytes = bytesOf(writer.getBytes());

    Collected collected = new Collected();
    new DeltaBinaryPackedDecoder(false, bytes, 0, bytes.length, 1000).read(1000, collected, 0);

    assertThat(collected.values).as("longs").isEqualTo(expected);
  }

  @Test
  void deltaBinaryPackedIntsAndTheirEnd() throws IOException {
    DeltaBinaryPackingValuesWriterForInteger writer =
        new DeltaBinaryPackingValuesWriterForInteger(128, 4, 64, 1 << 20, HEAP);
    List<Object> expected = new ArrayList<>();
    for (int index = 0; index < 131; index++) {
      int value = index == 5 ? Integer.MIN_VALUE : index == 6 ? Integer.MAX_VALUE : index * -3;
      writer.writeInteger(value);
      expected.add(value);
    }
    byte[] bytes = bytesOf(writer.getBytes());
    byte[] withTrailer = java.util.Arrays.copyOf(bytes, bytes.length + 3);

    DeltaBinaryPackedDecoder decoder =
        new DeltaBinaryPackedDecoder(true, withTrailer, 0, withTrailer.length, 131);
    Collected collected = new Collected();
    decoder.read(131, collected, 0);

    assertThat(collected.values).as("ints").isEqualTo(expected);
    assertThat(decoder.end())
        .as("the encoded values end where the writer stopped")
        .isEqualTo(bytes.length);
  }

  @Test
  void deltaLengthByteArray() throws IOException {
    DeltaLengthByteArrayValuesWriter writer =
        new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
    List<Object> expected = new ArrayList<>();
    for (int index = 0; index < 300; index++) {
      String value = index % 10 == 0 ? "" : "v".repeat(index % 13) + index;
      writer.writeBytes(Binary.fromString(value));
      expected.add(value);
    }
    byte[] bytes = bytesOf(writer.getBytes());

    Collected collected = new Collected();
    new DeltaLengthByteArrayDecoder(bytes, 0, bytes.length, 300).read(300, collected, 0);

    assertThat(collected.values).as("byte arrays").isEqualTo(expected);
  }

  @Test
  void deltaByteArraySharesPrefixes() throws IOException {
    DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    List<Object> expected = new ArrayList<>();
    for (int index = 0; index < 300; index++) {
      String value = index % 50 == 0 ? "" : "prefix/" + (index / 10) + "/" + index;
      writer.writeBytes(Binary.fromString(value));
      expected.add(value);
    }
    byte[] bytes = bytesOf(writer.getBytes());

    Collected collected = new Collected();
    new DeltaByteArrayDecoder(bytes, 0, bytes.length, 300).read(300, collected, 0);

    assertThat(collected.values).as("incrementally encoded byte arrays").isEqualTo(expected);
  }

  @Test
  void byteStreamSplitForEveryWidth() {
    int count = 5;
    ByteBuffer ints = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer longs = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
    List<Object> expectedInts = new ArrayList<>();
    List<Object> expectedLongs = new ArrayList<>();
    List<Object> expectedFixed = new ArrayList<>();
    byte[] fixed = new byte[count * 3];
    for (int index = 0; index < count; index++) {
      int value = index * 0x01020304 - 7;
      ints.putInt(value);
      expectedInts.add(value);
      long wide = index * 0x0102030405060708L - 9;
      longs.putLong(wide);
      expectedLongs.add(wide);
      byte[] triple = {(byte) index, (byte) (index + 100), (byte) (index + 200)};
      System.arraycopy(triple, 0, fixed, index * 3, 3);
      expectedFixed.add(new String(triple, StandardCharsets.ISO_8859_1));
    }

    assertThat(decodeSplit(PhysicalType.INT32, 4, ints.array()))
        .as("int32")
        .isEqualTo(expectedInts);
    assertThat(decodeSplit(PhysicalType.INT64, 8, longs.array()))
        .as("int64")
        .isEqualTo(expectedLongs);
    assertThat(decodeSplit(PhysicalType.FIXED_LEN_BYTE_ARRAY, 3, fixed))
        .as("fixed[3]")
        .isEqualTo(expectedFixed);
  }

  private static List<Object> decodeSplit(PhysicalType type, int width, byte[] plain) {
    int count = plain.length / width;
    byte[] split = new byte[plain.length];
    for (int value = 0; value < count; value++) {
      for (int stream = 0; stream < width; stream++) {
        split[stream * count + value] = plain[value * width + stream];
      }
    }
    Collected collected = new Collected();
    new ByteStreamSplitDecoder(type, width, split, 0, split.length).read(count, collected, 0);
    return collected.values;
  }

  @Test
  void deprecatedBitPackedLevels() throws IOException {
    int maximum = 5;
    org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter writer =
        new org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter(
            maximum, 64, 1 << 20, HEAP);
    int[] expected = new int[37];
    for (int index = 0; index < expected.length; index++) {
      expected[index] = (index * 7) % (maximum + 1);
      writer.writeInteger(expected[index]);
    }
    byte[] bytes = bytesOf(writer.getBytes());
    byte[] prefixed = new byte[bytes.length + 2];
    System.arraycopy(bytes, 0, prefixed, 2, bytes.length);

    int[] decoded = new int[expected.length];
    int end = BitPackedLevels.read(prefixed, 2, maximum, decoded, expected.length);

    assertThat(decoded).as("levels").isEqualTo(expected);
    assertThat(end).as("the levels end where the writer stopped").isEqualTo(prefixed.length);
  }

  @Test
  void plainByteArrayPastThePageEndIsAnError() {
    byte[] data = {10, 0, 0, 0, 'a', 'b'};

    assertThatThrownBy(
            () ->
                new PlainValuesDecoder(PhysicalType.BINARY, 0, data, 0, data.length)
                    .read(1, new Collected(), 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Byte array of 10 bytes past the page end");
  }

  /**
   * PLAIN byte arrays from parquet-java's writer land in a string vector as written: in bulk (the
   * string sink copies each read's span at once and points its rows into it) and one by one (a sink
   * that takes no bulk), after bytes already in the vector, over reads of uneven sizes.
   */
  @Test
  void plainByteArraysLandInAStringVectorAsWritten() throws IOException {
    Random random = new Random(26);
    String[] pieces = {"", "a", "lineitem ", "é", "漢字", "😀", "0123456789abcdef"};
    List<String> values = new ArrayList<>();
    for (int index = 0; index < 600; index++) {
      StringBuilder value = new StringBuilder();
      for (int piece = random.nextInt(6); piece > 0; piece--) {
        value.append(pieces[random.nextInt(pieces.length)]);
      }
      values.add(value.toString());
    }
    PlainValuesWriter writer = new PlainValuesWriter(64, 1 << 20, HEAP);
    values.forEach(value -> writer.writeBytes(Binary.fromString(value)));
    byte[] page = bytesOf(writer.getBytes());
    ParquetField.Primitive written =
        new ParquetField.Primitive("s", Repetition.OPTIONAL, 1, null, PhysicalType.BINARY, 0);

    for (boolean bulk : new boolean[] {true, false}) {
      try (OnHeapColumnVector vector =
          new OnHeapColumnVector(values.size() + 1, DataTypes.StringType)) {
        vector.putByteArray(0, "before".getBytes(StandardCharsets.UTF_8));
        ValueSink strings =
            ValueSinkFactory.create(written, PrimitiveType.of(TypeId.STRING), vector);
        ValueSink sink = bulk ? strings : oneByOne(strings);
        PlainValuesDecoder decoder =
            new PlainValuesDecoder(PhysicalType.BINARY, 0, page, 0, page.length);
        decoder.read(1, sink, 1);
        decoder.read(250, sink, 2);
        decoder.read(values.size() - 251, sink, 252);

        assertThat(vector.getUTF8String(0).toString()).as("the value before").isEqualTo("before");
        List<String> read = new ArrayList<>();
        for (int row = 1; row <= values.size(); row++) {
          read.add(vector.getUTF8String(row).toString());
        }
        assertThat(read).as(bulk ? "in bulk" : "one by one").isEqualTo(values);
      }
    }
  }

  /** The same sink, but taking byte arrays one at a time only. */
  private static ValueSink oneByOne(ValueSink sink) {
    return new ValueSink() {
      @Override
      public void putBytes(int row, byte[] bytes, int offset, int length) {
        sink.putBytes(row, bytes, offset, length);
      }
    };
  }

  /**
   * The bytes parquet-java's writer produced, through {@code writeAllTo}: {@code toByteArray} is
   * deprecated in the parquet-java that Spark 4 ships, and this test compiles against both.
   */
  private static byte[] bytesOf(BytesInput written) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    written.writeAllTo(out);
    return out.toByteArray();
  }
}
