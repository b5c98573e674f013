package dev.floe.cli;

/** What the command line asks for. */
sealed interface CliCommand permits CliCommand.Help, PlanCommand {

  /** {@code floe help}, {@code --help} or {@code -h} anywhere: print the usage text. */
  enum Help implements CliCommand {
    INSTANCE
  }
}
