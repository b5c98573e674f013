package dev.floe.io;

import java.util.Iterator;

/** An iterator over a resource (an open file); close it when done, also on early exit. */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {
  @Override
  void close();
}
