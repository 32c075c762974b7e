"""Writes the documents of the golden puzzle table, tests/data/golden.json.

Each case is a word list, generate()'s or build_set()'s options and a code; its
document is the exact JSON those give. tests/test_golden.py checks that they still
give it: a code makes the same puzzle in later versions. Run this only when an
algorithm must change the puzzles, and say so in the same commit:

    .venv/bin/python scripts/update_golden.py          # recompute every document
    .venv/bin/python scripts/update_golden.py --check  # exit 1 if any differs
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden.json"


def document(case: dict) -> dict:
    """What the case makes now, as a JSON value."""
    import wordsearch

    options = dict(case["options"])
    if case.get("set"):
        sections = wordsearch.split_sections(
            [(n, line) for n, line in enumerate(case["words"], start=1)])
        return json.loads(wordsearch.build_set(sections, jobs=1, **options).to_json())
    return json.loads(wordsearch.generate(case["words"], **options).to_json())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; write nothing")
    args = parser.parse_args()
    cases = json.loads(TABLE.read_text(encoding="utf-8"))
    changed = []
    for case in cases:
        now = document(case)
        if now != case.get("document"):
            changed.append(case["name"])
            case["document"] = now
    for name in changed:
        print(f"{'differs' if args.check else 'updated'}: {name}")
    if not args.check and changed:
        TABLE.write_text(json.dumps(cases, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
