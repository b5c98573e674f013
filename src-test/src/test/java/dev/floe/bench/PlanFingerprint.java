package dev.floe.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which data files a plan holds and which delete files each one carries, compared exactly between
 * two planners before any figure is taken. Each file's delete files are kept as a count and an
 * order-independent 64-bit digest of their locations, so a plan of 100,000 files with 50 deletes
 * each fits in memory.
 */
final class PlanFingerprint {
  private static final int DIFFERENCES_SHOWN = 5;

  private final Map<String, DeleteSet> deletesByDataFile = new HashMap<>();

  /** Adds one planned data file; fails if the plan holds the same data file twice. */
  void add(String dataFileLocation, List<String> deleteFileLocations) {
    long digest = 0;
    for (String location : deleteFileLocations) {
      digest += mix(hash(location));
    }
    DeleteSet previous =
        deletesByDataFile.put(dataFileLocation, new DeleteSet(deleteFileLocations.size(), digest));
    if (previous != null) {
      throw new IllegalStateException("The plan holds data file " + dataFileLocation + " twice");
    }
  }

  int dataFiles() {
    return deletesByDataFile.size();
  }

  /**
   * Fails loudly, naming the first differences, unless this plan holds exactly the oracle's data
   * files with the same delete files each.
   */
  void requireSameAs(PlanFingerprint oracle, String planner, String oracleName, String table) {
    List<String> differences = new ArrayList<>();
    for (String location : new TreeSet<>(oracle.deletesByDataFile.keySet())) {
      DeleteSet expected = oracle.deletesByDataFile.get(location);
      DeleteSet actual = deletesByDataFile.get(location);
      if (actual == null) {
        differences.add("missing data file " + location);
      } else if (!actual.equals(expected)) {
        differences.add(
            location
                + " has "
                + actual.count()
                + " delete files, "
                + oracleName
                + " gives "
                + expected.count()
                + (actual.count() == expected.count() ? " (different ones)" : ""));
      }
    }
    for (String location : new TreeSet<>(deletesByDataFile.keySet())) {
      if (!oracle.deletesByDataFile.containsKey(location)) {
        differences.add("extra data file " + location);
      }
    }
    if (!differences.isEmpty()) {
      throw new IllegalStateException(
          planner
              + " and "
              + oracleName
              + " planned table '"
              + table
              + "' differently ("
              + differences.size()
              + " differences; "
              + dataFiles()
              + " vs "
              + oracle.dataFiles()
              + " data files), first: "
              + String.join(
                  "; ", differences.subList(0, Math.min(DIFFERENCES_SHOWN, differences.size())))
              + ". A benchmark of a wrong plan is worthless: fix the plan first");
    }
  }

  /** FNV-1a over the UTF-16 code units: stable across runs, unlike identity hashes. */
  private static long hash(String text) {
    long hash = 0xcbf29ce484222325L;
    for (int index = 0; index < text.length(); index++) {
      hash ^= text.charAt(index);
      hash *= 0x100000001b3L;
    }
    return hash;
  }

  /** A finalizer so that summing digests of similar paths does not cancel out (SplitMix64). */
  private static long mix(long value) {
    long mixed = (value ^ (value >>> 30)) * 0xbf58476d1ce4e5b9L;
    mixed = (mixed ^ (mixed >>> 27)) * 0x94d049bb133111ebL;
    return mixed ^ (mixed >>> 31);
  }

  private record DeleteSet(int count, long digest) {}
}
