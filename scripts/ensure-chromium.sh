#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium. Install it from Debian when it is missing (never a
# browser download of a test tool's own).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium fonts-dejavu-core
