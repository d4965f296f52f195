#!/usr/bin/env bash
# The browser tests drive Debian's chromium with playwright-core (never a
# downloaded browser). Install it from Debian's packages where it is missing, with a
# Chinese font (the kit's Simplified Chinese renders and screenshots; 5 MB).
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -d /usr/share/fonts/truetype/wqy ]; then exit 0; fi
echo "ensure-chromium: /usr/bin/chromium or a Chinese font is missing; installing Debian's chromium and fonts-wqy-microhei" >&2
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
[ -x /usr/bin/chromium ] || { echo "ensure-chromium: chromium could not be installed" >&2; exit 1; }
