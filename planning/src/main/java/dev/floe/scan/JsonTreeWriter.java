package dev.floe.scan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a small JSON tree (a bound, a partition value, a residual) token by token. {@code
 * JsonGenerator.writeTree} writes the same bytes but goes through {@code ObjectMapper.writeValue},
 * which sets up a serializer provider per call: a plan of 100,000 files with metrics makes over a
 * million such calls, a second of the CLI's time.
 */
final class JsonTreeWriter {
  private JsonTreeWriter() {}

  static void write(JsonNode node, JsonGenerator generator) throws IOException {
    switch (node.getNodeType()) {
      case OBJECT -> {
        generator.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
          Map.Entry<String, JsonNode> field = fields.next();
          generator.writeFieldName(field.getKey());
          write(field.getValue(), generator);
        }
        generator.writeEndObject();
      }
      case ARRAY -> {
        generator.writeStartArray();
        for (JsonNode element : node) {
          write(element, generator);
        }
        generator.writeEndArray();
      }
      case STRING -> generator.writeString(node.textValue());
      case BOOLEAN -> generator.writeBoolean(node.booleanValue());
      case NULL -> generator.writeNull();
      case NUMBER -> writeNumber(node, generator);
      case BINARY -> generator.writeBinary(node.binaryValue());
      // never made by Floe's JSON: leave them to Jackson
      case POJO, MISSING -> generator.writeTree(node);
    }
  }

  private static void writeNumber(JsonNode node, JsonGenerator generator) throws IOException {
    switch (node.numberType()) {
      case INT -> generator.writeNumber(node.intValue());
      case LONG -> generator.writeNumber(node.longValue());
      case BIG_INTEGER -> generator.writeNumber(node.bigIntegerValue());
      case FLOAT -> generator.writeNumber(node.floatValue());
      case DOUBLE -> generator.writeNumber(node.doubleValue());
      case BIG_DECIMAL -> generator.writeNumber(node.decimalValue());
    }
  }
}
