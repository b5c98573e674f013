package dev.floe.catalog;

/** What a catalog answered: the status and the body text (empty when there was none). */
record RestResponse(int status, String body) {
  RestResponse {
    body = body == null ? "" : body;
  }

  boolean isSuccess() {
    return status >= 200 && status < 300;
  }
}
