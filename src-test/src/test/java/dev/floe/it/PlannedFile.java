package dev.floe.it;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a plan says about one data file, in a form both planners can produce: the spec it was
 * written with, its sequence numbers after inheritance, its record count, its first row id (v3 row
 * lineage, else null) and the delete files that apply to it, sorted.
 */
record PlannedFile(
    int specId,
    Long dataSequenceNumber,
    Long fileSequenceNumber,
    long recordCount,
    Long firstRowId,
    List<PlannedDelete> deletes) {

  PlannedFile {
    List<PlannedDelete> sorted = new ArrayList<>(deletes);
    Collections.sort(sorted);
    deletes = List.copyOf(sorted);
  }
}
