#!/usr/bin/env bash
# The reliability suite (and the PostgreSQL runs of the other suites) start throwaway PostgreSQL servers
# with Debian's server binaries (scripts/pg-server.sh). Install them when missing.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "PostgreSQL's server binaries are missing: run 'apt-get install -y postgresql' as root" >&2
  exit 1
fi
echo "Installing Debian's postgresql for the reliability tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
