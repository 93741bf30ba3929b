#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (playwright.config.ts: CHROMIUM_PATH, else /usr/bin/chromium).
# When it is missing: as root, install it (quietly); otherwise say in one line what to install, and fail.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "npm test: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable; point it at a Chromium or unset it to use Debian's /usr/bin/chromium" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "npm test: the browser tests need Chromium at $chromium: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi

echo "== Installing Debian's chromium for the browser tests"
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || [ ! -x "$chromium" ]; then
  echo "npm test: installing Debian's chromium failed (see above); install it by hand (apt-get install -y chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi
