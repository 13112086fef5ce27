#!/usr/bin/env bash
# ensure-debian.sh BINARY PACKAGE... — install Debian packages when BINARY is missing (never a
# download of a tool's own). Needs root or sudo; exit 1 when the install cannot be done.
set -euo pipefail
BINARY="$1"; shift
if [ -x "$BINARY" ] || command -v "$BINARY" >/dev/null 2>&1; then exit 0; fi
echo "$BINARY não encontrado; instalando o(s) pacote(s) Debian: $*..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Instale com: apt-get install -y $* (precisa de root)" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null || { echo "Falha ao instalar: $*" >&2; exit 1; }
[ -x "$BINARY" ] || command -v "$BINARY" >/dev/null 2>&1
