#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium. Install it from Debian when it is missing (never a
# browser download of a test tool's own).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium não encontrado em $CHROMIUM; instalando o pacote Debian 'chromium'..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Instale o Chromium com: apt-get install -y chromium (precisa de root)" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
[ -x "$CHROMIUM" ] || { echo "Falha ao instalar o Chromium" >&2; exit 1; }
