package dev.floe.spark.source;

import dev.floe.FileReadException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Keeps a stream's first offset in its checkpoint ({@value #FILE_NAME} in the directory Spark gives
 * the source), so that a query restarted before its first batch committed starts where it first
 * decided to, even if the table's oldest snapshot has expired or newer ones were committed since:
 * Spark asks a source for its initial offset again on every start until a batch has committed.
 */
final class InitialOffsetStore {
  static final String FILE_NAME = "floe-initial-offset.json";

  private final Path file;
  private final Configuration hadoopConf;

  InitialOffsetStore(String checkpointLocation, Configuration hadoopConf) {
    this.file = new Path(checkpointLocation, FILE_NAME);
    this.hadoopConf = hadoopConf;
  }

  /** The offset the checkpoint holds, else {@code decide}'s, written to the checkpoint first. */
  StreamOffset initialOffset(Supplier<StreamOffset> decide) {
    try {
      FileSystem fs = file.getFileSystem(hadoopConf);
      if (fs.exists(file)) {
        return read(fs);
      }
      StreamOffset offset = decide.get();
      try (OutputStream out = fs.create(file, false)) {
        out.write(offset.json().getBytes(StandardCharsets.UTF_8));
      } catch (FileAlreadyExistsException raced) {
        return read(fs);
      }
      return offset;
    } catch (IOException failed) {
      throw new FileReadException(
          "Cannot read or write the initial offset of the stream at " + file + ": " + failed,
          failed);
    }
  }

  private StreamOffset read(FileSystem fs) throws IOException {
    try (InputStream in = fs.open(file)) {
      return StreamOffset.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
