package dev.floe.scan;

/** What a changelog row says happened to it in its commit (Iceberg's {@code _change_type}). */
public enum ChangeType {
  /** The commit removed the row. */
  DELETE,
  /** The commit added the row. */
  INSERT
}
