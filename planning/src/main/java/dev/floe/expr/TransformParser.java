package dev.floe.expr;

/** Reads a transform's spec text. */
final class TransformParser {
  private TransformParser() {}

  static Transform parse(String text) {
    return switch (text) {
      case "identity" -> IdentityTransform.INSTANCE;
      case "void" -> VoidTransform.INSTANCE;
      default -> new UnknownTransform(text);
    };
  }
}
