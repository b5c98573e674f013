package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Each fixture really has the Parquet layout it is named for (read from the files' footers), so the
 * read matrix cannot pass on a table that misses the point.
 */
class TestReadFixtures {
  private final SparkSession spark = SharedSpark.get().session();

  @Test
  void rowGroupsFixtureHasManyRowGroupsAndPages() {
    List<ParquetMetadata> footers = footers("row_groups");
    assertThat(footers).as("one file").hasSize(1);
    List<BlockMetaData> rowGroups = footers.get(0).getBlocks();
    assertThat(rowGroups.size()).as("row groups in the file").isGreaterThan(10);
    assertThat(rowGroups.get(0).getRowCount())
        .as("rows in the first row group (pages hold at most 64)")
        .isGreaterThan(64);
  }

  @Test
  void noDictionaryFixtureHasNoDictionaryPages() {
    for (ParquetMetadata footer : footers("no_dictionary")) {
      for (ColumnChunkMetaData column : columns(footer)) {
        assertThat(column.hasDictionaryPage())
            .as("dictionary page of %s", column.getPath())
            .isFalse();
      }
    }
  }

  @Test
  void dictionaryFallbackFixtureMixesDictionaryAndPlainPages() {
    ColumnChunkMetaData name = column(footers("dictionary_fallback").get(0), "name");
    assertThat(name.hasDictionaryPage())
        .as("name starts dictionary-encoded: %s", name.getEncodings())
        .isTrue();
    assertThat(name.getEncodings())
        .as("then falls back to plain")
        .contains(Encoding.PLAIN)
        .containsAnyOf(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);
    ColumnChunkMetaData low = column(footers("dictionary_fallback").get(0), "low");
    assertThat(low.getEncodings())
        .as("a low-cardinality column stays dictionary-encoded")
        .doesNotContain(Encoding.PLAIN);
  }

  @Test
  void codecsFixtureHasAFilePerCodec() {
    Set<String> codecs =
        footers("codecs").stream()
            .map(footer -> column(footer, "id").getCodec().name())
            .collect(Collectors.toSet());
    assertThat(codecs)
        .as("codecs of the files")
        .containsExactlyInAnyOrder("ZSTD", "SNAPPY", "GZIP", "UNCOMPRESSED");
  }

  @Test
  void importedFilesHaveNoFieldIdsAndInt96Timestamps() {
    ParquetMetadata footer = footers("imported").get(0);
    for (Type field : footer.getFileMetaData().getSchema().getFields()) {
      assertThat(field.getId()).as("field id of imported column %s", field.getName()).isNull();
    }
    assertThat(
            footer
                .getFileMetaData()
                .getSchema()
                .getType("ts")
                .asPrimitiveType()
                .getPrimitiveTypeName())
        .as("Spark's default timestamp encoding")
        .isEqualTo(PrimitiveType.PrimitiveTypeName.INT96);
    assertThat(
            spark
                .sql("SHOW TBLPROPERTIES " + ReadFixtures.named("imported").identifier())
                .where("key = 'schema.name-mapping.default'")
                .count())
        .as("add_files sets a name mapping")
        .isEqualTo(1);
  }

  @Test
  void partitionedImportKeepsThePartitionColumnOutOfTheFiles() {
    ParquetMetadata footer = footers("imported_partitioned").get(0);
    assertThat(footer.getFileMetaData().getSchema().containsField("category"))
        .as("category lives in the directory names only")
        .isFalse();
  }

  @Test
  void legacyImportHasFixedDecimalsAndTwoLevelLists() {
    ParquetMetadata footer = footers("imported_legacy").get(0);
    assertThat(
            footer
                .getFileMetaData()
                .getSchema()
                .getType("dec9")
                .asPrimitiveType()
                .getPrimitiveTypeName())
        .as("legacy decimals")
        .isEqualTo(PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
    assertThat(
            footer.getFileMetaData().getSchema().getType("arr").asGroupType().getType(0).getName())
        .as("a legacy list's repeated group")
        .isEqualTo("bag");
  }

  @Test
  void evolvedFixturesHaveSeveralSpecsAndSchemas() {
    assertThat(
            spark
                .sql(
                    "SELECT DISTINCT spec_id FROM "
                        + ReadFixtures.named("evolved_partitioning").identifier()
                        + ".data_files")
                .count())
        .as("partition specs with live files")
        .isEqualTo(4);
  }

  private List<ParquetMetadata> footers(String fixture) {
    Configuration configuration = spark.sparkContext().hadoopConfiguration();
    return DataFiles.of(spark, ReadFixtures.named(fixture).identifier()).stream()
        .map(location -> footer(configuration, location))
        .toList();
  }

  private static ParquetMetadata footer(Configuration configuration, String location) {
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(new Path(location), configuration))) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the footer of " + location, e);
    }
  }

  private static List<ColumnChunkMetaData> columns(ParquetMetadata footer) {
    return footer.getBlocks().stream().flatMap(block -> block.getColumns().stream()).toList();
  }

  private static ColumnChunkMetaData column(ParquetMetadata footer, String name) {
    return footer.getBlocks().get(0).getColumns().stream()
        .filter(column -> column.getPath().toDotString().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No column " + name + " in the footer"));
  }
}
