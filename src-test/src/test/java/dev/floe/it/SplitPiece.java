package dev.floe.it;

import java.util.Comparator;
import java.util.Objects;

/** One split of a planned data file: the byte range {@code [start, start + length)}. */
record SplitPiece(String location, long start, long length) implements Comparable<SplitPiece> {

  private static final Comparator<SplitPiece> ORDER =
      Comparator.comparing(SplitPiece::location)
          .thenComparingLong(SplitPiece::start)
          .thenComparingLong(SplitPiece::length);

  SplitPiece {
    Objects.requireNonNull(location, "location");
  }

  @Override
  public int compareTo(SplitPiece other) {
    return ORDER.compare(this, other);
  }
}
