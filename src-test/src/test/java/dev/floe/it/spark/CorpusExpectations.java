package dev.floe.it.spark;

import static dev.floe.it.spark.CorpusValues.row;
import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.floe.it.spark.CorpusExpectation.Oracle;
import dev.floe.it.spark.CorpusValues.Binary;
import java.nio.file.Files;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * What each corpus file must read as. A file listed here has an expectation from upstream's
 * documentation (apache/parquet-testing {@code data/README.md}, {@code bad_data/README.md}, the
 * files' {@code .md} notes and commit messages), quoted in its source; every other file is expected
 * by its {@code _expect.csv} when it has one, is refused as damaged when it lies under {@code
 * bad_data/}, and otherwise reads as Apache Iceberg's own Spark reader reads it. A file new to the
 * corpus thereby gets a test without an entry here.
 */
final class CorpusExpectations {
  private static final String DATA_README = "apache/parquet-testing data/README.md: ";
  private static final String BAD_DATA_README = "apache/parquet-testing bad_data/README.md: ";

  private static final Map<String, CorpusExpectation> LISTED = listed();

  private CorpusExpectations() {}

  static CorpusExpectation of(CorpusFile file) {
    CorpusExpectation listed = LISTED.get(file.relativePath());
    if (listed != null) {
      return listed;
    }
    if (Files.exists(file.expectedCsv())) {
      return CorpusExpectation.of(
          Oracle.EXPECTED_CSV, "the corpus's " + file.expectedCsv().getFileName());
    }
    if (file.malformed()) {
      return CorpusExpectation.of(Oracle.CORRUPT, BAD_DATA_README + "malformed on purpose");
    }
    return CorpusExpectation.of(
        Oracle.ICEBERG, "no documented values: Iceberg's Spark reader on the same table");
  }

  private static Map<String, CorpusExpectation> listed() {
    Map<String, CorpusExpectation> listed = new LinkedHashMap<>();
    listed.put(
        "data/binary_truncated_min_max.parquet",
        CorpusExpectation.documented(
            DATA_README + "the parquet-cli cat output under 'Binary truncated min and max'",
            truncatedMinMaxRows()));
    listed.put(
        "data/byte_stream_split_extended.gzip.parquet",
        CorpusExpectation.of(
                Oracle.ICEBERG,
                DATA_README
                    + "'read each BYTE_STREAM_SPLIT-encoded column and compare the decoded values"
                    + " against the values from the corresponding PLAIN-encoded column. The values"
                    + " should be equal.' The values: Iceberg's Spark reader (FLOAT16 columns read"
                    + " as Iceberg converts them, fixed[2], and decoded as IEEE half precision)")
            .withEqualColumnPairs());
    listed.put(
        "data/concatenated_gzip_members.parquet",
        CorpusExpectation.of(
            Oracle.SPARK,
            DATA_README
                + "'513 UINT64 numbers compressed using 2 concatenated gzip members'. Iceberg"
                + " cannot convert UINT64 ('Cannot use uint64'), so its reader cannot read the"
                + " table; Spark reads UINT64 as decimal(20, 0), the table's type"));
    listed.put(
        "data/datapage_v1-corrupt-checksum.parquet",
        CorpusExpectation.checksumMismatch(
            DATA_README
                + "'uncompressed INT32 columns in v1 data pages with a mismatching CRC'"
                + " (column a page 0, column b page 1)",
            "a",
            "b"));
    listed.put(
        "data/rle-dict-uncompressed-corrupt-checksum.parquet",
        CorpusExpectation.checksumMismatch(
            DATA_README
                + "'uncompressed and dictionary-encoded INT32 and STRING columns in format v2 with"
                + " a mismatching CRC' (the dictionary pages of both columns)",
            "long_field",
            "binary_field"));
    listed.put(
        "data/datapage_v2_empty_datapage.snappy.parquet",
        CorpusExpectation.documented(
            DATA_README
                + "'A compressed FLOAT column with DataPageV2, a single row, value is null'",
            List.of(row((Object) null))));
    listed.put(
        "data/float16_zeros_and_nans.parquet",
        CorpusExpectation.documented(
            DATA_README + "Float16 Files: written from [None, 0.0, NaN]",
            List.of(row((Object) null), row(0.0f), row(Float.NaN))));
    listed.put(
        "data/float16_nonzeros_and_nans.parquet",
        CorpusExpectation.documented(
            DATA_README
                + "Float16 Files: written from [None, 1.0, -2.0, NaN, 0.0, -1.0, -0.0, 2.0]",
            List.of(
                row((Object) null),
                row(1.0f),
                row(-2.0f),
                row(Float.NaN),
                row(0.0f),
                row(-1.0f),
                row(-0.0f),
                row(2.0f))));
    String lz4Values =
        "the values listed in apache/parquet-testing commit ddd8989 ('lz4_raw_compressed.parquet"
            + " contains the same data as hadoop_lz4_compressed.parquet') and d914f9d";
    listed.put(
        "data/hadoop_lz4_compressed.parquet",
        CorpusExpectation.documented("LZ4 with Hadoop's framing: " + lz4Values, lz4Rows()));
    listed.put(
        "data/lz4_raw_compressed.parquet",
        CorpusExpectation.documented("LZ4_RAW: " + lz4Values, lz4Rows()));
    listed.put(
        "data/non_hadoop_lz4_compressed.parquet",
        CorpusExpectation.documented(
            "codec LZ4 holding the LZ4 block format without Hadoop's framing (commit d914f9d:"
                + " 'This is the LZ4 block format without the custom Hadoop header', written by"
                + " parquet-cpp): a reader tries Hadoop's framing and falls back to the raw block; "
                + lz4Values,
            lz4Rows()));
    listed.put(
        "data/incorrect_map_schema.parquet",
        CorpusExpectation.documented(
            DATA_README
                + "Incorrect Map Schema: written by MAP(ARRAY['name', 'parent'],"
                + " ARRAY['report', 'another']) with keys marked optional",
            List.of(row(map("name", "report", "parent", "another")))));
    listed.put(
        "data/int96_from_spark.parquet",
        CorpusExpectation.documented(
            "apache/parquet-testing data/int96_from_spark.md: 'As microseconds since the epoch,"
                + " they correspond to: 1704141296123456, 1704070800000000, 253402225200000000,"
                + " 1735599600000000, null, 9089380393200000000'",
            List.of(
                row(micros(1704141296123456L)),
                row(micros(1704070800000000L)),
                row(micros(253402225200000000L)),
                row(micros(1735599600000000L)),
                row((Object) null),
                row(micros(9089380393200000000L)))));
    listed.put(
        "data/large_string_map.brotli.parquet",
        CorpusExpectation.of(
            Oracle.BEYOND_LIMITS,
            DATA_README
                + "Large string map: two rows of arr = {'a' * 2**30: 1}, BROTLI. Its dictionary"
                + " page decompresses to more than 1 GiB, past the 512 MiB Floe reads in one page:"
                + " two such values do not fit one batch of Spark's column vectors (2 GiB), and"
                + " decoding needs several copies of the page, which failed the test JVM's heap"
                + " with an OutOfMemoryError before the limit existed"));
    listed.put(
        "data/map_no_value.parquet",
        CorpusExpectation.documented(
                "apache/parquet-testing data/map_no_value.md: 'The first column is 3 MAP rows:"
                    + " {1 -> null, 2 -> null, 3 -> null} ...' and 'The last two columns comprise"
                    + " 3 equivalent rows of list<Integer>: [1, 2, 3] [4, 5, 6] [7, 8, 9]'",
                mapNoValueRows())
            .withDeclaredSchema(
                new Schema(
                    required(
                        1,
                        "my_map",
                        Types.MapType.ofOptional(
                            4, 5, Types.IntegerType.get(), Types.IntegerType.get())),
                    required(
                        2,
                        "my_map_no_v",
                        Types.MapType.ofOptional(
                            6, 7, Types.IntegerType.get(), Types.IntegerType.get())),
                    required(3, "my_list", Types.ListType.ofRequired(8, Types.IntegerType.get()))),
                "Iceberg cannot convert a MAP without a value field (its conversion fails on the"
                    + " missing value's id); a user declares my_map_no_v a map<int, int> whose"
                    + " values are all null (the format's MAP: 'optionally, a value field')"));
    listed.put(
        "data/nan_in_stats.parquet",
        CorpusExpectation.documented(
            DATA_README + "NaN in stats: written from pa.array([1.0, NaN])",
            List.of(row(1.0d), row(Double.NaN))));
    listed.put(
        "data/nation.dict-malformed.parquet",
        CorpusExpectation.of(
            Oracle.CORRUPT,
            "named malformed and undocumented in data/README.md; Apache Arrow's test of it"
                + " (NationDictTruncatedDataPage, PARQUET-816) calls it 'malformed data page"
                + " metadata' whose read 'runs over the end of the column chunk and succeeds by"
                + " accident', and parquet-java refuses it: a page that runs past its column"
                + " chunk is refused, naming the file"));
    listed.put(
        "data/nested_structs.rust.parquet",
        CorpusExpectation.of(
            Oracle.SPARK,
            "its 'count' fields are UINT64, which Iceberg cannot convert, so its reader cannot"
                + " read the table; Spark reads UINT64 as decimal(20, 0), the table's type"));
    listed.put(
        "data/null_list.parquet",
        CorpusExpectation.documented(
            DATA_README + "'an empty list. Generated from this json {\"emptylist\":[]}'",
            List.of(row(List.of()))));
    listed.put(
        "data/old_list_structure.parquet",
        CorpusExpectation.documented(
            "apache/parquet-testing data/old_list_structure.md: 'a LIST<LIST<INT32>> column with"
                + " a single value [[1, 2], [3, 4]] using the legacy two-level structure'",
            List.of(row(List.of(List.of(1L, 2L), List.of(3L, 4L))))));
    listed.put(
        "data/page_v2_empty_compressed.parquet",
        CorpusExpectation.documented(
            DATA_README
                + "'An INT32 column with DataPageV2, all values are null' (10 rows, the footer's"
                + " count)",
            LongStream.range(0, 10).mapToObj(i -> row((Object) null)).toList()));
    listed.put(
        "data/repeated_no_annotation.parquet",
        CorpusExpectation.of(
                Oracle.SPARK,
                "a repeated group without LIST annotation; no documented values, and Iceberg"
                    + " cannot convert the schema, so Spark's reader is the oracle")
            .withDeclaredSchema(
                new Schema(
                    required(1, "id", Types.IntegerType.get()),
                    optional(
                        2,
                        "phoneNumbers",
                        Types.StructType.of(
                            required(
                                3,
                                "phone",
                                Types.ListType.ofRequired(
                                    4,
                                    Types.StructType.of(
                                        required(5, "number", Types.LongType.get()),
                                        optional(6, "kind", Types.StringType.get()))))))),
                "Iceberg cannot convert a repeated field outside a LIST ('Fields cannot have"
                    + " repetition REPEATED'); by the format's backward-compatibility rules the"
                    + " repeated group phone is a required list of required structs"));
    listed.put(
        "data/repeated_primitive_no_list.parquet",
        CorpusExpectation.of(
                Oracle.SPARK,
                DATA_README
                    + "'REPEATED INT32 and BYTE_ARRAY fields without LIST annotation'; Floe reads"
                    + " the rows Spark reads")
            .withDeclaredSchema(
                new Schema(
                    required(
                        1, "Int32_list", Types.ListType.ofRequired(4, Types.IntegerType.get())),
                    required(
                        2, "String_list", Types.ListType.ofRequired(5, Types.StringType.get())),
                    required(
                        3,
                        "group_of_lists",
                        Types.StructType.of(
                            required(
                                6,
                                "Int32_list_in_group",
                                Types.ListType.ofRequired(8, Types.IntegerType.get())),
                            required(
                                7,
                                "String_list_in_group",
                                Types.ListType.ofRequired(9, Types.StringType.get()))))),
                "Iceberg cannot convert a repeated field outside a LIST ('Fields cannot have"
                    + " repetition REPEATED'); by the format's backward-compatibility rules a"
                    + " repeated primitive is a required list of required elements"));
    listed.put(
        "data/unknown-logical-type.parquet",
        CorpusExpectation.documented(
                DATA_README
                    + "'a column annotated with a LogicalType whose identifier has been set to an"
                    + " abitrary high value'; the values are Apache Arrow's test of the file"
                    + " (test_undefined_logical_type: b'unknown string 1' ...) and its statistics"
                    + " ('known string 1' to 'known string 3')",
                List.of(
                    row("known string 1", Binary.utf8("unknown string 1")),
                    row("known string 2", Binary.utf8("unknown string 2")),
                    row("known string 3", Binary.utf8("unknown string 3"))))
            .withDeclaredSchema(
                new Schema(
                    optional(1, "column with known type", Types.StringType.get()),
                    optional(2, "column with unknown type", Types.BinaryType.get())),
                "Iceberg's Parquet cannot read a footer with an unknown logical type; the unknown"
                    + " column is declared binary, its physical type BYTE_ARRAY"));
    badData(
        listed,
        "PARQUET-1481.parquet",
        "'tests a case where a schema Thrift value has been corrupted'",
        new Schema(optional(1, "Handle", Types.DoubleType.get())),
        "the column's type is missing from the footer; a user declares Handle a double, as its"
            + " 8-byte statistics suggest");
    badData(
        listed,
        "ARROW-RS-GH-6229-DICTHEADER.parquet",
        "'the number of values stored in dictionary page header is negative'");
    badData(
        listed, "ARROW-RS-GH-6229-LEVELS.parquet", "'a page has insufficient repetition levels'");
    badData(
        listed,
        "ARROW-GH-41321.parquet",
        "'decoded rep / def levels is less than num_values in page_header'");
    badData(listed, "ARROW-GH-41317.parquet", "'all columns have not the same size'");
    listed.put(
        ParquetCorpus.BAD_DATA + "/ARROW-GH-43605.parquet",
        CorpusExpectation.of(
            Oracle.SPARK,
            BAD_DATA_README
                + "ARROW-GH-43605.parquet: 'dictionary index page uses rle encoding but 0 as rle"
                + " bit-width'. Its dictionary holds one entry, so indices of bit width 0 (every"
                + " index 0) are what the RLE/bit-packed hybrid defines for it: the rows the"
                + " format defines are Spark's"));
    badData(listed, "ARROW-GH-45185.parquet", "'repetition levels start with a 1 instead of 0'");
    badData(
        listed,
        "ARROW-GH-47662.parquet",
        "'a required column contains null values (an incorrect version of"
            + " data/fixed_length_byte_array.parquet)'");
    return Map.copyOf(listed);
  }

  private static void badData(Map<String, CorpusExpectation> listed, String file, String words) {
    listed.put(
        ParquetCorpus.BAD_DATA + "/" + file,
        CorpusExpectation.of(Oracle.CORRUPT, BAD_DATA_README + file + ": " + words));
  }

  private static void badData(
      Map<String, CorpusExpectation> listed,
      String file,
      String words,
      Schema declared,
      String why) {
    listed.put(
        ParquetCorpus.BAD_DATA + "/" + file,
        CorpusExpectation.of(Oracle.CORRUPT, BAD_DATA_README + file + ": " + words)
            .withDeclaredSchema(declared, why));
  }

  private static List<List<Object>> truncatedMinMaxRows() {
    List<String> names =
        List.of(
            "Blart Versenwald III",
            "Alice Johnson",
            "Bob Smith",
            "Charlie Brown",
            "Diana Prince",
            "Edward Norton",
            "Fiona Apple",
            "George Lucas",
            "Helen Keller",
            "Ivan Drago",
            "Julia Roberts",
            "Kevin Bacon");
    List<List<Object>> rows = new ArrayList<>();
    for (String name : names) {
      // the rows whose values were chosen to be the columns' exact, untruncatable min or max
      String partial = name.equals("Kevin Bacon") ? "\uD83D\uDE80Kevin Bacon" : name;
      Binary partialBinary =
          name.equals("Kevin Bacon") ? new Binary("ffff0102") : Binary.utf8(name);
      String exact =
          switch (name) {
            case "Alice Johnson" -> "Al";
            case "Kevin Bacon" -> "Ke";
            default -> name;
          };
      rows.add(row(name, Binary.utf8(name), partial, partialBinary, exact, Binary.utf8(exact)));
    }
    return rows;
  }

  private static List<List<Object>> lz4Rows() {
    Binary abc = Binary.utf8("abc");
    Binary def = Binary.utf8("def");
    return List.of(
        row(1593604800L, abc, 42.0d),
        row(1593604800L, def, 7.7d),
        row(1593604801L, abc, 42.125d),
        row(1593604801L, def, 7.7d));
  }

  private static List<List<Object>> mapNoValueRows() {
    List<List<Object>> rows = new ArrayList<>();
    for (long first = 1; first <= 7; first += 3) {
      List<Object> keys = List.of(first, first + 1, first + 2);
      Map<Object, Object> nullValues = new LinkedHashMap<>();
      keys.forEach(key -> nullValues.put(key, null));
      rows.add(row(nullValues, nullValues, keys));
    }
    return rows;
  }

  private static Map<Object, Object> map(Object... keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static Instant micros(long micros) {
    return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
  }
}
