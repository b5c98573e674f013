package dev.floe.catalog;

/** Time as the REST client sees it, so tests can expire tokens and back off without waiting. */
interface RestClock {
  RestClock SYSTEM =
      new RestClock() {
        @Override
        public long millis() {
          return System.currentTimeMillis();
        }

        @Override
        public void sleep(long millis) throws InterruptedException {
          Thread.sleep(millis);
        }
      };

  long millis();

  void sleep(long millis) throws InterruptedException;
}
