#!/usr/bin/env bash
# Installs from Debian what Loreweaver needs on this machine when it is missing:
#   java      a Java 17+ runtime for Amazon's DynamoDB Local (the embedded runtime's database)
#   chromium  Debian's Chromium for the browser tests (Playwright never downloads browsers)
#   poppler   pdftotext and pdffonts, to read exported PDFs back in tests
#   epubcheck the W3C EPUB validator, to check exported EPUBs in tests
#   pandoc    the benchmarks' yardstick for export speed
# Usage: scripts/ensure-system-packages.sh java [chromium] [poppler] [epubcheck] [pandoc]
set -euo pipefail

missing=()
for need in "$@"; do
  case "$need" in
    java) java -version 2>&1 | grep -qE 'version "(1[7-9]|[2-9][0-9])' || missing+=(openjdk-17-jre-headless) ;;
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
    poppler) command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils) ;;
    epubcheck) command -v epubcheck >/dev/null 2>&1 || missing+=(epubcheck) ;;
    pandoc) command -v pandoc >/dev/null 2>&1 || missing+=(pandoc) ;;
    *) echo "unknown requirement: $need" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Loreweaver needs these Debian packages: ${missing[*]}" >&2
  echo "Install them (sudo apt-get install -y ${missing[*]}) and run the command again." >&2
  exit 1
fi
echo "Installing from Debian: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
