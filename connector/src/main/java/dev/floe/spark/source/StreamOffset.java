package dev.floe.spark.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.InvalidRequestException;
import java.io.IOException;
import org.apache.spark.sql.connector.read.streaming.Offset;

/**
 * Where a Floe stream is in a table's history, as Spark writes it to the query's checkpoint: a
 * snapshot id and a position among the data files that snapshot added, in planning order. As an end
 * offset the position is exclusive (the batch read the files before it); as a start offset, the
 * first file still to read.
 *
 * <p>The JSON is versioned so that a checkpoint stays readable by later Floe releases:
 *
 * <pre>{@code
 * {"floe-offset-version":1,"snapshot-id":3055729675574597004,"position":2}
 * }</pre>
 *
 * <p>{@link #BEFORE_FIRST} ({@code snapshot-id} and {@code position} -1) stands for a table that
 * had no snapshot to start from yet.
 */
final class StreamOffset extends Offset {
  static final int VERSION = 1;
  static final StreamOffset BEFORE_FIRST = new StreamOffset(-1, -1);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final long snapshotId;
  private final long position;

  StreamOffset(long snapshotId, long position) {
    if (position < -1 || (position == -1) != (snapshotId == -1)) {
      throw new IllegalArgumentException(
          "Invalid stream offset: snapshot " + snapshotId + ", position " + position);
    }
    this.snapshotId = snapshotId;
    this.position = position;
  }

  long snapshotId() {
    return snapshotId;
  }

  long position() {
    return position;
  }

  boolean isBeforeFirst() {
    return snapshotId == -1;
  }

  @Override
  public String json() {
    return "{\"floe-offset-version\":"
        + VERSION
        + ",\"snapshot-id\":"
        + snapshotId
        + ",\"position\":"
        + position
        + "}";
  }

  /**
   * The offset a checkpoint recorded.
   *
   * @throws InvalidRequestException for JSON that is not a Floe offset (another source's
   *     checkpoint), or of a version this release cannot read
   */
  static StreamOffset fromJson(String json) {
    JsonNode node;
    try {
      node = JSON.readTree(json);
    } catch (IOException notJson) {
      throw notAnOffset(json, notJson);
    }
    if (node == null
        || !node.path("floe-offset-version").canConvertToInt()
        || !node.path("snapshot-id").isIntegralNumber()
        || !node.path("position").isIntegralNumber()) {
      throw notAnOffset(json, null);
    }
    int version = node.get("floe-offset-version").asInt();
    if (version != VERSION) {
      throw new InvalidRequestException(
          "Cannot read the stream offset "
              + json
              + ": it is of version "
              + version
              + ", this Floe reads version "
              + VERSION
              + "; resume the query with the Floe release that wrote its checkpoint");
    }
    try {
      return new StreamOffset(node.get("snapshot-id").asLong(), node.get("position").asLong());
    } catch (IllegalArgumentException invalid) {
      throw notAnOffset(json, invalid);
    }
  }

  private static InvalidRequestException notAnOffset(String json, Exception cause) {
    return new InvalidRequestException(
        "Cannot read the stream offset "
            + json
            + ": not a Floe offset ({\"floe-offset-version\":1,\"snapshot-id\":...,"
            + "\"position\":...}); was the checkpoint written by another source?",
        cause);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StreamOffset offset
        && offset.snapshotId == snapshotId
        && offset.position == position;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(snapshotId) * 31 + Long.hashCode(position);
  }

  @Override
  public String toString() {
    return json();
  }
}
