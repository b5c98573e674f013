package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.error;
import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CatalogException;
import dev.floe.catalog.FakeCatalogServer.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class TestRestCatalogListing {
  /** accounting.tax as one path segment: levels joined by the encoded unit separator. */
  private static final String ACCOUNTING_TAX = "v1/namespaces/accounting%1Ftax";

  private final FakeCatalogServer server = new FakeCatalogServer();
  private RestCatalog catalog;

  @BeforeEach
  void connect() {
    server.servingEmptyConfig();
    catalog = RestCatalog.connect("prod", Map.of("uri", server.uri()));
  }

  @AfterEach
  void stop() {
    catalog.close();
    server.close();
  }

  @Test
  void listsTopLevelNamespaces() {
    server.on(
        "GET", "v1/namespaces", request -> json("{\"namespaces\": [[\"accounting\"], [\"hr\"]]}"));

    assertThat(catalog.listNamespaces(List.of()))
        .containsExactly(List.of("accounting"), List.of("hr"));
    assertThat(server.requests("GET", "v1/namespaces").get(0).query())
        .as("no parent at the top level")
        .doesNotContainKey("parent");
  }

  @Test
  void listsNestedNamespacesUnderAParentJoinedByTheUnitSeparator() {
    server.on(
        "GET",
        "v1/namespaces",
        request ->
            request.query().get("parent").equals("accounting\u001Ftax")
                ? json("{\"namespaces\": [[\"accounting\", \"tax\", \"2024\"]]}")
                : error(400, "BadRequestException", "unexpected parent"));

    assertThat(catalog.listNamespaces(List.of("accounting", "tax")))
        .containsExactly(List.of("accounting", "tax", "2024"));
  }

  @Test
  void followsNamespacePagesUntilThereIsNoNextToken() {
    server.on(
        "GET",
        "v1/namespaces",
        request ->
            switch (request.query().get("pageToken")) {
              case "" -> json("{\"namespaces\": [[\"a\"], [\"b\"]], \"next-page-token\": \"p2\"}");
              case "p2" -> json("{\"namespaces\": [[\"c\"]], \"next-page-token\": \"p3\"}");
              case "p3" -> json("{\"namespaces\": [[\"d\"]], \"next-page-token\": null}");
              default -> error(400, "BadRequestException", "bad token");
            });

    assertThat(catalog.listNamespaces(List.of()))
        .as("every page, in order")
        .containsExactly(List.of("a"), List.of("b"), List.of("c"), List.of("d"));
    assertThat(server.requests("GET", "v1/namespaces")).hasSize(3);
  }

  @Test
  void stopsAServerThatRepeatsItsPageToken() {
    server.on(
        "GET",
        "v1/namespaces",
        request -> json("{\"namespaces\": [[\"a\"]], \"next-page-token\": \"again\"}"));

    assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/v1/namespaces")
        .hasMessageContaining("already returned")
        .hasMessageContaining("the listing would never end");
  }

  @Test
  @Timeout(30)
  void stopsAServerWhosePageTokensGoRoundInACycle() {
    server.on(
        "GET",
        "v1/namespaces",
        request ->
            switch (request.query().get("pageToken")) {
              case "" -> json("{\"namespaces\": [[\"a\"]], \"next-page-token\": \"A\"}");
              case "A" -> json("{\"namespaces\": [[\"b\"]], \"next-page-token\": \"B\"}");
              case "B" -> json("{\"namespaces\": [[\"c\"]], \"next-page-token\": \"A\"}");
              default -> error(400, "BadRequestException", "bad token");
            });

    assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/v1/namespaces returned a next-page-token")
        .hasMessageContaining("the listing would never end");
    assertThat(server.requests("GET", "v1/namespaces"))
        .as("the first token that comes back again ends the listing")
        .hasSize(3);
  }

  @Test
  void listingUnderAMissingParentFails() {
    server.on(
        "GET",
        "v1/namespaces",
        request -> error(404, "NoSuchNamespaceException", "Namespace does not exist: nope"));

    assertThatThrownBy(() -> catalog.listNamespaces(List.of("nope")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: cannot list the namespaces under nope")
        .extracting(failure -> ((CatalogException) failure).status())
        .isEqualTo(404);
  }

  @Test
  void listingUnderAParentThatAProxyCannotFindFailsWithItsPage() {
    server.on("GET", "v1/namespaces", request -> new Reply(404, "<html>Not Found</html>"));

    assertThatThrownBy(() -> catalog.listNamespaces(List.of("db")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "Catalog prod: GET /catalog/v1/namespaces failed with HTTP 404, body:"
                + " '<html>Not Found</html>'")
        .extracting(failure -> ((CatalogException) failure).status())
        .isEqualTo(404);
  }

  @Test
  void readsNamespaceProperties() {
    server.on(
        "GET",
        ACCOUNTING_TAX,
        request ->
            json(
                "{\"namespace\": [\"accounting\", \"tax\"],"
                    + " \"properties\": {\"owner\": \"finance\"}}"));

    assertThat(catalog.namespaceProperties(List.of("accounting", "tax")))
        .hasValue(Map.of("owner", "finance"));
    assertThat(catalog.namespaceExists(List.of("accounting", "tax"))).isTrue();
  }

  @Test
  void aMissingNamespaceHasNoPropertiesAndDoesNotExist() {
    server.on(
        "GET",
        "v1/namespaces/nope",
        request -> error(404, "NoSuchNamespaceException", "Namespace does not exist: nope"));

    assertThat(catalog.namespaceProperties(List.of("nope"))).as("404: empty").isEmpty();
    assertThat(catalog.namespaceExists(List.of("nope"))).isFalse();
  }

  @Test
  void encodesNamespaceLevelsAsPathSegments() {
    server.on(
        "GET", "v1/namespaces/sales%20eu%1Fq%2F1/tables", request -> json("{\"identifiers\": []}"));

    assertThat(catalog.listTables(List.of("sales eu", "q/1")))
        .as("a space is %20, a slash %2F, levels joined by %1F")
        .hasValue(List.of());
  }

  @Test
  void listsTablesOverEveryPage() {
    server.on(
        "GET",
        ACCOUNTING_TAX + "/tables",
        request ->
            request.query().get("pageToken").isEmpty()
                ? json(
                    "{\"identifiers\": [{\"namespace\": [\"accounting\", \"tax\"], \"name\":"
                        + " \"paid\"}], \"next-page-token\": \"more\"}")
                : json(
                    "{\"identifiers\": [{\"namespace\": [\"accounting\", \"tax\"], \"name\":"
                        + " \"owed\"}]}"));

    assertThat(catalog.listTables(List.of("accounting", "tax"))).hasValue(List.of("paid", "owed"));
  }

  @Test
  void asksForPagesOfTheConfiguredSize() {
    server
        .on(
            "GET",
            "v1/config",
            request -> json("{\"defaults\": {\"rest-page-size\": \"2\"}, \"overrides\": {}}"))
        .on("GET", "v1/namespaces/db/tables", request -> json("{\"identifiers\": []}"));

    try (RestCatalog paged = RestCatalog.connect("paged", Map.of("uri", server.uri()))) {
      paged.listTables(List.of("db"));
    }

    assertThat(server.requests("GET", "v1/namespaces/db/tables").get(0).query())
        .containsEntry("pageSize", "2");
  }

  @Test
  void listingTablesOfAMissingNamespaceIsEmpty() {
    server.on(
        "GET",
        "v1/namespaces/nope/tables",
        request -> error(404, "NoSuchNamespaceException", "Namespace does not exist: nope"));

    assertThat(catalog.listTables(List.of("nope"))).as("404: empty").isEmpty();
  }

  @Test
  void aNotFoundThatIsNotTheSpecsErrorModelFails() {
    server.on("GET", "v1/namespaces/db/tables", request -> new Reply(404, "<html>nginx</html>"));

    assertThatThrownBy(() -> catalog.listTables(List.of("db")))
        .as("a proxy's 404 is not an empty namespace")
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "Catalog prod: GET /catalog/v1/namespaces/db/tables failed with HTTP 404, body:"
                + " '<html>nginx</html>'")
        .extracting(failure -> ((CatalogException) failure).status())
        .isEqualTo(404);
  }

  @Test
  void aNotFoundOfAnotherErrorTypeFails() {
    server.on(
        "GET",
        ACCOUNTING_TAX,
        request -> error(404, "NotFoundException", "No route for /catalog/v1/namespaces"));

    assertThatThrownBy(() -> catalog.namespaceProperties(List.of("accounting", "tax")))
        .as("only NoSuchNamespaceException means the namespace does not exist")
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "failed with HTTP 404 (NotFoundException): No route for /catalog/v1/namespaces");
  }

  @Test
  void aTableIdentifierWithoutANameIsMalformed() {
    server.on(
        "GET",
        "v1/namespaces/db/tables",
        request -> json("{\"identifiers\": [{\"namespace\": [\"db\"]}]}"));

    assertThatThrownBy(() -> catalog.listTables(List.of("db")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/v1/namespaces/db/tables")
        .hasMessageContaining("an item of 'identifiers' without a name (fields: [namespace])");
  }

  @Test
  void aPageWithoutItsListIsMalformed() {
    server.on("GET", "v1/namespaces/db/tables", request -> json("{\"tables\": []}"));

    assertThatThrownBy(() -> catalog.listTables(List.of("db")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/v1/namespaces/db/tables")
        .hasMessageContaining("without the 'identifiers' list (fields: [tables])");
  }
}
