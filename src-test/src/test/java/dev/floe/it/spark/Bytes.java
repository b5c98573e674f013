package dev.floe.it.spark;

import java.util.HexFormat;

/** A binary value compared by content (a {@code byte[]} is equal only to itself), shown in hex. */
record Bytes(String hex) {
  Bytes(byte[] bytes) {
    this(HexFormat.of().formatHex(bytes));
  }

  @Override
  public String toString() {
    return "X'" + hex + "'";
  }
}
