package dev.floe.spark.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.junit.jupiter.api.Test;

/** The offsets a stream writes to its checkpoint, and the read limits Spark hands it. */
class TestStreamOffset {
  private static final StreamOffset MID_SNAPSHOT = new StreamOffset(3055729675574597004L, 2);

  @Test
  void jsonIsVersionedAndReadsBack() {
    assertThat(MID_SNAPSHOT.json())
        .isEqualTo(
            "{\"floe-offset-version\":1,\"snapshot-id\":3055729675574597004,\"position\":2}");
    assertThat(StreamOffset.fromJson(MID_SNAPSHOT.json())).isEqualTo(MID_SNAPSHOT);
    assertThat(StreamOffset.fromJson(StreamOffset.BEFORE_FIRST.json()).isBeforeFirst())
        .as("the offset of a table without snapshots reads back as such")
        .isTrue();
  }

  @Test
  void equalOffsetsAreEqualToSpark() {
    assertThat(new StreamOffset(7, 0)).isEqualTo(new StreamOffset(7, 0)).isNotEqualTo(MID_SNAPSHOT);
    assertThat(new StreamOffset(7, 0).hashCode()).isEqualTo(new StreamOffset(7, 0).hashCode());
  }

  @Test
  void keyOrderAndSpacingDoNotMatter() {
    assertThat(
            StreamOffset.fromJson(
                "{ \"position\": 2, \"snapshot-id\": 3055729675574597004,"
                    + " \"floe-offset-version\": 1 }"))
        .isEqualTo(MID_SNAPSHOT);
  }

  @Test
  void anotherSourcesOffsetIsRefused() {
    String iceberg = "{\"version\":1,\"snapshot_id\":42,\"position\":0,\"scan_all_files\":false}";
    assertThatThrownBy(() -> StreamOffset.fromJson(iceberg))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot read the stream offset "
                + iceberg
                + ": not a Floe offset ({\"floe-offset-version\":1,\"snapshot-id\":...,"
                + "\"position\":...}); was the checkpoint written by another source?");
    assertThatThrownBy(() -> StreamOffset.fromJson("not json"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith("Cannot read the stream offset not json: not a Floe offset");
  }

  @Test
  void aLaterVersionIsRefusedByName() {
    assertThatThrownBy(
            () ->
                StreamOffset.fromJson(
                    "{\"floe-offset-version\":2,\"snapshot-id\":1,\"position\":0}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("it is of version 2, this Floe reads version 1");
  }

  @Test
  void inconsistentOffsetsAreRefused() {
    assertThatThrownBy(
            () ->
                StreamOffset.fromJson(
                    "{\"floe-offset-version\":1,\"snapshot-id\":1,\"position\":-1}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("not a Floe offset");
  }

  @Test
  void readLimitsBecomeBatchLimits() {
    assertThat(FloeMicroBatchStream.batchLimit(ReadLimit.allAvailable()))
        .isEqualTo(BatchLimit.NONE);
    assertThat(FloeMicroBatchStream.batchLimit(ReadLimit.maxFiles(3)))
        .isEqualTo(new BatchLimit(3, Integer.MAX_VALUE));
    assertThat(
            FloeMicroBatchStream.batchLimit(
                ReadLimit.compositeLimit(
                    new ReadLimit[] {ReadLimit.maxRows(100), ReadLimit.maxFiles(2)})))
        .isEqualTo(new BatchLimit(2, 100));
  }

  @Test
  void aBudgetTakesFilesUpToTheLimitAndStopsAfterTheRowBound() {
    BatchLimit.Budget budget = new BatchLimit(2, 10).budget();
    assertThat(budget.takes(4)).isTrue();
    assertThat(budget.isSpent()).isFalse();
    assertThat(budget.takes(7)).as("a file passing the row bound is still taken").isTrue();
    assertThat(budget.isSpent()).isTrue();
    assertThat(budget.takes(1)).as("a third file is one too many").isFalse();
  }

  @Test
  void streamingOptionsAreChecked() {
    assertThat(StreamingReadOptions.parse(java.util.Map.of()))
        .isEqualTo(
            new StreamingReadOptions(null, Integer.MAX_VALUE, Integer.MAX_VALUE, false, false));
    assertThat(
            StreamingReadOptions.parse(
                java.util.Map.of(
                    "Stream-From-Timestamp", "1700000000000",
                    "streaming-max-files-per-micro-batch", "5",
                    "streaming-skip-delete-snapshots", "TRUE")))
        .isEqualTo(new StreamingReadOptions(1700000000000L, 5, Integer.MAX_VALUE, true, false));
    assertThatThrownBy(
            () ->
                StreamingReadOptions.parse(
                    java.util.Map.of("streaming-max-rows-per-micro-batch", "0")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("streaming-max-rows-per-micro-batch must be a positive number of rows: 0");
    assertThatThrownBy(
            () ->
                StreamingReadOptions.parse(
                    java.util.Map.of("streaming-skip-overwrite-snapshots", "yes")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Read option streaming-skip-overwrite-snapshots must be true or false, not 'yes'");
  }
}
