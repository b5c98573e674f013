package dev.floe.it;

import java.util.*;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.junit.jupiter.api.Test;

class TestScratchFilter {
  @Test
  void build() throws Exception {
    Map<String,Integer> cats = new TreeMap<>(); Set<String> seen = new HashSet<>();
    ScenarioLibrary.shared();
    long start = System.nanoTime();
    int total = 0, problems = 0, errors = 0;
    for (Scenario s : ScenarioLibrary.shared()) {
      if (!s.name().startsWith("filter-") || (s.formatVersion() != 2 && !s.name().contains("nano"))) continue;
      Schema schema = s.table().schema();
      List<Record> rows = new ArrayList<>();
      try (var r = IcebergGenerics.read(s.table()).build()) { r.forEach(x -> rows.add(x.copy())); }
      FilterGenerator g = new FilterGenerator(schema, rows, s.table().specs().values(), 1);
      List<Expression> filters = new ArrayList<>(g.systematic());
      filters.addAll(g.random(200)); System.out.println(s + " systematic " + g.systematic().size());
      SqlRowEvaluator ev = new SqlRowEvaluator(schema);
      Map<String, List<Record>> fileRows = new HashMap<>();
      List<String> all = new ArrayList<>();
      try (var tasks = s.table().newScan().planFiles()) { for (FileScanTask t : tasks) all.add(t.file().location()); }
      for (String p : all) {
        List<Record> rs = new ArrayList<>();
        try (CloseableIterable<Record> reader = Parquet.read(s.table().io().newInputFile(p)).project(schema)
            .createReaderFunc(fs -> GenericParquetReaders.buildReader(schema, fs)).build()) { reader.forEach(x -> rs.add(x.copy())); }
        fileRows.put(p, rs);
      }
      long t0 = System.nanoTime();
      for (Expression f : filters) {
        total++;
        Set<String> planned = new HashSet<>();
        try (var tasks = s.table().newScan().filter(f).planFiles()) { for (FileScanTask t : tasks) planned.add(t.file().location()); }
        catch (Exception e) { errors++; if (errors < 30) System.out.println("ERR " + s + " " + f + " " + e); continue; }
        for (String p : all) {
          if (planned.contains(p)) continue;
          for (Record r : fileRows.get(p)) {
            boolean m;
            try { m = ev.matches(f, r); } catch (Exception e) { errors++; if (errors < 30) System.out.println("EVERR " + s + " " + f + " " + e); break; }
            if (m) { problems++; String sig = f.toString().replaceAll("[0-9a-f-]{36}|\\d+(\\.\\d+)?|\"[^\"]*\"", "#"); cats.merge(s + " " + sig, 1, Integer::sum); if (!seen.contains(s + sig)) { seen.add(s+sig); System.out.println("ICEBERG PRUNED MATCH " + s + " " + f + " file " + p.substring(p.indexOf("/data/")) + " row " + r);} break; }
          }
        }
      }
      System.out.println(s + " filters=" + filters.size() + " ms/filter=" + (System.nanoTime() - t0) / 1e6 / filters.size());
    }
    cats.forEach((k, v) -> System.out.println("CAT " + v + " " + k));
    System.out.println("total " + total + " problems " + problems + " errors " + errors + " ms " + (System.nanoTime() - start) / 1_000_000);
  }
}
