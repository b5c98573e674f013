package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Expression;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.table.MetadataColumns;
import dev.floe.table.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFloeInputPartition {
  private static final Schema PROJECTION = TestTaskConstants.projection(MetadataColumns.FILE_PATH);

  private static final ScanTaskGroup GROUP =
      new ScanTaskGroup(
          List.of(
              new FileScanTask(
                  TestTaskConstants.file(0, 7), List.of(), Expression.alwaysTrue(), 0, 100),
              new FileScanTask(
                  TestTaskConstants.file(1, 8, "ab"), List.of(), Expression.alwaysTrue(), 0, 60)),
          160);

  private static FloeInputPartition partition() {
    return new FloeInputPartition(
        GROUP, new TaskConstants(TestTaskConstants.METADATA, PROJECTION), PROJECTION);
  }

  @Test
  void anExecutorGetsTheGroupsTasksWithTheirConstants() throws Exception {
    FloeInputPartition shipped = roundTrip(partition());

    List<ReadTask> tasks =
        TaskCodec.decodeTasks(
            shipped.tasks(),
            new ScanContext("t", TestTaskConstants.METADATA.schema(), PROJECTION, null, 1024, 0));
    assertThat(tasks).extracting(ReadTask::task).isEqualTo(GROUP.tasks());
    assertThat(tasks.get(1).constants())
        .as("the identity partition value and _file, computed on the driver")
        .containsEntry(1, 8L)
        .containsEntry(MetadataColumns.FILE_PATH_ID, "/t/data/f1.parquet");
    assertThat(shipped.taskCount()).isEqualTo(2);
    assertThat(roundTrip(shipped).tasks())
        .as("a partition shipped again carries the same bytes")
        .isEqualTo(shipped.tasks());
  }

  @Test
  void theDriverEncodesTheSameBytesEachTimeItShips() throws Exception {
    FloeInputPartition onTheDriver = partition();

    assertThat(serialize(onTheDriver)).isEqualTo(serialize(onTheDriver));
    assertThat(roundTrip(onTheDriver).tasks()).isEqualTo(onTheDriver.tasks());
  }

  private static FloeInputPartition roundTrip(FloeInputPartition partition) throws Exception {
    return deserialize(serialize(partition));
  }

  private static byte[] serialize(FloeInputPartition partition) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(partition);
    }
    return bytes.toByteArray();
  }

  private static FloeInputPartition deserialize(byte[] bytes) throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return (FloeInputPartition) in.readObject();
    }
  }
}
