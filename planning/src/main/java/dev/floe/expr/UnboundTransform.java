package dev.floe.expr;

import java.util.Objects;

/** A transform of a column by name: {@code bucket[16](id)}. */
public record UnboundTransform(NamedReference reference, Transform transform)
    implements UnboundTerm {
  public UnboundTransform {
    Objects.requireNonNull(reference, "reference");
    Objects.requireNonNull(transform, "transform");
  }

  @Override
  public String toString() {
    return transform + "(" + reference + ")";
  }
}
