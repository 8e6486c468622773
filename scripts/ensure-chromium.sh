#!/usr/bin/env bash
# Browser tools use Debian's chromium (no browser download): the full browser for Lighthouse, and its
# headless shell for the Playwright suites (scripts/chromium.mjs). Install them when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "chromium is missing: run 'apt-get install -y chromium chromium-headless-shell' as root" >&2
  exit 1
fi
echo "Installing Debian's chromium and its headless shell for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
