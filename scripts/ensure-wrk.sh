#!/usr/bin/env bash
# `npm run bench` loads the store with wrk (a C load generator: on a small machine it leaves the
# cores to the server, where autocannon would take about as much as the server does). Install it
# from Debian when it is missing; exit 1 when that cannot be done (the bench then uses autocannon).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian.sh" wrk wrk
