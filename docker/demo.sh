#!/usr/bin/env bash
# The demo of docker/compose.yaml: writes the demo table db.events through Apache Iceberg's
# catalog (iceberg), then reads it through Floe's (lake). Both catalogs are in spark-defaults.conf.
set -euo pipefail

sql_directory="${FLOE_SQL_DIRECTORY:-/opt/floe/sql}"
create_script="${sql_directory}/create-demo-table.sql"
demo_script="${sql_directory}/floe-demo.sql"

for script in "$create_script" "$demo_script"; do
  if [[ ! -f "$script" ]]; then
    echo "demo: $script is missing; the image copies the repository's examples/sql/ there" >&2
    exit 1
  fi
done

# MinIO's volume outlives the containers: the table of an earlier run is dropped first, so the
# demo starts from the same four snapshots every time.
writes="$(mktemp --suffix=.sql)"
trap 'rm -f "$writes"' EXIT
{
  echo "DROP TABLE IF EXISTS iceberg.db.events PURGE;"
  cat "$create_script"
} >"$writes"

spark_sql=("${SPARK_HOME}/bin/spark-sql" --silent --conf spark.sql.cli.print.header=true)

echo "== Writing db.events with Apache Iceberg ($create_script)"
"${spark_sql[@]}" -f "$writes"

echo "== Reading it with Floe ($demo_script)"
"${spark_sql[@]}" -f "$demo_script"
