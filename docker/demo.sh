#!/usr/bin/env bash
# The demo of docker/compose.yaml: writes the demo table through Apache Iceberg's catalog
# (iceberg), then reads it through Floe's (lake). Both catalogs are set in spark-defaults.conf.
set -euo pipefail

sql_directory="${FLOE_SQL_DIRECTORY:-/opt/floe/sql}"

for script in create-demo-table.sql floe-demo.sql; do
  if [[ ! -f "${sql_directory}/${script}" ]]; then
    echo "demo: ${sql_directory}/${script} is missing; the image copies examples/sql/ there" >&2
    exit 1
  fi
done

echo "== Writing the demo table with Apache Iceberg (${sql_directory}/create-demo-table.sql)"
"${SPARK_HOME}/bin/spark-sql" --silent -f "${sql_directory}/create-demo-table.sql"

echo "== Reading it with Floe (${sql_directory}/floe-demo.sql)"
"${SPARK_HOME}/bin/spark-sql" --silent -f "${sql_directory}/floe-demo.sql"
