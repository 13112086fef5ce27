#!/usr/bin/env bash
# `npm run bench` loads the store with wrk (a C load generator: on a small machine it leaves the
# cores to the server, where autocannon would take about as much as the server does). Install it
# from Debian when it is missing; exit 1 when that cannot be done (the bench then uses autocannon).
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
echo "wrk não encontrado; instalando o pacote Debian 'wrk'..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Instale o wrk com: apt-get install -y wrk (precisa de root)" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq --no-install-recommends wrk >/dev/null || { echo "Falha ao instalar o wrk" >&2; exit 1; }
command -v wrk >/dev/null 2>&1
