package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TestRatioChart {
  private static final RatioChart.Bar FASTER =
      new RatioChart.Bar("lineitem: Q1 aggregate", 0.5, 0.8, 0.6);
  private static final RatioChart.Bar SLOWER =
      new RatioChart.Bar("nested: full read (noop)", 1.4, 2.5);
  private static final RatioChart.Bar WITH_DELETES =
      new RatioChart.Bar("v3 deletion vectors 10%: COUNT(*) <fast> & \"pushed\"", 0.04, Double.NaN);
  private static final List<RatioChart.Target> TARGETS =
      List.of(
          new RatioChart.Target(1.1, "Floe/Spark Parquet target"),
          new RatioChart.Target(0.9, "Floe/Iceberg target"),
          new RatioChart.Target(0.7, "Floe/Iceberg target, with deletes"));

  @Test
  void drawsABarPerCaseAndReaderThatHasAFigure() throws Exception {
    Document chart =
        parse(new RatioChart("ratios", List.of(FASTER, SLOWER, WITH_DELETES), TARGETS));

    assertThat(elements(chart, "rect", "bar floe-iceberg"))
        .as("a Floe/Iceberg bar for each of the three cases")
        .hasSize(3);
    assertThat(elements(chart, "rect", "bar floe-spark-parquet"))
        .as("no Spark Parquet bar where the case has no figure (NaN)")
        .hasSize(2);
    assertThat(elements(chart, "rect", "bar floe-comet"))
        .as("a Floe/Comet bar only where Comet has a figure")
        .hasSize(1);
    assertThat(texts(chart, "case"))
        .as("every case labelled, escaped text read back intact")
        .containsExactly(FASTER.label(), SLOWER.label(), WITH_DELETES.label());
    assertThat(texts(chart, "value"))
        .as("each bar carries its ratio")
        .containsExactly("0.50", "0.80", "0.60", "1.40", "2.50", "0.04");
  }

  @Test
  void drawsAndLabelsEveryTargetLine() throws Exception {
    Document chart = parse(new RatioChart("ratios", List.of(FASTER), TARGETS));

    assertThat(elements(chart, "line", "target")).as("one dashed line per target").hasSize(3);
    assertThat(texts(chart, "target-label"))
        .as("labelled with ratio and meaning")
        .containsExactly(
            "1.1: Floe/Spark Parquet target",
            "0.9: Floe/Iceberg target",
            "0.7: Floe/Iceberg target, with deletes");
  }

  @Test
  void keepsTargetLabelsInsideTheImage() throws Exception {
    Document chart = parse(new RatioChart("ratios", List.of(FASTER), TARGETS));
    double width = Double.parseDouble(chart.getDocumentElement().getAttribute("width"));

    for (Element label : elements(chart, "text", "target-label")) {
      double x = Double.parseDouble(label.getAttribute("x"));
      boolean leftwards = label.getAttribute("text-anchor").equals("end");
      assertThat(leftwards ? x : x + label.getTextContent().length() * 6.8)
          .as("label '%s' ends inside the %s-pixel image", label.getTextContent(), width)
          .isLessThanOrEqualTo(width);
    }
  }

  @Test
  void aFasterBarEndsLeftOfParityAndASlowerOneStartsThere() throws Exception {
    Document chart = parse(new RatioChart("ratios", List.of(FASTER, SLOWER), List.of()));
    double parity = Double.parseDouble(elements(chart, "line", "parity").get(0).getAttribute("x1"));
    List<Element> bars = elements(chart, "rect", "bar floe-iceberg");
    Element faster = bars.get(0);
    Element slower = bars.get(1);

    double fasterRight =
        Double.parseDouble(faster.getAttribute("x"))
            + Double.parseDouble(faster.getAttribute("width"));
    assertThat(fasterRight).as("0.5x: bar from the ratio to parity").isCloseTo(parity, within());
    assertThat(Double.parseDouble(slower.getAttribute("x")))
        .as("1.4x: bar from parity to the right")
        .isCloseTo(parity, within());
  }

  @Test
  void rejectsWhatIsNotARatio() {
    assertThatThrownBy(() -> new RatioChart.Bar("q", 0, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a time ratio for 'q': 0.0");
    assertThatThrownBy(() -> new RatioChart.Bar("q", 1, 1, -2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a time ratio for 'q': -2.0");
    assertThatThrownBy(() -> new RatioChart.Target(Double.NaN, "t"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a target ratio for 't'");
    assertThatThrownBy(() -> new RatioChart("ratios", List.of(), TARGETS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A ratio chart needs at least one case");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(0.2);
  }

  private static Document parse(RatioChart chart) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document document =
        factory
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(chart.svg().getBytes(StandardCharsets.UTF_8)));
    assertThat(document.getDocumentElement().getLocalName()).as("an SVG document").isEqualTo("svg");
    return document;
  }

  private static List<Element> elements(Document document, String tag, String className) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = document.getElementsByTagNameNS("*", tag);
    for (int index = 0; index < nodes.getLength(); index++) {
      Element element = (Element) nodes.item(index);
      if (element.getAttribute("class").equals(className)) {
        found.add(element);
      }
    }
    return found;
  }

  private static List<String> texts(Document document, String className) {
    return elements(document, "text", className).stream().map(Element::getTextContent).toList();
  }
}
