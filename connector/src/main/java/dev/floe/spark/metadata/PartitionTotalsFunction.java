package dev.floe.spark.metadata;

import dev.floe.FileReadException;
import dev.floe.metadata.MetadataTableType;
import dev.floe.metadata.PartitionsAggregation;
import dev.floe.scan.codec.ValueCodec;
import dev.floe.spark.exec.FileIOBroadcast;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.function.Function;

/**
 * The {@code partitions} totals of one manifest, computed in a Spark task and sent back to the
 * driver as bytes ({@link ValueCodec}), since partition values (binary, say) are not all Java
 * serializable. The manifest comes as bytes too ({@link ManifestPointer#encode}): Spark hands the
 * elements of a parallelized collection to the configured serializer, which may be Kryo.
 */
final class PartitionTotalsFunction implements Function<byte[], byte[]> {
  private static final long serialVersionUID = 1L;

  private final FileIOBroadcast io;
  private final String metadataLocation;
  private final String tableName;

  PartitionTotalsFunction(FileIOBroadcast io, String metadataLocation, String tableName) {
    this.io = io;
    this.metadataLocation = metadataLocation;
    this.tableName = tableName;
  }

  @Override
  public byte[] call(byte[] encodedManifest) {
    ManifestPointer manifest = ManifestPointer.decode(encodedManifest);
    PartitionsAggregation totals =
        ExecutorMetadataTables.of(
                io.value(), metadataLocation, tableName, MetadataTableType.PARTITIONS)
            .aggregate(manifest.manifest());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      ValueCodec.write(out, totals.partialRows());
    } catch (IOException impossible) {
      throw new IllegalStateException("Cannot write to memory", impossible);
    }
    return bytes.toByteArray();
  }

  @SuppressWarnings("unchecked")
  static PartitionsAggregation decode(byte[] bytes, String manifestPath) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      List<List<Object>> rows = new ArrayList<>();
      for (Object row : (List<Object>) ValueCodec.read(in)) {
        rows.add((List<Object>) row);
      }
      return PartitionsAggregation.fromPartialRows(rows);
    } catch (IOException corrupt) {
      throw new FileReadException(
          "Cannot decode the partition totals of manifest " + manifestPath + " sent by a task",
          corrupt);
    }
  }
}
