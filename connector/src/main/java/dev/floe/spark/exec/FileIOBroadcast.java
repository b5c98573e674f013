package dev.floe.spark.exec;

import dev.floe.io.FileIO;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * A table's {@link FileIO} broadcast to the executors as its Java serialization.
 *
 * <p>Spark serializes a broadcast's value with the configured serializer, and under {@code
 * spark.serializer=org.apache.spark.serializer.KryoSerializer} Floe's file access does not survive
 * that: Kryo rebuilds the JDK's immutable map inside {@code HadoopFileIO} by calling {@code put}
 * ({@code UnsupportedOperationException}), and with {@code spark.kryo.registrationRequired=true}
 * every Floe class is refused ("Class is not registered: dev.floe.io.LocalFileIO"). A byte array is
 * one of the classes Spark's Kryo registers itself, so broadcasting bytes works with every
 * serializer setting, and no user has to configure a registrator for Floe.
 *
 * <p>Readers and functions that run on executors hold this (Java-serialized with them, a few bytes:
 * the broadcast's id) and call {@link #value()}. Every task of an executor gets the same cached
 * bytes from the block manager; they are deserialized once per executor JVM (keyed by the array's
 * identity, dropped with it), so a Hadoop file access builds its configuration once, as a plain
 * broadcast's value would.
 */
public final class FileIOBroadcast implements Serializable {
  private static final long serialVersionUID = 2L;

  private static final Map<byte[], FileIO> DESERIALIZED =
      Collections.synchronizedMap(new WeakHashMap<>());

  private final Broadcast<byte[]> serialized;

  private FileIOBroadcast(Broadcast<byte[]> serialized) {
    this.serialized = serialized;
  }

  /** Broadcasts {@code io} in the session's Spark context. */
  public static FileIOBroadcast of(SparkSession spark, FileIO io) {
    return new FileIOBroadcast(
        JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(serialize(io)));
  }

  /** The file access, deserialized at most once per JVM. */
  public FileIO value() {
    return DESERIALIZED.computeIfAbsent(serialized.value(), FileIOBroadcast::deserialize);
  }

  public static byte[] serialize(FileIO io) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(io);
    } catch (IOException failure) {
      throw new IllegalStateException(
          "Cannot serialize the file access " + io.getClass().getName() + " to broadcast it",
          failure);
    }
    return bytes.toByteArray();
  }

  public static FileIO deserialize(byte[] bytes) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return (FileIO) in.readObject();
    } catch (IOException | ClassNotFoundException failure) {
      throw new IllegalStateException(
          "Cannot deserialize the broadcast file access ("
              + bytes.length
              + " bytes): is the same Floe jar on the driver and the executors?",
          failure);
    }
  }
}
