package dev.floe.scan;

/**
 * How a scan cuts its data files into splits and packs the splits into task groups, with Iceberg's
 * names and defaults. Each resolves from the scan's own setting, else the table property, else the
 * default.
 *
 * <p>The target size is both the size a file is cut to (at its recorded row-group offsets) and the
 * weight a task group is filled to. A small scan would give fewer groups than the engine has slots
 * to run them, so when {@code adaptive} the target shrinks for it ({@link #targetFor}).
 *
 * @param targetSize {@code read.split.target-size}, bytes (128 MiB)
 * @param openFileCost {@code read.split.open-file-cost}, bytes (4 MiB): the least weight of each
 *     file a split opens
 * @param lookback {@code read.split.planning-lookback} (10): how many task groups stay open to take
 *     more splits
 * @param adaptive {@code read.split.adaptive-size.enabled} (true), and off whenever the scan itself
 *     was given a split size: whether a small scan's target may shrink
 */
public record SplitSettings(long targetSize, long openFileCost, int lookback, boolean adaptive) {
  /** The least target an adaptive shrink goes down to (unless the target size is smaller). */
  public static final long MINIMUM_ADAPTIVE_TARGET = 16L * 1024 * 1024;

  /** A scan of fewer waves than this (groups per slot) is balanced to whole waves. */
  public static final int BALANCED_WAVES = 4;

  public SplitSettings {
    if (targetSize <= 0) {
      throw new IllegalArgumentException("Target size must be positive: " + targetSize);
    }
    if (openFileCost < 0) {
      throw new IllegalArgumentException("Open file cost must not be negative: " + openFileCost);
    }
    if (lookback < 1) {
      throw new IllegalArgumentException("Lookback must be at least 1: " + lookback);
    }
  }

  /**
   * The target for a scan whose files weigh {@code scanWeight} in all (bytes read, at least the
   * open cost of each file; the heaviest {@code heaviestFile}), run by an engine with {@code
   * parallelism} slots. The target size, unless the scan is small and may adapt:
   *
   * <ul>
   *   <li>fewer groups than slots at the target size: the scan's weight shared out over the slots
   *       (Iceberg's adaptive split size), but not below {@link #MINIMUM_ADAPTIVE_TARGET}, so that
   *       a tiny scan is not cut into slivers whose overhead exceeds their reading;
   *   <li>fewer than {@link #BALANCED_WAVES} waves of groups (a wave: one group per slot): as many
   *       groups as whole waves hold, so that no slot idles while another reads a last group alone.
   *       84 files weighing 336 MiB on 2 slots make 3 groups at 128 MiB, the third read alone after
   *       the first two; at 84 MiB (plus the heaviest file, so that whole files fill each group to
   *       its share) they make 4 groups, read in two full waves.
   * </ul>
   *
   * <p>For example, 86 files of 1.1 MB with the 4 MiB open cost weigh 344 MiB: on 100 slots the
   * target becomes 16 MiB (344 MiB / 100 is below the floor), so 22 groups.
   */
  public long targetFor(long scanWeight, long heaviestFile, int parallelism) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("Parallelism must be at least 1: " + parallelism);
    }
    long groupsAtTarget = ceilingDivide(scanWeight, targetSize);
    if (!adaptive || groupsAtTarget >= (long) BALANCED_WAVES * parallelism) {
      return targetSize;
    }
    long floor = Math.min(MINIMUM_ADAPTIVE_TARGET, targetSize);
    if (groupsAtTarget < parallelism) {
      return Math.max(scanWeight / parallelism, floor);
    }
    long wholeWaves = ceilingDivide(groupsAtTarget, parallelism) * parallelism;
    long share = ceilingDivide(scanWeight, wholeWaves) + heaviestFile;
    return Math.min(targetSize, Math.max(share, floor));
  }

  private static long ceilingDivide(long dividend, long divisor) {
    return -Math.floorDiv(-dividend, divisor);
  }
}
