#!/usr/bin/env bash
# npm run cluster [-- N]: a local cluster like docs/deploy.md's production layout, on this machine.
# N store instances (default 2) on one fresh PostgreSQL database at 127.0.0.1:5432, images in an S3
# emulator on loopback (MEDIA_STORAGE=s3), and one worker (`npm run worker`, its metrics on
# CLUSTER_WORKER_METRICS_PORT, default 9464) with the store instances at JOBS=off. Prints the
# addresses; Ctrl-C stops everything it started.
# Settings (environment): CLUSTER_PG (server URL, default postgres://postgres@127.0.0.1:5432),
# CLUSTER_DB (database, default vitrine_cluster: dropped and created again), CLUSTER_PORT (first
# store port, default 3101), CLUSTER_S3_PORT (default 4569), CLUSTER_DIR (the processes' folders,
# default tmp/cluster: emptied), CLUSTER_NO_BUILD=1 (use the build as it is), CATALOG_SIZE. tests/e2e/cluster.e2e.ts runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."

instances="${1:-2}"
pg="${CLUSTER_PG:-postgres://postgres@127.0.0.1:5432}"
db="${CLUSTER_DB:-vitrine_cluster}"
first_port="${CLUSTER_PORT:-3101}"
s3_port="${CLUSTER_S3_PORT:-4569}"
dir="${CLUSTER_DIR:-tmp/cluster}"
pids=()

stop() {
  trap - INT TERM EXIT
  echo
  echo "Encerrando o cluster…"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  echo "Tudo parado."
}
trap stop INT TERM EXIT

wait_ready() { # URL NAME
  for _ in $(seq 1 600); do
    if curl -fsS "$1/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "$2 não ficou pronta em 10 min" >&2
  exit 1
}

echo "Banco: $pg/$db (novo)"
psql "$pg/postgres" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
rm -rf "$dir"
mkdir -p "$dir"

node --import tsx scripts/s3-emulator.ts "$s3_port" "$dir/s3" vitrine-midia &
pids+=($!)

# What every process of the cluster shares (docs/deploy.md): the database, the bucket, the secrets.
export DATABASE_URL="$pg/$db"
export MEDIA_STORAGE=s3 S3_ENDPOINT="http://127.0.0.1:$s3_port" S3_REGION=us-east-1 S3_BUCKET=vitrine-midia
export S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER S3_FORCE_PATH_STYLE=true
export SECRETS_KEY="$(openssl rand -base64 32)" PAYMENTS_WEBHOOK_SECRET="$(openssl rand -hex 32)"
export HOST=127.0.0.1 LOG_LEVEL="${LOG_LEVEL:-warn}"

worker_metrics="${CLUSTER_WORKER_METRICS_PORT:-9464}"
export JOBS=off

urls=()
for i in $(seq 1 "$instances"); do
  port=$((first_port + i - 1))
  # The first one builds when needed and seeds the database; the others start on its build.
  flags=()
  if [ "$i" -gt 1 ] || [ -n "${CLUSTER_NO_BUILD:-}" ]; then flags=(--no-build); fi
  PORT="$port" DATA_DIR="$dir/loja-$i" node scripts/start.mjs "${flags[@]}" &
  pids+=($!)
  wait_ready "http://127.0.0.1:$port" "A instância $i"
  urls+=("http://127.0.0.1:$port")
done

# node itself rather than `npm run worker`, so that the TERM of Ctrl-C reaches the worker.
JOBS=on WORKER_METRICS_PORT="$worker_metrics" DATA_DIR="$dir/worker" node --import tsx server/worker.ts &
pids+=($!)

echo
echo "Cluster pronto:"
for i in "${!urls[@]}"; do echo "  loja $((i + 1)): ${urls[$i]}"; done
echo "  S3 (emulador): http://127.0.0.1:$s3_port (bucket vitrine-midia)"
echo "  PostgreSQL: $DATABASE_URL"
echo "  worker: npm run worker (lojas com JOBS=off; e-mails em $dir/worker/outbox)"
echo "  métricas: ${urls[0]}/metrics e, do worker, http://127.0.0.1:$worker_metrics/metrics"
echo "Ctrl-C encerra tudo."
wait
