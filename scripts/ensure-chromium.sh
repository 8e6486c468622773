#!/usr/bin/env bash
# Browser tests use Debian's chromium (no browser download). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then echo "chromium is missing: run 'apt-get install -y chromium' as root" >&2; exit 1; fi
echo "Installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
