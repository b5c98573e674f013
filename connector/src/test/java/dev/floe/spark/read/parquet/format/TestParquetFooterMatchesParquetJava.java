package dev.floe.spark.read.parquet.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.FileReadException;
import dev.floe.io.LocalFileIO;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Floe's footer parser against parquet-java's (the copy Spark ships) over the whole parquet-testing
 * corpus: wherever parquet-java parses a footer, both agree on the schema's leaves and levels, the
 * row groups and every column chunk's location. Where parquet-java fails (logical types newer than
 * it), Floe's parse must succeed or fail with a {@link FileReadException} naming the file.
 */
class TestParquetFooterMatchesParquetJava {
  static List<Path> corpus() {
    return ParquetTestingCorpus.files();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  @SuppressWarnings("deprecation") // parquet-java 1.13 reads a footer alone only this way
  void footerMatchesParquetJava(Path file) {
    ParquetMetadata expected;
    try {
      expected =
          ParquetFileReader.readFooter(
              HadoopInputFile.fromPath(
                  new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()),
              ParquetMetadataConverter.NO_FILTER);
    } catch (IOException | RuntimeException parquetJavaFails) {
      expected = null;
    }
    ParquetFooter footer;
    try (ParquetFile parquet =
        ParquetFile.open(new LocalFileIO().newInputFile(file.toString()), 0, true)) {
      footer = parquet.footer();
    } catch (FileReadException refused) {
      assertThat(refused.getMessage()).as("a refusal names the file").contains(file.toString());
      assertThat(expected).as("parquet-java cannot parse it either").isNull();
      return;
    }
    if (expected == null) {
      return;
    }
    List<ColumnDescriptor> columns = expected.getFileMetaData().getSchema().getColumns();
    assertThat(footer.schema().columns()).hasSameSizeAs(columns);
    for (int index = 0; index < columns.size(); index++) {
      ColumnDescriptor descriptor = columns.get(index);
      ParquetColumn column = footer.schema().columns().get(index);
      assertThat(column.path()).containsExactly(descriptor.getPath());
      assertThat(column.maxDefinition()).isEqualTo(descriptor.getMaxDefinitionLevel());
      assertThat(column.maxRepetition()).isEqualTo(descriptor.getMaxRepetitionLevel());
      assertThat(column.type().physicalType().name())
          .isEqualTo(descriptor.getPrimitiveType().getPrimitiveTypeName().name());
      assertThat(column.type().typeLength())
          .isEqualTo(
              column.type().physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                  ? descriptor.getPrimitiveType().getTypeLength()
                  : 0);
      Integer id =
          descriptor.getPrimitiveType().getId() == null
              ? null
              : descriptor.getPrimitiveType().getId().intValue();
      assertThat(column.type().fieldId()).isEqualTo(id);
    }
    List<BlockMetaData> blocks = expected.getBlocks();
    assertThat(footer.rowGroups()).hasSameSizeAs(blocks);
    for (int group = 0; group < blocks.size(); group++) {
      BlockMetaData block = blocks.get(group);
      RowGroup rowGroup = footer.rowGroups().get(group);
      assertThat(rowGroup.rowCount()).isEqualTo(block.getRowCount());
      assertThat(rowGroup.startingPosition()).isEqualTo(block.getStartingPos());
      for (int index = 0; index < block.getColumns().size(); index++) {
        ColumnChunkMetaData metadata = block.getColumns().get(index);
        ColumnChunk chunk = rowGroup.columns().get(index);
        assertThat(chunk.codec().name()).isEqualTo(metadata.getCodec().name());
        assertThat(chunk.valueCount()).isEqualTo(metadata.getValueCount());
        assertThat(chunk.compressedSize()).isEqualTo(metadata.getTotalSize());
        assertThat(chunk.startingPosition()).isEqualTo(metadata.getStartingPos());
        assertThat(chunk.dataPageOffset()).isEqualTo(metadata.getFirstDataPageOffset());
      }
    }
  }
}
