#!/usr/bin/env bash
# Sets up a working copy on Debian or Ubuntu: the system packages the build
# needs, a virtual environment in .venv, and the package with its test tools.
# Safe to run again.
#
# gcc and python3-dev build the C core; libcairo2-dev and pkg-config build pycairo,
# which PyPI ships for Linux as source only; poppler-utils (pdftotext, pdffonts,
# pdfinfo) lets the tests read the PDFs as a reader would; chromium and
# chromium-driver (Debian's, of matching versions) run the web page's browser tests;
# nginx runs the deployments the README shows (tests/test_deploy.py and test_scale.py start
# their own, on a loopback port: the package's service is not used); postgresql is the
# shared database of the deployment on many machines (the tests start a server of their
# own from its programs, tests/postgres.py: the package's cluster is not used).
set -euo pipefail
cd "$(dirname "$0")"

packages=(python3 python3-venv python3-dev gcc pkg-config libcairo2-dev poppler-utils chromium
          chromium-driver nginx postgresql)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q ".[test]"
# axe-core, the accessibility checker the browser tests run on every page state: its
# axe.min.js ships inside this wheel (only the file is used, not the package, which
# would bring Playwright).
.venv/bin/pip download -q --no-deps --dest .venv/wheels axe-playwright-python==0.1.8
