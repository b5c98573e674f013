package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.BINARY;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I16;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I32;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I64;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.LIST;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STOP;

import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;

/**
 * Typed reads of a Thrift struct's fields over a {@link ThriftCompactReader}: each checks the
 * field's wire type first, so a field of an unexpected type is malformed input, not a misread.
 * Shared by the footer's decoders ({@link FooterDecoder}, {@link SchemaDecoder}, {@link
 * RowGroupDecoder}).
 */
final class ThriftFieldReader {
  private final ThriftCompactReader thrift;

  ThriftFieldReader(ThriftCompactReader thrift) {
    this.thrift = thrift;
  }

  /** A struct field read by a field decoder. */
  interface FieldDecoder {
    /** Reads field {@code id} if it knows it (the wire type checked), else returns false. */
    boolean read(int id);
  }

  void struct(FieldDecoder fields) {
    thrift.beginStruct();
    int id;
    while ((id = thrift.nextField()) != STOP) {
      if (!fields.read(id)) {
        thrift.skipField();
      }
    }
    thrift.endStruct();
  }

  void expect(int id, int wireType) {
    int actual = thrift.fieldType();
    boolean booleanField =
        wireType == ThriftCompactReader.TRUE
            && (actual == ThriftCompactReader.TRUE || actual == ThriftCompactReader.FALSE);
    boolean compatibleInteger = (wireType == I32 || wireType == I16) && actual == I16;
    if (actual != wireType && !booleanField && !compatibleInteger) {
      throw new ThriftException("field " + id + " has wire type " + actual + ", not " + wireType);
    }
  }

  int i32(int id) {
    expect(id, I32);
    return thrift.readI32();
  }

  long i64(int id) {
    expect(id, I64);
    return thrift.readI64();
  }

  boolean bool(int id) {
    expect(id, ThriftCompactReader.TRUE);
    return thrift.fieldBoolean();
  }

  String string(int id) {
    expect(id, BINARY);
    return thrift.readString();
  }

  byte[] binary(int id) {
    expect(id, BINARY);
    return thrift.readBinary();
  }

  int list(int id, int elementType) {
    expect(id, LIST);
    int size = thrift.readListBegin();
    if (size > 0 && thrift.fieldType() != elementType) {
      throw new ThriftException(
          "list field " + id + " holds wire type " + thrift.fieldType() + ", not " + elementType);
    }
    return size;
  }

  String readString() {
    return thrift.readString();
  }

  byte readByte() {
    return thrift.readByte();
  }

  /** Skips the current field, whatever it holds. */
  void skipField() {
    thrift.skipField();
  }
}
