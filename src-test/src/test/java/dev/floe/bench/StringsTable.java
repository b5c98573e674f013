package dev.floe.bench;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.sql.SparkSession;

/**
 * The issue-8 suite's string-heavy table: {@code rows} rows of an id and five strings of the
 * lengths and cardinalities real tables mix, every value a hash of the row number:
 *
 * <ul>
 *   <li>{@code country}: 2 letters, 400 values; {@code status}: 6 words; {@code sku}: {@code
 *       SKU-00042}, 20,000 values (short codes Parquet keeps dictionary-encoded);
 *   <li>{@code title}: 20–60 characters of 4 of {@link #PHRASES}, from 0 to 19 characters in
 *       (medium, hundreds of thousands of values);
 *   <li>{@code note}: 100–300 characters, the start of 12 phrases, 5 % null (long and all but
 *       unique: the dictionary overflows and Parquet writes them plain).
 * </ul>
 *
 * <p>Written by Iceberg's Spark SQL (format v2, zstd, unpartitioned) from {@code range} in {@code
 * files} slices, one data file each ({@code write.distribution-mode=none}).
 */
record StringsTable(long rows, int files) implements GeneratedTable {
  static final String NAME = "strings";
  static final String COLUMNS =
      "id bigint, country string, status string, sku string, title string, note string";

  /** Phrases of at least {@value #SHORTEST_PHRASE} characters: 4 fill a title, 12 a note. */
  static final List<String> PHRASES =
      List.of(
          "carefully final deposits sleep",
          "quickly ironic requests nag",
          "furiously regular accounts wake",
          "slyly express packages haggle",
          "blithely pending theodolites use",
          "boldly special instructions cajole",
          "even foxes detect about the pinto beans",
          "bold dependencies integrate slowly",
          "silent pinto beans boost quietly",
          "unusual platelets are among the asymptotes",
          "thin excuses doze along the idle ideas",
          "ironic asymptotes affix furiously",
          "final requests print carefully",
          "regular deposits are fluffily against",
          "express accounts integrate slyly",
          "pending packages solve quickly",
          "special theodolites sleep blithely",
          "idle instructions are beyond the foxes",
          "careful dependencies wake furiously",
          "quiet platelets nag after the deposits",
          "fluffy excuses haggle above the beans",
          "daring requests cajole silently",
          "permanent accounts boost across the dolphins",
          "stealthy packages among the frets detect",
          "ruthless theodolites are never evenly",
          "busy instructions x-ray slyly about",
          "close foxes print according to the tithes",
          "bold pinto beans wake above the braids",
          "final asymptotes use along the waters",
          "regular dugouts sleep quickly after",
          "silent courts integrate blithely");

  static final int SHORTEST_PHRASE = 25;
  static final int TITLE_PHRASES = 4;

  /** A title starts 0 to 19 characters into its phrases: many more titles than phrase pairs. */
  static final int TITLE_OFFSETS = 20;

  static final int NOTE_PHRASES = 12;
  static final int LONGEST_TITLE = 60;
  static final int LONGEST_NOTE = 300;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String label() {
    return NAME;
  }

  @Override
  public String layout() {
    return String.format(Locale.ROOT, "strings generation=2 rows=%d files=%d", rows, files);
  }

  @Override
  public String description() {
    return "columns `"
        + COLUMNS
        + "`: codes of 2-9 characters (dictionary), titles of 20-60, notes of 100-300 (plain)";
  }

  @Override
  public void write(SparkSession spark, String identifier) {
    spark.sql(
        "CREATE TABLE "
            + identifier
            + " ("
            + COLUMNS
            + ") USING iceberg TBLPROPERTIES ('format-version'='2',"
            + " 'write.parquet.compression-codec'='zstd', 'write.distribution-mode'='none')");
    spark.sql(
        String.format(
            Locale.ROOT,
            """
            INSERT INTO %s
            SELECT id,
              concat(char(65 + CAST(pmod(h1, 20) AS INT)), char(65 + CAST(pmod(h1 DIV 20, 20) AS INT))),
              element_at(array('PENDING', 'SHIPPED', 'DELIVERED', 'RETURNED', 'CANCELLED', 'ON HOLD'),
                CAST(pmod(h2, 6) AS INT) + 1),
              concat('SKU-', lpad(CAST(pmod(h2 DIV 6, 20000) AS STRING), 5, '0')),
              substring(concat_ws(' ', %s), CAST(1 + pmod(h4 DIV 41, %d) AS INT),
                CAST(20 + pmod(h4, 41) AS INT)),
              IF(pmod(h6 DIV 201, 20) = 0, NULL,
                substring(concat_ws(' ', %s), 1, CAST(100 + pmod(h6, 201) AS INT)))
            FROM (
              SELECT id, xxhash64(id, 1) AS h1, xxhash64(id, 2) AS h2, xxhash64(id, 3) AS h3,
                xxhash64(id, 4) AS h4, xxhash64(id, 5) AS h5, xxhash64(id, 6) AS h6,
                array(%s) AS phrases
              FROM range(0, %d, 1, %d))
            """,
            identifier,
            phrasePicks("h3", TITLE_PHRASES),
            TITLE_OFFSETS,
            phrasePicks("h5", NOTE_PHRASES),
            PHRASES.stream().map(phrase -> "'" + phrase + "'").collect(Collectors.joining(", ")),
            rows,
            files));
  }

  /**
   * {@code count} phrases picked by successive base-31 digits of hash {@code h}: 31^12 fits in a
   * 64-bit hash, so 12 picks are independent.
   */
  static String phrasePicks(String h, int count) {
    return IntStream.range(0, count)
        .mapToObj(
            digit ->
                String.format(
                    Locale.ROOT,
                    "element_at(phrases, CAST(pmod(%s DIV %d, %d) AS INT) + 1)",
                    h,
                    (long) Math.pow(PHRASES.size(), digit),
                    PHRASES.size()))
        .collect(Collectors.joining(", "));
  }
}
