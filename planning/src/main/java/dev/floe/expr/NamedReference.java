package dev.floe.expr;

import java.util.Objects;

/** A column by its full dotted name ({@code location.city}), not yet resolved to a field id. */
public record NamedReference(String name) implements UnboundTerm {
  public NamedReference {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("A column reference needs a name");
    }
  }

  @Override
  public NamedReference reference() {
    return this;
  }

  @Override
  public String toString() {
    return name;
  }
}
