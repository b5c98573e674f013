package dev.floe.table;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptTableException;
import dev.floe.FuzzContract;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the table metadata JSON parser: any text parses or fails with a CorruptTableException
 * naming the metadata file. Seeds and past findings: {@code TestTableMetadataParserFuzzInputs}.
 */
class TestTableMetadataParserFuzz {
  private static final String LOCATION = "mem://t/metadata/v9.metadata.json";
  private static final FuzzContract CONTRACT =
      FuzzContract.of("TableMetadataParser", CorruptTableException.class, LOCATION);

  @FuzzTest(maxDuration = "10s")
  void anyTextParsesOrIsCorrupt(byte[] input) {
    String json = new String(input, StandardCharsets.UTF_8);
    CONTRACT.check(input, () -> TableMetadataParser.parse(LOCATION, json));
  }
}
