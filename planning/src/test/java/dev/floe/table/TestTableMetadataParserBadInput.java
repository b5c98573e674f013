package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.floe.CorruptTableException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Metadata files that are cut short, damaged, empty, of a wrong version or inconsistent: each is a
 * CorruptTableException naming the file and what is wrong, never another exception or a table. The
 * hand-picked cases of {@link TestTableMetadataParser} stay there; these are systematic.
 */
class TestTableMetadataParserBadInput {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String FILE = "file:/t/metadata/00002-bad.metadata.json";
  private static final String PREFIX = "Cannot read table metadata " + FILE + ": ";

  @ParameterizedTest
  @ValueSource(strings = {"v1.metadata.json", "v2.metadata.json", "v3.metadata.json"})
  void truncatedFilesAreNotValidJson(String fixture) {
    String json = fixture(fixture).strip();
    List<Integer> cuts = new ArrayList<>(List.of(1, 2, json.length() - 1));
    for (int tenth = 1; tenth < 10; tenth++) {
      cuts.add(json.length() * tenth / 10);
    }
    for (int cut : cuts) {
      assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.substring(0, cut)))
          .as("%s cut at character %s of %s", fixture, cut, json.length())
          .isInstanceOf(CorruptTableException.class)
          .hasMessageStartingWith(PREFIX + "not valid JSON: ");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1.metadata.json", "v2.metadata.json", "v3.metadata.json"})
  void damagedStructureIsNotValidJson(String fixture) {
    String json = fixture(fixture);
    List<Integer> structural = structuralPositions(json);
    // every 7th brace, bracket, colon, comma or quote outside strings, with its lowest bit flipped
    for (int index = 0; index < structural.size(); index += 7) {
      int position = structural.get(index);
      char[] damaged = json.toCharArray();
      damaged[position] ^= 1;
      String text = new String(damaged);
      assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
          .as("%s with '%s' at %s flipped", fixture, json.charAt(position), position)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageStartingWith(PREFIX);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1.metadata.json", "v2.metadata.json", "v3.metadata.json"})
  void randomBitFlipsParseOrAreCorrupt(String fixture) {
    byte[] bytes = fixture(fixture).getBytes(StandardCharsets.UTF_8);
    Random random = new Random(fixture.hashCode());
    int corrupt = 0;
    for (int attempt = 0; attempt < 200; attempt++) {
      byte[] damaged = bytes.clone();
      damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
      String text = new String(damaged, StandardCharsets.UTF_8);
      try {
        TableMetadataParser.parse(FILE, text);
      } catch (CorruptTableException expected) {
        assertThat(expected).as("the message names the file").hasMessageStartingWith(PREFIX);
        corrupt++;
      }
    }
    assertThat(corrupt).as("most single bit flips break a metadata file").isGreaterThan(100);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " \n ", "null", "[]", "42", "\"metadata\"", "true"})
  void emptyOrNotAnObjectIsCorrupt(String text) {
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith(PREFIX + "expected a JSON object at the top level");
  }

  @ParameterizedTest
  @ValueSource(strings = {"\"2\"", "2.5", "-1", "99999999999", "null"})
  void formatVersionsThatAreNotOneToThreeAreCorrupt(String version) {
    String text = with("v2.metadata.json", json -> json.set("format-version", parse(version)));
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith(PREFIX)
        .hasMessageContaining("'format-version'");
  }

  @Test
  void identifierFieldMissingFromItsSchemaIsCorrupt() {
    String text =
        with(
            "v2.metadata.json",
            json -> ((ArrayNode) json.get("schemas").get(1).get("identifier-field-ids")).add(79));
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            PREFIX
                + "schemas[1]: schema 1: identifier-field-ids names field 79, which the schema"
                + " does not have");
  }

  @Test
  void nestedFieldIdCollidingWithAColumnIsCorrupt() {
    String text =
        with(
            "v2.metadata.json",
            json ->
                ((ArrayNode) json.get("schemas").get(1).get("fields"))
                    .add(
                        parse(
                            "{\"id\": 20, \"name\": \"tags\", \"required\": false, \"type\":"
                                + " {\"type\": \"list\", \"element-id\": 1,"
                                + " \"element\": \"string\", \"element-required\": false}}")));
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            PREFIX + "schemas[1]: schema 1: Field id 1 is used twice (again by 'tags.element')");
  }

  @Test
  void snapshotAboveTheLastSequenceNumberIsCorrupt() {
    String text = with("v2.metadata.json", json -> json.put("last-sequence-number", 0));
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, text))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith(PREFIX + "snapshot ")
        .hasMessageContaining(", above last-sequence-number 0");
  }

  /** Positions of braces, brackets, colons, commas and quotes outside of JSON strings. */
  private static List<Integer> structuralPositions(String json) {
    List<Integer> positions = new ArrayList<>();
    boolean inString = false;
    for (int index = 0; index < json.length(); index++) {
      char character = json.charAt(index);
      if (inString) {
        if (character == '\\') {
          index++;
        } else if (character == '"') {
          inString = false;
          positions.add(index);
        }
      } else if (character == '"') {
        inString = true;
        positions.add(index);
      } else if ("{}[]:,".indexOf(character) >= 0) {
        positions.add(index);
      }
    }
    return positions;
  }

  private static String with(String fixture, Consumer<ObjectNode> change) {
    ObjectNode json = (ObjectNode) parse(fixture(fixture));
    change.accept(json);
    return json.toString();
  }

  private static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException malformed) {
      throw new UncheckedIOException(malformed);
    }
  }

  private static String fixture(String name) {
    try (InputStream stream =
        TestTableMetadataParserBadInput.class.getResourceAsStream("/metadata/" + name)) {
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }
}
