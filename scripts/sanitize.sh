#!/usr/bin/env bash
# Builds the C core (csrc/, the sources setup.py lists) with the self-test
# driver ctests/ws_selftest.c, without Python, and runs the driver twice:
# under AddressSanitizer + UndefinedBehaviorSanitizer, then under
# ThreadSanitizer. Any sanitizer report, any failed assert of the core (they are
# on here: -UNDEBUG, where setup.py's release build defines NDEBUG) or any
# mismatch fails the script.
#
#   bash scripts/sanitize.sh [driver options, e.g. --self-check-fail or --sweep N]
#
# Needs gcc with libasan, libubsan and libtsan (on Debian 12 they come with gcc-12
# as libasan8, libubsan1 and libtsan2) and python3 for the reference cases,
# which scripts/export_reference_cases.py writes from tests/reference.py at run
# time. Builds in a temporary folder, never in the repository.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CC=${CC:-gcc}
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ws-sanitize.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cd "$ROOT"
mapfile -t SOURCES < <("$PYTHON" - <<'PY'
import ast
tree = ast.parse(open("setup.py", encoding="utf-8").read())
for node in tree.body:
    if isinstance(node, ast.Assign) and node.targets[0].id == "C_SOURCES":
        print("\n".join(ast.literal_eval(node.value)))
PY
)
[ "${#SOURCES[@]}" -gt 0 ] || { echo "setup.py lists no C_SOURCES" >&2; exit 1; }

"$PYTHON" scripts/export_reference_cases.py "$WORK/reference_cases.txt"

CFLAGS=(-std=c99 -Wall -Wextra -Wpedantic -Wshadow -Werror -D_POSIX_C_SOURCE=200809L
        -pthread -g -O1 -fno-omit-frame-pointer -UNDEBUG -Icsrc)

build_and_run() {
    local name=$1
    shift
    local flags=()
    while [ "$1" != "--" ]; do flags+=("$1"); shift; done
    shift
    echo "== $name: building"
    "$CC" "${CFLAGS[@]}" "${flags[@]}" "${SOURCES[@]}" ctests/ws_selftest.c -o "$WORK/$name"
    echo "== $name: running"
    local start=$SECONDS
    "$WORK/$name" --reference "$WORK/reference_cases.txt" "$@"
    echo "== $name: clean ($((SECONDS - start)) s)"
}

export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
build_and_run asan-ubsan -fsanitize=address,undefined -fno-sanitize-recover=all -- "$@"

export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
build_and_run tsan -fsanitize=thread -- "$@"
echo "sanitizers: all clean"
