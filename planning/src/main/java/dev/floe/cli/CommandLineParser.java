package dev.floe.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns arguments into a {@link CliCommand}. Options take their value as the next argument or after
 * {@code =} ({@code --ref first} or {@code --ref=first}); {@code --verbose} may stand anywhere and
 * is left to {@link FloeCli}.
 */
final class CommandLineParser {
  static final String VERBOSE = "--verbose";

  private static final Set<String> HELP = Set.of("help", "--help", "-h");
  private static final String SNAPSHOT_ID = "--snapshot-id";
  private static final String REF = "--ref";
  private static final String AS_OF_TIMESTAMP = "--as-of-timestamp";
  private static final String SPLIT_SIZE = "--split-size";
  private static final String FILTER_JSON = "--filter-json";
  private static final String MAX_SKIPPED = "--max-skipped";
  private static final int DEFAULT_MAX_SKIPPED = 20;

  private CommandLineParser() {}

  static CliCommand parse(List<String> arguments) throws UsageException {
    List<String> remaining = new ArrayList<>();
    for (String argument : arguments) {
      if (HELP.contains(argument)) {
        return CliCommand.Help.INSTANCE;
      }
      if (!argument.equals(VERBOSE)) {
        remaining.add(argument);
      }
    }
    if (remaining.isEmpty()) {
      throw new UsageException("missing command");
    }
    String command = remaining.get(0);
    PlanCommand.Mode mode =
        switch (command) {
          case "plan" -> PlanCommand.Mode.PLAN;
          case "explain" -> PlanCommand.Mode.EXPLAIN;
          default -> throw new UsageException("unknown command '" + command + "'");
        };
    return parsePlan(mode, remaining.subList(1, remaining.size()));
  }

  private static PlanCommand parsePlan(PlanCommand.Mode mode, List<String> arguments)
      throws UsageException {
    PlanOptions options = new PlanOptions(mode);
    String table = null;
    for (int position = 0; position < arguments.size(); position++) {
      String argument = arguments.get(position);
      if (!argument.startsWith("-")) {
        if (table != null) {
          throw new UsageException("unexpected argument '" + argument + "' after table " + table);
        }
        table = argument;
        continue;
      }
      int equals = argument.indexOf('=');
      String name = equals < 0 ? argument : argument.substring(0, equals);
      String value;
      if (equals >= 0) {
        value = argument.substring(equals + 1);
      } else if (position + 1 < arguments.size()
          && (!arguments.get(position + 1).startsWith("--") || name.equals(FILTER_JSON))) {
        value = arguments.get(++position);
      } else {
        value = null;
      }
      options.set(name, value);
    }
    if (table == null) {
      throw new UsageException(
          options.command() + " needs a <table>: a table directory, URI or metadata file");
    }
    return options.command(table);
  }

  /** The options of a plan or explain command, each checked as it is given. */
  private static final class PlanOptions {
    private final PlanCommand.Mode mode;
    private String filterJson;
    private Long maxSkipped;
    private Long snapshotId;
    private String ref;
    private Long asOfTimestamp;
    private Long splitSize;
    // the option that chose the snapshot, if one did
    private String selector;

    PlanOptions(PlanCommand.Mode mode) {
      this.mode = mode;
    }

    String command() {
      return mode == PlanCommand.Mode.PLAN ? "plan" : "explain";
    }

    void set(String name, String value) throws UsageException {
      switch (name) {
        case SNAPSHOT_ID, REF, AS_OF_TIMESTAMP -> selectSnapshot(name, required(name, value));
        case SPLIT_SIZE -> {
          if (splitSize != null) {
            throw new UsageException(SPLIT_SIZE + " is given twice");
          }
          splitSize = number(name, required(name, value));
          if (splitSize <= 0) {
            throw new UsageException(SPLIT_SIZE + " must be a positive number of bytes");
          }
        }
        case FILTER_JSON -> {
          if (filterJson != null) {
            throw new UsageException(FILTER_JSON + " is given twice");
          }
          filterJson = required(name, value);
        }
        case MAX_SKIPPED -> {
          if (mode != PlanCommand.Mode.EXPLAIN) {
            throw new UsageException(MAX_SKIPPED + " applies only to explain");
          }
          maxSkipped = number(name, required(name, value));
          if (maxSkipped < 0 || maxSkipped > Integer.MAX_VALUE) {
            throw new UsageException(
                MAX_SKIPPED + " must be a number from 0 to " + Integer.MAX_VALUE);
          }
        }
        default -> throw new UsageException("unknown option '" + name + "' for " + command());
      }
    }

    private void selectSnapshot(String name, String given) throws UsageException {
      if (selector != null) {
        throw new UsageException(
            "give at most one of --snapshot-id, --ref and --as-of-timestamp (got "
                + selector
                + " and "
                + name
                + ")");
      }
      selector = name;
      if (name.equals(SNAPSHOT_ID)) {
        snapshotId = number(name, given);
      } else if (name.equals(REF)) {
        ref = given;
      } else {
        asOfTimestamp = number(name, given);
      }
    }

    PlanCommand command(String table) {
      return new PlanCommand(
          mode,
          table,
          snapshotId,
          ref,
          asOfTimestamp,
          splitSize,
          filterJson,
          maxSkipped == null ? DEFAULT_MAX_SKIPPED : maxSkipped.intValue());
    }
  }

  private static String required(String name, String value) throws UsageException {
    if (value == null || value.isEmpty()) {
      throw new UsageException(name + " needs a value");
    }
    return value;
  }

  private static long number(String name, String value) throws UsageException {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new UsageException(name + " expects a whole number, got '" + value + "'", e);
    }
  }
}
